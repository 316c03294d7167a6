// The Go producers through the JS package (the full module): worked
// examples and errors.
// (Every vector of go-client-2.1.2 and golang-5.1.4[-fixed] runs in
// vectors.test.mjs.)

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from '../index.js';

const q = (brokerName, queueId) => ({ topic: 'T', brokerName, queueId });
const four = [q('a', 0), q('a', 1), q('b', 0), q('b', 1)];
const endpoints = { a: ['10.0.0.1:8081'], b: ['10.0.1.1:8081'] };
const ids = (qs) => qs.map((m) => `${m.brokerName}/${m.queueId}`);

test('takeMessageQueues: golang/v5 5.1.4 gives one candidate, #1324 and Java several', async () => {
  const rmq = await load({ analysis: true });
  const steps = [{ count: 3 }, { isolated: ['10.0.1.1:8081'], count: 3 }];
  const go = rmq.takeMessageQueues({ client: 'go-5.1.4', mqs: four, endpoints, steps });
  // Index 0: Inc → 1, position 2 (b/0); then 2 → position 3 (b/1), b isolated → the fallback takes it anyway.
  assert.deepEqual(go.steps.map(ids), [['b/0'], ['b/1']]);
  assert.equal(go.index, 2);
  const fixed = rmq.takeMessageQueues({ client: 'go-fixed', mqs: four, endpoints, steps });
  assert.deepEqual(fixed.steps.map(ids), [['a/1', 'b/0'], ['a/0']]);
  const java = rmq.takeMessageQueues({ client: 'java', mqs: four, endpoints, steps });
  assert.deepEqual(java.steps.map(ids), [['a/0', 'b/0'], ['a/1']]);
  // Java compares whole endpoint lists; Go any address.
  const two = { a: ['h1:1', 'h2:1'], b: ['h3:1'] };
  const s = [{ isolated: ['h2:1'], count: 2 }];
  assert.deepEqual(ids(rmq.takeMessageQueues({ client: 'go-fixed', mqs: [q('a', 0), q('b', 0)], endpoints: two, startIndex: -1, steps: s }).steps[0]), ['b/0']);
  assert.deepEqual(ids(rmq.takeMessageQueues({ client: 'java', mqs: [q('a', 0), q('b', 0)], endpoints: two, steps: s }).steps[0]), ['a/0', 'b/0']);
  assert.deepEqual(ids(rmq.takeMessageQueues({ client: 'java', mqs: [q('a', 0), q('b', 0)], endpoints: two, steps: [{ isolated: [['h1:1', 'h2:1']], count: 2 }] }).steps[0]), ['b/0']);
});

test('takeMessageQueues: errors name the field, the module stays usable', async () => {
  const rmq = await load({ analysis: true });
  assert.throws(() => rmq.takeMessageQueues({ client: 'go-5.1.4', mqs: [], steps: [] }), { javaClass: 'error' });
  assert.throws(() => rmq.takeMessageQueues({ client: 'java', mqs: [], steps: [] }), { javaClass: 'IllegalArgumentException' });
  assert.throws(() => rmq.takeMessageQueues({ client: 'rust', mqs: four, steps: [] }), { code: 'ERR_INVALID_ARGUMENT', field: 'client' });
  assert.throws(() => rmq.takeMessageQueues({ client: 'java', mqs: four, steps: [{ count: 1.5 }] }), { field: 'steps[0].count' });
  assert.equal(rmq.takeMessageQueues({ client: 'java', mqs: four, steps: [{ count: 1 }] }).steps.length, 1);
});

test('goSelect: round robin starts at position 1 and wraps its uint32 counter', async () => {
  const rmq = await load({ analysis: true });
  const mqs = [q('a', 0), q('a', 1), q('b', 0)];
  const got = rmq.goSelect({ selector: 'roundRobin', mqs, steps: [{ topic: 'T' }, { topic: 'T' }, { topic: 'T', lastBrokerName: 'a' }] });
  assert.deepEqual(ids(got), ['a/1', 'b/0', 'b/0']);
  const wrap = rmq.goSelect({ selector: 'roundRobin', mqs, startIndex: { T: 2 ** 32 - 2 }, steps: [{ topic: 'T' }, { topic: 'T' }] });
  assert.deepEqual(ids(wrap), ['a/0', 'a/0'], '4294967295 % 3 = 0, then 0 % 3');
});

test('goSelect: hash is FNV-1a of the sharding key; manual answers the message queue', async () => {
  const rmq = await load({ analysis: true });
  const mqs = [0, 1, 2, 3, 4, 5, 6].map((i) => q('a', i));
  // FNV-1a 32 of "a" is 3826002220; % 7 = 5.
  assert.deepEqual(ids(rmq.goSelect({ selector: 'hash', mqs, steps: [{ topic: 'T', shardingKey: 'a' }] })), ['a/5']);
  const set = q('z', 99);
  assert.deepEqual(rmq.goSelect({ selector: 'manual', mqs, steps: [{ topic: 'T', queue: set }, { topic: 'T' }] }), [set, null]);
  // Same seed, same draws; the seed may be a bigint or a decimal string.
  const a = rmq.goSelect({ selector: 'random', mqs, seed: -2817854980258815286n, steps: [{ topic: 'T' }, { topic: 'T' }] });
  const b = rmq.goSelect({ selector: 'random', mqs, seed: '-2817854980258815286', steps: [{ topic: 'T' }, { topic: 'T' }] });
  assert.deepEqual(a, b);
  assert.throws(() => rmq.goSelect({ selector: 'random', mqs: [], steps: [{ topic: 'T' }] }), { code: 'ERR_PANIC' });
  assert.throws(() => rmq.goSelect({ selector: 'random', mqs, seed: 1.5, steps: [] }), { field: 'seed' });
});

