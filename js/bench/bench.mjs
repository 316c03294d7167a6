#!/usr/bin/env node
// make bench-js: rmqalloc through the JS package, in Go benchmark format,
// beside a plain-JS AVG for reference and the ratios to the native Go
// benchmarks of the same run (--native FILE: `go test -bench` output).
//
//   BenchmarkJS/<name>  <iterations>  <ns> ns/op

import { readFileSync } from 'node:fs';
import { load } from '../index.js';
import { printDoctorCLI } from './doctor.mjs';
import { printDiffBench } from './diff.mjs';
import { printStartup } from './startup.mjs';

// The input of alloc's BenchmarkGroup (alloc/bench_test.go benchTopic).
function benchTopic(q, c) {
  const pad = (n) => String(n).padStart(5, '0');
  const mqs = [];
  for (let i = 0; i < q; i++) {
    const b = Math.floor(i / 8);
    mqs.push({ topic: 'BenchTopic', brokerName: `broker-R${b % 4}-${pad(b)}`, queueId: i % 8 });
  }
  const cids = [];
  for (let i = 0; i < c; i++) cids.push(`10.0.${Math.floor(i / 256)}.${i % 256}@cid-${pad(i)}-R${i % 4}`);
  return { mqs, cids };
}

/** Java's AllocateMessageQueueAveragely for every member, in plain JS. */
function plainAvgAll(mqAll, cidAll) {
  const out = new Map();
  const q = mqAll.length;
  const c = cidAll.length;
  cidAll.forEach((cid, idx) => {
    if (out.has(cid)) return;
    const mod = q % c;
    const size = q <= c ? 1 : mod > 0 && idx < mod ? Math.floor(q / c) + 1 : Math.floor(q / c);
    const start = mod > 0 && idx < mod ? idx * size : idx * size + mod;
    out.set(cid, mqAll.slice(start, start + Math.min(size, q - start)));
  });
  return out;
}

/**
 * Runs fn like testing.B: grows n until the run takes >= 1 s. Returns wall
 * ns/op; the CPU time per op (this process, user + system) is kept in
 * cpuOf, for ratios that hold on a shared, busy machine.
 */
const cpuOf = new Map();
function bench(name, fn) {
  // Warm up for 0.5 s: V8 compiles wasm functions with its optimizing tier
  // only once they are hot.
  for (const end = performance.now() + 500; performance.now() < end;) fn();
  let n = 1;
  for (;;) {
    const c0 = process.cpuUsage();
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < n; i++) fn();
    const ns = Number(process.hrtime.bigint() - t0);
    if (ns >= 1e9 || n >= 1e8) {
      const c = process.cpuUsage(c0);
      const per = ns / n;
      const cpu = ((c.user + c.system) * 1e3) / n;
      cpuOf.set(per, cpu);
      console.log(`BenchmarkJS/${name}\t${String(n).padStart(10)}\t${per.toFixed(0).padStart(12)} ns/op\t${cpu.toFixed(0).padStart(12)} cpu-ns/op`);
      return per;
    }
    n = Math.max(n + 1, Math.min(n * 100, Math.ceil((n * 1.2e9) / Math.max(ns, 1))));
  }
}

/**
 * rmq.allocate of one member over n queues given as a plain array, each
 * call a list the module has not seen (two lists taken in turn, so none is
 * sent by handle), beside rmq.topic() of the list then allocate: CPU ns
 * per call, the best of 3.
 */
function benchHugeAllocate(rmq) {
  const cidAll = Array.from({ length: 1000 }, (_, i) => `10.0.0.${i}@1`);
  const lists = (n) => ['T1', 'T2'].map((topic) =>
    Array.from({ length: n }, (_, i) => ({ topic, brokerName: `broker-${i % 50}`, queueId: Math.floor(i / 50) })));
  const cpuNs = (fn) => {
    let best = Infinity;
    for (let k = 0; k < 3; k++) {
      const c0 = process.cpuUsage();
      fn(k);
      const c = process.cpuUsage(c0);
      best = Math.min(best, (c.user + c.system) * 1e3);
    }
    return best;
  };
  const out = [];
  for (const n of [250000, 500000, 1000000]) {
    const [a, b] = lists(n);
    const call = (mqAll) => rmq.allocate({ strategy: { name: 'AVG' }, currentCID: cidAll[5], mqAll, cidAll });
    const plainNs = cpuNs((k) => call(k % 2 ? b : a));
    const internedNs = cpuNs((k) => {
      const topic = rmq.topic(k % 2 ? b : a);
      call(topic);
      topic.dispose();
    });
    console.log(`BenchmarkJS/allocate-plain-huge/AVG/Q=${n}\t${plainNs.toFixed(0)} cpu-ns/op\ttopic()+allocate ${internedNs.toFixed(0)} cpu-ns/op`);
    out.push({ n, plain: plainNs, interned: internedNs });
  }
  return out;
}

