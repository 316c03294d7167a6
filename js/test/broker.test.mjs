// rmq.queryAssignment, rmq.proxyAssignment and rmq.allocationPath on worked
// examples (the vectors in vectors.test.mjs cover queryAssignment fully).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load, isRmqError } from '../index.js';

const q = (b, id) => ({ topic: 'T', brokerName: `broker-${b}`, queueId: id });
const six = [...[0, 1, 2, 3].map((i) => q('a', i)), q('b', 0), q('b', 1)];
const show = (qs) => (qs === null ? null : qs.map((x) => `${x.brokerName.slice(7)}/${x.queueId}`).join(' '));

test('queryAssignment: PULL is the strategy, POP shares with the next client', async () => {
  const rmq = await load({ analysis: true });
  const base = { topic: 'T', strategyName: 'AVG', mqAll: six, cidAll: ['c3', 'c1', 'c2'] };
  const pull = rmq.queryAssignment(base);
  assert.equal(pull.mode, 'PULL');
  assert.deepEqual(Object.fromEntries(Object.entries(pull.results).map(([k, v]) => [k, show(v.queues)])),
    { c1: 'a/0 a/1', c2: 'a/2 a/3', c3: 'b/0 b/1' });
  const pop = rmq.queryAssignment({ ...base, configuredMode: { mode: 'POP', popShareQueueNum: 1 }, clientIds: ['c3', 'c9'] });
  assert.equal(pop.mode, 'POP');
  assert.equal(show(pop.results.c3.queues), 'a/0 a/1 b/0 b/1', 'c3 wraps round to c1');
  assert.equal(show(pop.results.c9.queues), '', 'not a member: empty');
  const all = rmq.queryAssignment({ ...base, brokerDefaultMode: 'POP', clientIds: ['c1'] });
  assert.equal(all.popShareQueueNum, -1);
  assert.equal(show(all.results.c1.queues), 'a/-1 b/-1', 'default share -1: every broker');
});

test('queryAssignment: null answers and their reasons', async () => {
  const rmq = await load({ analysis: true });
  const base = { topic: 'T', strategyName: 'AVG', mqAll: six, cidAll: ['c1'] };
  for (const [opts, word] of [
    [{ mqAll: null }, 'route'],
    [{ cidAll: null, clientIds: ['c1'] }, 'unknown group'],
    [{ strategyName: 'CONSISTENT_HASH' }, 'AVG_BY_CIRCLE'],
  ]) {
    const a = rmq.queryAssignment({ ...base, ...opts }).results.c1;
    assert.equal(a.queues, null);
    assert.match(a.reason, new RegExp(word));
  }
  const t = rmq.topic(six);
  const lbOff = rmq.queryAssignment({ ...base, mqAll: t, cidAll: null, clientIds: ['x'], serverLoadBalancerEnable: false });
  assert.equal(lbOff.results.x.queues.length, 6, 'a Topic works as mqAll');
  t.dispose();
});

test('queryAssignment: bad arguments name the field', async () => {
  const rmq = await load({ analysis: true });
  const base = { topic: 'T', strategyName: 'AVG', mqAll: six, cidAll: ['c1'] };
  for (const [opts, field] of [
    [{ topic: 1 }, 'topic'],
    [{ mqAll: undefined }, 'mqAll'],
    [{ brokerDefaultMode: 'PUSH' }, 'brokerDefaultMode'],
    [{ configuredMode: { mode: 'POP', popShareQueueNum: 1.5 } }, 'configuredMode.popShareQueueNum'],
    [{ clientIds: [1] }, 'clientIds[0]'],
    [{ messageModel: 'clustering' }, 'messageModel'],
  ]) {
    assert.throws(() => rmq.queryAssignment({ ...base, ...opts }), (e) => isRmqError(e) && e.field === field, field);
  }
  assert.equal(rmq.queryAssignment(base).results.c1.queues.length, 6, 'still usable');
});

