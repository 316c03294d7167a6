// engine.js — every computation of the playground, over a loaded rmqalloc
// instance. Pure functions of (rmq, state); run inside the Web Worker so the
// page never freezes. Results are plain data (structured-cloneable).

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
    let route;
    try { route = JSON.parse(st.route); } catch (e) {
      throw Object.assign(new Error('route JSON does not parse: ' + e.message), { field: 'route' });
    }
    if (route && typeof route === 'object' && route.queueDatas === undefined && route.data) route = route.data;
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

/** rmqalloc options naming the client that allocates. */
export function clientOptions(client) {
  return client === 'go' ? { profile: 'go-client-2.1.2' } : { version: client };
}

const key = (q) => q.brokerName + '\u0000' + q.queueId;

export function errInfo(e) {
  return { message: String(e && e.message || e), code: e && e.code || null, javaClass: e && e.javaClass || null, field: e && e.field || null };
}

/**
 * The whole group's assignment: queues (sorted as a rebalance sorts), members
 * (sorted), owners per queue and queues per member.
 */
export function assignment(rmq, { queues, consumers, spec, client, mode, group }) {
  const base = { strategy: spec.name, mode, client };
  if (mode === 'broadcasting') {
    const plan = rmq.allocateAll({ strategy: { name: 'AVG' }, mqAll: queues.length ? queues : [], consumers, sort: true, ...clientOptions(client), consumerGroup: group });
    const Q = plan.queues.length, M = plan.members.length;
    const owners = new Int32Array(Q).fill(M ? 0 : -1), nown = new Int32Array(Q).fill(M);
    return { ...base, name: 'broadcasting', queues: plan.queues.map((q) => [q.brokerName, q.queueId]), members: [...plan.members], owners, nown, counts: new Int32Array(M).fill(Q), errors: [], lists: null };
  }
  const plan = rmq.allocateAll({ strategy: spec, mqAll: queues, consumers, sort: true, ...clientOptions(client), consumerGroup: group });
  const qs = plan.queues, members = [...plan.members];
  const Q = qs.length, M = members.length;
  const owners = new Int32Array(Q).fill(-1), nown = new Int32Array(Q), counts = new Int32Array(M);
  const errors = [];
  const extra = []; // CONFIG may hand out queues the topic does not have
  let index = null;
  for (let m = 0; m < M; m++) {
    const err = plan.error(members[m]);
    if (err) { errors.push({ member: m, ...errInfo(err) }); continue; }
    let idx = spec.name === 'CONFIG' ? null : plan.indexesOf(members[m]);
    if (idx === null) {
      const list = plan.of(members[m]);
      if (list === null) { errors.push({ member: m, message: 'no list (null)', javaClass: null }); continue; }
      if (!index) { index = new Map(); qs.forEach((q, i) => index.set(key(q), i)); }
      idx = [];
      for (const q of list) {
        const i = index.get(key(q));
        if (i === undefined) extra.push([m, q.brokerName, q.queueId]); else idx.push(i);
      }
    }
    counts[m] = idx.length + extra.filter((e) => e[0] === m).length; // CONFIG may list queues the topic lacks
    for (const i of idx) { if (nown[i]++ === 0) owners[i] = m; }
  }
  return { ...base, name: plan.strategy, queues: qs.map((q) => [q.brokerName, q.queueId]), members, owners, nown, counts, errors, extra };
}

/** min / max / idle / orphaned / double-owned of an assignment. */
export function stats(a) {
  let min = Infinity, max = -Infinity, idle = 0, orphan = 0, dbl = 0;
  for (const c of a.counts) { min = Math.min(min, c); max = Math.max(max, c); if (c === 0) idle++; }
  for (const n of a.nown) { if (n === 0) orphan++; else if (n > 1) dbl++; }
  if (!a.counts.length) { min = 0; max = 0; }
  return { queues: a.queues.length, members: a.members.length, min, max, idle, orphan, double: dbl };
}

/**
 * Movement from a to b. A queue present in both "moved" when its (first)
 * owner's client ID changed; queues only in b are "added", only in a
 * "removed". minMoves is the least any balanced assignment of b's queues to
 * b's members could move: every member m of b keeps at most cap(m) of the
 * common queues it owned in a, where r = Q mod C members may hold
 * ceil(Q/C) queues and the others floor(Q/C); giving the larger caps to the
 * members that owned the most maximises what is kept (exchange argument).
 * Example: a,b own 4 queues each; c joins → caps 3,3,2 → kept 3+3+0 → at
 * least 2 of 8 queues move (AVG moves 3).
 */