/**
 * MACHINE_ROOM_NEARBY over AVG (alloc's BenchmarkGroup/NEARBY_AVG_4rooms:
 * SplitResolver "-" fields 1 and 2) through the JS package, beside the
 * native group, its floor (BenchmarkFloor) and the Go client's AVG, one
 * call per member (BenchmarkClientGoAVG/each), of the same run.
 */
function benchNearby(rmq, native) {
  const strategy = {
    name: 'MACHINE_ROOM_NEARBY',
    inner: { name: 'AVG' },
    resolver: { sep: '-', brokerField: 1, consumerField: 2 },
  };
  const rows = [];
  for (const [q, c] of [[16, 4], [20000, 1000]]) {
    const { mqs, cids } = benchTopic(q, c);
    const topic = rmq.topic(mqs);
    const size = `Q=${q},C=${c}`;
    const ns = bench(`allocateAll/NEARBY_AVG_4rooms/${size}`, () => rmq.allocateAll({ strategy, topic, consumers: cids }));
    topic.dispose();
    rows.push({
      size,
      ns,
      group: native.get(`Group/NEARBY_AVG_4rooms/${size}`),
      floor: native.get(`Floor/NEARBY_AVG_4rooms/${size}`),
      clientGo: native.get(`ClientGoAVG/each/${size}`),
    });
  }
  const us = (v) => (v ? (v / 1e3).toFixed(1).padStart(9) + ' µs' : '          -');
  const x = (a, b) => (a && b ? (a / b).toFixed(2) + '×' : 'n/a');
  console.log('\nNEARBY_AVG_4rooms through JS (same run): js/floor, native group/floor, client-go AVG each / js');
  for (const r of rows) {
    console.log(
      `  ${r.size.padEnd(16)} js ${us(r.ns)}  group ${us(r.group)}  floor ${us(r.floor)}  client-go ${us(r.clientGo)}` +
        `  js/floor ${x(r.ns, r.floor)}  group/floor ${x(r.group, r.floor)}  client-go/js ${x(r.clientGo, r.ns)}`,
    );
  }
}

function nativeResults(file) {
  const out = new Map();
  if (!file) return out;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const m = /^Benchmark(\S+?)(?:-\d+)?\s+\d+\s+([\d.]+) ns\/op/.exec(line);
    if (m) out.set(m[1], Number(m[2]));
    const cpu = /^Benchmark(\S+?)(?:-\d+)?\s.*?([\d.]+) cpu-ns\/op/.exec(line);
    if (cpu) out.set(`${cpu[1]}#cpu`, Number(cpu[2]));
  }
  return out;
}

const args = process.argv.slice(2);
const native = nativeResults(args.includes('--native') ? args[args.indexOf('--native') + 1] : null);

const rmq = await load();
const results = [];
const plain = new Map(); // size → { plainJS, inline AVG, of-all, CH topic, CH inline } ns
const strategies = [
  ['AVG', { name: 'AVG' }],
  ['CONSISTENT_HASH_vn10', { name: 'CONSISTENT_HASH', virtualNodeCnt: 10 }],
];
const CH = { name: 'CONSISTENT_HASH', virtualNodeCnt: 10 };
for (const [q, c] of [[16, 4], [20000, 1000]]) {
  const { mqs, cids } = benchTopic(q, c);
  const topic = rmq.topic(mqs);
  const size = `Q=${q},C=${c}`;
  const row = {};
  for (const [sname, strategy] of strategies) {
    const ns = bench(`allocateAll/${sname}/${size}`, () => rmq.allocateAll({ strategy, topic, consumers: cids }));
    results.push({ name: `${sname}/${size}`, ns, native: native.get(`Group/${sname}/${size}`) });
    if (sname !== 'AVG') row.chTopic = ns;
  }
  // The go-client profile takes the same group path (alloc/internal/group.Allocator):
  // its allocateAll should stay within 2x of the Java profile's.
  const goNs = bench(`allocateAll/go-client-AVG/${size}`, () => rmq.allocateAll({ strategy: { name: 'AVG' }, topic, consumers: cids, profile: 'go-client-2.1.2' }));
  results.push({ name: `go-client-AVG/${size}`, ns: goNs, java: results.find((r) => r.name === `AVG/${size}`).ns });
  bench(`allocateAll+of/AVG/${size}`, () => {
    const p = rmq.allocateAll({ strategy: { name: 'AVG' }, topic, consumers: cids });
    for (const m of p.members) p.of(m);
  });
  // What users write: plain arrays every call (the same arrays, unchanged).
  row.inline = bench(`allocateAll-plain/AVG/${size}`, () => rmq.allocateAll({ strategy: { name: 'AVG' }, mqAll: mqs, consumers: cids }));
  row.chInline = bench(`allocateAll-plain/CONSISTENT_HASH_vn10/${size}`, () => rmq.allocateAll({ strategy: CH, mqAll: mqs, consumers: cids }));
  const plan = rmq.allocateAll({ strategy: { name: 'AVG' }, mqAll: mqs, consumers: cids });
  row.ofAll = bench(`plan.of-every-member/AVG/${size}`, () => {
    for (const m of plan.members) plan.of(m);
  });
  if (q <= 16) {
    bench(`allocate/AVG/${size}`, () => rmq.allocate({ strategy: { name: 'AVG' }, currentCID: cids[1], mqAll: topic, cidAll: cids }));
    bench(`allocate-plain/AVG/${size}`, () => rmq.allocate({ strategy: { name: 'AVG' }, currentCID: cids[1], mqAll: mqs, cidAll: cids }));
    bench(`select/hash/${size}`, () => rmq.select({ selector: 'hash', mqs: topic, arg: 'order-1' }));
  }
  row.plainJS = bench(`plainJS/AVG/${size}`, () => plainAvgAll(mqs, cids));
  plain.set(size, row);
  topic.dispose();
}
bench('strategyName (≈ an empty call)', () => rmq.strategyName({ name: 'AVG' }));
const huge = benchHugeAllocate(rmq);
benchNearby(rmq, native);

