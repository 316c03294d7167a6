// The public API on worked examples, and allocateAll against one allocate
// per member.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load, init, version, isRmqError } from '../index.js';
import { cids, queues } from './helpers.mjs';

const ids = (qs) => qs.map((q) => `${q.brokerName}/${q.queueId}`);

test('metadata: version, strategies, profiles', async () => {
  const rmq = await load();
  assert.equal(rmq.version, version);
  assert.equal(rmq.build, 'core', 'load() loads the core module');
  // The Java client's six are there (a new built-in strategy adds to them;
  // one-home.test.mjs checks meta against the generated STRATEGY_NAMES).
  const names = rmq.strategies.map((s) => s.name);
  for (const n of ['AVG', 'AVG_BY_CIRCLE', 'CONFIG', 'CONSISTENT_HASH', 'MACHINE_ROOM', 'MACHINE_ROOM_NEARBY']) assert.ok(names.includes(n), n);
  assert.deepEqual(rmq.strategies.find((s) => s.name === 'CONSISTENT_HASH').options, ['virtualNodeCnt']);
  assert.deepEqual(rmq.profiles.map((p) => p.name), ['java-4.9.3', 'java-5.3.3', 'grpc-java', 'grpc-nodejs-1.0.8', 'go-client-2.1.2', 'golang-5.1.4', 'golang-5.1.4-fixed', 'broker-5.3.3', 'broker-5.5.0']);
  assert.equal(await init(), rmq, 'init and load share the instance');
});

test('allocate: AVG gives 10 queues to 4 consumers as 3,3,2,2 contiguous', async () => {
  const rmq = await load();
  const mqAll = queues(10, 1);
  const all = cids(4);
  const sizes = all.map((c) => rmq.allocate({ strategy: { name: 'AVG' }, currentCID: c, mqAll, cidAll: all }).length);
  assert.deepEqual(sizes, [3, 3, 2, 2]);
  assert.deepEqual(rmq.allocate({ strategy: { name: 'AVG' }, currentCID: all[1], mqAll, cidAll: all }), mqAll.slice(3, 6));
  assert.deepEqual(rmq.allocate({ strategy: { name: 'AVG' }, currentCID: 'ghost', mqAll, cidAll: all }), []);
});

test('allocate returns fresh plain objects, not the caller\'s', async () => {
  const rmq = await load();
  const mqAll = queues(4, 1);
  const got = rmq.allocate({ strategy: { name: 'AVG' }, currentCID: 'a', mqAll, cidAll: ['a'] });
  assert.deepEqual(got, mqAll);
  assert.notEqual(got[0], mqAll[0]);
});

test('allocate with sort sorts as a rebalance (Java UTF-16 order, cid strings)', async () => {
  const rmq = await load();
  const mqAll = [
    { topic: 'T', brokerName: 'ｲ', queueId: 0 },
    { topic: 'T', brokerName: '😀', queueId: 0 },
    { topic: 'T', brokerName: 'a', queueId: 1 },
    { topic: 'T', brokerName: 'a', queueId: 0 },
  ];
  const all = ['192.168.1.9', '192.168.1.10'];
  // sorted queues: a/0 a/1 😀/0 ｲ/0 (the emoji's surrogate sorts before U+FF72);
  // sorted cids: .10 before .9.
  assert.deepEqual(ids(rmq.allocate({ strategy: { name: 'AVG' }, currentCID: '192.168.1.10', mqAll, cidAll: all, sort: true })), ['a/0', 'a/1']);
  assert.deepEqual(ids(rmq.allocate({ strategy: { name: 'AVG' }, currentCID: '192.168.1.9', mqAll, cidAll: all, sort: true })), ['😀/0', 'ｲ/0']);
  // the go client sorts by UTF-8 bytes: ｲ (EF BD B2) before 😀 (F0 ...).
  assert.deepEqual(ids(rmq.allocate({ profile: 'go-client-2.1.2', strategy: { name: 'AVG' }, currentCID: '192.168.1.9', mqAll, cidAll: all, sort: true })), ['ｲ/0', '😀/0']);
});

