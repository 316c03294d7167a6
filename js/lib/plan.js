// A whole group's allocation as rmq.allocateAll answers it: members and
// their shares as spans over the queue list JS sent (alloc_wire.js reads
// the module's answer into one).

import { MEMBER } from './wire.js';

// Member kinds in Plan's spans: the plan's own MEMBER kinds (wasm/allocate.go
// writePlan) for refs and ranges, and NONE (no answer: null, or an error)
// where the plan says MEMBER.ERROR or null refs.
export const REFS = MEMBER.REFS;
export const RANGE = MEMBER.RANGE;
export const NONE = -1;

/** A whole group's allocation (index.d.ts: Plan). */
export class Plan {
  #base;
  #idx;
  #extra;
  #spans;
  #errors;
  #index;
  constructor(strategy, base, members, idx, extra, spans, errors) {
    this.strategy = strategy;
    this.members = members;
    this.#base = base;
    this.#idx = idx;
    this.#extra = extra;
    this.#spans = spans;
    this.#errors = errors;
    this.#index = null;
  }

  /** Every queue, in the order the strategy saw them (frozen, built on first use). */
  get queues() {
    return this.#base.all();
  }

  #member(cid) {
    if (this.#index === null) {
      const index = new Map();
      const ms = this.members;
      for (let i = 0; i < ms.length; i++) if (!index.has(ms[i])) index.set(ms[i], i);
      this.#index = index;
    }
    return this.#index.get(cid);
  }

  indexesOf(cid) {
    const m = this.#member(cid);
    if (m === undefined) return new Int32Array(0);
    const sp = this.#spans;
    const kind = sp[3 * m];
    const a = sp[3 * m + 1];
    const b = sp[3 * m + 2];
    if (kind === NONE) return null;
    if (kind === REFS) return this.#idx.slice(a, b);
    const out = new Int32Array(b - a);
    for (let i = 0; i < out.length; i++) out[i] = a + i;
    return out;
  }

  of(cid) {
    const m = this.#member(cid);
    if (m === undefined) return [];
    const sp = this.#spans;
    const kind = sp[3 * m];
    const a = sp[3 * m + 1];
    const b = sp[3 * m + 2];
    if (kind === NONE) return null;
    const base = this.#base;
    const out = new Array(b - a);
    if (kind === RANGE) {
      for (let k = a; k < b; k++) out[k - a] = base.at(k);
      return out;
    }
    const idx = this.#idx;
    for (let i = a; i < b; i++) {
      const k = idx[i];
      out[i - a] = k >= 0 ? base.at(k) : this.#extra[-k - 1];
    }
    return out;
  }

  error(cid) {
    const m = this.#member(cid);
    return m === undefined ? null : (this.#errors.get(m) ?? null);
  }

  toObject() {
    const out = {};
    const ms = this.members;
    for (let i = 0; i < ms.length; i++) {
      if (!this.#errors.has(i)) out[ms[i]] = this.of(ms[i]);
    }
    return out;
  }
}