// rmq.analysis.diff: JSON vs positions (RMQ_BENCH_BIG=1 adds 2M×10k).
await printDiffBench(load);

// The CLI end to end, as a user runs it (a fresh process per run).
const cliJSON = printDoctorCLI({ format: 'json' });
const cliText = printDoctorCLI({ format: 'text' });
// Against the native doctor on a group of the same size (BenchmarkDoctor:
// 20,000 queues, 1,000 clients, progress -s true), CPU to CPU (issue 21: the
// CLI within 3x native).
const nativeDoctor = native.get('Doctor#cpu');
if (nativeDoctor) {
  for (const r of [cliJSON, cliText]) {
    console.log(`  CLI doctor ${r.format} / native BenchmarkDoctor, cpu all threads: ${(r.cpu / nativeDoctor).toFixed(1)}× (${(r.cpu / 1e6).toFixed(0)} ms / ${(nativeDoctor / 1e6).toFixed(0)} ms; main thread ${(r.main / nativeDoctor).toFixed(1)}×)`);
  }
}
// From a cold node: --version loads no wasm; doctor on the samples (issue 21
// §4: ≤ 250 ms CPU, npx --version ≤ 400 ms wall), as ratios to node -e 0.
printStartup();

console.log('\nratios to native BenchmarkGroup (same run):');
for (const r of results.filter((x) => !x.java)) {
  const ratio = r.native ? (r.ns / r.native).toFixed(2) + '×' : 'n/a (no --native)';
  console.log(`  ${r.name.padEnd(36)} js ${(r.ns / 1e3).toFixed(1).padStart(10)} µs   native ${r.native ? (r.native / 1e3).toFixed(1).padStart(10) + ' µs' : '        -'}   ${ratio}`);
}
console.log('\ngo-client-2.1.2 allocateAll vs the Java profile (same run):');
for (const r of results.filter((x) => x.java)) {
  console.log(`  ${r.name.padEnd(36)} ${(r.ns / r.java).toFixed(2)}× the Java profile's AVG`);
}

// The plain-array targets of issue 11, as ratios of this run, in CPU time
// (wall time on a busy machine mostly measures the other processes).
console.log('\nplain arrays (targets of issue 11, same run, CPU time per op):');
const big = plain.get('Q=20000,C=1000');
const small = plain.get('Q=16,C=4');
const cpu = (wall) => cpuOf.get(wall);
const line = (what, got, target) => console.log(`  ${what.padEnd(58)} ${got.padStart(12)}   target ${target}`);
line('allocateAll AVG 20000×1000 plain / plain-JS AVG', `${(cpu(big.inline) / cpu(big.plainJS)).toFixed(2)}×`, '≤ 5×');
line('allocateAll AVG 16×4 plain', `${(cpu(small.inline) / 1e3).toFixed(2)} µs`, '≤ 10 µs');
line('plan.of() for every member, 20000×1000', `${(cpu(big.ofAll) / 1e6).toFixed(3)} ms`, '≤ 1 ms');
line('CONSISTENT_HASH 20000×1000 plain / interned topic', `${(cpu(big.chInline) / cpu(big.chTopic)).toFixed(2)}×`, '≤ 1.3×');
console.log('\nrmq.allocate with plain arrays of 250k-1M queues (issue 21, same run, CPU time per call):');
for (const h of huge) {
  line(`plain ${h.n} queues / topic()+allocate`, `${(h.plain / h.interned).toFixed(2)}×`, '≤ 3×');
}
const perQueue = huge.map((h) => h.plain / h.n);
line('plain, ns per queue at 1M / at 250k (linear = 1)', `${(perQueue.at(-1) / perQueue[0]).toFixed(2)}×`, 'about 1×');
await rmq.exit();
