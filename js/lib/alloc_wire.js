// The customs of allocate and allocateAll (internal/wireschema queues.go:
// strategy, allocQueues, allocPlan), written and read as wasm/allocate.go
// does. ctx is the call's (api.js #allocCtx): what encQlist and
// encCidList (select_wire.js) take and leave (src, ids), and what the
// answer's queue base depends on: needPerm (the module sends the sort's
// permutation first), sort and slot (the Topic's cache of sorted views
// for this client's sort order). No ctx: lists given inline, unsorted.

import { MEMBER, PLAN_FORM } from './wire.js';
import { ColsBase, readPerm, readQueue, readRefs } from './refs.js';
import { decodeError } from './errors.js';
import { encSpec, QueueCols } from './validate.js';
import { NONE, Plan, RANGE, REFS } from './plan.js';

/** A strategy spec given as a value (the spec keys only). */
export function encStrategy(enc, v) {
  encSpec(enc, v);
}

/**
 * The base the answer's refs point into: the list as sent (ctx.src, a
 * Topic or the call's QueueCols), seen through the sort. A Topic keeps its
 * sorted views, so the permutation crosses once per Topic and sort order.
 */
function allocBase(d, ctx) {
  const src = ctx?.src ?? null;
  if (src !== null) ctx.src = null; // a reused ctx keeps no list alive
  const topic = src === null || src instanceof QueueCols ? null : src;
  if (!ctx?.needPerm) {
    if (topic !== null) return ctx.sort ? topic.sorted[ctx.slot] : topic.base;
    return src === null ? null : new ColsBase(src, null);
  }
  const perm = readPerm(d);
  if (topic !== null) {
    topic.sorted[ctx.slot] = perm === null ? topic.base : topic.base.view(perm);
    return topic.sorted[ctx.slot];
  }
  return new ColsBase(src, perm);
}

/** allocate's answer: the current consumer's queues (null: Java's null). */
export function decAllocQueues(d, ctx) {
  return readRefs(d, allocBase(d, ctx));
}

/** allocateAll's answer: a Plan over the lists as sent (ctx.ids: the client IDs). */
export function decAllocPlan(d, ctx) {
  const base = allocBase(d, ctx);
  const ids = ctx?.ids ?? null;
  if (ids !== null) ctx.ids = null;
  const strategy = d.str();
  const nm = d.uv();
  const form = d.u8();
  const members = new Array(nm);
  const spans = new Int32Array(3 * nm);
  const errors = new Map();
  if (form === PLAN_FORM.RUNS) {
    // AVG's shape: every member one run of the queues, sent as arrays.
    const perm = d.bool() ? d.i32s(nm) : -1;
    const start = d.i32s(nm);
    const count = d.i32s(nm);
    for (let m = 0; m < nm; m++) {
      members[m] = ids[perm < 0 ? m : d.i32At(perm + 4 * m)];
      const lo = d.i32At(start + 4 * m);
      spans[3 * m] = RANGE;
      spans[3 * m + 1] = lo;
      spans[3 * m + 2] = lo + d.i32At(count + 4 * m);
    }
    return new Plan(strategy, base, Object.freeze(members), null, [], spans, errors);
  }
  const byPos = form === PLAN_FORM.POSITIONS;
  const extra = [];
  let idx = null;
  let len = 0;
  for (let m = 0; m < nm; m++) {
    members[m] = byPos ? ids[d.uv()] : d.str();
    const kind = d.u8();
    if (kind === MEMBER.RANGE) {
      const start = d.uv();
      spans[3 * m] = RANGE;
      spans[3 * m + 1] = start;
      spans[3 * m + 2] = start + d.uv();
      continue;
    }
    if (kind === MEMBER.ERROR) {
      errors.set(m, decodeError(d));
      spans[3 * m] = NONE;
      continue;
    }
    const n1 = d.uv();
    if (n1 === 0) {
      spans[3 * m] = NONE;
      continue;
    }
    const n = n1 - 1;
    if (idx === null || len + n > idx.length) {
      const grown = new Int32Array(Math.max(16, 2 * (idx?.length ?? 0), len + n, base?.length ?? 0));
      if (idx !== null) grown.set(idx.subarray(0, len));
      idx = grown;
    }
    spans[3 * m] = REFS;
    spans[3 * m + 1] = len;
    for (let i = 0; i < n; i++) {
      const k = d.uv();
      if (k === 0) {
        extra.push(readQueue(d));
        idx[len++] = -extra.length;
      } else {
        idx[len++] = k - 1;
      }
    }
    spans[3 * m + 2] = len;
  }
  return new Plan(strategy, base, Object.freeze(members), idx, extra, spans, errors);
}
