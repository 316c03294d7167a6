// Node tests of the page's pure modules (state/permalink and engine), the
// engine running on the real rmqalloc package.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './harness.mjs';
import { defaults, validate, encode, decode, compact, generateConsumers } from '../lib/state.js';
import { brokerNames, parseQueueList, topicQueues, assignment, change, analyze, compareAll, producerView, problemsView, examples, planInput, strategySpec, whatIfInput } from '../lib/engine.js';

const { load } = await import(pathToFileURL(join(ROOT, 'js', 'index.js')).href);
const rmq = await load({ analysis: true }); // the engine uses rmq.analysis
after(() => rmq.exit());

test('state: defaults survive validate and a permalink round trip', () => {
  const d = defaults();
  assert.deepEqual(validate(d), d);
  assert.deepEqual(decode(encode(d)), { state: d });
  assert.deepEqual(compact(d), {});
  assert.deepEqual(decode(''), { state: d });
});

test('state: a changed state round-trips and the link holds only the changes', () => {
  const s = defaults();
  s.strategy.name = 'CONSISTENT_HASH';
  s.strategy.virtualNodes = 3;
  s.consumers = ['\u00e9@1', '\ud83d\ude00@2', '<b>x</b>'];
  s.producer.latency = {};
  s.whatIf.queuesPerBroker = 8;
  assert.deepEqual(compact(s), {
    consumers: s.consumers, strategy: { name: 'CONSISTENT_HASH', virtualNodes: 3 },
    whatIf: { queuesPerBroker: 8 }, producer: { latency: {} },
  });
  assert.deepEqual(decode(encode(s)).state, s);
});

test('state: bad links give a message naming the problem and the defaults', () => {
  const b64 = (o) => '#s=' + Buffer.from(JSON.stringify(o)).toString('base64url');
  const cases = [
    ['#x=1', /does not hold a playground state/],
    ['#s=%%%', /damaged/],
    ['#s=' + Buffer.from('{nope').toString('base64url'), /bad JSON/],
    ['#s=' + Buffer.from([0xff, 0xfe]).toString('base64url'), /damaged/],
    [b64([]), /state must be an object/],
    [b64({ brokers: 1.5 }), /brokers must be an integer from 1 to 1000/],
    [b64({ brokers: 1000, queuesPerBroker: 65536 }), /brokers × queuesPerBroker must be at most/],
    [b64({ consumers: 'a' }), /consumers must be a list/],
    [b64({ consumers: ['a', 7] }), /consumers\[1\] must be a string/],
    [b64({ strategy: { name: 'FOO' } }), /strategy.name must be one of/],
    [b64({ strategy: { sep: '' } }), /strategy.sep must not be empty/],
    [b64({ producer: { latency: { 'broker-a': 'x' } } }), /producer.latency\["broker-a"\] must be an integer/],
    [b64({ tab: '__proto__' }), /tab must be one of/],
  ];
  for (const [hash, re] of cases) {
    const r = decode(hash);
    assert.match(r.error, re, hash);
    assert.deepEqual(r.state, defaults(), hash);
  }
});

test('generated names: brokers a..z, aa..; client IDs with rooms', () => {
  assert.deepEqual(brokerNames(3, []), ['broker-a', 'broker-b', 'broker-c']);
  assert.equal(brokerNames(28, [])[26], 'broker-aa');
  assert.deepEqual(brokerNames(3, ['hz', 'sh']), ['hz@broker-a', 'sh@broker-b', 'hz@broker-c']);
  assert.deepEqual(generateConsumers(3, ['hz', 'sh']), ['192.168.1.1@4001@hz', '192.168.1.2@4002@sh', '192.168.1.3@4003@hz']);
  assert.equal(new Set(generateConsumers(1000)).size, 1000);
});