const route = {
  queueDatas: [
    { brokerName: 'broker-a', readQueueNums: 2, writeQueueNums: 2, perm: 6 },
    { brokerName: 'broker-b', readQueueNums: 4, writeQueueNums: 4, perm: 2 },
    { brokerName: 'broker-c', readQueueNums: 3, writeQueueNums: 0, perm: 4 },
  ],
  brokerDatas: [
    { brokerName: 'broker-a', brokerAddrs: { 0: '10.0.0.1:10911' } },
    { brokerName: 'broker-b', brokerAddrs: { 0: '10.0.0.2:10911' } },
    { brokerName: 'broker-c', brokerAddrs: { 0: '10.0.0.3:10911', 1: '10.0.0.4:10911' } },
  ],
};

test('proxyAssignment: queue -1 per readable broker, all read queues when FIFO', async () => {
  const rmq = await load({ analysis: true });
  assert.equal(show(rmq.proxyAssignment({ topic: 'T', route })), 'a/-1 c/-1');
  assert.equal(show(rmq.proxyAssignment({ topic: 'T', route, orderly: true })), 'a/0 a/1 c/0 c/1 c/2');
});

test('proxyAssignment: FORBIDDEN and INTERNAL_SERVER_ERROR as errors with codes', async () => {
  const rmq = await load({ analysis: true });
  assert.throws(() => rmq.proxyAssignment({ topic: 'T', route: { queueDatas: [route.queueDatas[1]], brokerDatas: route.brokerDatas } }),
    (e) => isRmqError(e) && e.code === 'ERR_FORBIDDEN' && /no readable queue/.test(e.message));
  const noMaster = { queueDatas: [route.queueDatas[0]], brokerDatas: [{ brokerName: 'broker-a', brokerAddrs: { 1: 'x' } }] };
  assert.throws(() => rmq.proxyAssignment({ topic: 'T', route: noMaster }),
    (e) => e.code === 'ERR_INTERNAL_SERVER_ERROR' && e.javaClass === 'NullPointerException');
  assert.throws(() => rmq.proxyAssignment({ topic: 'T', route: { queueDatas: [{ brokerName: 'x' }] } }),
    (e) => e.code === 'ERR_INVALID_ARGUMENT' && e.field === 'route.queueDatas[0].readQueueNums');
});

test('allocationPath: client, broker, proxy', async () => {
  const rmq = await load({ analysis: true });
  assert.equal(rmq.allocationPath().path, 'client');
  assert.deepEqual(
    [{ clientRebalance: false }, { clientRebalance: false, orderly: true }, { clientRebalance: false, messageModel: 'BROADCASTING' }, { client: 'grpc' }, { client: 'pull', clientRebalance: false }]
      .map((o) => rmq.allocationPath(o).path),
    ['broker', 'client', 'client', 'proxy', 'client']);
  const ch = rmq.allocationPath({ clientRebalance: false, strategyName: 'CONSISTENT_HASH' });
  assert.equal(ch.noAssignment, true);
  assert.match(ch.reason, /AVG_BY_CIRCLE/);
  assert.throws(() => rmq.allocationPath({ client: 'rest' }), (e) => e.field === 'client');
});

test('the core module answers the broker calls with ERR_UNSUPPORTED and stays usable', async () => {
  const rmq = await load();
  for (const call of [
    () => rmq.allocationPath({ client: 'push', clientRebalance: false, strategyName: 'AVG' }),
    () => rmq.queryAssignment({ topic: 'T', strategyName: 'AVG', mqAll: [q('a', 0)], cidAll: ['c1'], clientIds: ['c1'] }),
  ]) {
    assert.throws(call, (e) => e.code === 'ERR_UNSUPPORTED' && /load\(\{ analysis: true \}\)/.test(e.message));
  }
  assert.equal(rmq.allocate({ strategy: { name: 'AVG' }, consumerGroup: 'g', currentCID: 'c1', mqAll: [q('a', 0)], cidAll: ['c1'] }).length, 1);
});

test('proxyAssignment given the route as text says how to read it', async () => {
  const rmq = await load({ analysis: true });
  const text = '{"brokerDatas":[],"queueDatas":[]}';
  assert.throws(() => rmq.proxyAssignment({ topic: 'T', route: text }),
    { name: 'TypeError', code: 'ERR_INVALID_ARGUMENT', field: 'route', message: /^route must be a route object: read the text mqadmin topicRoute prints with rmq\.parse\.topicRoute\(text\) first/ });
});
