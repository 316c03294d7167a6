// engine.js — every computation of the playground, over a loaded rmqalloc
// instance. Pure functions of (rmq, state); run inside the Web Worker so the
// page never freezes. Results are plain data (structured-cloneable).

// Relative, so that node (e2e/logic.test.mjs) resolves it too; the page's
// /lib/engine.js resolves it to /js/names.js (../ stops at the root): the
// package's public rmqalloc/names.
import { clientProfiles } from '../../js/names.js';

/** Broker names of the quick form: broker-a, broker-b, ..., with rooms "room@broker-x". */
export function brokerNames(count, rooms) {
  const names = [];
  for (let i = 0; i < count; i++) {
    let s = '', n = i;
    do { s = String.fromCharCode(97 + (n % 26)) + s; n = Math.floor(n / 26) - 1; } while (n >= 0);
    const b = 'broker-' + s;
    names.push(rooms.length ? rooms[i % rooms.length] + '@' + b : b);
  }
  return names;
}

/** The topic's queues: consumers' (subscribe) and producers' (publish) lists. */
export function topicQueues(rmq, st, overrides = {}) {
  const topic = st.topic;
  if (st.source === 'route') {
    const text = cleanPaste(st.route);
    if (text === '') {
      throw Object.assign(new Error('Paste the output of mqadmin topicRoute -t ' + (topic || 'TOPIC') + ' into the box, or insert the example route.'), { field: 'route', prompt: true });
    }
    // The text as pasted: the module reads mqadmin's fastjson (unquoted
    // integer keys) and JSON. Only a JSON {"data": route} wrapper is
    // unwrapped here.
    let route = text;
    try {
      const j = JSON.parse(text);
      if (j && typeof j === 'object' && j.queueDatas === undefined && j.data) route = j.data;
    } catch { /* not JSON: mqadmin's fastjson text */ }
    const r = rmq.routeToQueues({ topic, route });
    return { subscribe: r.subscribe, publish: r.publish };
  }
  const brokers = overrides.brokers ?? st.brokers;
  const qpb = overrides.queuesPerBroker ?? st.queuesPerBroker;
  const qs = [];
  for (const b of brokerNames(brokers, st.rooms)) {
    for (let q = 0; q < qpb; q++) qs.push({ topic, brokerName: b, queueId: q });
  }
  return { subscribe: qs, publish: qs };
}

/**
 * A pasted topicRoute as JSON text: without a leading byte-order mark and
 * without the "RocketMQLog:WARN ..." lines mqadmin prints before the JSON.
 */
export function cleanPaste(text) {
  return text.replace(/^\uFEFF/, '').split(/\r?\n/).filter((l) => !/^\s*RocketMQLog:/.test(l)).join('\n').trim();
}

/** Client IDs listed more than once, with their counts (the duplicate-client-ID fault). */
export function duplicateIDs(consumers) {
  const n = new Map();
  for (const c of consumers) n.set(c, (n.get(c) || 0) + 1);
  return [...n].filter(([, k]) => k > 1).map(([id, count]) => ({ id, count }));
}

/**
 * MACHINE_ROOM_NEARBY's room lookups that cannot work: client IDs and broker
 * names with no field at the resolver's index (Java's split then throws
 * ArrayIndexOutOfBoundsException in every consumer's rebalance).
 */
export function roomlessNames(st, queues) {
  const s = st.strategy;
  if (s.name !== 'MACHINE_ROOM_NEARBY' || st.mode === 'broadcasting') return null;
  const short = (name, field) => name.split(s.sep).length <= field;
  const ids = st.consumers.filter((c) => short(c, s.consumerField));
  const brokers = [...new Set(queues.map((q) => q.brokerName))].filter((b) => short(b, s.brokerField));
  return ids.length || brokers.length ? { ids: ids.slice(0, 50), idCount: ids.length, brokers: brokers.slice(0, 20), brokerCount: brokers.length } : null;
}

