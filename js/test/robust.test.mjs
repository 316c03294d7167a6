// What a caller can do to the package that it must survive (issue 11):
// failed loads, holes and odd prototypes, lone surrogates, re-entrant
// getters and clocks, load() during exit(), typos in option names, and the
// error codes of this port's own limits.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { load, isRmqError } from '../index.js';
import { JS_DIR, queues, cids } from './helpers.mjs';

const q = (i, broker = 'b') => ({ topic: 'T', brokerName: broker, queueId: i });

/** Asserts fn throws an rmqalloc TypeError naming field. */
function rejects(fn, field, ctor = TypeError) {
  assert.throws(fn, (e) => {
    assert.ok(isRmqError(e), `not ours: ${e?.stack ?? e}`);
    assert.ok(e instanceof ctor, `${e.constructor.name}: ${e.message}`);
    assert.equal(e.code, 'ERR_INVALID_ARGUMENT', e.message);
    assert.equal(e.field, field, e.message);
    return true;
  });
}

test('a failed load() leaves no unhandled rejection behind', () => {
  // An empty but valid WebAssembly module: it compiles, then is not ours.
  const script = `
    import { load } from ${JSON.stringify(new URL('../index.js', import.meta.url).href)};
    process.on('unhandledRejection', (e) => { console.log('UNHANDLED ' + e); process.exit(3); });
    let code;
    try { await load({ bytes: new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]) }); } catch (e) { code = e.code; }
    await new Promise((r) => setTimeout(r, 100));
    const rmq = await load();
    console.log(code, rmq.alive);`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: JS_DIR, encoding: 'utf8' });
  assert.equal(out.trim(), 'ERR_LOAD_FAILED true');
});

test('holes and null-prototype arrays in every array field: a TypeError naming field[i]', async () => {
  const rmq = await load();
  const full = await load({ analysis: true });
  const mqs = [q(0), q(1)];
  const route = (r) => rmq.routeToQueues({ topic: 'T', route: { queueDatas: [], brokerDatas: [], ...r } });
  const qd = { brokerName: 'b', readQueueNums: 1, writeQueueNums: 1, perm: 6 };
  rejects(() => rmq.producer({ mqs, resetValues: [1, , 2] }), 'resetValues[1]'); // eslint-disable-line no-sparse-arrays
  rejects(() => rmq.producer({ mqs, queueDatas: [,] }), 'queueDatas[0]'); // eslint-disable-line no-sparse-arrays
  rejects(() => route({ queueDatas: [qd, ,] }), 'route.queueDatas[1]'); // eslint-disable-line no-sparse-arrays
  rejects(() => route({ brokerDatas: [,] }), 'route.brokerDatas[0]'); // eslint-disable-line no-sparse-arrays
  rejects(() => rmq.allocate({ strategy: { name: 'AVG' }, currentCID: 'a', mqAll: [q(0), ,], cidAll: ['a'] }), 'mqAll[1]'); // eslint-disable-line no-sparse-arrays
  rejects(() => rmq.allocateAll({ strategy: { name: 'AVG' }, mqAll: mqs, consumers: ['a', ,] }), 'consumers[1]'); // eslint-disable-line no-sparse-arrays
  const sc = { topic: 'T', brokers: ['b'], queuesPerBroker: 2, members: ['a'] };
  rejects(() => full.analysis.scenario({ scenario: { ...sc, changes: [,] }, strategies: [{ name: 'AVG' }] }), 'scenario.changes[0]'); // eslint-disable-line no-sparse-arrays
  rejects(() => full.analysis.scenario({ scenario: sc, strategies: [{ name: 'AVG' }, ,] }), 'strategies[1]'); // eslint-disable-line no-sparse-arrays
  rejects(() => full.analysis.views({ strategies: [{ name: 'AVG' }], queues: mqs, members: ['a'], views: [,] }), 'views[0]'); // eslint-disable-line no-sparse-arrays
  rejects(() => full.analysis.mixed({ java: { name: 'AVG' }, go: { name: 'AVG' }, queues: mqs, members: [,] }), 'members[0]'); // eslint-disable-line no-sparse-arrays
  // Arrays without Array.prototype work like any array.
  const bare = (xs) => Object.setPrototypeOf(xs, null);
  const got = route({ queueDatas: bare([qd]), brokerDatas: bare([{ brokerName: 'b', brokerAddrs: { 0: 'h:1' } }]) });
  assert.deepEqual(got.publish, [q(0)]);
  rejects(() => route({ brokerDatas: bare([null]) }), 'route.brokerDatas[0]');
  assert.deepEqual(rmq.producer({ mqs: bare([q(0)]), resetValues: bare([0]) }).select(), q(0));
});