export function diff(a, b) {
  const before = new Map();
  a.queues.forEach((q, i) => before.set(q[0] + '\u0000' + q[1], a.owners[i] >= 0 ? a.members[a.owners[i]] : null));
  let moved = 0, kept = 0, added = 0;
  const movedIdx = [];
  const owned = new Map(b.members.map((m) => [m, 0])); // common queues each member of b owned in a
  b.queues.forEach((q, i) => {
    const k = q[0] + '\u0000' + q[1];
    if (!before.has(k)) { added++; return; }
    const was = before.get(k), now = b.owners[i] >= 0 ? b.members[b.owners[i]] : null;
    if (was !== null && owned.has(was)) owned.set(was, owned.get(was) + 1);
    if (was === now) kept++; else { moved++; movedIdx.push(i); }
    before.delete(k);
  });
  const Q = b.queues.length, C = b.members.length;
  let minMoves = kept + moved;
  if (C > 0) {
    const ks = [...owned.values()].sort((x, y) => y - x), lo = Math.floor(Q / C), r = Q % C;
    let maxKept = 0;
    ks.forEach((k, i) => { maxKept += Math.min(k, i < r ? lo + 1 : lo); });
    minMoves = kept + moved - maxKept;
  }
  return { moved, kept, added, removed: before.size, minMoves, movedIdx: Int32Array.from(movedIdx) };
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

/** Everything the allocation and what-if tabs show. */
export function analyze(rmq, st) {
  const t = settle(() => topicQueues(rmq, st));
  if (t.error) return { error: t.error };
  const spec = settle(() => strategySpec(st.strategy, st.topic));
  if (spec.error) return { error: spec.error };
  const input = { queues: t.ok.subscribe, consumers: st.consumers, spec: spec.ok, client: st.client, mode: st.mode, group: st.group };
  const before = settle(() => assignment(rmq, input));
  if (before.error) return { error: before.error };
  const w = whatIfInput(st);
  const t2 = settle(() => topicQueues(rmq, st, w.overrides));
  const after = t2.error ? t2 : settle(() => assignment(rmq, { ...input, queues: t2.ok.subscribe, consumers: w.consumers }));
  const res = { before: before.ok, beforeStats: stats(before.ok) };
  if (after.error) res.afterError = after.error;
  else { res.after = after.ok; res.afterStats = stats(after.ok); res.diff = diff(before.ok, after.ok); }
  return res;
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

/** Every strategy on the same input and the same what-if change. */
export function compareAll(rmq, st, progress = () => {}) {
  const t = topicQueues(rmq, st);
  const w = whatIfInput(st);
  const t2 = topicQueues(rmq, st, w.overrides);
  const set = compareSet(st);
  const rows = [];
  set.forEach(([label, spec], i) => {
    progress(i, set.length, label);
    const row = { label };
    try {
      const a = assignment(rmq, { queues: t.subscribe, consumers: st.consumers, spec, client: st.client, mode: 'clustering', group: st.group });
      const b = assignment(rmq, { queues: t2.subscribe, consumers: w.consumers, spec, client: st.client, mode: 'clustering', group: st.group });
      const d = diff(a, b);
      row.before = stats(a); row.after = stats(b);
      row.moved = d.moved; row.minMoves = d.minMoves; row.kept = d.kept; row.added = d.added; row.removed = d.removed;
      row.errors = a.errors.length + b.errors.length;
    } catch (e) { row.error = errInfo(e); }
    rows.push(row);
  });
  progress(set.length, set.length, '');
  return { rows };
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
  if (t.error) return { error: t.error };
  const mqs = t.ok.publish, p = st.producer;
  const q2 = (q) => q && [q.brokerName, q.queueId];
  const out = { publish: mqs.map(q2) };
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
        for (const [b, ms] of Object.entries(p.latency)) {
          if (ms > 0) prod.update(b, ms, !!p.isolated[b], { now: 0 });
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
  const c = v.combined, Q = c.queues.length, M = c.members.length;
  const owners = new Int32Array(Q).fill(-1), nown = new Int32Array(Q), counts = new Int32Array(M);
  c.shares.forEach((share, m) => {
    counts[m] = share.length;
    for (const i of share) { if (nown[i]++ === 0) owners[i] = m; }
  });
  return {
    assignment: { name: c.strategy, strategy: c.strategy, queues: c.queues.map((q) => [q.brokerName, q.queueId]), members: c.members, owners, nown, counts, errors: c.errors, extra: [] },
    stats: null, double: v.doubleOwned.length, orphaned: v.orphaned.length, strategies: v.strategies,
  };
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
