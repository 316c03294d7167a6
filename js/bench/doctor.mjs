// The CLI end to end at scale: `rmqalloc doctor --json` on a group of
// 1,000 consumers over 20,000 queues (route + connection + progress -s true
// as mqadmin prints them), timed as a user runs it: a fresh `node` process
// per run, module load, parsing, diagnosis and output included.
// bench.mjs prints its row; `node bench/doctor.mjs` runs it alone.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, closeSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../bin/rmqalloc.js', import.meta.url));
const CPU_AT_EXIT = new URL('./cpu-at-exit.mjs', import.meta.url).href;
const pad = (s, n) => String(s).padEnd(n);

/** The three texts of a group: brokers × perBroker queues, consumers clients, AVG owners with two queues moved. */
export function groupTexts(brokers, perBroker, consumers) {
  const names = Array.from({ length: brokers }, (_, b) => `broker-${String(b).padStart(4, '0')}`);
  const route = ['{', '\t"brokerDatas":['];
  names.forEach((b, i) => route.push(`\t\t{\n\t\t\t"brokerAddrs":{0:"192.168.${i >> 8}.${i & 255}:10911"\n\t\t\t},\n\t\t\t"brokerName":"${b}",\n\t\t\t"cluster":"DefaultCluster"\n\t\t}${i < brokers - 1 ? ',' : ''}`));
  route.push('\t],', '\t"filterServerTable":{},', '\t"queueDatas":[');
  names.forEach((b, i) => route.push(`\t\t{\n\t\t\t"brokerName":"${b}",\n\t\t\t"perm":6,\n\t\t\t"readQueueNums":${perBroker},\n\t\t\t"topicSysFlag":0,\n\t\t\t"writeQueueNums":${perBroker}\n\t\t}${i < brokers - 1 ? ',' : ''}`));
  route.push('\t]', '}');

  const cids = Array.from({ length: consumers }, (_, i) => `10.1.${Math.floor(i / 250)}.${(i % 250) + 1}@${10000 + i}`);
  const conn = [`${pad('#ClientId', 36)} ${pad('#ClientAddr', 22)} ${pad('#Language', 10)} #Version`];
  for (const c of cids) conn.push(`${pad(c, 36)} ${pad(c.split('@')[0] + ':40000', 22)} ${pad('JAVA', 10)} V4_9_3`);
  conn.push('', 'Below is subscription:', `${pad('#Topic', 20)} #SubExpression`, `${pad('BenchTopic', 20)} *`, '', 'ConsumeType: CONSUME_PASSIVELY', 'MessageModel: CLUSTERING', 'ConsumeFromWhere: CONSUME_FROM_LAST_OFFSET');

  // AVG over the sorted queues and client IDs (ASCII: JS order is Java's).
  const sorted = [...cids].sort();
  const q = brokers * perBroker;
  const c = sorted.length;
  const owner = new Array(q);
  sorted.forEach((cid, idx) => {
    const mod = q % c;
    const size = q <= c ? 1 : mod > 0 && idx < mod ? Math.floor(q / c) + 1 : Math.floor(q / c);
    const start = mod > 0 && idx < mod ? idx * size : idx * size + mod;
    for (let k = start; k < Math.min(start + size, q); k++) owner[k] = cid.split('@')[0];
  });
  [owner[1], owner[q - 2]] = [owner[q - 2], owner[1]];
  const row = (t, b, id, bo, co, ip, diff, last) => `${pad(t, 64)}  ${pad(b, 32)}  ${pad(id, 4)}  ${pad(bo, 20)}  ${pad(co, 20)}  ${pad(ip, 20)} ${pad(diff, 20)}  ${last}`;
  const prog = [row('#Topic', '#Broker Name', '#QID', '#Broker Offset', '#Consumer Offset', '#Client IP', '#Diff', '#LastTime')];
  let total = 0;
  for (let k = 0; k < q; k++) {
    const diff = (k * 7919) % 5000;
    total += diff;
    prog.push(row('BenchTopic', names[Math.floor(k / perBroker)], k % perBroker, 100000 + diff, 100000, owner[k], diff, '2026-11-30 10:00:00'));
  }
  prog.push('', 'Consume TPS: 0.00', `Diff Total: ${total}`);
  return { route: route.join('\n') + '\n', connection: conn.join('\n') + '\n', progress: prog.join('\n') + '\n' };
}

/** Runs `rmqalloc doctor --json` runs times on the group; ns per run (mean) and the last report. */
export function benchDoctorCLI({ brokers = 250, perBroker = 80, consumers = 1000, runs = 5, format = 'json' } = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'rmqalloc-bench-'));
  try {
    const texts = groupTexts(brokers, perBroker, consumers);
    const files = {};
    for (const [k, v] of Object.entries(texts)) writeFileSync((files[k] = path.join(dir, k + '.txt')), v);
    const args = ['--import', CPU_AT_EXIT, BIN, 'doctor', '--route', files.route, '--connection', files.connection, '--progress', files.progress, ...(format === 'json' ? ['--json'] : [])];
    const outFile = path.join(dir, 'out.json');
    const times = [];
    const mains = [];
    const cpus = [];
    for (let i = 0; i <= runs; i++) {
      const fd = openSync(outFile, 'w');
      const t0 = process.hrtime.bigint();
      const r = spawnSync(process.execPath, args, { stdio: ['ignore', fd, 'pipe'], encoding: 'utf8' });
      const ns = Number(process.hrtime.bigint() - t0);
      closeSync(fd);
      const cpu = /cpu-ms main=(\S+) all=(\S+)/.exec(r.stderr);
      if ((r.status !== 0 && r.status !== 1) || !cpu) throw new Error(`rmqalloc doctor exited ${r.status}: ${r.stderr}`);
      if (i === 0) continue; // the first run warms the file cache
      times.push(ns);
      mains.push(Number(cpu[1]) * 1e6);
      cpus.push(Number(cpu[2]) * 1e6);
    }
    times.sort((a, b) => a - b);
    const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
    return { mean: mean(times), min: times[0], max: times[times.length - 1], main: mean(mains), cpu: mean(cpus), runs: times.length, queues: brokers * perBroker, consumers, format };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Prints the row in Go benchmark format (wall time), with the min / max
 * wall time and the CPU time of the run's main thread (≈ the wall time on
 * an idle machine) and of all its threads.
 */
export function printDoctorCLI(opts) {
  const r = benchDoctorCLI(opts);
  const name = `BenchmarkCLI/doctor${r.format === 'json' ? '--json' : ''}/Q=${r.queues},C=${r.consumers}`;
  console.log(`${name}\t${String(r.runs).padStart(10)}\t${r.mean.toFixed(0).padStart(12)} ns/op\t(wall min ${(r.min / 1e6).toFixed(0)} ms, max ${(r.max / 1e6).toFixed(0)} ms; cpu main thread ${(r.main / 1e6).toFixed(0)} ms, all threads ${(r.cpu / 1e6).toFixed(0)} ms; target ≤ 1000 ms)`);
  return r;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  printDoctorCLI({ format: 'json' });
  printDoctorCLI({ format: 'text' });
}