/** Parses CONFIG's list: "broker-a:0 broker-a:1-3, broker-b:2". */
export function parseQueueList(text, topic) {
  const out = [];
  for (const tok of text.split(/[\s,;]+/).filter(Boolean)) {
    const m = /^(.+):(-?\d+)(?:-(-?\d+))?$/.exec(tok);
    if (!m) throw Object.assign(new Error(`CONFIG list: "${tok}" is not broker:queueId or broker:from-to`), { field: 'config' });
    const lo = Number(m[2]), hi = m[3] === undefined ? lo : Number(m[3]);
    if (hi < lo || hi - lo > 10000) throw Object.assign(new Error(`CONFIG list: bad range in "${tok}"`), { field: 'config' });
    for (let i = lo; i <= hi; i++) out.push({ topic, brokerName: m[1], queueId: i });
  }
  return out;
}

/** The strategy spec of the state (FORMAT.md shape). */
export function strategySpec(s, topic, name = s.name) {
  switch (name) {
    case 'CONSISTENT_HASH': return { name, virtualNodeCnt: s.virtualNodes };
    case 'MACHINE_ROOM': return { name, consumeridcs: s.consumeridcs };
    case 'CONFIG': return { name, messageQueueList: parseQueueList(s.config, topic) };
    case 'MACHINE_ROOM_NEARBY':
      return {
        name, inner: strategySpec(s, topic, s.inner),
        resolver: { sep: s.sep, brokerField: s.brokerField, consumerField: s.consumerField },
      };
    default: return { name };
  }
}

/** The playground's clients (state.client) → the module's profile names (generated from wasm/strategy.go). */
export const PROFILE_OF = Object.freeze({ '4.9.3': clientProfiles.JAVA493, '5.3.3': clientProfiles.JAVA533, go: clientProfiles.GO });

/** rmqalloc options naming the client that allocates. */
export function clientOptions(client) {
  return client === 'go' ? { profile: PROFILE_OF.go } : { version: client };
}

const key = (q) => q.brokerName + '\u0000' + q.queueId;

export function errInfo(e) {
  return { message: String(e && e.message || e), code: e && e.code || null, javaClass: e && e.javaClass || null, field: e && e.field || null, ...(e && e.prompt ? { prompt: true } : {}) };
}

/**
 * The rmq.analysis plan input of an assignment (rooms: for Stats.locality).
 * The consumer group is not passed: no strategy reads it.
 *
 * Broadcasting is no strategy the analysis knows: every consumer reads
 * every queue. The plan is asked with CONFIG and an empty list (nobody gets
 * anything, no checks) for the sorted queues and members and the queue
 * identities of the diff; fromPlan then fills in "everybody owns
 * everything" (shares of Q × M entries would not fit for big groups).
 */
export function planInput({ queues, consumers, spec, client, mode, rooms = null }) {
  const strategy = mode === 'broadcasting' ? { name: 'CONFIG', messageQueueList: [] } : { ...spec, ...clientOptions(client) };
  return { strategy, queues, members: consumers, sort: true, ...(rooms ? { rooms } : {}) };
}

/**
 * Rooms for the plans' room statistics: NEARBY's resolver when it is the
 * strategy, else the quick form's names (broker "room@broker-x", client IDs
 * "ip@pid@room") when it has rooms. Null: no room statistics.
 */
export function roomsOf(st) {
  const s = st.strategy;
  if (s.name === 'MACHINE_ROOM_NEARBY') return { sep: s.sep, brokerField: s.brokerField, consumerField: s.consumerField };
  return st.source === 'quick' && st.rooms.length ? { sep: '@', brokerField: 0, consumerField: 2 } : null;
}

/** Stats of broadcasting: each of M members reads all Q queues. */
function broadcastStats(st) {
  const Q = st.queues, M = st.members;
  return {
    ...st, assigned: M ? Q : 0, orphaned: M ? 0 : Q, shared: M > 1 ? Q : 0,
    perMember: new Array(M).fill(Q), min: M ? Q : 0, max: M ? Q : 0, mean: M ? Q : 0, stdDev: 0,
    balanceGap: 0, idle: Q ? [] : [...Array(M).keys()],
    brokers: st.brokers.map((b) => ({ ...b, orphaned: M ? 0 : b.queues, consumers: M, maxPerConsumer: M ? b.queues : 0 })),
    rooms: [], hasRooms: false, locality: 0,
  };
}