test('the core module refuses the Go producers, saying how to get them', async () => {
  const rmq = await load();
  assert.throws(() => rmq.takeMessageQueues({ client: 'java', mqs: four, steps: [] }), { code: 'ERR_UNSUPPORTED', message: /analysis: true/ });
  assert.throws(() => rmq.goSelect({ selector: 'manual', mqs: four, steps: [] }), { code: 'ERR_UNSUPPORTED' });
});

test('goPublishQueues: the index comparator reverses short lists; a null brokerAddrs panics', async () => {
  const rmq = await load({ analysis: true });
  const route = {
    queueDatas: [{ brokerName: 'a', readQueueNums: 1, writeQueueNums: 2, perm: 6 }, { brokerName: 'b', readQueueNums: 1, writeQueueNums: 1, perm: 6 }],
    brokerDatas: [{ brokerName: 'a', brokerAddrs: { 0: 'x:1' } }, { brokerName: 'b', brokerAddrs: { 0: 'y:1' } }],
  };
  assert.deepEqual(ids(rmq.goPublishQueues({ topic: 'T', route })), ['b/0', 'a/0', 'a/1']);
  const bad = { ...route, brokerDatas: [route.brokerDatas[0], { brokerName: 'b', brokerAddrs: null }] };
  assert.throws(() => rmq.goPublishQueues({ topic: 'T', route: bad }), { code: 'ERR_PANIC', field: 'brokerDatas[1].brokerAddrs' });
  assert.throws(() => rmq.goPublishQueues({ topic: 'T', route: { brokerDatas: [] } }), { javaClass: 'error', field: 'queueDatas' });
});

test('goPublishQueues producer: true: the list a producer gets, the conversion applied twice', async () => {
  const rmq = await load({ analysis: true });
  const route = {
    queueDatas: [{ brokerName: 'a', readQueueNums: 1, writeQueueNums: 2, perm: 6 }, { brokerName: 'b', readQueueNums: 1, writeQueueNums: 1, perm: 6 }],
    brokerDatas: [{ brokerName: 'a', brokerAddrs: { 0: 'x:1' } }, { brokerName: 'b', brokerAddrs: { 0: 'y:1' } }],
  };
  // Two reversals: the name server's order, as the real producer sent on the live layer.
  assert.deepEqual(ids(rmq.goPublishQueues({ topic: 'T', route, producer: true })), ['a/0', 'a/1', 'b/0']);
  assert.deepEqual(ids(rmq.goPublishQueues({ topic: 'T', route, producer: false })), ['b/0', 'a/0', 'a/1']);
  // 13 queue datas: the producer's list is the one conversion of the route
  // the first conversion left (no longer the route's order).
  const names = [...'abcdefghijklm'];
  const wide = (order) => ({
    queueDatas: order.map((brokerName) => ({ brokerName, readQueueNums: 1, writeQueueNums: 1, perm: 6 })),
    brokerDatas: names.map((brokerName) => ({ brokerName, brokerAddrs: { 0: `${brokerName}:1` } })),
  });
  const once = rmq.goPublishQueues({ topic: 'T', route: wide(names) }).map((q) => q.brokerName);
  const twice = rmq.goPublishQueues({ topic: 'T', route: wide(names), producer: true }).map((q) => q.brokerName);
  assert.deepEqual(twice, rmq.goPublishQueues({ topic: 'T', route: wide(once) }).map((q) => q.brokerName));
  assert.notDeepEqual(twice, names);
  assert.throws(() => rmq.goPublishQueues({ topic: 'T', route, producer: 1 }), { field: 'producer' });
});

test('Java versions 5.3.4-5.5.1 are the 5.3.3 behaviour', async () => {
  const rmq = await load();
  const mqAll = [q('a', 0), q('a', 1), q('b', 0)];
  const cidAll = ['c1', 'c2'];
  const want = rmq.allocate({ strategy: { name: 'AVG' }, currentCID: 'c1', mqAll, cidAll, version: '5.3.3' });
  for (const version of ['5.3.4', '5.4.0', '5.5.0', '5.5.1']) {
    assert.deepEqual(rmq.allocate({ strategy: { name: 'AVG' }, currentCID: 'c1', mqAll, cidAll, version }), want, version);
    const p = rmq.producer({ mqs: mqAll, version, latencyFaultTolerance: true, startIndex: 0 });
    const p533 = rmq.producer({ mqs: mqAll, version: '5.3.3', latencyFaultTolerance: true, startIndex: 0 });
    assert.deepEqual(p.select(), p533.select(), version);
  }
  assert.throws(() => rmq.allocate({ strategy: { name: 'AVG' }, currentCID: 'c1', mqAll, cidAll, version: '5.6.0' }), { field: 'version' });
});