test('CONFIG list parsing', () => {
  assert.deepEqual(parseQueueList('b:0-2, c:5', 'T').map((q) => [q.brokerName, q.queueId]), [['b', 0], ['b', 1], ['b', 2], ['c', 5]]);
  assert.deepEqual(parseQueueList('a:b:-1', 'T'), [{ topic: 'T', brokerName: 'a:b', queueId: -1 }]);
  assert.throws(() => parseQueueList('broker', 'T'), /not broker:queueId/);
  assert.throws(() => parseQueueList('b:3-1', 'T'), /bad range/);
});

// A seeded generator for the property checks.
function rng(seed) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

test('what-if diff (analysis.diff) agrees with the owners it draws, on random inputs', () => {
  const r = rng(7);
  for (let n = 0; n < 60; n++) {
    const st = defaults();
    st.brokers = 1 + Math.floor(r() * 5);
    st.queuesPerBroker = Math.floor(r() * 9);
    st.consumers = generateConsumers(1 + Math.floor(r() * 12));
    const name = ['AVG', 'AVG_BY_CIRCLE', 'CONSISTENT_HASH'][n % 3];
    const spec = name === 'CONSISTENT_HASH' ? { name, virtualNodeCnt: 1 + Math.floor(r() * 5) } : { name };
    const after = [...st.consumers];
    if (r() < 0.5 && after.length > 1) after.splice(Math.floor(r() * after.length), 1);
    else after.push('10.0.0.' + Math.floor(r() * 300) + '@1');
    const qs2 = r() < 0.3 ? topicQueues(rmq, st, { queuesPerBroker: st.queuesPerBroker + 2 }).subscribe : null;
    const qs = topicQueues(rmq, st).subscribe;
    if (!qs.length) continue;
    const input = { queues: qs, consumers: st.consumers, spec, client: '4.9.3', mode: 'clustering' };
    const { before: a, after: b, diff: d } = change(rmq, input, { ...input, queues: qs2 || qs, consumers: after });
    // independent count over the drawn owners (one owner per queue here)
    const was = new Map(a.queues.map((q, i) => [q.join(':'), a.members[a.owners[i]]]));
    const moved = [];
    b.queues.forEach((q, i) => { if (was.has(q.join(':')) && was.get(q.join(':')) !== b.members[b.owners[i]]) moved.push(i); });
    const ctx = JSON.stringify({ spec, before: st.consumers.length, after: after.length, q: qs.length });
    assert.deepEqual(Array.from(d.movedQueues), moved, 'movedQueues ' + ctx);
    assert.equal(d.moved, moved.length, 'moved ' + ctx);
    assert.equal(d.kept + d.moved, qs.length, 'common ' + ctx);
    assert.equal(d.added, (qs2 || qs).length - qs.length, 'added ' + ctx);
    assert.equal(d.excess, d.moved - d.minMoves, 'excess ' + ctx);
    assert.ok(d.minMoves >= 0 && d.minMoves <= d.kept + d.moved, 'minMoves ' + ctx);
    if (name !== 'CONSISTENT_HASH') assert.ok(d.excess >= 0, 'AVG* are balanced: excess ' + ctx);
    const gained = d.members.reduce((x, m) => x + m.gained.length, 0);
    assert.equal(gained, d.moved + d.added, 'gained ' + ctx);
  }
});

test('assignment: owners per queue match plan.of for every member', () => {
  const qs = topicQueues(rmq, { ...defaults(), brokers: 3, queuesPerBroker: 5 }).subscribe;
  const consumers = ['192.168.1.10@1', '192.168.1.9@1', '192.168.1.11@1'];
  for (const spec of [{ name: 'AVG' }, { name: 'CONSISTENT_HASH', virtualNodeCnt: 4 }, { name: 'CONFIG', messageQueueList: qs.slice(0, 3) }]) {
    const a = assignment(rmq, { queues: qs, consumers, spec, client: '4.9.3', mode: 'clustering' });
    assert.deepEqual(a.members, ['192.168.1.10@1', '192.168.1.11@1', '192.168.1.9@1']);
    const plan = rmq.allocateAll({ strategy: spec, mqAll: qs, consumers, sort: true });
    a.members.forEach((m, i) => assert.equal(a.counts[i], plan.of(m).length));
    const total = a.nown.reduce((x, y) => x + y, 0);
    assert.equal(total, a.counts.reduce((x, y) => x + y, 0));
    if (spec.name === 'CONFIG') assert.deepEqual([...a.nown.slice(0, 3)], [3, 3, 3]);
  }
  const bc = assignment(rmq, { queues: qs, consumers, spec: { name: 'AVG' }, client: '4.9.3', mode: 'broadcasting' });
  assert.deepEqual([...new Set(bc.nown)], [3]);
});