test('strategies by spec: CONFIG, MACHINE_ROOM, CONSISTENT_HASH, NEARBY', async () => {
  const rmq = await load();
  const list = queues(2, 1);
  assert.deepEqual(rmq.allocate({ strategy: { name: 'CONFIG', messageQueueList: list }, currentCID: 'anyone', mqAll: null, cidAll: null }), list);
  assert.equal(rmq.allocate({ strategy: { name: 'CONFIG' }, currentCID: 'x', mqAll: [], cidAll: [] }), null);
  const rooms = [0, 1, 2, 3].map((i) => ({ topic: 'T', brokerName: `${i < 2 ? 'A' : 'B'}@b${i}`, queueId: 0 }));
  assert.deepEqual(ids(rmq.allocate({ strategy: { name: 'MACHINE_ROOM', consumeridcs: ['A'] }, currentCID: 'c', mqAll: rooms, cidAll: ['c'] })), ['A@b0/0', 'A@b1/0']);
  assert.equal(rmq.strategyName({ name: 'MACHINE_ROOM_NEARBY', inner: { name: 'AVG' }, resolver: { sep: '-', brokerField: 1, consumerField: 1 } }), 'MACHINE_ROOM_NEARBY-AVG');
  const ch = rmq.allocate({ strategy: { name: 'CONSISTENT_HASH', virtualNodeCnt: 0 }, currentCID: 'c', mqAll: queues(3), cidAll: ['c'] });
  assert.deepEqual(ch, [], 'no virtual nodes: nobody gets anything');
});

test('MACHINE_ROOM blank cid: 4.9.3 rejects, 5.3.3 accepts', async () => {
  const rmq = await load();
  const o = { strategy: { name: 'MACHINE_ROOM', consumeridcs: ['A'] }, currentCID: ' \t', mqAll: [{ topic: 'T', brokerName: 'A@b', queueId: 0 }], cidAll: [' \t'] };
  assert.throws(() => rmq.allocate({ ...o, version: '4.9.3' }), { javaClass: 'IllegalArgumentException', code: 'ERR_INVALID_ARGUMENT' });
  assert.equal(rmq.allocate({ ...o, version: '5.3.3' }).length, 1);
});

// Brokers in rooms A and B ("A@broker-0"), consumers in rooms too
// ("10.0.0.1@1001@A"), so MACHINE_ROOM and NEARBY allocate something.
for (const strategy of [{ name: 'AVG' }, { name: 'AVG_BY_CIRCLE' }, { name: 'CONSISTENT_HASH' }, { name: 'MACHINE_ROOM', consumeridcs: ['A'] },
  { name: 'MACHINE_ROOM_NEARBY', inner: { name: 'AVG_BY_CIRCLE' }, resolver: { sep: '@', brokerField: 0, consumerField: 2 } }]) {
  for (const profile of ['java-4.9.3', 'go-client-2.1.2']) {
    test(`allocateAll equals one allocate per member: ${strategy.name} ${profile}`, async () => {
      const rmq = await load();
      const mqAll = queues(37, 3).map((q) => ({ ...q, brokerName: `${q.brokerName === 'broker-1' ? 'B' : 'A'}@${q.brokerName}` }));
      const members = cids(7).map((c, i) => `${c}@${i % 3 === 0 ? 'B' : 'A'}`);
      const all = [...members, members[2]];
      for (const sort of [false, true]) {
        const topic = rmq.topic(mqAll);
        for (const src of [{ topic }, { mqAll }]) {
          const plan = rmq.allocateAll({ strategy, profile, consumers: all, sort, ...src });
          assert.deepEqual([...plan.members].sort(), [...new Set(all)].sort());
          for (const m of plan.members) {
            const one = rmq.allocate({ strategy, profile, currentCID: m, mqAll, cidAll: all, sort });
            assert.deepEqual(plan.of(m), one, `${m} sort=${sort}`);
            assert.deepEqual(Array.from(plan.indexesOf(m), (i) => plan.queues[i]), one);
          }
          assert.deepEqual(plan.of('ghost'), []);
          const given = plan.members.reduce((n, m) => n + (plan.of(m)?.length ?? 0), 0);
          assert.ok(given >= 12, `${given} queues allocated: the case is not vacuous`);
        }
        topic.dispose();
      }
    });
  }
}