/**
 * An rmq.analysis plan in the shape the views draw: queues as
 * [broker, id], members (Java order, whatever the client), the first owner
 * and the owner count per queue, queues per member (Stats.perMember: the
 * topic's distinct queues), errors ({member, javaClass, message}) and the
 * plan's Stats.
 *
 * extra: CONFIG may list queues the topic lacks; a member really gets them
 * (Java returns its list as is) but the analysis counts only the topic's
 * queues, so they are listed apart ([broker, id], given to every member
 * whose call did not fail).
 */
export function fromPlan(p, { mode = 'clustering', client = '4.9.3', spec = null, extra = [], notWritable = null } = {}) {
  const Q = p.queues.length, M = p.members.length;
  const queues = p.queues.map((q) => [q.brokerName, q.queueId]);
  // ro[i] = 1: queue i is readable but not writable (perm 4, fewer write
  // queues, no master): producers never send there.
  const ro = notWritable ? Uint8Array.from(p.queues, (q) => (notWritable.has(key(q)) ? 1 : 0)) : null;
  if (mode === 'broadcasting') {
    const stats = broadcastStats(p.stats);
    const allRo = !!ro && Q > 0 && ro.every((x) => x);
    return {
      strategy: spec ? spec.name : 'broadcasting', name: 'broadcasting', mode, client, queues, members: p.members,
      owners: new Int32Array(Q).fill(M ? 0 : -1), nown: new Int32Array(Q).fill(M), counts: new Int32Array(M).fill(Q),
      errors: [], extra: [], stats, ro, roOnly: allRo ? [...Array(M).keys()] : [],
    };
  }
  const owners = new Int32Array(Q).fill(-1), nown = new Int32Array(Q);
  const roOnly = [];
  p.shares.forEach((share, m) => {
    for (const i of share) { if (nown[i]++ === 0) owners[i] = m; }
    if (ro && share.length && share.every((i) => ro[i])) roOnly.push(m);
  });
  // A Go-client strategy's label is "go:NAME"; the client is shown apart.
  const name = p.strategy.replace(/^go:/, '');
  return {
    strategy: spec ? spec.name : name, name, mode, client, queues, members: p.members,
    owners, nown, counts: Int32Array.from(p.stats.perMember), errors: p.errors, extra, stats: p.stats, ro, roOnly,
  };
}

/** Keys of the subscribe queues producers cannot write (null: all writable). */
export function notWritableOf(t) {
  if (t.publish === t.subscribe) return null;
  const pub = new Set(t.publish.map(key));
  const out = new Set(t.subscribe.map(key).filter((k) => !pub.has(k)));
  return out.size ? out : null;
}

/**
 * The group's retry topic %RETRY%<group>: one queue per broker (the
 * broker's default retryQueueNums = 1), allocated by the same strategy.
 */
export function retryQueues(st, queues) {
  const topic = '%RETRY%' + st.group;
  return [...new Set(queues.map((q) => q.brokerName))].map((b) => ({ topic, brokerName: b, queueId: 0 }));
}

/** CONFIG's listed queues that the topic does not have, as [broker, id]. */
function extraQueues(spec, queues, mode) {
  if (mode === 'broadcasting' || spec.name !== 'CONFIG' || !spec.messageQueueList) return [];
  const have = new Set(queues.map(key));
  const out = new Map();
  for (const q of spec.messageQueueList) if (!have.has(key(q))) out.set(key(q), [q.brokerName, q.queueId]);
  return [...out.values()];
}

/**
 * The whole group's assignment (rmq.analysis.plan): queues and members
 * sorted as a rebalance sorts, owners per queue, queues per member, stats.
 */
export function assignment(rmq, input) {
  const p = rmq.analysis.plan(planInput(input));
  return fromPlan(p, { ...input, extra: extraQueues(input.spec, input.queues, input.mode) });
}

/**
 * Before and after a change (rmq.analysis.diff): both assignments and the
 * Go diff (moved, kept, added, removed, minMoves, excess, movedQueues as
 * positions in after's queues, per-member gained/lost). Queues are matched
 * by identity, so a what-if that adds or drops queues shows them as added
 * / removed, and only common queues can move.
 *
 * Broadcasting: every consumer reads every queue on its own offsets, so a
 * join or leave hands no queue over: nothing moves (kept = common,
 * minMoves = excess = 0, members null: no per-member gains and losses);
 * added / removed still come from the analysis.
 */