test('lone surrogates cross the boundary exactly and follow Java string rules', async () => {
  const rmq = await load();
  const seven = queues(7, 1);
  // Java: "\uD800".hashCode() = 55296, 55296 % 7 = 3.
  assert.deepEqual(rmq.select({ selector: 'hash', mqs: seven, arg: '\uD800' }), seven[3]);
  // Two members, not one; Java order: D800 < DC00 < E000.
  const plan = rmq.allocateAll({ strategy: { name: 'AVG' }, mqAll: queues(3, 1), consumers: ['\uE000', '\uDC00', '\uD800'], sort: true });
  assert.deepEqual(plan.members, ['\uD800', '\uDC00', '\uE000']); // sorted as Java does
  assert.deepEqual(plan.of('\uD800'), [queues(3, 1)[0]]);
  assert.deepEqual(plan.of('\uDC00'), [queues(3, 1)[1]]);
  assert.deepEqual(plan.of('\uE000'), [queues(3, 1)[2]]);
  // Names come back unchanged, through refs and through explicit queues.
  const odd = { topic: 'T\uDBFF', brokerName: 'x\uDC00y😀', queueId: 1 };
  assert.deepEqual(rmq.allocate({ strategy: { name: 'AVG' }, currentCID: '\uD800', mqAll: [odd], cidAll: ['\uD800'] }), [odd]);
  assert.deepEqual(rmq.allocate({ strategy: { name: 'CONFIG', messageQueueList: [odd] }, currentCID: 'c', mqAll: [q(0)], cidAll: ['c'] }), [odd]);
  const p = rmq.producer({ mqs: [odd] });
  assert.deepEqual(p.select(), odd);
  const full = await load({ analysis: true });
  const a = full.analysis.plan({ strategy: { name: 'AVG' }, queues: [odd], members: ['\uD800x'] });
  assert.deepEqual(a.members, ['\uD800x']);
  assert.deepEqual(a.queues, [odd]);
});

test('re-entrant getters, Proxies and clocks cannot corrupt the request being built', async () => {
  const rmq = await load();
  const mqs = queues(8, 2);
  const want = rmq.allocateAll({ strategy: { name: 'AVG' }, mqAll: mqs, consumers: cids(3) }).toObject();
  let nested = 0;
  const meddle = () => {
    nested++;
    rmq.allocate({ strategy: { name: 'AVG_BY_CIRCLE' }, currentCID: 'z', mqAll: queues(5), cidAll: ['z', 'y'] });
    rmq.topic(queues(3)).dispose();
  };
  const sneaky = mqs.map((x) => ({ get topic() { meddle(); return x.topic; }, brokerName: x.brokerName, queueId: x.queueId }));
  const proxied = new Proxy(cids(3), { get(t, k) { if (k === '1') meddle(); return t[k]; } });
  const got = rmq.allocateAll({ strategy: { name: 'AVG' }, mqAll: sneaky, consumers: proxied });
  assert.deepEqual(got.toObject(), want);
  assert.ok(nested >= 9);
  // A topic given, a producer's clock calling in while it is built.
  const topic = rmq.topic(mqs);
  const opts = { strategy: { name: 'AVG' }, topic, get consumers() { meddle(); return cids(3); } };
  assert.deepEqual(rmq.allocateAll(opts).toObject(), want);
  const p = rmq.producer({ mqs, startIndex: 5, clock: () => { meddle(); return 1000; } });
  const calm = rmq.producer({ mqs, startIndex: 5, clock: () => 1000 });
  for (let i = 0; i < 3; i++) assert.deepEqual(p.select(), calm.select());
  // A getter that disposes the Topic while its call is being encoded: a
  // clean ERR_DISPOSED (the module sees the handle gone), never ERR_INTERNAL.
  const t2 = rmq.topic(mqs);
  assert.throws(() => rmq.allocateAll({ strategy: { name: 'AVG' }, topic: t2, get consumers() { t2.dispose(); return ['a']; } }), { code: 'ERR_DISPOSED' });
  assert.ok(rmq.alive);
});

test('load() during exit() starts a fresh instance', async () => {
  const rmq = await load();
  const exiting = rmq.exit();
  const fresh = await load();
  assert.notEqual(fresh, rmq);
  assert.ok(fresh.alive);
  await exiting;
  assert.deepEqual(fresh.allocate({ strategy: { name: 'AVG' }, currentCID: 'a', mqAll: [q(0)], cidAll: ['a'] }), [q(0)]);
  assert.throws(() => rmq.allocate({ strategy: { name: 'AVG' }, currentCID: 'a', mqAll: [q(0)], cidAll: ['a'] }), { code: 'ERR_MODULE_EXITED' });
});

