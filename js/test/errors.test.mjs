// Every failure is an Error (TypeError/RangeError where apt) with code,
// javaClass and a message naming the field.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load, isRmqError } from '../index.js';
import { queues } from './helpers.mjs';

const q = (queueId) => ({ topic: 'T', brokerName: 'b', queueId });
const base = () => ({ strategy: { name: 'AVG' }, currentCID: 'c', mqAll: [q(0), q(1), q(2), q(3)], cidAll: ['c'] });

const cases = [
  ['fractional queueId', (o) => { o.mqAll[3] = q(1.5); }, RangeError, 'mqAll[3].queueId', 'mqAll[3].queueId must be an integer in int32 range, got 1.5'],
  ['NaN queueId', (o) => { o.mqAll[1] = q(NaN); }, RangeError, 'mqAll[1].queueId', /got NaN/],
  ['queueId over int32', (o) => { o.mqAll[0] = q(2 ** 31); }, RangeError, 'mqAll[0].queueId', /int32/],
  ['string queueId', (o) => { o.mqAll[0] = q('1'); }, TypeError, 'mqAll[0].queueId', /got "1"/],
  ['missing topic', (o) => { o.mqAll[2] = { brokerName: 'b', queueId: 0 }; }, TypeError, 'mqAll[2].topic', /must be a string, got undefined/],
  ['queue is a number', (o) => { o.mqAll[0] = 7; }, TypeError, 'mqAll[0]', /queue object/],
  ['mqAll not a list', (o) => { o.mqAll = 'x'; }, TypeError, 'mqAll', /array of queues/],
  ['non-string cid', (o) => { o.cidAll = ['c', 42]; }, TypeError, 'cidAll[1]', 'cidAll[1] must be a string, got 42'],
  ['non-string currentCID', (o) => { o.currentCID = 5; }, TypeError, 'currentCID', /string or null/],
  ['strategy name not a string', (o) => { o.strategy = { name: 5 }; }, TypeError, 'strategy.name', /strategy name/],
  ['strategy not an object', (o) => { o.strategy = 'AVG'; }, TypeError, 'strategy', /strategy object/],
  ['fractional virtualNodeCnt', (o) => { o.strategy = { name: 'CONSISTENT_HASH', virtualNodeCnt: 0.5 }; }, RangeError, 'strategy.virtualNodeCnt', /int32/],
  ['bad version', (o) => { o.version = '6.0'; }, RangeError, 'version', /'4.9.3', '5.3.3'/],
  ['version contradicts profile', (o) => { o.version = '4.9.3'; o.profile = 'java-5.3.3'; }, RangeError, 'profile', /contradicts/],
  ['non-boolean sort', (o) => { o.sort = 1; }, TypeError, 'sort', /boolean/],
];

for (const [name, mutate, ctor, field, message] of cases) {
  test(`allocate rejects ${name}`, async () => {
    const rmq = await load();
    const o = base();
    mutate(o);
    assert.throws(() => rmq.allocate(o), (e) => {
      assert.ok(e instanceof ctor, `${e.constructor.name} is not ${ctor.name}`);
      assert.equal(e.code, 'ERR_INVALID_ARGUMENT');
      assert.equal(e.field, field);
      assert.equal(e.javaClass, null);
      assert.ok(isRmqError(e));
      if (typeof message === 'string') assert.equal(e.message, message);
      else assert.match(e.message, message);
      return true;
    });
  });
}

test('Java errors carry the Java class', async () => {
  const rmq = await load();
  const o = base();
  for (const [mut, field] of [[{ currentCID: '' }, 'currentCID'], [{ currentCID: null }, 'currentCID'], [{ mqAll: [] }, 'mqAll'], [{ mqAll: null }, 'mqAll'], [{ cidAll: [] }, 'cidAll']]) {
    assert.throws(() => rmq.allocate({ ...o, ...mut }), (e) => e instanceof Error && e.javaClass === 'IllegalArgumentException' && e.code === 'ERR_INVALID_ARGUMENT' && e.field === field);
  }
  assert.throws(() => rmq.allocate({ ...o, strategy: { name: 'CONSISTENT_HASH', virtualNodeCnt: -1 } }), { javaClass: 'IllegalArgumentException', message: /illegal virtualNodeCnt :-1/ });
  assert.throws(() => rmq.allocate({ ...o, strategy: { name: 'CONSISTENT_HASH', virtualNodeCnt: 0 }, profile: 'go-client-2.1.2' }), { javaClass: null, code: 'ERR_PANIC' });
  assert.throws(() => rmq.allocate({ ...o, strategy: { name: 'MACHINE_ROOM_NEARBY', inner: { name: 'AVG' }, resolver: { sep: '-', brokerField: 5, consumerField: 0 } } }), { javaClass: 'ArrayIndexOutOfBoundsException', code: 'ERR_INDEX_OUT_OF_RANGE' });
});