// AVG plans without duplicate IDs come back as runs (PLAN_FORM.RUNS), by
// position in the list sent, sorted or not, inline or interned (a list of
// 64 or more is interned on its second call and sent by handle after).
test('allocateAll: AVG plans sent as runs equal one allocate per member', async () => {
  const rmq = await load();
  for (const [q, c] of [[37, 7], [5, 70], [200, 64], [0, 3]]) {
    const mqAll = queues(q, 3);
    const group = cids(c).reverse(); // not in sorted order: sort permutes
    for (const sort of [false, true]) {
      for (let call = 0; call < 3; call++) {
        const opts = { strategy: { name: 'AVG' }, mqAll, consumers: group, sort };
        if (q === 0) {
          assert.throws(() => rmq.allocateAll(opts), { javaClass: 'IllegalArgumentException' });
          continue;
        }
        const plan = rmq.allocateAll(opts);
        assert.deepEqual([...plan.members].sort(), [...group].sort(), `${q}×${c} sort=${sort} call ${call}: members`);
        if (sort) assert.deepEqual(plan.members, [...group].sort(), 'sorted: the members in the order the strategy saw');
        let given = 0;
        for (const m of plan.members) {
          const one = rmq.allocate({ strategy: { name: 'AVG' }, currentCID: m, mqAll, cidAll: group, sort });
          assert.deepEqual(plan.of(m), one, `${q}×${c} sort=${sort} call ${call}: ${m}`);
          assert.deepEqual(Array.from(plan.indexesOf(m), (i) => plan.queues[i]), one);
          assert.equal(plan.error(m), null);
          given += one.length;
        }
        assert.equal(given, q, 'every queue given once');
        assert.ok(Object.isFrozen(plan.members));
      }
    }
  }
});

test('allocateAll: plan of a big group covers every queue once (AVG)', async () => {
  const rmq = await load();
  const topic = rmq.topic(queues(20000, 40));
  const plan = rmq.allocateAll({ strategy: { name: 'AVG' }, topic, consumers: cids(1000), sort: true });
  const seen = new Int32Array(20000);
  for (const m of plan.members) for (const i of plan.indexesOf(m)) seen[i]++;
  assert.ok(seen.every((n) => n === 1));
  assert.equal(plan.strategy, 'AVG');
  assert.equal(Object.keys(plan.toObject()).length, 1000);
  assert.ok(Object.isFrozen(plan.queues[0]));
  topic.dispose();
});

test('allocateAll: per-member errors are kept per member', async () => {
  const rmq = await load();
  const plan = rmq.allocateAll({ strategy: { name: 'MACHINE_ROOM', consumeridcs: ['A'] }, mqAll: [{ topic: 'T', brokerName: 'A@b', queueId: 0 }], consumers: [' ', 'c'], version: '4.9.3' });
  assert.equal(plan.of(' '), null);
  assert.equal(plan.error(' ').javaClass, 'IllegalArgumentException');
  assert.ok(isRmqError(plan.error(' ')));
  assert.equal(plan.error('c'), null);
  assert.deepEqual(plan.of('c'), [], 'c is second of two and the one kept queue goes to the first');
});

test('select: hash (string, int, long) and message group', async () => {
  const rmq = await load();
  const mqs = queues(16, 1);
  // "polygenelubricants".hashCode() is Integer.MIN_VALUE: |MIN % 16| = 0.
  assert.equal(rmq.select({ selector: 'hash', mqs, arg: 'polygenelubricants' }).queueId, 0);
  assert.equal(rmq.select({ selector: 'hash', mqs, arg: -7 }).queueId, 7);
  assert.equal(rmq.select({ selector: 'hash', mqs, arg: { type: 'int', value: 21 } }).queueId, 5);
  // Long hashCode: (int)(v ^ v >>> 32); 2^32 + 5 → 1 ^ 5 = 4.
  assert.equal(rmq.select({ selector: 'hash', mqs, arg: 2n ** 32n + 5n }).queueId, 4);
  assert.equal(rmq.select({ selector: 'hash', mqs, arg: { type: 'long', value: '4294967301' } }).queueId, 4);
  // SipHash("") is odd: Java takes index 1 of 2, Node.js 1.0.8 index 0.
  const two = queues(2, 1);
  assert.equal(rmq.select({ selector: 'messageGroup', mqs: two, messageGroup: '' }).queueId, 1);
  assert.equal(rmq.select({ selector: 'messageGroup', mqs: two, messageGroup: '', profile: 'grpc-nodejs-1.0.8' }).queueId, 0);
  assert.throws(() => rmq.select({ selector: 'hash', mqs: [], arg: 'x' }), { javaClass: 'ArithmeticException', code: 'ERR_ARITHMETIC' });
});

