// The public API over a Runtime: plain objects in and out, every argument
// checked here first (validate.js), results decoded from the module's
// response (wire.js). index.d.ts documents every method.

import { CIDS, OP } from './wire.js';
import { makeAnalysis } from './analysis.js';
import { makeDoctor } from './doctor.js';
import { decodeError, disposedError, rangeError, typeError, rmqError } from './errors.js';
import {
  array, bool, clientOf, encCids, encQueues, encSpec, int32, object, oneOf, safeInt, string,
} from './validate.js';

const SORT_ORDER = [1, 1, 2]; // client byte → sorted-view slot (java, java, go)

// Frees module-side objects (topics, producers) that were garbage-collected
// without dispose().
const finalizer = typeof FinalizationRegistry === 'function'
  ? new FinalizationRegistry(({ rt, op, id }) => {
    if (!rt.alive) return;
    try {
      rt.request().uv(id);
      rt.call(op);
    } catch {
      // the module died meanwhile: nothing left to free
    }
  })
  : null;

function freeze(q) {
  return Object.freeze({ topic: q.topic, brokerName: q.brokerName, queueId: q.queueId });
}

function copy(q) {
  return { topic: q.topic, brokerName: q.brokerName, queueId: q.queueId };
}

function readQueue(d) {
  return { topic: d.str(), brokerName: d.str(), queueId: d.i32() };
}

/** Decodes a refs list (wasm/queues.go) against base; null for Java null. */
function readRefs(d, base, fresh) {
  const n1 = d.uv();
  if (n1 === 0) return null;
  const out = new Array(n1 - 1);
  for (let i = 0; i < out.length; i++) {
    const k = d.uv();
    if (k === 0) out[i] = readQueue(d);
    else out[i] = fresh ? copy(base[k - 1]) : base[k - 1];
  }
  return out;
}

function readPerm(d) {
  const n1 = d.uv();
  if (n1 === 0) return null;
  const perm = new Int32Array(n1 - 1);
  for (let i = 0; i < perm.length; i++) perm[i] = d.uv();
  return perm;
}

/** An interned queue list (index.d.ts: Topic). */
class Topic {
  #rt;
  constructor(rt, id, queues) {
    this.#rt = rt;
    this.id = id;
    this.queues = queues;
    this.sorted = [null, null, null];
    this.disposed = false;
    Object.defineProperty(this, 'id', { enumerable: false });
    Object.defineProperty(this, 'sorted', { enumerable: false });
  }

  get size() {
    return this.queues.length;
  }

  dispose() {
    if (this.disposed) return;
    this.disposed = true;
    finalizer?.unregister(this);
    if (!this.#rt.alive) return;
    this.#rt.request().uv(this.id);
    this.#rt.call(OP.TOPIC_FREE);
  }

  belongsTo(rt) {
    return this.#rt === rt;
  }
}

// Identity index arrays (0..n-1) per queue list, for members whose share is
// a contiguous range of it.
const identities = new WeakMap();

function identity(base) {
  let id = identities.get(base);
  if (id === undefined || id.length < base.length) {
    id = new Int32Array(base.length);
    for (let i = 0; i < id.length; i++) id[i] = i;
    identities.set(base, id);
  }
  return id;
}

// Member kinds in Plan's spans (wasm/allocate.go writePlan).
const REFS = 0;
const NONE = 1;
const RANGE = 2;

/** A whole group's allocation (index.d.ts: Plan). */
class Plan {
  #idx;
  #extra;
  #spans;
  #errors;
  #index;
  #fresh;
  constructor(strategy, queues, members, idx, extra, spans, errors, fresh) {
    this.strategy = strategy;
    this.queues = queues;
    this.members = members;
    this.#idx = idx;
    this.#extra = extra;
    this.#spans = spans;
    this.#errors = errors;
    this.#fresh = fresh;
    this.#index = null;
  }

  #member(cid) {
    if (this.#index === null) {
      this.#index = new Map();
      this.members.forEach((m, i) => this.#index.set(m, i));
    }
    return this.#index.get(cid);
  }

