// The CLI from a cold `node`, as an operator runs it once: `rmqalloc
// --version`, `rmqalloc doctor SAMPLE` on the saved samples, and `npx
// rmqalloc --version`, each against a baseline of the same run (`node -e 0`,
// `npx -c 'node -e 0'`): the runs are interleaved and the median taken, so
// the ratios hold on a busy machine where the absolute figures do not.
// bench.mjs prints the rows; `node bench/startup.mjs` runs them alone.

import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const JS_DIR = fileURLToPath(new URL('..', import.meta.url));
const BIN = path.join(JS_DIR, 'bin', 'rmqalloc.js');
const CPU_AT_EXIT = new URL('./cpu-at-exit.mjs', import.meta.url).href;
const SAMPLES = ['real/basic3', 'cluster/wrong-owner', 'cluster/status-files-mixed-strategies'];
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

/** One run of node args: wall ms and CPU ms of every thread (cpu-at-exit.mjs). */
function nodeRun(args) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, ['--import', CPU_AT_EXIT, ...args], { encoding: 'utf8', cwd: JS_DIR, env: { ...process.env, COLUMNS: '80' } });
  const wall = Number(process.hrtime.bigint() - t0) / 1e6;
  const m = /cpu-ms main=\S+ all=(\d+)/.exec(r.stderr);
  if (!m || r.status > 3) throw new Error(`node ${args.join(' ')}: exit ${r.status}: ${r.stderr}`);
  return { wall, cpu: Number(m[1]) };
}

/** One run of a shell command through npx: wall ms (npm's own node is not ours to instrument). */
function npxRun(args) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync('npx', ['--offline', ...args], { encoding: 'utf8', cwd: JS_DIR });
  const wall = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) throw new Error(`npx ${args.join(' ')}: exit ${r.status}: ${r.stderr}`);
  return { wall, cpu: NaN };
}

/** Medians of rounds interleaved runs of each case. */
export function benchStartup({ rounds = 9, npx = true } = {}) {
  const samples = path.resolve(JS_DIR, '..', 'testdata');
  const cases = {
    'node -e 0': () => nodeRun(['-e', '0']),
    'rmqalloc --version': () => nodeRun([BIN, '--version']),
    'rmqalloc --help': () => nodeRun([BIN, '--help']),
    ...Object.fromEntries(SAMPLES.map((s) => [`rmqalloc doctor ${s}`, () => nodeRun([BIN, 'doctor', path.join(samples, s)])])),
    ...(npx ? { "npx -c 'node -e 0'": () => npxRun(['-c', 'node -e 0']), 'npx rmqalloc --version': () => npxRun(['rmqalloc', '--version']) } : {}),
  };
  const runs = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
  for (const fn of Object.values(cases)) fn(); // warm the file cache
  for (let i = 0; i < rounds; i++) for (const [k, fn] of Object.entries(cases)) runs[k].push(fn());
  const out = {};
  for (const [k, rs] of Object.entries(runs)) out[k] = { wall: median(rs.map((r) => r.wall)), cpu: median(rs.map((r) => r.cpu)), rounds };
  return out;
}

/** Rows in Go benchmark format (wall ns/op), with CPU and the ratios to the baselines. */
export function printStartup(opts) {
  const r = benchStartup(opts);
  const base = r['node -e 0'];
  const npxBase = r["npx -c 'node -e 0'"];
  for (const [k, v] of Object.entries(r)) {
    const isNpx = k.startsWith('npx');
    const b = isNpx ? npxBase : base;
    const name = `BenchmarkCLI/start/${k.replace(/^rmqalloc /, '').replace(/[\s']+/g, '_')}`;
    const cpu = Number.isNaN(v.cpu) ? '' : `; cpu all threads ${v.cpu.toFixed(0)} ms = ${(v.cpu / base.cpu).toFixed(2)}× node -e 0${k.includes('doctor') ? ', target ≤ 250 ms' : ''}`;
    const target = k === 'npx rmqalloc --version' ? `, target ≤ 400 ms; npm exec alone: ${npxBase.wall.toFixed(0)} ms` : '';
    console.log(`${name}\t${String(v.rounds).padStart(10)}\t${(v.wall * 1e6).toFixed(0).padStart(12)} ns/op\t(median wall ${v.wall.toFixed(0)} ms = ${(v.wall / b.wall).toFixed(2)}× ${isNpx ? "npx -c 'node -e 0'" : 'node -e 0'}${target}${cpu})`);
  }
  return r;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) printStartup();
