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

// 10^5 calls whose arguments are also hostile in shape: holes, lone
// surrogates, getters that call back into the module (or throw), Proxies,
// frozen and null-prototype objects and arrays. Every outcome must be a
// result, an rmqalloc error other than ERR_INTERNAL, or the caller's own
// exception; the modules never die.
class CallerError extends Error {}

test('fuzz: 10^5 hostile calls (holes, surrogates, re-entrant getters, proxies, frozen, null prototypes)', async () => {
  const rmq = await load();
  const full = await load({ analysis: true });
  const r = rng(11_2026);
  const pick = (xs) => xs[Math.floor(r() * xs.length)];
  const bad = [];
  let depth = 0;
  // A call from inside a getter: must work (or fail cleanly) too.
  let budget = 0; // nested calls left in this top-level call
  const meddle = () => {
    if (depth > 1 || budget <= 0) return;
    budget--;
    depth++;
    try {
      pick([
        () => rmq.allocate({ strategy: { name: 'AVG' }, currentCID: 'c1', mqAll: [{ topic: 'T', brokerName: 'a', queueId: 0 }], cidAll: ['c0', 'c1'] }),
        () => rmq.topic([{ topic: 'T', brokerName: 'x', queueId: 1 }]).dispose(),
        () => rmq.select({ selector: 'hash', mqs: [{ topic: 'T', brokerName: 'a', queueId: 0 }], arg: '\uD800' }),
        () => full.analysis.plan({ strategy: { name: 'AVG' }, queues: [{ topic: 'T', brokerName: 'x', queueId: 0 }], members: ['a'] }),
      ])();
    } catch (e) {
      if (!isRmqError(e) || e.code === 'ERR_INTERNAL' || e.code === 'ERR_MODULE_EXITED') bad.push(`nested: ${e?.code} ${e?.message ?? e}`);
    } finally {
      depth--;
    }
  };
  const str = () => pick(['T', 'a', 'c0', 'c1', '', ' ', 'b@A', 'A@b', 'x-y', '\uD800', '\uDC00', 'a\uDBFFb', '😀', '\uD83D', '\uE000', '消费者', '\u0000']);
  const junk = () => pick([undefined, null, NaN, -0, 1.5, -1, 2 ** 31, 'x', '\uDFFF', true, {}, [], 10n, Symbol('s'), () => 1, new Array(3)]);
  // Dresses up a plain object or array in one of the hostile shapes.
  const dress = (v) => {
    if (v === null || typeof v !== 'object') return v;
    switch (Math.floor(r() * 9)) {
      case 0: return Object.freeze(v);
      case 1: return Object.setPrototypeOf(v, null);
      case 2: return new Proxy(v, {});
      case 3: return new Proxy(v, { get(t, k) { meddle(); return t[k]; } });
      case 4: {
        // A getter per key that calls back in.
        const o = Array.isArray(v) ? new Array(v.length) : {};
        for (const k of Object.keys(v)) Object.defineProperty(o, k, { enumerable: true, get() { meddle(); return v[k]; } });
        return o;
      }
      case 5: if (r() < 0.05) return new Proxy(v, { get() { throw new CallerError('caller getter'); } }); return v;
      case 6: if (Array.isArray(v) && v.length > 0) { delete v[Math.floor(r() * v.length)]; } return v; // a hole
      default: return v;
    }
  };
  const queue = () => (r() < 0.9 ? dress({ topic: str(), brokerName: str(), queueId: pick([0, 1, 2, -3, 7, 2147483647]) }) : junk());
  const list = (f, max = 6) => (r() < 0.9 ? dress(Array.from({ length: Math.floor(r() * max) }, f)) : junk());
  const cid = () => (r() < 0.9 ? str() : junk());
  const resolver = () => dress({ sep: pick(['-', '@', '.', '--', '\uD800']), brokerField: pick([0, 1, 5]), consumerField: pick([0, 1]) });
  const spec = (d = 0) => (r() < 0.9
    ? dress(pick([
      () => ({ name: 'AVG' }),
      () => ({ name: 'AVG_BY_CIRCLE' }),
      () => ({ name: 'CONFIG', messageQueueList: pick([undefined, null, list(queue)]) }),
      () => ({ name: 'MACHINE_ROOM', consumeridcs: pick([undefined, null, list(str)]) }),
      () => ({ name: 'CONSISTENT_HASH', virtualNodeCnt: pick([undefined, 0, 3, -1, 1.5]) }),
      () => ({ name: 'MACHINE_ROOM_NEARBY', inner: d < 3 ? spec(d + 1) : undefined, resolver: resolver() }),
      () => ({ name: pick(['X', 'avg', '\uD800']) }),
      () => ({ name: 'AVG', virtualNodeCount: 1 }),
    ])())
    : junk());
  const opts = (o) => dress(r() < 0.03 ? { ...o, sortt: true } : o);
  const calls = [
    () => rmq.allocate(opts({ strategy: spec(), currentCID: cid(), mqAll: list(queue), cidAll: list(cid), sort: pick([true, false, undefined]), profile: pick([undefined, 'go-client-2.1.2', 'java-5.3.3']) })),
    () => {
      const plan = rmq.allocateAll(opts({ strategy: spec(), mqAll: list(queue, 12), consumers: list(cid), sort: pick([true, false]) }));
      for (const m of plan.members) { plan.of(m); plan.indexesOf(m); plan.error(m); }
      void plan.queues;
    },
    () => rmq.select(opts({ selector: pick(['hash', 'messageGroup']), mqs: list(queue), arg: pick([str(), 3, 5n, junk()]), messageGroup: str() })),
    () => {
      const p = rmq.producer(opts({ mqs: list(queue), version: pick(['4.9.3', '5.3.3']), latencyFaultTolerance: pick([true, false]), resetValues: pick([undefined, list(() => pick([0, 1, junk()]))]), clock: () => { meddle(); return 1000; } }));
      try { p.update(str(), pick([100, 3000]), pick([true, false])); p.select(pick([null, str(), dress({ lastBrokerName: str() })])); } finally { p.dispose(); }
    },
    () => rmq.routeToQueues(opts({ topic: str(), route: dress({ orderTopicConf: pick([null, 'a:2;b:1', str()]), queueDatas: list(() => dress({ brokerName: str(), readQueueNums: pick([1, 4, -1]), writeQueueNums: 2, perm: 6 })), brokerDatas: list(() => dress({ brokerName: str(), brokerAddrs: dress({ 0: 'h:1' }) })) }) })),
    () => full.analysis.plan(opts({ strategy: spec(), queues: list(queue), members: list(cid), rooms: pick([undefined, resolver()]) })),
    () => full.analysis.views(opts({ strategies: list(() => spec(), 3), queues: list(queue), members: list(cid), views: list(() => dress({ member: str(), members: pick([undefined, list(cid)]) }), 3) })),
    () => full.analysis.mixed(opts({ java: spec(), go: spec(), queues: list(queue), members: list(() => dress({ id: str(), client: pick(['java', 'go', 'x']) }), 4) })),
    () => full.analysis.scenario(opts({ scenario: dress({ topic: str(), brokers: list(str, 3), queuesPerBroker: pick([0, 2, -1, 5_000_000]), members: list(str, 4), changes: list(() => dress({ kind: pick(['join', 'leave', 'queues', 'x']), members: list(str, 2), queues: pick([undefined, 3]) }), 2) }), strategies: list(() => spec(), 2) })),
    () => rmq.topic(list(queue)).dispose(),
  ];
  // The analyses (JSON answers) cost ~3 times a plain call: drawn less often.
  const weighted = [0, 0, 0, 1, 1, 1, 2, 2, 3, 4, 5, 6, 7, 8, 9, 9].map((k) => calls[k]);
  let ok = 0;
  let failed = 0;
  for (let i = 0; i < 100_000; i++) {
    budget = 2;
    try {
      pick(weighted)();
      ok++;
    } catch (e) {
      if (e instanceof CallerError) continue;
      if (!isRmqError(e) || typeof e.code !== 'string' || e.code === 'ERR_INTERNAL' || e.code === 'ERR_MODULE_EXITED' || e.javaClass === 'panic') {
        bad.push(`call ${i}: ${e?.constructor?.name} ${e?.code}: ${e?.message ?? e}`);
        if (bad.length > 5) break;
      }
      failed++;
    }
  }
  assert.deepEqual(bad, []);
  assert.ok(rmq.alive && full.alive);
  assert.ok(ok > 1000 && failed > 1000, `ok ${ok}, failed ${failed}`);
  const got = rmq.allocate({ strategy: { name: 'AVG' }, currentCID: 'b', mqAll: [{ topic: 'T', brokerName: 'x', queueId: 0 }, { topic: 'T', brokerName: 'x', queueId: 1 }], cidAll: ['a', 'b'] });
  assert.deepEqual(got, [{ topic: 'T', brokerName: 'x', queueId: 1 }]);
});
