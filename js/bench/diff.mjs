// rmq.analysis.diff answered as JSON (queue objects) against positions:
// true (typed arrays of positions in the given list), on the same topic in
// the same run (issue 12). A diff at 2M queues takes tens of seconds, so
// each row times a few runs, not testing.B's 1 s loop; the 2M×10k row runs
// only with RMQ_BENCH_BIG=1.

/** A join: members c → c + 1 over q queues (interned), AVG, sorted. */
function joinInput(rmq, q, c) {
  const pad = (n) => String(n).padStart(6, '0');
  const mqs = new Array(q);
  for (let i = 0; i < q; i++) mqs[i] = { topic: 'BenchTopic', brokerName: `broker-${pad(Math.floor(i / 16))}`, queueId: i % 16 };
  const cids = Array.from({ length: c + 1 }, (_, i) => `10.${Math.floor(i / 65536)}.${Math.floor(i / 256) % 256}.${i % 256}@${pad(i)}`);
  const topic = rmq.topic(mqs);
  const plan = (members) => ({ strategy: { name: 'AVG' }, queues: topic, members, sort: true });
  return { topic, from: plan(cids.slice(0, c)), to: plan(cids) };
}

/** Best wall time of runs calls of fn, in ms. */
function best(runs, fn) {
  let min = Infinity;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    min = Math.min(min, performance.now() - t0);
  }
  return min;
}

export function printDiffBench(load) {
  return (async () => {
    const rmq = await load({ analysis: true });
    const sizes = [[200000, 1000, 3]];
    if (process.env.RMQ_BENCH_BIG === '1') sizes.push([2000000, 10000, 1]);
    console.log('\nanalysis.diff, JSON answer vs positions: true (same run, best wall time):');
    for (const [q, c, runs] of sizes) {
      const { topic, from, to } = joinInput(rmq, q, c);
      const json = best(runs, () => rmq.analysis.diff({ from, to }));
      const pos = best(runs, () => rmq.analysis.diff({ from, to, positions: true }));
      const name = `diff/AVG/Q=${q},C=${c}`;
      console.log(`BenchmarkJS/${name}/json\t${runs}\t${(json * 1e6).toFixed(0)} ns/op`);
      console.log(`BenchmarkJS/${name}/positions\t${runs}\t${(pos * 1e6).toFixed(0)} ns/op`);
      console.log(`  ${name.padEnd(36)} json ${json.toFixed(0).padStart(7)} ms   positions ${pos.toFixed(0).padStart(7)} ms   ${(pos / json).toFixed(2)}× the JSON answer's time`);
      topic.dispose();
    }
    if (!sizes.some(([q]) => q === 2000000)) console.log('  (2M×10k: RMQ_BENCH_BIG=1)');
    await rmq.exit();
  })();
}
