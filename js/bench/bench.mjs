#!/usr/bin/env node
// make bench-js: rmqalloc through the JS package, in Go benchmark format,
// beside a plain-JS AVG for reference and the ratios to the native Go
// benchmarks of the same run (--native FILE: `go test -bench` output).
//
//   BenchmarkJS/<name>  <iterations>  <ns> ns/op

import { readFileSync } from 'node:fs';
import { load } from '../index.js';

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

/** Runs fn like testing.B: grows n until the run takes >= 1 s. */
function bench(name, fn) {
  // Warm up for 0.5 s: V8 compiles wasm functions with its optimizing tier
  // only once they are hot.
  for (const end = performance.now() + 500; performance.now() < end;) fn();
  let n = 1;
  for (;;) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < n; i++) fn();
    const ns = Number(process.hrtime.bigint() - t0);
    if (ns >= 1e9 || n >= 1e8) {
      const per = ns / n;
      console.log(`BenchmarkJS/${name}\t${String(n).padStart(10)}\t${per.toFixed(0).padStart(12)} ns/op`);
      return per;
    }
    n = Math.max(n + 1, Math.min(n * 100, Math.ceil((n * 1.2e9) / Math.max(ns, 1))));
  }
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
  }
  return out;
}

const args = process.argv.slice(2);
const native = nativeResults(args.includes('--native') ? args[args.indexOf('--native') + 1] : null);

const rmq = await load();
const results = [];
const strategies = [
  ['AVG', { name: 'AVG' }],
  ['CONSISTENT_HASH_vn10', { name: 'CONSISTENT_HASH', virtualNodeCnt: 10 }],
];
for (const [q, c] of [[16, 4], [20000, 1000]]) {
  const { mqs, cids } = benchTopic(q, c);
  const topic = rmq.topic(mqs);
  const size = `Q=${q},C=${c}`;
  for (const [sname, strategy] of strategies) {
    const ns = bench(`allocateAll/${sname}/${size}`, () => rmq.allocateAll({ strategy, topic, consumers: cids }));
    results.push({ name: `${sname}/${size}`, ns, native: native.get(`Group/${sname}/${size}`) });
  }
  bench(`allocateAll+of/AVG/${size}`, () => {
    const p = rmq.allocateAll({ strategy: { name: 'AVG' }, topic, consumers: cids });
    for (const m of p.members) p.of(m);
  });
  bench(`allocateAll-inline/AVG/${size}`, () => rmq.allocateAll({ strategy: { name: 'AVG' }, mqAll: mqs, consumers: cids }));
  if (q <= 16) {
    bench(`allocate/AVG/${size}`, () => rmq.allocate({ strategy: { name: 'AVG' }, currentCID: cids[1], mqAll: topic, cidAll: cids }));
    bench(`allocate-inline/AVG/${size}`, () => rmq.allocate({ strategy: { name: 'AVG' }, currentCID: cids[1], mqAll: mqs, cidAll: cids }));
    bench(`select/hash/${size}`, () => rmq.select({ selector: 'hash', mqs: topic, arg: 'order-1' }));
  }
  bench(`plainJS/AVG/${size}`, () => plainAvgAll(mqs, cids));
  topic.dispose();
}
bench('strategyName (≈ an empty call)', () => rmq.strategyName({ name: 'AVG' }));
benchNearby(rmq, native);

console.log('\nratios to native BenchmarkGroup (same run):');
for (const r of results) {
  const ratio = r.native ? (r.ns / r.native).toFixed(2) + '×' : 'n/a (no --native)';
  console.log(`  ${r.name.padEnd(36)} js ${(r.ns / 1e3).toFixed(1).padStart(10)} µs   native ${r.native ? (r.native / 1e3).toFixed(1).padStart(10) + ' µs' : '        -'}   ${ratio}`);
}
await rmq.exit();
