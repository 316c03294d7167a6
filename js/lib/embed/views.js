// views.js — what each embed element shows, computed with the public API
// over a loaded instance: plain models for grid.js (queues + cells + legend).

import { AttrError } from './inputs.js';

/** A person's name for a client profile: java-4.9.3 is 'Java client 4.9.3', go-client-2.1.2 'Go client 2.1.2'. */
export function profileLabel(profile) {
  const m = /^(java|go-client)-(.*)$/.exec(profile);
  return m ? `${m[1] === 'java' ? 'Java' : 'Go'} client ${m[2]}` : profile;
}
export const clientLabel = (c) => profileLabel(c.profile || `java-${c.version}`);

const qkey = (q) => q.brokerName + '\u0000' + q.queueId;
const byJava = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
const plural = (n, w) => `${n} ${w}${n === 1 ? '' : 's'}`;

/** MessageQueue.compareTo: topic, broker name, queue id. */
function sortQueues(qs) {
  return [...qs].sort((a, b) => byJava(a.topic, b.topic) || byJava(a.brokerName, b.brokerName) || a.queueId - b.queueId);
}

/** Grid cells from ownerLists, or from the playground's owners + nown (embed.d.ts). */
export function ownerCells({ members, ownerLists, owners, nown, moved, palette, all }) {
  const mv = moved ? new Set(moved) : null;
  const col = (m) => (palette ? palette[m] : m);
  const n = ownerLists ? ownerLists.length : owners.length;
  const cells = new Array(n);
  for (let i = 0; i < n; i++) {
    const list = ownerLists ? ownerLists[i] : owners[i] < 0 ? [] : [owners[i]];
    const count = ownerLists ? list.length : nown[i];
    const first = list.length ? list[0] : -1;
    const cell = { colour: first < 0 ? -1 : col(first), moved: !!(mv && mv.has(i)), many: count > 1 && !all };
    if (all) Object.assign(cell, { colour: -2, label: 'all', text: `every consumer (${members.length})` });
    else if (count === 0) Object.assign(cell, { label: '—', text: 'no owner' });
    else {
      cell.label = 'C' + col(first) + (count > 1 ? '+' + (count - 1) : '');
      cell.text = list.map((m) => `C${col(m)} ${members[m]}`).join(', ') + (count > list.length ? ` and ${count - list.length} more` : '');
    }
    cell.owners = list.map((m) => members[m]).join(',');
    cells[i] = cell;
  }
  return cells;
}

/** Per queue of plan.queues: the member indexes that own it; and the members' errors. */
function ownership(plan) {
  const lists = plan.queues.map(() => []);
  const errors = [];
  let extra = 0;
  plan.members.forEach((cid, m) => {
    const idx = plan.indexesOf(cid);
    if (idx === null) {
      const e = plan.error(cid);
      if (e) errors.push({ cid, m, e });
      return;
    }
    for (const k of idx) {
      if (k >= 0) lists[k].push(m);
      else extra++;
    }
  });
  return { lists, errors, extra };
}

function allocate(rmq, inp, consumers) {
  return rmq.allocateAll({ strategy: inp.strategy, mqAll: inp.queues, consumers, sort: inp.sort, ...inp.client });
}

/** rmq-allocation: the plan of every member, as a grid and a legend. */
export function allocationView(rmq, inp) {
  if (inp.mode === 'broadcasting') {
    // No strategy runs: every consumer reads every queue.
    const queues = inp.sort ? sortQueues(inp.queues) : inp.queues;
    let members = [...new Set(inp.consumers)];
    if (inp.sort) members.sort(byJava);
    const lists = queues.map(() => members.map((_, m) => m));
    return {
      title: 'Broadcasting', client: clientLabel(inp.client), queues, members,
      cells: ownerCells({ members, ownerLists: lists, all: true }),
      counts: members.map(() => queues.length), errors: [], extra: 0,
    };
  }
  const plan = allocate(rmq, inp, inp.consumers);
  const own = ownership(plan);
  const counts = plan.members.map(() => 0);
  own.lists.forEach((l) => l.forEach((m) => counts[m]++));
  return {
    title: plan.strategy || inp.strategy.name, client: clientLabel(inp.client), queues: plan.queues, members: plan.members,
    cells: ownerCells({ members: plan.members, ownerLists: own.lists }), counts, errors: own.errors, extra: own.extra,
  };
}