export function change(rmq, from, to) {
  const r = diffByPosition(rmq, from, to);
  const d = r.diff;
  if (from.mode === 'broadcasting') Object.assign(d, { kept: d.common, moved: 0, minMoves: 0, excess: 0, movedQueues: [], members: null });
  return {
    before: fromPlan(r.from, { ...from, extra: extraQueues(from.spec, from.queues, from.mode) }),
    after: fromPlan(r.to, { ...to, extra: extraQueues(to.spec, to.queues, to.mode) }),
    diff: d,
  };
}

/**
 * A positions answer's plan (rmq.analysis.plan/diff with positions: true)
 * in the JSON answer's shape: queues in the plan's order (the given queue
 * objects themselves) and shares as positions in them. Returns the map
 * from a given position to the plan's (inv) for the diff's lists.
 */
function inPlanOrder(p, given) {
  const inv = new Int32Array(given.length).fill(-1);
  p.order.forEach((g, k) => { inv[g] = k; });
  p.queues = Array.from(p.order, (g) => given[g]);
  for (const s of p.shares) for (let j = 0; j < s.length; j++) s[j] = inv[s[j]];
  return inv;
}

const SHARE_MIN = 10000;

function sameQueues(a, b) {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i], y = b[i];
    if (x.queueId !== y.queueId || x.brokerName !== y.brokerName || x.topic !== y.topic) return false;
  }
  return true;
}

/**
 * rmq.analysis.diff by position (issue 12): the queues do not cross the
 * module boundary as JSON objects (at 2M queues most of the time went
 * there); the result reads as the JSON answer, with typed arrays for
 * movedQueues and each member's gained and lost.
 */
export function diffByPosition(rmq, from, to) {
  // One list on both sides (the what-if kept the queues): interned once,
  // it crosses the boundary once instead of twice.
  const shared = from.queues.length >= SHARE_MIN && sameQueues(from.queues, to.queues) ? rmq.topic(from.queues) : null;
  let r;
  try {
    const a = planInput(from), b = planInput(to);
    if (shared) a.queues = b.queues = shared;
    r = rmq.analysis.diff({ from: a, to: b, positions: true });
  } finally {
    if (shared) shared.dispose();
  }
  const invFrom = inPlanOrder(r.from, from.queues), invTo = inPlanOrder(r.to, to.queues);
  const remap = (list, inv) => { for (let j = 0; j < list.length; j++) list[j] = inv[list[j]]; };
  remap(r.diff.movedQueues, invTo);
  for (const m of r.diff.members) { remap(m.gained, invTo); remap(m.lost, invFrom); }
  return r;
}

/** The state after the what-if change: consumers and queue counts. */
export function whatIfInput(st) {
  const w = st.whatIf;
  let consumers = st.consumers.slice();
  if (w.add) consumers.push(w.add);
  if (w.remove) consumers = consumers.filter((c) => c !== w.remove);
  return { consumers, overrides: { brokers: w.brokers, queuesPerBroker: w.queuesPerBroker } };
}

function settle(fn) {
  try { return { ok: fn() }; } catch (e) { return { error: errInfo(e) }; }
}

/**
 * Everything the allocation and what-if tabs show. whatIf: false skips the
 * what-if side (a second plan and the diff, the bulk of the work on big
 * topics) while the What-if tab is not open; the result then has
 * whatIfPending: true.
 */