test('analyze, compareAll, producerView and examples on the defaults', () => {
  const st = defaults();
  // AVG, 16 queues, 4 → 5 consumers: .1 0-3, .2 4-7, .3 8-11, .4 12-15 become
  // .1 0-3, .2 4-6, .3 7-9, .4 10-12, .5 13-15: queues 7, 10, 11, 13, 14, 15
  // move; a balanced result could keep 3 + 3 + 3 + 3 + 1 = 13, so 3 must move.
  const res = analyze(rmq, st);
  assert.equal(res.beforeStats.queues, 16);
  assert.deepEqual([res.beforeStats.min, res.beforeStats.max, res.beforeStats.stdDev], [4, 4, 0]);
  assert.deepEqual([res.afterStats.min, res.afterStats.max, res.afterStats.members], [3, 4, 5]);
  assert.ok(Math.abs(res.afterStats.stdDev - 0.4) < 1e-9, String(res.afterStats.stdDev));
  assert.deepEqual([res.afterStats.ideal, res.afterStats.balanceGap, res.afterStats.idle, res.afterStats.orphaned, res.afterStats.shared], [4, 0, [], 0, 0]);
  const d = res.diff;
  assert.deepEqual([d.moved, d.kept, d.added, d.removed, d.minMoves, d.excess], [6, 10, 0, 0, 3, 3]);
  assert.deepEqual(Array.from(d.movedQueues), [7, 10, 11, 13, 14, 15]);
  const byMember = Object.fromEntries(d.members.map((m) => [m.member, [Array.from(m.gained), Array.from(m.lost), m.inFrom, m.inTo]]));
  assert.deepEqual(byMember, {
    '192.168.1.2@4002': [[], [7], true, true],
    '192.168.1.3@4003': [[7], [10, 11], true, true],
    '192.168.1.4@4004': [[10, 11], [13, 14, 15], true, true],
    '192.168.1.5@4005': [[13, 14, 15], [], false, true],
  });
  assert.deepEqual([...res.after.counts], [4, 3, 3, 3, 3]);
  const cmp = compareAll(rmq, st);
  assert.deepEqual(cmp.rows.map((r) => r.label), ['AVG', 'AVG_BY_CIRCLE', 'CONSISTENT_HASH (10 virtual nodes)']);
  assert.deepEqual([cmp.rows[0].moved, cmp.rows[0].minMoves, cmp.rows[0].excess], [6, 3, 3]);
  // AVG_BY_CIRCLE: queue i goes from consumer i mod 4 to i mod 5: only 0..3 stay
  assert.deepEqual([cmp.rows[1].moved, cmp.rows[1].minMoves, cmp.rows[1].excess], [12, 3, 9]);
  // CONSISTENT_HASH moves little (2) but is unbalanced (9 on one consumer, gap 5 → 3):
  // it moves fewer than a balanced result must, so its excess is negative
  const ch = cmp.rows[2];
  assert.deepEqual([ch.moved, ch.minMoves, ch.excess, ch.before.balanceGap, ch.after.balanceGap], [2, 5, -3, 5, 3]);
  assert.ok(Math.abs(cmp.rows[0].after.stdDev - 0.4) < 1e-9);
  assert.equal(cmp.rooms, false);
  const p = producerView(rmq, st);
  assert.equal(p.groups.length, 5);
  assert.ok(p.groups.some((g) => JSON.stringify(g.java.ok) !== JSON.stringify(g.node.ok)));
  // 4.9.3: 3000 ms → broker-b avoided for 180 s; 5.3.3: for 6 s
  assert.deepEqual(p.latency['4.9.3'].ok[0].avoided, [['broker-b', 180000]]);
  assert.deepEqual(p.latency['5.3.3'].ok[0].avoided, [['broker-b', 6000]]);
  assert.notEqual(p.latency['4.9.3'].ok[0].queue[0], 'broker-b');
  const ex = examples(rmq);
  assert.deepEqual(ex.AVG.ok.rows.map((r) => r[1].length), [3, 3, 2, 2]);
  assert.equal(ex.AVG.ok.rows[0][0], '192.168.1.10@1');
});

