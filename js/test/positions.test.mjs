// rmq.analysis.plan / diff with positions: true against the JSON answer:
// on random groups (shuffled and duplicated queues, several strategies and
// clients, sort on and off, queues as arrays and as interned Topics) the
// positions answer must say exactly what the JSON one says.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load, isRmqError } from '../index.js';

const key = (q) => `${q.topic}\u0000${q.brokerName}\u0000${q.queueId}`;

function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomQueues(r) {
  const out = [];
  const brokers = 1 + Math.floor(r() * 4);
  for (let b = 0; b < brokers; b++) {
    const n = Math.floor(r() * 9);
    for (let i = 0; i < n; i++) out.push({ topic: 'T', brokerName: `b${(b * 7) % 5}`, queueId: i });
  }
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  if (out.length && r() < 0.3) out.push(out[Math.floor(r() * out.length)]); // listed twice
  return out;
}

const randomMembers = (r) => Array.from({ length: 1 + Math.floor(r() * 6) }, () => `10.0.0.${Math.floor(r() * 12)}@${Math.floor(r() * 3)}`);

const STRATEGIES = [
  { name: 'AVG' },
  { name: 'AVG_BY_CIRCLE' },
  { name: 'CONSISTENT_HASH', virtualNodeCnt: 5 },
  { name: 'AVG', profile: 'go-client-2.1.2' },
];

/** A JSON plan and a positions plan over the same given queues agree. */
function samePlan(json, pos, given, what) {
  assert.ok(!('queues' in pos), `${what}: no queues in the positions answer`);
  for (const k of ['strategy', 'client', 'members', 'errors', 'stats']) assert.deepEqual(pos[k], json[k], `${what}: ${k}`);
  assert.ok(pos.order instanceof Int32Array, `${what}: order is an Int32Array`);
  assert.deepEqual(Array.from(pos.order, (i) => key(given[i])), json.queues.map(key), `${what}: order gives the plan's queues`);
  assert.equal(new Set(pos.order).size, given.length, `${what}: order is a permutation`);
  assert.deepEqual(pos.shares.map((s) => Array.from(s)), json.shares.map((s) => s.map((k) => pos.order[k])), `${what}: shares`);
}

test('positions: plan and diff say what the JSON answer says, on random groups', async () => {
  const rmq = await load({ analysis: true });
  const r = rng(12);
  for (let round = 0; round < 150; round++) {
    const qa = randomQueues(r);
    const qb = r() < 0.5 ? qa : randomQueues(r);
    const strategy = STRATEGIES[round % STRATEGIES.length];
    const sort = r() < 0.7;
    const ta = r() < 0.3 ? rmq.topic(qa) : qa;
    const from = { strategy, queues: ta, members: randomMembers(r), sort };
    const to = { strategy, queues: qb, members: randomMembers(r), sort };
    const what = `round ${round} (${strategy.name}${strategy.profile ? ' go' : ''}, sort ${sort})`;

    samePlan(rmq.analysis.plan(from), rmq.analysis.plan({ ...from, positions: true }), qa, `${what} plan`);

    const json = rmq.analysis.diff({ from, to });
    const pos = rmq.analysis.diff({ from, to, positions: true });
    samePlan(json.from, pos.from, qa, `${what} from`);
    samePlan(json.to, pos.to, qb, `${what} to`);
    const { movedQueues, members, ...counts } = pos.diff;
    const { movedQueues: jMoved, members: jMembers, ...jCounts } = json.diff;
    assert.deepEqual(counts, jCounts, `${what}: counts`);
    assert.deepEqual(Array.from(movedQueues), jMoved.map((k) => pos.to.order[k]), `${what}: movedQueues`);
    assert.deepEqual(members.map((m) => m.member), jMembers.map((m) => m.member), `${what}: members`);
    members.forEach((m, i) => {
      const jm = jMembers[i];
      assert.deepEqual([m.inFrom, m.inTo], [jm.inFrom, jm.inTo], `${what}: ${m.member} in`);
      assert.deepEqual(Array.from(m.gained), jm.gained.map((k) => pos.to.order[k]), `${what}: ${m.member} gained`);
      assert.deepEqual(Array.from(m.lost), jm.lost.map((k) => pos.from.order[k]), `${what}: ${m.member} lost`);
    });
    if (ta !== qa) ta.dispose();
  }
});

test('positions: a worked example, and positions: false is the JSON answer', async () => {
  const rmq = await load({ analysis: true });
  // q5..q0 given in reverse: sorted, AVG gives c0 q0-q2 (given 5, 4, 3), c1 q3-q5.
  const qs = Array.from({ length: 6 }, (_, i) => ({ topic: 'T', brokerName: 'b', queueId: 5 - i }));
  const plan = (members) => ({ strategy: { name: 'AVG' }, queues: qs, members, sort: true });
  const d = rmq.analysis.diff({ from: plan(['c0', 'c1']), to: plan(['c0', 'c1', 'c2']), positions: true });
  assert.deepEqual(Array.from(d.from.order), [5, 4, 3, 2, 1, 0]);
  assert.deepEqual(d.to.shares.map((s) => Array.from(s)), [[5, 4], [3, 2], [1, 0]]);
  assert.deepEqual(Array.from(d.diff.movedQueues), [3, 1, 0], 'q2, q4, q5 move');
  assert.deepEqual(rmq.analysis.diff({ from: plan(['c0']), to: plan(['c1']), positions: false }), rmq.analysis.diff({ from: plan(['c0']), to: plan(['c1']) }));
});

test('positions: a wrong value names the field; positions belongs to diff, not to its plans', async () => {
  const rmq = await load({ analysis: true });
  const plan = { strategy: { name: 'AVG' }, queues: [{ topic: 'T', brokerName: 'b', queueId: 0 }], members: ['c0'] };
  assert.throws(() => rmq.analysis.plan({ ...plan, positions: 1 }), (e) => isRmqError(e) && e.field === 'positions');
  assert.throws(() => rmq.analysis.diff({ from: plan, to: plan, positions: 'yes' }), (e) => isRmqError(e) && e.field === 'positions');
  assert.throws(() => rmq.analysis.diff({ from: { ...plan, positions: true }, to: plan }), (e) => isRmqError(e) && /positions/.test(e.message));
  assert.equal(rmq.analysis.plan({ ...plan, positions: true }).shares[0][0], 0, 'the module is still usable');
});