export function analyze(rmq, st, { whatIf = true } = {}) {
  const t = settle(() => topicQueues(rmq, st));
  if (t.error) return { error: t.error };
  const spec = settle(() => strategySpec(st.strategy, st.topic));
  if (spec.error) return { error: spec.error };
  const input = { queues: t.ok.subscribe, consumers: st.consumers, spec: spec.ok, client: st.client, mode: st.mode, rooms: roomsOf(st), notWritable: notWritableOf(t.ok) };
  const w = whatIfInput(st);
  const retryOf = () => (st.retry && st.mode === 'clustering'
    ? settle(() => ({ ...assignment(rmq, { ...input, queues: retryQueues(st, t.ok.subscribe), notWritable: null, rooms: null }), topic: '%RETRY%' + st.group })) : null);
  if (!whatIf) {
    const faults = { duplicates: duplicateIDs(st.consumers), afterDuplicates: [], roomless: roomlessNames(st, t.ok.subscribe) };
    const b = settle(() => assignment(rmq, input));
    if (b.error) return { error: b.error };
    return { before: b.ok, beforeStats: b.ok.stats, faults, retry: retryOf(), whatIfPending: true };
  }
  const t2 = settle(() => topicQueues(rmq, st, w.overrides));
  const both = t2.error ? t2 : settle(() => change(rmq, input, { ...input, queues: t2.ok.subscribe, consumers: w.consumers, notWritable: notWritableOf(t2.ok) }));
  const faults = { duplicates: duplicateIDs(st.consumers), afterDuplicates: duplicateIDs(w.consumers), roomless: roomlessNames(st, t.ok.subscribe) };
  // The retry topic, when asked for (clustering only: broadcasting does not retry through the broker).
  const retry = retryOf();
  if (both.ok) {
    const { before, after, diff } = both.ok;
    return { before, beforeStats: before.stats, after, afterStats: after.stats, diff, faults, retry };
  }
  // Which side failed? Only the error path pays for a second plan.
  const before = settle(() => assignment(rmq, input));
  if (before.error) return { error: before.error };
  return { before: before.ok, beforeStats: before.ok.stats, afterError: both.error, faults, retry };
}

const COMPARE_GRID_MAX = 512;

/** Strategies Compare leaves out, each with the reason. */
export function absentFromCompare(st) {
  const out = [['CONFIG', 'it ignores the consumers: each one gets the configured list, so there is nothing to compare']];
  if (!st.rooms.length) {
    const why = st.source === 'quick' ? 'they need rooms: fill in "Rooms" (brokers become room@broker-x, client IDs ip@pid@room)'
      : 'they need rooms, which Compare takes from the quick form’s "Rooms" field';
    out.unshift(['MACHINE_ROOM', why], ['MACHINE_ROOM_NEARBY', why]);
  }
  return out;
}

/** The strategies compared side by side, as (label, spec, client). */
export function compareSet(st) {
  const s = st.strategy, topic = st.topic;
  const list = [
    ['AVG', strategySpec(s, topic, 'AVG')],
    ['AVG_BY_CIRCLE', strategySpec(s, topic, 'AVG_BY_CIRCLE')],
    [`CONSISTENT_HASH (${s.virtualNodes} virtual nodes)`, strategySpec(s, topic, 'CONSISTENT_HASH')],
  ];
  if (st.rooms.length) {
    list.push(['MACHINE_ROOM', strategySpec(s, topic, 'MACHINE_ROOM')]);
    list.push([`MACHINE_ROOM_NEARBY-${s.inner}`, strategySpec(s, topic, 'MACHINE_ROOM_NEARBY')]);
  }
  return list;
}

/**
 * Every strategy on the same input and the same what-if change, in
 * clustering mode: the analysis's stats before and after and its diff.
 */
export function compareAll(rmq, st, progress = () => {}) {
  const t = topicQueues(rmq, st);
  const w = whatIfInput(st);
  const t2 = topicQueues(rmq, st, w.overrides);
  const rooms = roomsOf(st);
  const set = compareSet(st);
  const rows = [];
  set.forEach(([label, spec], i) => {
    progress(i, set.length, label);
    const row = { label };
    try {
      const from = { queues: t.subscribe, consumers: st.consumers, spec, client: st.client, mode: 'clustering', rooms };
      const r = diffByPosition(rmq, from, { ...from, queues: t2.subscribe, consumers: w.consumers });
      const d = r.diff;
      row.before = r.from.stats; row.after = r.to.stats;
      row.moved = d.moved; row.minMoves = d.minMoves; row.excess = d.excess;
      row.kept = d.kept; row.added = d.added; row.removed = d.removed;
      row.errors = r.from.errors.length + r.to.errors.length;
      // Small topics get a mini grid per strategy (owners only; a few KB).
      if (r.from.queues.length <= COMPARE_GRID_MAX) {
        const a = fromPlan(r.from, from);
        row.grid = { queues: a.queues, members: a.members, owners: a.owners, nown: a.nown };
      }
    } catch (e) { row.error = errInfo(e); }
    rows.push(row);
  });
  progress(set.length, set.length, '');
  return { rows, rooms: !!rooms, absent: absentFromCompare(st) };
}