/**
 * rmq-rebalance: the plans before and after, and which queues move (their
 * owner set changes). Members keep one colour across both grids.
 */
export function rebalanceView(rmq, inp) {
  const a = allocate(rmq, inp, inp.before);
  const b = allocate(rmq, inp, inp.after);
  const union = [...a.members, ...b.members.filter((m) => !a.members.includes(m))];
  const colourOf = new Map(union.map((m, i) => [m, i]));
  const oa = ownership(a);
  const ob = ownership(b);
  // Both plans see the same queue list; match queues by identity anyway.
  const posA = new Map(a.queues.map((q, i) => [qkey(q), i]));
  const setOf = (plan, lists, i) => lists[i].map((m) => plan.members[m]).sort(byJava).join(',');
  const moved = [];
  b.queues.forEach((q, i) => {
    const j = posA.get(qkey(q));
    if (j !== undefined && setOf(a, oa.lists, j) !== setOf(b, ob.lists, i)) moved.push(i);
  });
  const movedA = moved.map((i) => posA.get(qkey(b.queues[i])));
  const count = (plan, lists) => {
    const c = new Map(plan.members.map((m) => [m, 0]));
    lists.forEach((l) => l.forEach((m) => c.set(plan.members[m], c.get(plan.members[m]) + 1)));
    return c;
  };
  const ca = count(a, oa.lists);
  const cb = count(b, ob.lists);
  return {
    title: b.strategy || inp.strategy.name, client: clientLabel(inp.client), moved: moved.length, total: b.queues.length,
    joined: b.members.filter((m) => !ca.has(m)), left: a.members.filter((m) => !cb.has(m)),
    before: { queues: a.queues, members: a.members, cells: ownerCells({ members: a.members, ownerLists: oa.lists, moved: movedA, palette: a.members.map((m) => colourOf.get(m)) }) },
    after: { queues: b.queues, members: b.members, cells: ownerCells({ members: b.members, ownerLists: ob.lists, moved, palette: b.members.map((m) => colourOf.get(m)) }) },
    union, counts: union.map((m) => [ca.has(m) ? ca.get(m) : null, cb.has(m) ? cb.get(m) : null]),
    errors: [...oa.errors, ...ob.errors],
  };
}

/** rmq-producer: the queue each key (message) goes to. */
export function producerView(rmq, inp) {
  const { queues, keys, selector } = inp;
  const pos = new Map(queues.map((q, i) => [qkey(q), i]));
  let picks;
  if (selector === 'round-robin') {
    const p = rmq.producer({ mqs: queues, version: inp.client.slice(5), startIndex: inp.startIndex });
    try {
      picks = keys.map(() => p.select(null));
    } finally {
      p.dispose();
    }
  } else if (selector === 'hash') {
    picks = inp.args.map((arg) => rmq.select({ selector: 'hash', mqs: queues, arg }));
  } else {
    picks = keys.map((g) => rmq.select({ selector: 'messageGroup', mqs: queues, messageGroup: g, profile: inp.client }));
  }
  const lists = queues.map(() => []);
  const where = picks.map((q, k) => {
    const i = pos.get(qkey(q));
    if (i === undefined) throw new AttrError('queues', null, `the selector returned ${q.brokerName} queue ${q.queueId}, which is not in the list`);
    lists[i].push(k);
    return q;
  });
  const tags = keys.map((_, k) => 'K' + k);
  const cells = lists.map((l) => ({
    colour: l.length ? l[0] : -1, many: false, label: l.length ? tags[l[0]] + (l.length > 1 ? '+' + (l.length - 1) : '') : '—',
    text: l.length ? l.map((k) => `${tags[k]} ${keys[k]}`).join(', ') : 'no message', owners: l.map((k) => keys[k]).join(','),
  }));
  return { queues, keys, tags, where, cells };
}

export { plural };