test('select: lite topic (RIP-83) and Guava consistentHash', async () => {
  const rmq = await load();
  // Values of the real Guava (testdata/broker-5.5.0): "lite_topic".hashCode()
  // is 2023630430, consistentHash(2023630430, 16) = 7.
  assert.equal(rmq.consistentHash(2023630430, 16), 7);
  assert.equal(rmq.consistentHash('-1', 1024), 313);
  assert.equal(rmq.consistentHash(2n ** 63n - 1n, 1024), 972);
  assert.equal(rmq.consistentHash(0, 2147483647), 0);
  const mqs = [];
  for (const b of ['broker-a', 'broker-b']) for (let i = 0; i < 8; i++) mqs.push({ topic: 'Parent', brokerName: b, queueId: i });
  const q = rmq.select({ selector: 'liteTopic', mqs, liteTopic: 'lite_topic' });
  assert.deepEqual([q.brokerName, q.queueId], ['broker-a', 7]);
  assert.throws(() => rmq.consistentHash(5, 0), { javaClass: 'IllegalArgumentException', code: 'ERR_INVALID_ARGUMENT' });
  assert.throws(() => rmq.consistentHash(1.5, 3), { code: 'ERR_INVALID_ARGUMENT' });
  assert.throws(() => rmq.select({ selector: 'liteTopic', mqs: [], liteTopic: 'x' }), { code: 'ERR_INVALID_ARGUMENT' });
  assert.throws(() => rmq.select({ selector: 'liteTopic', mqs, liteTopic: '' }), { code: 'ERR_INVALID_ARGUMENT' });
  assert.throws(() => rmq.select({ selector: 'liteTopic', mqs }), TypeError);
});

test('priorityQueue: priority p lands on queue min(p, writeQueueNums - 1) of the broker sent to (RIP-80)', async () => {
  const rmq = await load();
  const queue = { topic: 'T', brokerName: 'broker-a', queueId: 6 };
  assert.deepEqual(rmq.priorityQueue({ queue, priority: 3, writeQueueNums: 8 }), { topic: 'T', brokerName: 'broker-a', queueId: 3 });
  assert.equal(rmq.priorityQueue({ queue, priority: 20, writeQueueNums: 8 }).queueId, 7);
  assert.equal(rmq.priorityQueue({ queue, priority: 0, writeQueueNums: 1 }).queueId, 0);
  assert.throws(() => rmq.priorityQueue({ queue, priority: -1, writeQueueNums: 8 }), { javaClass: 'IllegalArgumentException' });
  assert.throws(() => rmq.priorityQueue({ queue, priority: 1, writeQueueNums: 0 }), { code: 'ERR_INVALID_ARGUMENT' });
  assert.throws(() => rmq.priorityQueue({ queue, priority: 1.5, writeQueueNums: 8 }), { code: 'ERR_INVALID_ARGUMENT' });
});

test('allocate: a NEARBY separator is a Java regex ($ is the end of input, :: splits)', async () => {
  const rmq = await load();
  const strategy = (sep) => ({ name: 'MACHINE_ROOM_NEARBY', inner: { name: 'AVG' }, resolver: { sep, brokerField: 1, consumerField: 1 } });
  const mqAll = [{ topic: 'T', brokerName: 'b::A', queueId: 0 }, { topic: 'T', brokerName: 'b::B', queueId: 1 }];
  const cidAll = ['c::A', 'c::B'];
  assert.deepEqual(rmq.allocate({ strategy: strategy('::'), currentCID: 'c::B', mqAll, cidAll }).map((q) => q.queueId), [1]);
  assert.throws(() => rmq.allocate({ strategy: strategy('$'), currentCID: 'c::B', mqAll, cidAll }), { javaClass: 'ArrayIndexOutOfBoundsException' });
  assert.throws(() => rmq.allocate({ strategy: strategy('('), currentCID: 'c::B', mqAll, cidAll }), { javaClass: 'PatternSyntaxException' });
  assert.throws(() => rmq.allocate({ strategy: strategy('(?i)x'), currentCID: 'c::B', mqAll, cidAll }), { code: 'ERR_UNSUPPORTED' });
});