const TIMES = [0, 1000, 5000, 10000, 30000, 60000, 120000, 180000, 600000];

function hashArg(p) {
  if (p.keyType === 'int') {
    const v = Number(p.key);
    if (!/^-?\d+$/.test(p.key.trim()) || v < -2147483648 || v > 2147483647) throw Object.assign(new Error('key must be an int32 for type int'), { field: 'key' });
    return { type: 'int', value: v };
  }
  if (p.keyType === 'long') {
    if (!/^-?\d+$/.test(p.key.trim())) throw Object.assign(new Error('key must be a decimal integer for type long'), { field: 'key' });
    return { type: 'long', value: p.key.trim() };
  }
  return { type: 'string', value: p.key };
}

/** Everything the producer tab shows. */
export function producerView(rmq, st) {
  const t = settle(() => topicQueues(rmq, st));
  if (t.error) return { error: t.error, client: st.client };
  const mqs = t.ok.publish, p = st.producer;
  const q2 = (q) => q && [q.brokerName, q.queueId];
  const out = { publish: mqs.map(q2), client: st.client };
  out.hash = settle(() => q2(rmq.select({ selector: 'hash', mqs, arg: hashArg(p) })));
  out.groups = p.groups.map((g) => {
    const java = settle(() => q2(rmq.select({ selector: 'messageGroup', mqs, messageGroup: g, profile: 'grpc-java' })));
    const node = settle(() => q2(rmq.select({ selector: 'messageGroup', mqs, messageGroup: g, profile: 'grpc-nodejs-1.0.8' })));
    return { group: g, java, node };
  });
  out.roundRobin = {};
  out.latency = {};
  for (const version of ['4.9.3', '5.3.3']) {
    out.roundRobin[version] = settle(() => {
      const prod = rmq.producer({ mqs, version, latencyFaultTolerance: false, startIndex: p.startIndex });
      try {
        const rows = [];
        for (let i = 0; i < p.sends; i++) {
          const first = prod.select(null);
          const row = { first: q2(first) };
          if (p.failing && first.brokerName === p.failing) row.retry = q2(prod.select({ lastBrokerName: first.brokerName }));
          rows.push(row);
        }
        return rows;
      } finally { prod.dispose(); }
    });
    out.latency[version] = settle(() => {
      const prod = rmq.producer({ mqs, version, latencyFaultTolerance: true, startIndex: p.startIndex, clock: () => 0 });
      try {
        // updateFaultItem(broker, latency, isolation): an isolation counts as
        // 30,000 ms (4.9.3) / 10,000 ms (5.3.3) whatever the latency.
        for (const b of new Set([...Object.keys(p.latency), ...Object.keys(p.isolated)])) {
          const ms = p.latency[b] || 0, iso = !!p.isolated[b];
          if (ms > 0 || iso) prod.update(b, ms, iso, { now: 0 });
        }
        return TIMES.map((now) => {
          const items = prod.faultItems();
          const avoided = items.filter((f) => now < f.startTimestamp).map((f) => [f.brokerName, f.startTimestamp]);
          const q = prod.select({ lastBrokerName: null, now });
          return { now, avoided, queue: q2(q) };
        });
      } finally { prod.dispose(); }
    });
  }
  return out;
}