test('scenario: a queue count over the limit says so (ERR_LIMIT), a negative one says negative', async () => {
  const full = await load({ analysis: true });
  const run = (n) => () => full.analysis.scenario({ scenario: { topic: 'T', brokers: ['b'], queuesPerBroker: n, members: ['a'] }, strategies: [{ name: 'AVG' }] });
  assert.throws(run(4_194_305), (e) => e.code === 'ERR_LIMIT' && e.javaClass === null && e.field === 'scenario.queuesPerBroker' && /4194304/.test(e.message) && !/negative/.test(e.message));
  assert.throws(run(-1), (e) => e.code === 'ERR_INVALID_ARGUMENT' && /negative/.test(e.message));
});

test('MACHINE_ROOM without consumeridcs is Java\'s null: NullPointerException at a room@broker name', async () => {
  const rmq = await load();
  for (const spec of [{ name: 'MACHINE_ROOM' }, { name: 'MACHINE_ROOM', consumeridcs: null }]) {
    const call = (mqAll) => rmq.allocate({ strategy: spec, currentCID: 'a', mqAll, cidAll: ['a'] });
    assert.deepEqual(call([q(0, 'broker-a'), q(1, 'A@')]), []);
    assert.throws(() => call([q(0, 'broker-a'), q(1, 'A@b')]), { javaClass: 'NullPointerException', field: 'strategy.consumeridcs' });
    const plan = rmq.allocateAll({ strategy: spec, mqAll: [q(0, 'A@b')], consumers: ['a', 'b'] });
    assert.equal(plan.error('a').javaClass, 'NullPointerException');
  }
  assert.deepEqual(rmq.allocate({ strategy: { name: 'MACHINE_ROOM', consumeridcs: [] }, currentCID: 'a', mqAll: [q(0, 'A@b')], cidAll: ['a'] }), []);
});

test('topic() of an array with another prototype works; of a non-array it fails before interning', async () => {
  const rmq = await load();
  const odd = Object.setPrototypeOf([q(0), q(1)], Object.prototype);
  const t = rmq.topic(odd);
  assert.equal(t.size, 2);
  assert.deepEqual(t.queues, [q(0), q(1)]);
  rejects(() => rmq.topic({ 0: q(0), length: 1 }), 'queues');
  rejects(() => rmq.topic([q(0), { topic: 'T', brokerName: 'b' }]), 'queues[1].queueId');
});

test('unknown option keys throw a TypeError naming the key and the closest valid one', async () => {
  const rmq = await load();
  const typo = (fn, field, near) => assert.throws(fn, (e) => e instanceof TypeError && e.code === 'ERR_INVALID_ARGUMENT' && e.field === field && e.message.includes(`did you mean ${near}?`));
  await assert.rejects(load({ analysys: true }), (e) => e instanceof TypeError && e.field === 'options.analysys' && e.message.includes('options.analysis'));
  const o = { strategy: { name: 'AVG' }, currentCID: 'a', mqAll: [q(0)], cidAll: ['a'] };
  typo(() => rmq.allocate({ ...o, sortt: true }), 'sortt', 'sort');
  typo(() => rmq.allocate({ ...o, verison: '5.3.3' }), 'verison', 'version');
  typo(() => rmq.allocateAll({ strategy: { name: 'AVG' }, mqAll: [q(0)], consumer: ['a'] }), 'consumer', 'consumers');
  typo(() => rmq.allocate({ ...o, strategy: { name: 'CONSISTENT_HASH', virtualNodeCount: 3 } }), 'strategy.virtualNodeCount', 'strategy.virtualNodeCnt');
  typo(() => rmq.producer({ mqs: [q(0)], latencyFaultTolerence: true }), 'latencyFaultTolerence', 'latencyFaultTolerance');
  typo(() => rmq.producer({ mqs: [q(0)] }).select({ lastBroker: 'b' }), 'options.lastBroker', 'options.lastBrokerName');
});

