// Node tests of lib/where.js (the "where the allocation runs" computation)
// on the real rmqalloc package, and of its state in permalinks.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './harness.mjs';
import { defaults, encode, decode } from '../lib/state.js';
import { whereView, validateWhere } from '../lib/where.js';

const { load } = await import(pathToFileURL(join(ROOT, 'js', 'index.js')).href);
const rmq = await load({ analysis: true }); // the broker-side assignment: the full module
after(() => rmq.exit());

const state = (where, more = {}) => ({ ...defaults(), client: '5.3.3', where: { ...defaults().where, ...where }, ...more });

test('where: the choice round-trips through a permalink; bad values are named', () => {
  const s = state({ at: 'broker-pop', popShare: 2 });
  assert.deepEqual(decode(encode(s)).state.where, { at: 'broker-pop', popShare: 2, fifo: false });
  assert.match(decode(encode({ ...s, where: { at: 'moon' } })).error, /where\.at must be one of/);
  assert.throws(() => validateWhere({ popShare: 1.5 }), /where\.popShare/);
});

test('where: POP with share 2 of 4 consumers — every queue read by 3', () => {
  const r = whereView(rmq, state({ at: 'broker-pop', popShare: 2 }));
  assert.equal(r.mode, 'POP');
  assert.equal(r.path.path, 'broker');
  assert.deepEqual(r.readers, { min: 3, max: 3 });
  // 192.168.1.4 owns broker-d, then wraps round to broker-a and broker-b.
  assert.deepEqual([...new Set(r.rows[3].queues.map(([b]) => b))], ['broker-a', 'broker-b', 'broker-d']);
});

test('where: broadcasting never reaches the broker; CONSISTENT_HASH gets nothing there', () => {
  assert.equal(whereView(rmq, state({ at: 'broker-pull' }, { mode: 'broadcasting' })).path.path, 'client');
  const ch = whereView(rmq, state({ at: 'broker-pull' }, { strategy: { ...defaults().strategy, name: 'CONSISTENT_HASH' } }));
  assert.equal(ch.path.noAssignment, true);
  assert.ok(ch.rows.every((row) => row.queues === null));
  assert.deepEqual(ch.readers, { min: 0, max: 0 });
});

test('where: the proxy answers from a pasted route; a readable broker without a master fails', () => {
  const route = {
    queueDatas: [{ brokerName: 'broker-a', readQueueNums: 4, writeQueueNums: 4, perm: 6 }, { brokerName: 'broker-c', readQueueNums: 8, writeQueueNums: 8, perm: 4 }],
    brokerDatas: [{ brokerName: 'broker-a', brokerAddrs: { 0: 'x' } }, { brokerName: 'broker-c', brokerAddrs: { 0: 'y' } }],
  };
  const ok = whereView(rmq, state({ at: 'proxy' }, { source: 'route', route: JSON.stringify(route) }));
  assert.deepEqual(ok.rows[0].queues, [['broker-a', -1], ['broker-c', -1]]);
  assert.deepEqual(ok.readers, { min: 4, max: 4 });
  route.brokerDatas[1].brokerAddrs = { 1: 'y' };
  const bad = whereView(rmq, state({ at: 'proxy' }, { source: 'route', route: JSON.stringify(route) }));
  assert.equal(bad.error.code, 'ERR_INTERNAL_SERVER_ERROR');
  assert.equal(bad.error.javaClass, 'NullPointerException');
});