/** Small worked examples for the explain tab, computed by the real code. */
export function examples(rmq) {
  const qs = [];
  for (const b of ['broker-a', 'broker-b']) for (let i = 0; i < 5; i++) qs.push({ topic: 'T', brokerName: b, queueId: i });
  const cids = ['192.168.1.10@1', '192.168.1.11@1', '192.168.1.9@1', '192.168.1.8@1'];
  const roomQs = [];
  for (const b of ['hz@broker-a', 'sh@broker-b']) for (let i = 0; i < 4; i++) roomQs.push({ topic: 'T', brokerName: b, queueId: i });
  const roomCids = ['192.168.1.1@1@hz', '192.168.1.2@1@hz', '192.168.1.3@1@sh'];
  const notes = {
    CONFIG: 'list: broker-a:0 broker-a:1',
    MACHINE_ROOM: 'consumeridcs: hz — note the sh consumer gets hz queues too, and sh@broker-b has no owner',
    MACHINE_ROOM_NEARBY: 'inner AVG; room = split("@")[0] of the broker, split("@")[2] of the client ID; nobody is in sh, so everybody shares sh\u2019s queues',
    CONSISTENT_HASH: '10 virtual nodes per consumer',
    AVG: '192.168.1.10 sorts first: strings compare character by character',
  };
  const specs = {
    AVG: [{ name: 'AVG' }, qs, cids],
    AVG_BY_CIRCLE: [{ name: 'AVG_BY_CIRCLE' }, qs, cids],
    CONSISTENT_HASH: [{ name: 'CONSISTENT_HASH', virtualNodeCnt: 10 }, qs, cids],
    CONFIG: [{ name: 'CONFIG', messageQueueList: qs.slice(0, 2) }, qs, cids.slice(0, 2)],
    MACHINE_ROOM: [{ name: 'MACHINE_ROOM', consumeridcs: ['hz'] }, roomQs, roomCids],
    MACHINE_ROOM_NEARBY: [{ name: 'MACHINE_ROOM_NEARBY', inner: { name: 'AVG' }, resolver: { sep: '@', brokerField: 0, consumerField: 2 } }, roomQs, roomCids.slice(0, 2)],
  };
  const out = {};
  for (const [name, [spec, queues, consumers]] of Object.entries(specs)) {
    out[name] = settle(() => {
      const plan = rmq.allocateAll({ strategy: spec, mqAll: queues, consumers, sort: true });
      return {
        note: notes[name] || '',
        queues: queues.map((q) => [q.brokerName, q.queueId]),
        rows: plan.members.map((m) => {
          const l = plan.of(m);
          return [m, l === null ? null : l.map((q) => [q.brokerName, q.queueId])];
        }),
      };
    });
  }
  return out;
}

/** A ViewsResult's combined plan in the shape grid() draws. */
function fromViews(v) {
  return { assignment: fromPlan(v.combined), stats: v.combined.stats, double: v.doubleOwned.length, orphaned: v.orphaned.length, strategies: v.strategies };
}

const javaOrder = (xs) => [...new Set(xs)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/**
 * Rebalance problems: (1) the what-if change seen by only some consumers,
 * (2) Java and Go consumers mixed in one group, (3) members that do not
 * subscribe to the topic. Each consumer runs its own strategy on its own view.
 */
export function problemsView(rmq, st) {
  const t = settle(() => topicQueues(rmq, st));
  if (t.error) return { error: t.error };
  const spec = settle(() => strategySpec(st.strategy, st.topic));
  if (spec.error) return { error: spec.error };
  const qs = t.ok.subscribe, strat = { ...spec.ok, ...clientOptions(st.client) }, p = st.problems;
  const w = whatIfInput(st);
  const old = javaOrder(st.consumers);
  const seen = new Set(old.slice(0, Math.min(p.seen, old.length)));
  const out = { seen: Math.min(p.seen, old.length), of: old.length };
  out.views = settle(() => fromViews(rmq.analysis.views({
    strategies: [strat], queues: qs, members: w.consumers, sort: true,
    views: javaOrder(w.consumers).map((m) => ({ member: m, members: seen.has(m) || !st.consumers.includes(m) ? w.consumers : st.consumers })),
  })));
  const go = new Set(p.go);
  out.mixed = settle(() => fromViews(rmq.analysis.mixed({
    java: spec.ok, go: spec.ok, queues: qs, sort: true,
    members: st.consumers.map((id) => ({ id, client: go.has(id) ? 'go' : 'java' })),
  })));
  const nosub = new Set(p.nosub);
  out.subscription = settle(() => fromViews(rmq.analysis.subscription({
    strategy: strat, queues: qs, members: st.consumers, sort: true,
    subscribers: st.consumers.filter((c) => !nosub.has(c)),
  })));
  return out;
}
