// Queues in responses (wasm/queues.go): a refs list names each queue by
// its position in a list JS sent (its base: a Topic's or a call's
// QueueCols, seen through a sort's perm) or writes it out in full.

/** A queue as handed out: frozen. */
export function frozenQueue(topic, brokerName, queueId) {
  return Object.freeze({ topic, brokerName, queueId });
}

export function readQueue(d) {
  return frozenQueue(d.str(), d.str(), d.i32());
}

/**
 * A queue list as sent (its QueueCols), seen through perm (the sorted view,
 * or null): objects are made on first need, once per queue (made is shared
 * by the views of one list, so both hand out the same objects).
 */
export class ColsBase {
  constructor(cols, perm, made = new Array(cols.ids.length)) {
    this.cols = cols;
    this.perm = perm;
    this.length = perm === null ? cols.ids.length : perm.length;
    this.made = made;
    this.list = null;
  }

  /** The same list seen through perm. */
  view(perm) {
    return new ColsBase(this.cols, perm, this.made);
  }

  at(k) {
    const i = this.perm === null ? k : this.perm[k];
    let q = this.made[i];
    if (q === undefined) {
      const c = this.cols;
      q = frozenQueue(c.topics[i], c.brokers[i], c.ids[i]);
      this.made[i] = q;
    }
    return q;
  }

  all() {
    if (this.list === null) {
      const out = new Array(this.length);
      for (let k = 0; k < out.length; k++) out[k] = this.at(k);
      this.list = Object.freeze(out);
    }
    return this.list;
  }
}

/** Decodes a refs list (wasm/queues.go) against base; null for Java null. */
export function readRefs(d, base) {
  const n1 = d.uv();
  if (n1 === 0) return null;
  const out = new Array(n1 - 1);
  for (let i = 0; i < out.length; i++) {
    const k = d.uv();
    out[i] = k === 0 ? readQueue(d) : base.at(k - 1);
  }
  return out;
}

export function readPerm(d) {
  const n1 = d.uv();
  if (n1 === 0) return null;
  const perm = new Int32Array(n1 - 1);
  for (let i = 0; i < perm.length; i++) perm[i] = d.uv();
  return perm;
}

/**
 * The custom queues (internal/wireschema full.go; wasm/select.go
 * writeQueues): a refs list with every queue written out in full.
 */
export function decQueues(d) {
  return readRefs(d, null);
}