  indexesOf(cid) {
    const m = this.#member(cid);
    if (m === undefined) return new Int32Array(0);
    const sp = this.#spans;
    const [kind, a, b] = [sp[3 * m], sp[3 * m + 1], sp[3 * m + 2]];
    if (kind === NONE) return null;
    return kind === RANGE ? identity(this.queues).subarray(a, b) : this.#idx.subarray(a, b);
  }

  of(cid) {
    const m = this.#member(cid);
    if (m === undefined) return [];
    const sp = this.#spans;
    const [kind, a, b] = [sp[3 * m], sp[3 * m + 1], sp[3 * m + 2]];
    if (kind === NONE) return null;
    const qs = this.queues;
    if (kind === RANGE) return this.#fresh ? qs.slice(a, b).map(copy) : qs.slice(a, b);
    const out = new Array(b - a);
    const idx = this.#idx;
    for (let i = a; i < b; i++) {
      const k = idx[i];
      out[i - a] = k >= 0 ? (this.#fresh ? copy(qs[k]) : qs[k]) : copy(this.#extra[-k - 1]);
    }
    return out;
  }

  error(cid) {
    const m = this.#member(cid);
    return m === undefined ? null : (this.#errors.get(m) ?? null);
  }

  toObject() {
    const out = {};
    this.members.forEach((m, i) => {
      if (!this.#errors.has(i)) out[m] = this.of(m);
    });
    return out;
  }
}

/** A stateful producer selector (index.d.ts: Producer). */
class Producer {
  #rt;
  #id;
  #clock;
  constructor(rt, id, clock, version, lft) {
    this.#rt = rt;
    this.#id = id;
    this.#clock = clock;
    this.version = version;
    this.latencyFaultTolerance = lft;
    this.disposed = false;
  }

  #now(v) {
    if (v !== undefined) return safeInt(v, 'now');
    return safeInt(this.#clock(), 'clock()');
  }

  #begin() {
    if (this.disposed) throw disposedError('the Producer');
    const enc = this.#rt.request();
    enc.uv(this.#id);
    return enc;
  }

  select(options) {
    let last = null;
    let resetIndex = false;
    let now;
    if (typeof options === 'string' || options === null || options === undefined) {
      last = options ?? null;
    } else {
      object(options, 'options');
      last = options.lastBrokerName ?? null;
      if (last !== null) string(last, 'options.lastBrokerName');
      resetIndex = bool(options.resetIndex, 'options.resetIndex', false);
      now = options.now;
    }
    const t = this.#now(now);
    const enc = this.#begin();
    enc.f64(t);
    enc.bool(last !== null);
    if (last !== null) enc.str(last);
    enc.bool(resetIndex);
    return readQueue(this.#rt.call(OP.PRODUCER_SELECT));
  }

  update(brokerName, latency, isolation, options) {
    string(brokerName, 'brokerName');
    safeInt(latency, 'latency');
    if (typeof isolation !== 'boolean') throw typeError('isolation', 'a boolean', isolation);
    let reachable = true;
    let now;
    if (options !== undefined) {
      object(options, 'options');
      reachable = bool(options.reachable, 'options.reachable', true);
      now = options.now;
    }
    const t = this.#now(now);
    const enc = this.#begin();
    enc.f64(t);
    enc.str(brokerName);
    enc.f64(latency);
    enc.bool(isolation);
    enc.bool(reachable);
    this.#rt.call(OP.PRODUCER_UPDATE);
  }

  reset() {
    this.#begin();
    this.#rt.call(OP.PRODUCER_RESET);
  }

  #state() {
    this.#begin();
    const d = this.#rt.call(OP.PRODUCER_STATE);
    const queues = readRefs(d, null, false);
    const index = d.i32();
    const n = d.uv();
    const faults = [];
    for (let i = 0; i < n; i++) {
      const f = { brokerName: d.str(), currentLatency: d.f64(), startTimestamp: d.f64() };
      const reachable = d.bool();
      if (this.version === '5.3.3') f.reachable = reachable;
      faults.push(f);
    }
    return { queues, index, faults };
  }

  queues() {
    return this.#state().queues;
  }

  sendIndex() {
    return this.#state().index;
  }

  faultItems() {
    return this.#state().faults;
  }

  dispose() {
    if (this.disposed) return;
    this.disposed = true;
    finalizer?.unregister(this);
    if (!this.#rt.alive) return;
    this.#rt.request().uv(this.#id);
    this.#rt.call(OP.PRODUCER_FREE);
  }
}

// Lists of at least this many client IDs are interned in the module the
// second time the same array is seen unchanged (allocateAll over a big group
// then sends a handle instead of every ID).
const INTERN_CIDS = 64;

/** A loaded module (index.d.ts: Rmq). */
export class Rmq {
  #rt;
  #cidCache = new WeakMap();
  constructor(rt) {
    this.#rt = rt;
    rt.request();
    const d = rt.call(OP.META);
    this.version = d.str();
    const strategies = [];
    for (let n = d.uv(); n > 0; n--) strategies.push(Object.freeze({ name: d.str(), options: Object.freeze(d.strings()) }));
    const profiles = [];
    for (let n = d.uv(); n > 0; n--) profiles.push(Object.freeze({ name: d.str(), ops: Object.freeze(d.strings()) }));
    this.strategies = Object.freeze(strategies);
    this.profiles = Object.freeze(profiles);
    // Which module this is: 'core' (rmqalloc.wasm) or 'full' (with analysis).
    this.build = d.p < d.b.length ? d.str() : 'core';
    this.analysis = makeAnalysis(rt, (v) => this.#topicOf(v), this.build === 'full');
    const { doctor, parse } = makeDoctor(rt, this.build === 'full');
    this.doctor = doctor;
    this.parse = parse;
  }

  get alive() {
    return this.#rt.alive;
  }

  /** The Topic v is, if it is one of this instance's. */
  #topicOf = (v) => {
    if (!(v instanceof Topic)) return null;
    if (!v.belongsTo(this.#rt)) throw rmqError(Error, 'ERR_INVALID_ARGUMENT', 'rmqalloc: this Topic belongs to another module instance', {});
    if (v.disposed) throw disposedError('the Topic');
    return v;
  };

  topic(queues) {
    array(queues, 'queues', 'an array of queues');
    const enc = this.#rt.request();
    encQueues(enc, queues, 'queues');
    const id = this.#rt.call(OP.TOPIC_NEW).uv();
    const t = new Topic(this.#rt, id, Object.freeze(queues.map(freeze)));
    finalizer?.register(t, { rt: this.#rt, op: OP.TOPIC_FREE, id }, t);
    return t;
  }

  /**
   * The module's handle of an interned copy of cids when it is a big list
   * seen before with the same contents, else 0 (send it inline). Must run
   * before the request is encoded: interning is a call of its own.
   */
  #cidHandle(cids, field) {
    if (!Array.isArray(cids) || cids.length < INTERN_CIDS) return 0;
    const hit = this.#cidCache.get(cids);
    if (hit === undefined || hit.rt !== this.#rt) {
      // First sight: remember it, send it inline this time.
      this.#cidCache.set(cids, { rt: this.#rt, id: 0, snapshot: null });
      return 0;
    }
    if (hit.id !== 0) {
      const snap = hit.snapshot;
      let same = snap.length === cids.length;
      for (let i = 0; same && i < snap.length; i++) same = snap[i] === cids[i];
      if (same) return hit.id;
      this.#freeCids(hit);
    }
    const enc = this.#rt.request();
    enc.u8(CIDS.INLINE);
    encCids(enc, cids, field, false);
    const id = this.#rt.call(OP.CIDS_NEW).uv();
    const entry = { rt: this.#rt, id, snapshot: cids.slice() };
    this.#cidCache.set(cids, entry);
    finalizer?.register(cids, { rt: this.#rt, op: OP.CIDS_FREE, id }, entry);
    return id;
  }

  #freeCids(entry) {
    if (entry.id === 0) return;
    finalizer?.unregister(entry);
    if (this.#rt.alive) {
      this.#rt.request().uv(entry.id);
      this.#rt.call(OP.CIDS_FREE);
    }
    entry.id = 0;
  }

  /** Encodes what allocate and allocateAll share; returns how to read refs. */
  #allocHead(enc, o, mqAll, cidAll, allowNull, handle) {
    const client = clientOf(o);
    const sort = bool(o.sort, 'sort', false);
    enc.u8(client);
    encSpec(enc, o.strategy);
    const group = o.consumerGroup ?? '';
    enc.str(string(group, 'consumerGroup'));
    const mqField = allowNull ? 'mqAll' : (o.topic !== undefined ? 'topic' : 'mqAll');
    const topic = encQueues(enc, mqAll, mqField, { allowNull, topicOf: this.#topicOf });
    if (handle !== 0) {
      enc.u8(CIDS.HANDLE);
      enc.uv(handle);
    } else if (cidAll === null && allowNull) {
      enc.u8(CIDS.NULL);
    } else {
      enc.u8(CIDS.INLINE);
      encCids(enc, cidAll, allowNull ? 'cidAll' : 'consumers', allowNull);
    }
    enc.bool(sort);
    const slot = SORT_ORDER[client];
    const cached = topic && sort ? topic.sorted[slot] : null;
    const needPerm = sort && mqAll !== null && cached === null;
    enc.bool(needPerm);
    return (d) => {
      if (!needPerm) {
        if (topic) return { base: sort ? cached : topic.queues, fresh: false };
        return { base: mqAll, fresh: true };
      }
      const perm = readPerm(d);
      const src = topic ? topic.queues : mqAll;
      const base = perm === null ? src : Array.from(perm, (i) => src[i]);
      if (topic) {
        topic.sorted[slot] = Object.freeze(base);
        return { base: topic.sorted[slot], fresh: false };
      }
      return { base, fresh: true };
    };
  }

  strategyName(strategy, options) {
    const o = options === undefined ? {} : object(options, 'options');
    const enc = this.#rt.request();
    enc.u8(clientOf(o));
    encSpec(enc, strategy);
    return this.#rt.call(OP.STRATEGY_NAME).str();
  }

  allocate(options) {
    const o = object(options, 'options');
    const cid = o.currentCID;
    if (cid !== null && typeof cid !== 'string') throw typeError('currentCID', 'a string or null', cid);
    if (o.mqAll === undefined) throw typeError('mqAll', 'an array of queues, a Topic or null', undefined);
    if (o.cidAll === undefined) throw typeError('cidAll', 'an array of strings or null', undefined);
    const handle = this.#cidHandle(o.cidAll, 'cidAll');
    const enc = this.#rt.request();
    const head = this.#allocHead(enc, o, o.mqAll, o.cidAll, true, handle);
    enc.str(cid ?? '');
    const d = this.#rt.call(OP.ALLOCATE);
    const { base, fresh } = head(d);
    return readRefs(d, base, fresh);
  }

  allocateAll(options) {
    const o = object(options, 'options');
    if (o.topic !== undefined && o.mqAll !== undefined) {
      throw rmqError(TypeError, 'ERR_INVALID_ARGUMENT', 'give topic or mqAll, not both', { field: 'topic' });
    }
    const mqs = o.topic !== undefined ? o.topic : o.mqAll;
    if (o.topic !== undefined && !(o.topic instanceof Topic)) throw typeError('topic', 'a Topic from rmq.topic()', o.topic);
    if (mqs === undefined) throw typeError('mqAll', 'an array of queues (or pass topic)', undefined);
    if (o.consumers === undefined) throw typeError('consumers', 'an array of strings', undefined);
    const handle = this.#cidHandle(o.consumers, 'consumers');
    const enc = this.#rt.request();
    const head = this.#allocHead(enc, o, mqs, o.consumers, false, handle);
    const d = this.#rt.call(OP.ALLOCATE_ALL);
    const { base, fresh } = head(d);
    const strategy = d.str();
    const nm = d.uv();
    const byPos = d.bool();
    const consumers = o.consumers;
    const members = new Array(nm);
    const spans = new Int32Array(3 * nm);
    const errors = new Map();
    const extra = [];
    let idx = null;
    let len = 0;
    for (let m = 0; m < nm; m++) {
      members[m] = byPos ? consumers[d.uv()] : d.str();
      const kind = d.u8();
      if (kind === 2) {
        const start = d.uv();
        spans[3 * m] = RANGE;
        spans[3 * m + 1] = start;
        spans[3 * m + 2] = start + d.uv();
        continue;
      }
      if (kind === 1) {
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
        const grown = new Int32Array(Math.max(16, 2 * (idx?.length ?? 0), len + n, base.length));
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
    const queues = fresh ? Object.freeze(base.map(freeze)) : base;
    return new Plan(strategy, queues, Object.freeze(members), idx, extra, spans, errors, false);
  }

  select(options) {
    const o = object(options, 'options');
    const selector = oneOf(o.selector, 'selector', ['hash', 'messageGroup']);
    const enc = this.#rt.request();
    const topic = encQueues(enc, o.mqs, 'mqs', { topicOf: this.#topicOf });
    let op;
    if (selector === 'hash') {
      op = OP.SELECT_HASH;
      encHashArg(enc, o.arg);
    } else {
      op = OP.SELECT_GROUP;
      enc.str(string(o.messageGroup, 'messageGroup'));
      const p = o.profile === undefined ? 'grpc-java' : oneOf(o.profile, 'profile', ['grpc-java', 'grpc-nodejs-1.0.8']);
      enc.u8(p === 'grpc-java' ? 0 : 1);
    }
    const d = this.#rt.call(op);
    return readRefs(d, topic ? topic.queues : o.mqs, !topic)[0];
  }

  producer(options) {
    const o = object(options, 'options');
    const version = o.version === undefined ? '4.9.3' : oneOf(o.version, 'version', ['4.9.3', '5.3.3']);
    const lft = bool(o.latencyFaultTolerance, 'latencyFaultTolerance', false);
    const clock = o.clock === undefined ? Date.now : o.clock;
    if (typeof clock !== 'function') throw typeError('clock', 'a function returning milliseconds', clock);
    const enc = this.#rt.request();
    encQueues(enc, o.mqs, 'mqs', { topicOf: this.#topicOf });
    enc.u8(version === '4.9.3' ? 1 : 2);
    enc.bool(lft);
    for (const k of ['startIndex', 'worstStartIndex']) {
      enc.bool(o[k] !== undefined);
      if (o[k] !== undefined) enc.i32(int32(o[k], k));
    }
    if (o.resetValues === undefined) enc.uv(0);
    else {
      const rv = array(o.resetValues, 'resetValues', 'an array of int32');
      enc.uv(rv.length + 1);
      rv.forEach((v, i) => enc.i32(int32(v, `resetValues[${i}]`)));
    }
    if (o.queueDatas === undefined) enc.uv(0);
    else {
      const qds = array(o.queueDatas, 'queueDatas', 'an array of queue data objects');
      enc.uv(qds.length + 1);
      qds.forEach((qd, i) => {
        const f = `queueDatas[${i}]`;
        object(qd, f);
        enc.str(string(qd.brokerName, `${f}.brokerName`));
        enc.i32(int32(qd.readQueueNums ?? 0, `${f}.readQueueNums`));
        enc.i32(int32(qd.writeQueueNums, `${f}.writeQueueNums`));
        enc.i32(int32(qd.perm ?? 6, `${f}.perm`));
      });
    }
    enc.f64(safeInt(clock(), 'clock()'));
    const id = this.#rt.call(OP.PRODUCER_NEW).uv();
    const p = new Producer(this.#rt, id, clock, version, lft);
    finalizer?.register(p, { rt: this.#rt, op: OP.PRODUCER_FREE, id }, p);
    return p;
  }

  routeToQueues(options) {
    const o = object(options, 'options');
    const enc = this.#rt.request();
    enc.str(string(o.topic, 'topic'));
    if (typeof o.route === 'string') {
      // The text `mqadmin topicRoute` prints (or JSON), read by route.Parse.
      enc.strOnce(o.route);
      const d = this.#rt.call(OP.ROUTE_TEXT);
      return { publish: readRefs(d, null, false), subscribe: readRefs(d, null, false) };
    }
    if (o.route === null || typeof o.route !== 'object' || Array.isArray(o.route)) {
      throw typeError('route', 'a route object or the text mqadmin topicRoute prints', o.route);
    }
    const r = o.route;
    const otc = r.orderTopicConf ?? null;
    enc.bool(otc !== null);
    if (otc !== null) enc.str(string(otc, 'route.orderTopicConf'));
    const qds = array(r.queueDatas ?? [], 'route.queueDatas');
    enc.uv(qds.length);
    qds.forEach((qd, i) => {
      const f = `route.queueDatas[${i}]`;
      object(qd, f);
      enc.str(string(qd.brokerName, `${f}.brokerName`));
      enc.i32(int32(qd.readQueueNums, `${f}.readQueueNums`));
      enc.i32(int32(qd.writeQueueNums, `${f}.writeQueueNums`));
      enc.i32(int32(qd.perm, `${f}.perm`));
      enc.i32(int32(qd.topicSysFlag ?? 0, `${f}.topicSysFlag`));
    });
    const bds = array(r.brokerDatas ?? [], 'route.brokerDatas');
    enc.uv(bds.length);
    bds.forEach((bd, i) => {
      const f = `route.brokerDatas[${i}]`;
      object(bd, f);
      enc.str(string(bd.cluster ?? '', `${f}.cluster`));
      enc.str(string(bd.brokerName, `${f}.brokerName`));
      const addrs = bd.brokerAddrs == null ? {} : object(bd.brokerAddrs, `${f}.brokerAddrs`);
      const keys = Object.keys(addrs);
      enc.uv(keys.length);
      for (const k of keys) {
        enc.str(k);
        enc.str(string(addrs[k], `${f}.brokerAddrs[${JSON.stringify(k)}]`));
      }
    });
    const d = this.#rt.call(OP.ROUTE);
    return { publish: readRefs(d, null, false), subscribe: readRefs(d, null, false) };
  }

  exit() {
    return this.#rt.exit();
  }
}

const LONG_MIN = -(2n ** 63n);
const LONG_MAX = 2n ** 63n - 1n;

function encLong(enc, v, field) {
  let b;
  if (typeof v === 'bigint') b = v;
  else if (typeof v === 'string') {
    if (!/^[+-]?\d{1,20}$/.test(v)) throw rmqError(TypeError, 'ERR_INVALID_ARGUMENT', `${field} must be a decimal integer string, got ${JSON.stringify(v.slice(0, 40))}`, { field });
    b = BigInt(v);
  } else if (typeof v === 'number') {
    b = BigInt(safeInt(v, field));
  } else throw typeError(field, 'a bigint, a decimal string or a safe integer', v);
  if (b < LONG_MIN || b > LONG_MAX) throw rangeError(field, 'in int64 (Java long) range', b);
  enc.u8(2);
  enc.i64(b);
}

/** Hash selector argument (wasm/select.go). */
function encHashArg(enc, arg) {
  if (typeof arg === 'string') {
    enc.u8(0);
    enc.str(arg);
  } else if (typeof arg === 'number') {
    if ((arg | 0) !== arg) {
      throw rangeError('arg', "an int32 (Java Integer); pass a bigint or { type: 'long', value } for a Long", arg);
    }
    enc.u8(1);
    enc.i32(arg);
  } else if (typeof arg === 'bigint') {
    encLong(enc, arg, 'arg');
  } else if (arg !== null && typeof arg === 'object') {
    const type = oneOf(arg.type, 'arg.type', ['string', 'int', 'long']);
    if (type === 'string') {
      enc.u8(0);
      enc.str(string(arg.value, 'arg.value'));
    } else if (type === 'int') {
      enc.u8(1);
      enc.i32(int32(arg.value, 'arg.value'));
    } else encLong(enc, arg.value, 'arg.value');
  } else {
    throw typeError('arg', "a string, an int32, a bigint or { type, value }", arg);
  }
}

export { Topic, Plan, Producer };