test('producer: round robin avoids the last broker; latency isolates a slow broker', async () => {
  const rmq = await load();
  const mqs = queues(4, 2); // b0/0 b1/0 b0/1 b1/1
  const rr = rmq.producer({ mqs, version: '5.3.3', startIndex: 0 });
  assert.deepEqual(ids([rr.select(), rr.select(), rr.select('broker-0')]), ['broker-1/0', 'broker-0/1', 'broker-1/1']);
  assert.equal(rr.sendIndex(), 3);
  rr.reset();
  assert.equal(rr.sendIndex(), 0);
  rr.dispose();
  rr.dispose();
  assert.throws(() => rr.select(), { code: 'ERR_DISPOSED' });
  let now = 1000;
  const lat = rmq.producer({ mqs, version: '4.9.3', latencyFaultTolerance: true, startIndex: 0, clock: () => now });
  lat.update('broker-1', 3000, false);
  assert.deepEqual(lat.faultItems(), [{ brokerName: 'broker-1', currentLatency: 3000, startTimestamp: 181000 }]);
  for (let i = 0; i < 4; i++) assert.equal(lat.select().brokerName, 'broker-0');
  now = 181000;
  assert.deepEqual(new Set([lat.select(), lat.select()].map((q) => q.brokerName)), new Set(['broker-0', 'broker-1']));
  assert.equal(lat.queues().length, 4);
  lat.dispose();
});

test('routeToQueues: publish in broker order, subscribe sorted and unique', async () => {
  const rmq = await load();
  const route = {
    queueDatas: [
      { brokerName: 'b', readQueueNums: 2, writeQueueNums: 1, perm: 6 },
      { brokerName: 'a', readQueueNums: 1, writeQueueNums: 2, perm: 6 },
      { brokerName: 'c', readQueueNums: 1, writeQueueNums: 1, perm: 6 },
    ],
    brokerDatas: [{ brokerName: 'a', brokerAddrs: { 0: 'h:1' } }, { brokerName: 'b', brokerAddrs: { 0: 'h:2' } }, { brokerName: 'c', brokerAddrs: {} }],
  };
  const { publish, subscribe } = rmq.routeToQueues({ topic: 'T', route });
  assert.deepEqual(ids(publish), ['a/0', 'a/1', 'b/0']);
  assert.deepEqual(ids(subscribe), ['a/0', 'b/0', 'b/1', 'c/0']);
  assert.throws(() => rmq.routeToQueues({ topic: 'T', route: { ...route, orderTopicConf: 'a:x' } }), { javaClass: 'NumberFormatException' });
});