test('errors come back as data, naming the problem', () => {
  const st = { ...defaults(), source: 'route', route: '{"queueDatas": 5, "brokerDatas": []}' };
  const res = analyze(rmq, st);
  assert.ok(res.error, JSON.stringify(res));
  assert.match(res.error.message, /queueDatas/);
  const bad = analyze(rmq, { ...defaults(), strategy: { ...defaults().strategy, name: 'CONSISTENT_HASH', virtualNodes: -1 } });
  assert.match(bad.error.message, /virtualNodeCnt/);
});

test('problems: a join seen by 2 of 4 consumers leaves queue 7 unowned and 13..15 doubled (AVG)', () => {
  // after-view AVG(16 queues, 5): .1 → 0-3, .2 → 4-6, .5 → 13-15;
  // before-view AVG(16, 4): .3 → 8-11, .4 → 12-15. So 7 has no owner, 13-15 two.
  const res = problemsView(rmq, defaults());
  const v = res.views.ok;
  assert.equal(v.double, 3);
  assert.equal(v.orphaned, 1);
  const a = v.assignment;
  const orphan = a.queues.filter((_, i) => a.nown[i] === 0);
  assert.deepEqual(orphan, [['broker-b', 3]]);
  assert.deepEqual(a.queues.filter((_, i) => a.nown[i] === 2), [['broker-d', 1], ['broker-d', 2], ['broker-d', 3]]);
  // everybody sees the change: no problem
  const all = problemsView(rmq, { ...defaults(), problems: { seen: 4, go: [], nosub: [] } });
  assert.deepEqual([all.views.ok.double, all.views.ok.orphaned], [0, 0]);
  // a member that does not subscribe: its 4 queues are orphaned
  const sub = problemsView(rmq, { ...defaults(), problems: { seen: 4, go: [], nosub: ['192.168.1.2@4002'] } });
  assert.deepEqual([sub.subscription.ok.double, sub.subscription.ok.orphaned], [0, 4]);
  // Java and Go CONSISTENT_HASH rings disagree
  const st = defaults();
  st.strategy.name = 'CONSISTENT_HASH';
  const mixed = problemsView(rmq, st).mixed.ok;
  assert.ok(mixed.double + mixed.orphaned > 0);
  assert.deepEqual(mixed.strategies, ['CONSISTENT_HASH', 'CONSISTENT_HASH', 'CONSISTENT_HASH', 'go:CONSISTENT_HASH']);
});