test('errors: no "panic" class, own limits are ERR_LIMIT / ERR_UNSUPPORTED, one field name, no repeated words', async () => {
  const rmq = await load();
  const o = { strategy: { name: 'AVG' }, currentCID: 'a', mqAll: queues(4), cidAll: ['a', 'b', 'c'] };
  assert.throws(() => rmq.allocate({ ...o, strategy: { name: 'CONSISTENT_HASH', virtualNodeCnt: 0 }, profile: 'go-client-2.1.2' }), { code: 'ERR_PANIC', javaClass: null });
  assert.throws(() => rmq.allocate({ ...o, strategy: { name: 'CONSISTENT_HASH', virtualNodeCnt: 2 ** 21 } }), { code: 'ERR_LIMIT', javaClass: null, field: 'strategy.virtualNodeCnt' });
  assert.throws(() => rmq.allocate({ ...o, strategy: { name: 'CONSISTENT_HASH', virtualNodeCnt: -1 } }), { code: 'ERR_INVALID_ARGUMENT', javaClass: 'IllegalArgumentException', field: 'strategy.virtualNodeCnt' });
  assert.throws(() => rmq.allocate({ ...o, strategy: { name: 'CONSISTENT_HASH', virtualNodeCnt: 0.5 } }), { field: 'strategy.virtualNodeCnt' });
  assert.throws(() => rmq.routeToQueues({ topic: 'T', route: { queueDatas: [{ brokerName: 'b', readQueueNums: 1, writeQueueNums: 2_000_000, perm: 6 }], brokerDatas: [{ brokerName: 'b', brokerAddrs: { 0: 'h' } }] } }), { code: 'ERR_LIMIT', javaClass: null });
  assert.throws(() => rmq.allocate({ ...o, strategy: { name: 'MACHINE_ROOM_NEARBY', inner: { name: 'AVG' }, resolver: { sep: '(?i)-', brokerField: 0, consumerField: 0 } } }), { code: 'ERR_UNSUPPORTED', javaClass: null, field: 'strategy.resolver.sep' });
  assert.throws(() => rmq.allocate({ ...o, currentCID: '' }), { message: 'currentCID is empty', field: 'currentCID' });
});

test('results are frozen queue objects in arrays the caller owns, on every path', async () => {
  const rmq = await load();
  const mqs = queues(6);
  const topic = rmq.topic(mqs);
  const check = (list) => {
    assert.ok(!Object.isFrozen(list));
    for (const x of list) assert.ok(Object.isFrozen(x));
  };
  for (const mqAll of [mqs, topic]) {
    check(rmq.allocate({ strategy: { name: 'AVG' }, currentCID: 'a', mqAll, cidAll: ['a', 'b'], sort: true }));
    const plan = rmq.allocateAll({ strategy: { name: 'AVG_BY_CIRCLE' }, ...(mqAll === topic ? { topic } : { mqAll }), consumers: ['a', 'b'] });
    check(plan.of('a'));
    assert.ok(Object.isFrozen(plan.queues) && Object.isFrozen(plan.members));
    const idx = plan.indexesOf('a');
    idx[0] = 99;
    assert.notEqual(plan.indexesOf('a')[0], 99);
    assert.equal(plan.of('a')[0], plan.queues[plan.indexesOf('a')[0]]);
  }
  assert.ok(Object.isFrozen(rmq.select({ selector: 'hash', mqs, arg: 'k' })));
  check(rmq.routeToQueues({ topic: 'T', route: { queueDatas: [{ brokerName: 'b', readQueueNums: 1, writeQueueNums: 1, perm: 6 }], brokerDatas: [{ brokerName: 'b', brokerAddrs: { 0: 'h' } }] } }).publish);
});

test('a plain array passed again is sent by handle while unchanged, and re-read when it changes', async () => {
  const rmq = await load();
  const mqs = queues(12, 3);
  const consumers = ['a', 'b', 'c'];
  const run = () => rmq.allocateAll({ strategy: { name: 'AVG' }, mqAll: mqs, consumers, sort: true }).toObject();
  const first = run();
  assert.deepEqual(run(), first); // second sight: interned
  assert.deepEqual(run(), first); // third: by handle
  mqs[0] = { ...mqs[0], queueId: 99 }; // a new element
  const moved = run();
  assert.ok(Object.values(moved).flat().some((x) => x.queueId === 99));
  mqs[1].brokerName = 'zz'; // the same element, changed in place
  assert.ok(Object.values(run()).flat().some((x) => x.brokerName === 'zz'));
  assert.ok(Object.values(run()).flat().some((x) => x.brokerName === 'zz'));
  mqs.push({ topic: 'T', brokerName: 'new', queueId: 0 });
  assert.equal(Object.values(run()).flat().length, 13);
  // A bad element after interning is reported as for any inline list.
  mqs[2] = { topic: 'T', brokerName: 'b', queueId: 1.5 };
  assert.throws(run, { field: 'mqAll[2].queueId' });
  // select and allocate share the mechanism.
  const seven = queues(9, 1);
  for (let i = 0; i < 3; i++) assert.deepEqual(rmq.select({ selector: 'hash', mqs: seven, arg: 'k' }), seven[rmq.select({ selector: 'hash', mqs: queues(9, 1), arg: 'k' }).queueId]);
  seven[0].topic = 'U';
  assert.equal(rmq.allocate({ strategy: { name: 'AVG' }, currentCID: 'a', mqAll: seven, cidAll: ['a'] })[0].topic, 'U');
});