test('semantic rules are Go\'s: an unknown strategy name is IllegalArgumentException on both sides', async () => {
  const rmq = await load();
  assert.throws(() => rmq.allocate({ ...base(), strategy: { name: 'NOPE' } }), { javaClass: 'IllegalArgumentException', code: 'ERR_INVALID_ARGUMENT', field: 'strategy.name' });
  assert.throws(() => rmq.strategyName({ name: 'MACHINE_ROOM_NEARBY', inner: { name: 'NOPE' }, resolver: { sep: '-', brokerField: 0, consumerField: 0 } }), { javaClass: 'IllegalArgumentException', field: 'strategy.inner.name' });
  // Nesting: alloc's limit answers, at any depth, even for a cycle.
  let deep = { name: 'AVG' };
  for (let i = 0; i < 20; i++) deep = { name: 'MACHINE_ROOM_NEARBY', inner: deep, resolver: { sep: '-', brokerField: 0, consumerField: 0 } };
  const cyc = { name: 'MACHINE_ROOM_NEARBY', resolver: { sep: '-', brokerField: 0, consumerField: 0 } };
  cyc.inner = cyc;
  for (const s of [deep, cyc]) assert.throws(() => rmq.strategyName(s), { code: 'ERR_LIMIT', javaClass: null });
});

test('negative queue ids are valid, as in Java', async () => {
  const rmq = await load();
  assert.deepEqual(rmq.allocate({ ...base(), mqAll: [q(-5), q(-2147483648)] }), [q(-5), q(-2147483648)]);
});

test('hash arguments: an int32 number, a bigint/decimal long', async () => {
  const rmq = await load();
  const mqs = queues(3);
  assert.throws(() => rmq.select({ selector: 'hash', mqs, arg: 1.5 }), { name: 'RangeError', field: 'arg' });
  assert.throws(() => rmq.select({ selector: 'hash', mqs, arg: 2n ** 63n }), { name: 'RangeError', field: 'arg' });
  assert.throws(() => rmq.select({ selector: 'hash', mqs, arg: { type: 'long', value: '12a' } }), { name: 'TypeError', field: 'arg.value' });
  assert.throws(() => rmq.select({ selector: 'hash', mqs, arg: null }), { name: 'TypeError', field: 'arg' });
  assert.throws(() => rmq.select({ selector: 'rand', mqs, arg: 1 }), { name: 'RangeError', field: 'selector' });
});

test('producer and route arguments are checked', async () => {
  const rmq = await load();
  assert.throws(() => rmq.producer({ mqs: queues(2), startIndex: 2 ** 31 }), { name: 'RangeError', field: 'startIndex' });
  assert.throws(() => rmq.producer({ mqs: queues(2), clock: 5 }), { name: 'TypeError', field: 'clock' });
  assert.throws(() => rmq.producer({ mqs: queues(2), latencyFaultTolerance: true, clock: () => 1.5 }), { name: 'RangeError', field: 'clock()' });
  let t = 0;
  const p = rmq.producer({ mqs: queues(2), latencyFaultTolerance: true, clock: () => t });
  t = NaN;
  assert.throws(() => p.select(), { name: 'RangeError', field: 'clock()' });
  assert.throws(() => p.update('b', 10, 'yes', { now: 1 }), { name: 'TypeError', field: 'isolation' });
  assert.equal(p.select({ now: 5 }).topic, 'T', 'an explicit now overrides a broken clock');
  p.dispose();
  assert.throws(() => rmq.routeToQueues({ topic: 'T', route: { queueDatas: [{ brokerName: 'a', readQueueNums: 1, writeQueueNums: 1.2, perm: 6 }] } }), { field: 'route.queueDatas[0].writeQueueNums' });
  assert.throws(() => rmq.producer({ mqs: [] }).select(), { javaClass: 'ArithmeticException' });
});

test('a million queues: a correct answer, not a dead module', async () => {
  const rmq = await load();
  const mqAll = queues(1_000_000, 100);
  const got = rmq.allocate({ strategy: { name: 'AVG' }, currentCID: 'c1', mqAll, cidAll: ['c0', 'c1'] });
  assert.equal(got.length, 500_000);
  assert.deepEqual(got[0], mqAll[500_000]);
  assert.throws(() => rmq.allocate({ ...base(), mqAll: new Array(2 ** 23) }), { name: 'RangeError', field: 'mqAll.length' });
  assert.equal(rmq.allocate(base()).length, 4);
});

test('options must be an object', async () => {
  const rmq = await load();
  for (const f of ['allocate', 'allocateAll', 'select', 'producer', 'routeToQueues']) {
    assert.throws(() => rmq[f](undefined), { name: 'TypeError', code: 'ERR_INVALID_ARGUMENT', field: 'options' }, f);
  }
});
