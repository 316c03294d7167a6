// 10^4 random bad (and some good) calls, then a correct call: the module
// must answer every one with a result or an rmqalloc Error, never die.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load, isRmqError } from '../index.js';

// Deterministic PRNG (mulberry32) so a failure can be replayed.
function rng(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

test('fuzz: 10^4 random calls, then a correct one', async () => {
  const rmq = await load();
  const full = await load({ analysis: true });
  const r = rng(20261130);
  const pick = (xs) => xs[Math.floor(r() * xs.length)];
  const junk = () => pick([undefined, null, NaN, -0, 1.5, -1, 2 ** 31, -(2 ** 31), 'x', '', '😀', '\u0000', true, {}, [], [1], 10n, Symbol('s'), () => 1, { name: 'AVG' }]);
  const queue = () => (r() < 0.8 ? { topic: pick(['T', 't😀', '']), brokerName: pick(['a', 'b@A', 'c-d', '']), queueId: pick([0, 1, -3, 2147483647, 7]) } : junk());
  const list = (f) => (r() < 0.85 ? Array.from({ length: Math.floor(r() * 6) }, f) : junk());
  const cid = () => (r() < 0.85 ? pick(['c0', 'c1', 'c2', '', ' ', 'A-x']) : junk());
  const spec = (d = 0) => (r() < 0.85
    ? { name: pick(['AVG', 'AVG_BY_CIRCLE', 'CONFIG', 'MACHINE_ROOM', 'CONSISTENT_HASH', 'MACHINE_ROOM_NEARBY', 'X']), virtualNodeCnt: pick([undefined, 0, 3, -1, 1.5]), consumeridcs: pick([undefined, ['A'], [1]]), messageQueueList: pick([undefined, null, list(queue)]), inner: d < 3 ? pick([undefined, spec(d + 1)]) : undefined, resolver: pick([undefined, { sep: '-', brokerField: 0, consumerField: 1 }, { sep: '.', brokerField: 0, consumerField: 0 }, junk()]) }
    : junk());
  const calls = [
    () => rmq.allocate({ strategy: spec(), currentCID: cid(), mqAll: list(queue), cidAll: list(cid), sort: pick([true, false, undefined, 1]), profile: pick([undefined, 'go-client-2.1.2', 'java-5.3.3', 'x']) }),
    () => rmq.allocateAll({ strategy: spec(), mqAll: list(queue), consumers: list(cid), sort: pick([true, false]) }),
    () => rmq.select({ selector: pick(['hash', 'messageGroup', 'x']), mqs: list(queue), arg: pick([junk(), 'k', 3, 5n]), messageGroup: pick(['g', junk()]) }),
    () => { const p = rmq.producer({ mqs: list(queue), version: pick(['4.9.3', '5.3.3', junk()]), latencyFaultTolerance: pick([true, false]), startIndex: pick([undefined, 0, -1, junk()]), clock: () => 1000 }); try { p.update(pick(['a', junk()]), pick([100, 3000, junk()]), pick([true, false, junk()])); p.select(pick([null, 'a', junk()])); } finally { p.dispose(); } },
    () => rmq.routeToQueues({ topic: pick(['T', junk()]), route: pick([junk(), { orderTopicConf: pick([null, 'a:2;b:x', 'a', junk()]), queueDatas: list(() => ({ brokerName: 'a', readQueueNums: pick([1, -1, junk()]), writeQueueNums: 2, perm: 6 })), brokerDatas: list(() => ({ brokerName: 'a', brokerAddrs: pick([{ 0: 'h' }, junk()]) })) }]) }),
    () => full.analysis.plan({ strategy: spec(), queues: list(queue), members: list(cid), rooms: pick([undefined, { sep: '-', brokerField: 0, consumerField: 0 }, junk()]) }),
    () => rmq.topic(list(queue)).dispose(),
  ];
  let ok = 0;
  let failed = 0;
  for (let i = 0; i < 10_000; i++) {
    try {
      pick(calls)();
      ok++;
    } catch (e) {
      if (!isRmqError(e) || !(e instanceof Error) || typeof e.code !== 'string' || e.code === 'ERR_INTERNAL' || e.code === 'ERR_MODULE_EXITED') {
        assert.fail(`call ${i}: unexpected ${e?.constructor?.name} ${e?.code}: ${e?.message ?? e}`);
      }
      failed++;
    }
  }
  assert.ok(rmq.alive);
  assert.ok(full.alive);
  assert.equal(full.analysis.plan({ strategy: { name: 'AVG' }, queues: [{ topic: 'T', brokerName: 'x', queueId: 0 }], members: ['a'] }).stats.queues, 1);
  assert.ok(ok > 100 && failed > 100, `ok ${ok}, failed ${failed}`);
  const got = rmq.allocate({ strategy: { name: 'AVG' }, currentCID: 'b', mqAll: [{ topic: 'T', brokerName: 'x', queueId: 0 }, { topic: 'T', brokerName: 'x', queueId: 1 }], cidAll: ['a', 'b'] });
  assert.deepEqual(got, [{ topic: 'T', brokerName: 'x', queueId: 1 }]);
});