test('analysis: plan stats, diff, scenario, views, mixed', async () => {
  const rmq = await load({ analysis: true });
  assert.equal(rmq.build, 'full');
  const qs = queues(6, 1);
  const p = rmq.analysis.plan({ strategy: { name: 'AVG' }, queues: qs, members: ['c0', 'c1', 'c2', 'c3'] });
  assert.deepEqual(p.shares, [[0, 1], [2, 3], [4], [5]]);
  assert.equal(p.stats.max, 2);
  const d = rmq.analysis.diff({ from: { strategy: { name: 'AVG' }, queues: qs, members: ['c0', 'c1'] }, to: { strategy: { name: 'AVG' }, queues: qs, members: ['c0', 'c1', 'c2'] } });
  assert.deepEqual([d.diff.moved, d.diff.minMoves, d.diff.excess], [3, 2, 1]);
  const sc = rmq.analysis.scenario({ scenario: { topic: 'T', brokers: ['a'], queuesPerBroker: 4, members: ['c0'], changes: [{ kind: 'join', members: ['c1'] }] }, strategies: [{ name: 'AVG' }] });
  assert.equal(sc.steps.length, 2);
  assert.equal(sc.totals[0].moved, 2);
  const sub = rmq.analysis.subscription({ strategy: { name: 'AVG' }, queues: qs.slice(0, 4), members: ['c0', 'c1'], subscribers: ['c0'] });
  assert.deepEqual(sub.orphaned, [2, 3]);
  const v = rmq.analysis.views({ strategies: [{ name: 'AVG' }], queues: qs.slice(0, 4), members: ['c0', 'c1'], views: [{ member: 'c0', members: ['c0'] }, { member: 'c1' }] });
  assert.deepEqual(v.doubleOwned, [{ queue: 2, owners: [0, 1] }, { queue: 3, owners: [0, 1] }]);
  const m = rmq.analysis.mixed({ java: { name: 'AVG' }, go: { name: 'AVG' }, queues: qs, members: [{ id: 'a', client: 'java' }, { id: 'b', client: 'go' }] });
  assert.deepEqual(m.strategies, ['AVG', 'go:AVG']);
});

test('analysis on the core module throws ERR_UNSUPPORTED and the module stays usable', async () => {
  const rmq = await load();
  const plan = { strategy: { name: 'AVG' }, queues: queues(4), members: ['c0', 'c1'] };
  const want = { name: 'Error', code: 'ERR_UNSUPPORTED', javaClass: null, field: null, message: 'rmq.analysis needs the full module: load({ analysis: true })' };
  assert.throws(() => rmq.analysis.diff({ from: plan, to: plan }), (e) => isRmqError(e) && Object.entries(want).every(([k, v]) => e[k] === v));
  for (const name of ['plan', 'diff', 'scenario', 'views', 'subscription', 'mixed']) {
    assert.throws(() => rmq.analysis[name]({}), want, name); // before any argument check
  }
  assert.ok(rmq.alive);
  assert.deepEqual(ids(rmq.allocate({ strategy: { name: 'AVG' }, currentCID: 'c1', mqAll: queues(4), cidAll: ['c0', 'c1'] })), ['broker-0/1', 'broker-1/1']);
});

test('topics: reuse, dispose, foreign instance', async () => {
  const rmq = await load();
  const t = rmq.topic(queues(3));
  assert.equal(t.size, 3);
  assert.ok(Object.isFrozen(t.queues));
  const a = rmq.select({ selector: 'hash', mqs: t, arg: 1 });
  assert.equal(a, t.queues[1], 'results from a Topic are its own frozen objects');
  t.dispose();
  t.dispose();
  assert.throws(() => rmq.select({ selector: 'hash', mqs: t, arg: 1 }), { code: 'ERR_DISPOSED' });
});

test('the CommonJS entry loads the same instance', async () => {
  const { createRequire } = await import('node:module');
  const require = createRequire(import.meta.url);
  const cjs = require('../index.cjs');
  assert.equal(await cjs.load(), await load());
  assert.equal(cjs.version, version);
});

test('big consumer lists are interned transparently and changes are seen', async () => {
  const rmq = await load();
  const topic = rmq.topic(queues(300, 3));
  const group = cids(100);
  const run = () => rmq.allocateAll({ strategy: { name: 'AVG_BY_CIRCLE' }, topic, consumers: group, sort: true });
  const first = run().toObject();
  assert.deepEqual(run().toObject(), first, 'second call (interns the list)');
  assert.deepEqual(run().toObject(), first, 'third call (uses the handle)');
  group[5] = '10.9.9.9@1'; // mutated in place: must not reuse the stale copy
  const changed = run();
  assert.ok(changed.members.includes('10.9.9.9@1'));
  assert.ok(!changed.members.includes(cids(100)[5]));
  const one = rmq.allocate({ strategy: { name: 'AVG_BY_CIRCLE' }, currentCID: '10.9.9.9@1', mqAll: topic, cidAll: group, sort: true });
  assert.deepEqual(changed.of('10.9.9.9@1'), one);
  group.push(42);
  assert.throws(() => run(), { name: 'TypeError', field: 'consumers[100]' });
  topic.dispose();
});