test('what-if with more queues, broadcasting, CONFIG beyond the topic, rooms', () => {
  // 4 → 6 queues per broker, same consumers: 8 new queues, only the 16 old can move
  const st = defaults();
  st.whatIf = { add: '', remove: '', brokers: null, queuesPerBroker: 6 };
  const res = analyze(rmq, st);
  assert.deepEqual([res.diff.added, res.diff.removed, res.diff.kept + res.diff.moved, res.afterStats.queues], [8, 0, 16, 24]);
  // AVG over 24 queues / 4: .1 gets broker-a 0..5, i.e. keeps a0..a3 and gains a4, a5
  assert.deepEqual(Array.from(res.diff.members.find((m) => m.member === '192.168.1.1@4001').gained), [4, 5]);

  // broadcasting: everybody reads everything; a join moves nothing
  const bc = analyze(rmq, { ...defaults(), mode: 'broadcasting' });
  assert.deepEqual([bc.diff.moved, bc.diff.kept, bc.diff.minMoves, bc.diff.members], [0, 16, 0, null]);
  assert.deepEqual([bc.afterStats.shared, bc.afterStats.orphaned, bc.afterStats.min, bc.afterStats.max], [16, 0, 16, 16]);
  assert.deepEqual([...bc.after.nown].filter((n) => n !== 5), []);
  assert.equal(bc.before.name, 'broadcasting');

  // CONFIG with a queue the topic lacks: counted apart, not in the stats
  const cf = defaults();
  cf.strategy.name = 'CONFIG';
  cf.strategy.config = 'broker-a:0 broker-z:1';
  const c = analyze(rmq, cf);
  assert.deepEqual(c.before.extra, [['broker-z', 1]]);
  assert.deepEqual([...c.before.counts], [1, 1, 1, 1]);
  assert.deepEqual([c.beforeStats.shared, c.beforeStats.orphaned], [1, 15]);

  // rooms: NEARBY keeps every queue in its room
  const rm = defaults();
  rm.rooms = ['hz', 'sh'];
  rm.consumers = generateConsumers(4, rm.rooms);
  rm.whatIf = { ...rm.whatIf, add: '192.168.1.5@4005@hz' };
  rm.strategy = { ...rm.strategy, name: 'MACHINE_ROOM_NEARBY', sep: '@', brokerField: 0, consumerField: 2 };
  const nr = analyze(rmq, rm);
  assert.equal(nr.beforeStats.hasRooms, true);
  assert.equal(nr.beforeStats.locality, 1);
  const cmp = compareAll(rmq, rm);
  assert.equal(cmp.rooms, true);
  assert.equal(cmp.rows.find((r) => r.label.startsWith('MACHINE_ROOM_NEARBY')).after.locality, 1);
  assert.ok(cmp.rows[0].before.locality < 1); // AVG ignores rooms

  // a failing after-side is reported apart from a working before-side
  const empty = analyze(rmq, { ...defaults(), whatIf: { add: '', remove: '', brokers: null, queuesPerBroker: 0 } });
  assert.equal(empty.afterStats.queues, 0);
  assert.equal(empty.after.errors.length, 4);
  assert.match(empty.after.errors[0].message, /mqAll/);
});

test('what-if on a big topic (both sides one interned list, answered by position) says what the JSON diff says', () => {
  // Rooms make the brokers sh@broker-a, hz@broker-b, ...: the given order is not the sorted one.
  const st = { ...defaults(), brokers: 20, queuesPerBroker: 601, rooms: ['sh', 'hz'], consumers: generateConsumers(300, ['sh', 'hz']), strategy: { ...defaults().strategy, name: 'AVG_BY_CIRCLE' } };
  st.whatIf = { ...st.whatIf, remove: st.consumers[7] };
  const res = analyze(rmq, st);
  const from = { queues: topicQueues(rmq, st).subscribe, consumers: st.consumers, spec: strategySpec(st.strategy, st.topic), client: st.client, mode: st.mode };
  const j = rmq.analysis.diff({ from: planInput(from), to: planInput({ ...from, consumers: whatIfInput(st).consumers }) });
  assert.equal(res.diff.moved, j.diff.moved);
  assert.ok(res.diff.moved > 0);
  assert.deepEqual(Array.from(res.diff.movedQueues), j.diff.movedQueues);
  assert.deepEqual(res.after.queues, j.to.queues.map((q) => [q.brokerName, q.queueId]));
  const owners = new Int32Array(j.to.queues.length).fill(-1);
  j.to.shares.forEach((sh, m) => { for (const i of sh) owners[i] = m; });
  assert.deepEqual(res.after.owners, owners);
  assert.deepEqual(res.diff.members.map((m) => [m.member, Array.from(m.gained), Array.from(m.lost)]), j.diff.members.map((m) => [m.member, m.gained, m.lost]));
});
