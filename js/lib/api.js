// The public API over a Runtime: plain objects in and out, every argument
// checked here first (validate.js), results decoded from the module's
// response (wire.js). index.d.ts documents every method.
//
// Re-entrancy: each public method counts itself in rt.depth, so a call made
// from a getter, a Proxy trap or a clock while another call is encoding gets
// an encoder of its own (runtime.js). User values are read once each, and
// never while a response is being decoded (a nested call would overwrite
// it): results are built from the values as they were sent.
//
// Results: every queue object handed out is frozen; every array returned by
// allocate, of, indexesOf, select ... is the caller's own (a fresh array);
// plan.queues, plan.members and topic.queues are frozen and shared.

import { CIDS, CLIENT, GROUP, MEMBER, OP, PLAN_FORM, PRODUCER_VERSION, TABLES_HASH, VERSION } from './wire.js';
import * as ops from './ops.generated.js';
import { ColsBase, frozenQueue, readPerm, readQueue, readRefs } from './refs.js';
import { long } from './select_wire.js';
import { makeAnalysis } from './analysis.js';
import { defineBroker } from './broker.js';
import { defineGoProducer } from './goproducer.js';
import { makeDoctor } from './doctor.js';
import { makeLive } from './live.js';
import { encRoute } from './route.js';
import { decodeError, disposedError, rangeError, typeError, rmqError } from './errors.js';
import {
  array, bool, checkKeys, clientOf, clientTable, encCids, encQueues, encSpec, int32, javaVersion, object, oneOf, safeInt, sameQueues, string,
} from './validate.js';

const ALLOCATE_KEYS = ['strategy', 'consumerGroup', 'currentCID', 'mqAll', 'cidAll', 'sort', 'version', 'profile'];
const ALLOCATE_ALL_KEYS = ['strategy', 'consumerGroup', 'topic', 'mqAll', 'consumers', 'sort', 'version', 'profile'];
const CLIENT_KEYS = ['version', 'profile'];
const SELECT_KEYS = ['selector', 'mqs', 'arg', 'messageGroup', 'profile', 'liteTopic'];
const PRODUCER_KEYS = ['mqs', 'version', 'latencyFaultTolerance', 'startIndex', 'worstStartIndex', 'resetValues', 'queueDatas', 'clock'];
const PRODUCER_SELECT_KEYS = ['lastBrokerName', 'resetIndex', 'now'];
const PRODUCER_UPDATE_KEYS = ['reachable', 'now'];
const ROUTE_KEYS = ['topic', 'route'];
const PRIORITY_DECIDE_KEYS = ['path', 'priorityTopic', 'order', 'priorityFactor', 'randomQ', 'requestCount', 'popFromRetryProbability', 'popFromRetryProbabilityForPriority'];
const PRIORITY_ORDER_KEYS = ['readQueueNums', 'priorityOrderAsc', 'offset', 'path'];
const PRIORITY_DRAIN_KEYS = ['decision', 'topic', 'retry', 'maxMsgNums', 'priorityOrderAsc', 'path'];
const PRIORITY_DECISION_KEYS = ['priorityMode', 'retryFirst', 'retryAfter', 'offset'];
const PRIORITY_PATHS = ['file', 'kv'];

/** A pop path's wire byte (wireschema priorityPath): 'file' (default) 0, 'kv' 1. */
const priorityPath = (v) => (v === undefined ? 0 : PRIORITY_PATHS.indexOf(oneOf(v, 'path', PRIORITY_PATHS)));

/** A backlog: an array of safe integers, one per queue id (Go checks the signs). */
function backlog(v, field) {
  const n = array(v, field);
  const out = new Array(n);
  for (let i = 0; i < n; i++) out[i] = safeInt(v[i], `${field}[${i}]`);
  return out;
}

// Frees module-side objects (topics, producers) that were garbage-collected
// without dispose(); free is the declared operation's call (ops.generated.js).
const finalizer = typeof FinalizationRegistry === 'function'
  ? new FinalizationRegistry(({ rt, free, id }) => {
    if (!rt.alive) return;
    try {
      free(rt, { handle: id });
    } catch {
      // the module died meanwhile: nothing left to free
    }
  })
  : null;

/** An interned queue list (index.d.ts: Topic). */
class Topic {
  #rt;
  constructor(rt, id, base) {
    this.#rt = rt;
    this.id = id;
    this.base = base; // ColsBase of the list as interned
    this.sorted = []; // ColsBase per sort order (meta's clients), once known
    this.disposed = false;
    Object.defineProperty(this, 'id', { enumerable: false });
    Object.defineProperty(this, 'base', { enumerable: false });
    Object.defineProperty(this, 'sorted', { enumerable: false });
  }

  /** The queues, frozen (built on first use). */
  get queues() {
    return this.base.all();
  }

  get size() {
    return this.base.length;
  }

  dispose() {
    if (this.disposed) return;
    this.disposed = true;
    finalizer?.unregister(this);
    const rt = this.#rt;
    if (!rt.alive) return;
    rt.within(() => ops.topicFree(rt, { handle: this.id }));
  }

  belongsTo(rt) {
    return this.#rt === rt;
  }
}

// Member kinds in Plan's spans: the plan's own MEMBER kinds (wasm/allocate.go
// writePlan) for refs and ranges, and NONE (no answer: null, or an error)
// where the plan says MEMBER.ERROR or null refs.
const REFS = MEMBER.REFS;
const RANGE = MEMBER.RANGE;
const NONE = -1;

/** A whole group's allocation (index.d.ts: Plan). */
class Plan {
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

  #handle() {
    if (this.disposed) throw disposedError('the Producer');
    return this.#id;
  }

  select(options) {
    const rt = this.#rt;
    return rt.within(() => {
      let last = null;
      let resetIndex = false;
      let now;
      if (typeof options === 'string' || options === null || options === undefined) {
        last = options ?? null;
      } else {
        checkKeys(object(options, 'options'), PRODUCER_SELECT_KEYS, 'options');
        const { lastBrokerName, resetIndex: ri, now: n } = options;
        last = lastBrokerName ?? null;
        if (last !== null) string(last, 'options.lastBrokerName');
        resetIndex = bool(ri, 'options.resetIndex', false);
        now = n;
      }
      const t = this.#now(now);
      return Object.freeze(ops.producerSelect(rt, null, this.#handle(), t, last, resetIndex));
    });
  }

  update(brokerName, latency, isolation, options) {
    const rt = this.#rt;
    rt.within(() => {
      string(brokerName, 'brokerName');
      safeInt(latency, 'latency');
      if (typeof isolation !== 'boolean') throw typeError('isolation', 'a boolean', isolation);
      let reachable = true;
      let now;
      if (options !== undefined) {
        checkKeys(object(options, 'options'), PRODUCER_UPDATE_KEYS, 'options');
        const { reachable: r, now: n } = options;
        reachable = bool(r, 'options.reachable', true);
        now = n;
      }
      const t = this.#now(now);
      ops.producerUpdate(rt, { handle: this.#handle(), now: t, brokerName, latency, isolation, reachable });
    });
  }

  reset() {
    const rt = this.#rt;
    rt.within(() => {
      ops.producerReset(rt, { handle: this.#handle() });
    });
  }

  #state() {
    const rt = this.#rt;
    return rt.within(() => {
      const enc = rt.request();
      enc.uv(this.#handle());
      const d = rt.call(OP.PRODUCER_STATE, enc);
      const queues = readRefs(d, null);
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
    });
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
    const rt = this.#rt;
    if (!rt.alive) return;
    rt.within(() => ops.producerFree(rt, { handle: this.#id }));
  }
}

// Lists of at least this many client IDs are interned in the module the
// second time the same array is seen unchanged (allocateAll over a big group
// then sends a handle instead of every ID).
const INTERN_CIDS = 64;

// Queue arrays of at least this many queues are interned (as a Topic of
// their own) the second time the same array is seen, and sent by handle
// while their contents stay the same: a plain array passed again costs a
// comparison, not an encoding.
const INTERN_QUEUES = 8;
const MAX_INTERNED = 1 << 22;

/** A loaded module (index.d.ts: Rmq). */
export class Rmq {
  #rt;
  #clients;
  #cidCache = new WeakMap();
  #mqCache = new WeakMap();
  constructor(rt) {
    this.#rt = rt;
    const d = rt.call(OP.META, rt.request());
    this.version = d.str();
    this.tablesHash = d.str();
    if (this.version !== VERSION || this.tablesHash !== TABLES_HASH) {
      throw rmqError(Error, 'ERR_LOAD_FAILED', `rmqalloc: the module is version ${this.version} with wire schema ${this.tablesHash}, this package is ${VERSION} with wire schema ${TABLES_HASH}; they cannot talk to each other: load the .wasm shipped with this package (or rebuild both: make build)`, {});
    }
    const strategies = [];
    for (let n = d.uv(); n > 0; n--) strategies.push(Object.freeze({ name: d.str(), options: Object.freeze(d.strings()) }));
    const profiles = [];
    for (let n = d.uv(); n > 0; n--) profiles.push(Object.freeze({ name: d.str(), ops: Object.freeze(d.strings()) }));
    this.strategies = Object.freeze(strategies);
    this.profiles = Object.freeze(profiles);
    // Which module this is: 'core' (rmqalloc.wasm) or 'full' (with analysis).
    this.build = d.str();
    // The clients an allocate request names, by client byte (wasm/strategy.go).
    const clients = [];
    for (let n = d.uv(); n > 0; n--) clients.push({ profile: d.str(), versions: d.strings(), sortOrder: d.u8() });
    this.#clients = clientTable(clients);
    this.clients = Object.freeze(clients.map(({ profile, versions }) => Object.freeze({ profile, versions: Object.freeze(versions) })));
    this.analysis = makeAnalysis(rt, (v) => this.#topicOf(v), this.build === 'full', this.#clients);
    defineBroker(this, rt, (v) => this.#topicOf(v)); // queryAssignment, proxyAssignment, allocationPath
    defineGoProducer(this, rt, (v) => this.#topicOf(v)); // goPublishQueues, goSelect, takeMessageQueues
    const { doctor, parse } = makeDoctor(rt, this.build === 'full');
    this.doctor = doctor;
    this.parse = parse;
    this.live = makeLive(rt);
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

  /** The selection calls' ctx (select_wire.js), reused: no object per call. */
  #selectCtx = { topicOf: this.#topicOf, record: true, src: null };

  topic(queues) {
    const rt = this.#rt;
    return rt.within(() => {
      array(queues, 'queues', 'an array of queues');
      const ctx = { record: true, src: null };
      // Everything that can fail is checked while encoding: interning cannot leak.
      const id = ops.topicNew(rt, ctx, queues);
      const t = new Topic(rt, id, new ColsBase(ctx.src, null));
      finalizer?.register(t, { rt, free: ops.topicFree, id }, t);
      return t;
    });
  }

  /**
   * The module's handle of an interned copy of cids when it is a big list
   * seen before with the same contents, else 0 (send it inline); with the
   * IDs as interned. Must run before the request is encoded: interning is a
   * call of its own.
   */
  #cidHandle(cids, field) {
    if (!Array.isArray(cids)) return null;
    const n = cids.length;
    if (!(n >= INTERN_CIDS)) return null;
    const hit = this.#cidCache.get(cids);
    if (hit === undefined || hit.rt !== this.#rt) {
      // First sight: remember it, send it inline this time.
      this.#cidCache.set(cids, { rt: this.#rt, id: 0, snapshot: null });
      return null;
    }
    if (hit.id !== 0) {
      const snap = hit.snapshot;
      let same = snap.length === n;
      for (let i = 0; same && i < n; i++) same = snap[i] === cids[i];
      if (same && hit.id !== 0) return hit;
      this.#freeCids(hit);
    }
    const ctx = { ids: null, field };
    const id = ops.cidsNew(this.#rt, ctx, cids);
    const entry = { rt: this.#rt, id, snapshot: ctx.ids };
    this.#cidCache.set(cids, entry);
    finalizer?.register(cids, { rt: this.#rt, free: ops.cidsFree, id }, entry);
    return entry;
  }

  /**
   * The Topic interned for queue array v when it was seen before, interning
   * it now on its second sight; null: send it inline. Runs before the
   * request is encoded (interning is a call of its own).
   */
  #queuesTopic(v, field) {
    if (!Array.isArray(v)) return null;
    const n = v.length;
    if (!(n >= INTERN_QUEUES && n <= MAX_INTERNED)) return null;
    const rt = this.#rt;
    const hit = this.#mqCache.get(v);
    if (hit === undefined || hit.rt !== rt) {
      this.#mqCache.set(v, { rt, topic: null });
      return null;
    }
    if (hit.topic !== null) {
      if (!hit.topic.disposed && sameQueues(v, n, hit.topic.base.cols)) return hit.topic;
      // Changed since: drop the old copy, send inline, intern on next sight.
      hit.topic.dispose();
      hit.topic = null;
      return null;
    }
    const ctx = { record: true, src: null, field };
    const id = ops.topicNew(rt, ctx, v);
    const t = new Topic(rt, id, new ColsBase(ctx.src, null));
    finalizer?.register(t, { rt, free: ops.topicFree, id }, t);
    hit.topic = t;
    return t;
  }

  #freeCids(entry) {
    if (entry.id === 0) return;
    finalizer?.unregister(entry);
    if (this.#rt.alive) {
      ops.cidsFree(this.#rt, { handle: entry.id });
    }
    entry.id = 0;
  }

  /**
   * Encodes what allocate and allocateAll share (a: the options as read
   * once); returns the client IDs as sent and how to find the queue base
   * in the response.
   */
  #allocHead(enc, a, allowNull, interned) {
    enc.u8(a.client);
    encSpec(enc, a.strategy);
    enc.str(a.group);
    const src = encQueues(enc, a.mqs, a.mqField, { allowNull, topicOf: this.#topicOf, record: true });
    const topic = src instanceof Topic ? src : null;
    let ids = null;
    if (interned !== null) {
      enc.u8(CIDS.HANDLE);
      enc.uv(interned.id);
      ids = interned.snapshot;
    } else if (a.cids === null && allowNull) {
      enc.u8(CIDS.NULL);
    } else {
      enc.u8(CIDS.INLINE);
      ids = encCids(enc, a.cids, a.cidField, allowNull, !allowNull);
    }
    enc.bool(a.sort);
    const slot = this.#clients.sortSlot[a.client];
    const cached = topic && a.sort ? topic.sorted[slot] ?? null : null;
    const needPerm = a.sort && src !== null && cached === null;
    enc.bool(needPerm);
    const base = (d) => {
      if (!needPerm) {
        if (topic) return a.sort ? cached : topic.base;
        return src === null ? null : new ColsBase(src, null);
      }
      const perm = readPerm(d);
      if (topic) {
        topic.sorted[slot] = perm === null ? topic.base : topic.base.view(perm);
        return topic.sorted[slot];
      }
      return new ColsBase(src, perm);
    };
    return { ids, base };
  }

  /** Reads allocate/allocateAll options once, checking their types. */
  #allocOptions(options, keys, all) {
    const o = checkKeys(object(options, 'options'), keys);
    const { strategy, consumerGroup, sort, version, profile } = o;
    const a = {
      client: clientOf(this.#clients, version, profile),
      sort: bool(sort, 'sort', false),
      strategy,
      group: string(consumerGroup ?? '', 'consumerGroup'),
    };
    if (all) {
      const { topic, mqAll, consumers } = o;
      if (topic !== undefined && mqAll !== undefined) {
        throw rmqError(TypeError, 'ERR_INVALID_ARGUMENT', 'give topic or mqAll, not both', { field: 'topic' });
      }
      if (topic !== undefined && !(topic instanceof Topic)) throw typeError('topic', 'a Topic from rmq.topic()', topic);
      a.mqs = topic !== undefined ? topic : mqAll;
      a.mqField = topic !== undefined ? 'topic' : 'mqAll';
      if (a.mqs === undefined) throw typeError('mqAll', 'an array of queues (or pass topic)', undefined);
      if (consumers === undefined) throw typeError('consumers', 'an array of strings', undefined);
      a.cids = consumers;
      a.cidField = 'consumers';
    } else {
      const { currentCID, mqAll, cidAll } = o;
      if (currentCID !== null && typeof currentCID !== 'string') throw typeError('currentCID', 'a string or null', currentCID);
      if (mqAll === undefined) throw typeError('mqAll', 'an array of queues, a Topic or null', undefined);
      if (cidAll === undefined) throw typeError('cidAll', 'an array of strings or null', undefined);
      a.cid = currentCID;
      a.mqs = mqAll;
      a.mqField = 'mqAll';
      a.cids = cidAll;
      a.cidField = 'cidAll';
    }
    return a;
  }

  strategyName(strategy, options) {
    const rt = this.#rt;
    return rt.within(() => {
      let client = CLIENT.JAVA493;
      if (options !== undefined) {
        const { version, profile } = checkKeys(object(options, 'options'), CLIENT_KEYS);
        client = clientOf(this.#clients, version, profile);
      }
      return ops.strategyName(rt, { client, strategy: (enc) => encSpec(enc, strategy) }).name;
    });
  }

  allocate(options) {
    const rt = this.#rt;
    return rt.within(() => {
      const a = this.#allocOptions(options, ALLOCATE_KEYS, false);
      a.mqs = this.#queuesTopic(a.mqs, 'mqAll') ?? a.mqs;
      const interned = this.#cidHandle(a.cids, 'cidAll');
      const enc = rt.request();
      const head = this.#allocHead(enc, a, true, interned);
      enc.str(a.cid ?? '');
      const d = rt.call(OP.ALLOCATE, enc);
      return readRefs(d, head.base(d));
    });
  }

  allocateAll(options) {
    const rt = this.#rt;
    return rt.within(() => {
      const a = this.#allocOptions(options, ALLOCATE_ALL_KEYS, true);
      if (a.mqField === 'mqAll') a.mqs = this.#queuesTopic(a.mqs, 'mqAll') ?? a.mqs;
      const interned = this.#cidHandle(a.cids, 'consumers');
      const enc = rt.request();
      const head = this.#allocHead(enc, a, false, interned);
      const d = rt.call(OP.ALLOCATE_ALL, enc);
      const base = head.base(d);
      const ids = head.ids;
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
      return new Plan(strategy, base, Object.freeze(members), idx, extra, spans, errors);
    });
  }

  select(options) {
    const rt = this.#rt;
    return rt.within(() => {
      const o = checkKeys(object(options, 'options'), SELECT_KEYS);
      const { selector: sel, mqs, arg, messageGroup, profile, liteTopic } = o;
      const selector = oneOf(sel, 'selector', ['hash', 'messageGroup', 'liteTopic']);
      let group = 0;
      if (selector === 'liteTopic') {
        string(liteTopic, 'liteTopic');
      } else if (selector === 'messageGroup') {
        string(messageGroup, 'messageGroup');
        group = profile === undefined || oneOf(profile, 'profile', ['grpc-java', 'grpc-nodejs-1.0.8']) === 'grpc-java' ? GROUP.JAVA : GROUP.NODE_JS108;
      }
      const list = this.#queuesTopic(mqs, 'mqs') ?? mqs;
      // The call's ctx (select_wire.js): this Rmq's own, or a fresh one for
      // a call made while another one is encoding.
      const ctx = rt.depth > 1 ? { topicOf: this.#topicOf, record: true, src: null } : this.#selectCtx;
      if (selector === 'hash') return ops.selectHash(rt, ctx, list, arg);
      if (selector === 'liteTopic') return ops.selectLite(rt, ctx, list, liteTopic);
      return ops.selectGroup(rt, ctx, list, messageGroup, group);
    });
  }

  /**
   * RocketMQ 5.4+ priority messages (RIP-80): the queue the broker stores
   * a message of priority p on, when the producer sent it to queue (its
   * broker's topic having writeQueueNums write queues): queue
   * min(p, writeQueueNums - 1) of the same broker.
   */
  priorityQueue(options) {
    const rt = this.#rt;
    return rt.within(() => {
      const { queue, priority, writeQueueNums } = checkKeys(object(options, 'options'), ['queue', 'priority', 'writeQueueNums']);
      const q = object(queue, 'queue');
      string(q.topic, 'queue.topic');
      string(q.brokerName, 'queue.brokerName');
      int32(q.queueId, 'queue.queueId');
      int32(priority, 'priority');
      int32(writeQueueNums, 'writeQueueNums');
      const got = ops.priorityQueue(rt, { topic: q.topic, brokerName: q.brokerName, queueId: q.queueId, priority, writeQueueNums });
      return frozenQueue(got.topic, got.brokerName, got.queueId);
    });
  }

  /**
   * RocketMQ 5.4 priority topics, consumer side (alloc/priority; full
   * module): how the broker serves one POP request. path 'file' (the
   * default, PopMessageProcessor) draws randomQ = random.nextInt(100);
   * path 'kv' (popConsumerKVServiceEnable) counts requestCount.
   */
  priorityDecide(options) {
    const rt = this.#rt;
    return rt.within(() => {
      const o = { ...checkKeys(object(options, 'options'), PRIORITY_DECIDE_KEYS) }; // each value read once
      const path = priorityPath(o.path);
      const draw = path === 1 ? 'requestCount' : 'randomQ';
      const other = path === 1 ? 'randomQ' : 'requestCount';
      if (o[other] !== undefined) throw typeError(other, `undefined on path '${PRIORITY_PATHS[path]}' (give ${draw})`, o[other]);
      const { popFromRetryProbability: p, popFromRetryProbabilityForPriority: pp, priorityFactor: f } = o;
      const d = ops.priorityDecide(rt, {
        path,
        popFromRetryProbability: p === undefined ? 20 : int32(p, 'popFromRetryProbability'),
        popFromRetryProbabilityForPriority: pp === undefined ? 0 : int32(pp, 'popFromRetryProbabilityForPriority'),
        priorityTopic: bool(o.priorityTopic, 'priorityTopic', true),
        order: bool(o.order, 'order', false),
        priorityFactor: f === undefined ? 100 : int32(f, 'priorityFactor'),
        draw: safeInt(o[draw], draw),
      });
      return { priorityMode: d.priorityMode, retryFirst: d.retryFirst, retryAfter: d.retryAfter, offset: d.offset };
    });
  }

  /**
   * The queue ids one POP request visits, in order (alloc/priority
   * QueueOrder; full module): visit i is queue (base + offset) %
   * readQueueNums, base readQueueNums-1-i with priorityOrderAsc (the
   * broker default), i otherwise.
   */
  priorityOrder(options) {
    const rt = this.#rt;
    return rt.within(() => {
      const { readQueueNums, priorityOrderAsc, offset, path } = checkKeys(object(options, 'options'), PRIORITY_ORDER_KEYS);
      return ops.priorityOrder(rt, {
        readQueueNums: int32(readQueueNums, 'readQueueNums'),
        asc: bool(priorityOrderAsc, 'priorityOrderAsc', true),
        offset: offset === undefined ? 0 : safeInt(offset, 'offset'),
        path: priorityPath(path),
      }).queueIds;
    });
  }

  /**
   * The queue reads of one all-queue POP request (alloc/priority Drain;
   * full module), given its decision (priorityDecide's answer), the
   * backlog of each queue of the topic and of the group's retry topic
   * (omitted or null: none) and maxMsgNums.
   */
  priorityDrain(options) {
    const rt = this.#rt;
    return rt.within(() => {
      const { decision, topic, retry, maxMsgNums, priorityOrderAsc, path } = checkKeys(object(options, 'options'), PRIORITY_DRAIN_KEYS);
      const { priorityMode, retryFirst, retryAfter, offset } = checkKeys(object(decision, 'decision'), PRIORITY_DECISION_KEYS, 'decision');
      const req = {
        asc: bool(priorityOrderAsc, 'priorityOrderAsc', true),
        priorityMode: bool(priorityMode, 'decision.priorityMode', false),
        retryFirst: bool(retryFirst, 'decision.retryFirst', false),
        retryAfter: bool(retryAfter, 'decision.retryAfter', false),
        offset: offset === undefined ? 0 : safeInt(offset, 'decision.offset'),
        path: priorityPath(path),
        topic: backlog(topic, 'topic'),
        retry: retry === undefined || retry === null ? undefined : backlog(retry, 'retry'),
        maxMsgNums: int32(maxMsgNums, 'maxMsgNums'),
      };
      return ops.priorityDrain(rt, req).reads.map((r) => Object.freeze({ retry: r.retry, queueId: r.queueId, count: r.count }));
    });
  }

  /**
   * Guava's Hashing.consistentHash(input, buckets), which RocketMQ 5.5's
   * broker uses to place lite topics: input a long (bigint, decimal string
   * or safe integer), buckets a positive int32.
   */
  consistentHash(input, buckets) {
    const rt = this.#rt;
    return rt.within(() => {
      int32(buckets, 'buckets');
      return ops.consistentHash(rt, { input: long(input, 'input'), buckets }).bucket;
    });
  }

  producer(options) {
    const rt = this.#rt;
    return rt.within(() => {
      const o = checkKeys(object(options, 'options'), PRODUCER_KEYS);
      const { mqs, version: v, latencyFaultTolerance, startIndex, worstStartIndex, resetValues, queueDatas, clock: c } = o;
      const version = v === undefined ? '4.9.3' : javaVersion(v); // 5.3.4-5.5.1 are 5.3.3
      const lft = bool(latencyFaultTolerance, 'latencyFaultTolerance', false);
      const clock = c === undefined ? Date.now : c;
      if (typeof clock !== 'function') throw typeError('clock', 'a function returning milliseconds', clock);
      if (startIndex !== undefined) int32(startIndex, 'startIndex');
      if (worstStartIndex !== undefined) int32(worstStartIndex, 'worstStartIndex');
      // The clock is user code: read before the request is begun.
      const now = safeInt(clock(), 'clock()');
      const enc = rt.request();
      encQueues(enc, mqs, 'mqs', { topicOf: this.#topicOf });
      enc.u8(version === '4.9.3' ? PRODUCER_VERSION.JAVA493 : PRODUCER_VERSION.JAVA533);
      enc.bool(lft);
      for (const x of [startIndex, worstStartIndex]) {
        enc.bool(x !== undefined);
        if (x !== undefined) enc.i32(x);
      }
      if (resetValues === undefined) enc.uv(0);
      else {
        const n = array(resetValues, 'resetValues', 'an array of int32');
        enc.uv(n + 1);
        for (let i = 0; i < n; i++) enc.i32(int32(resetValues[i], `resetValues[${i}]`));
      }
      if (queueDatas === undefined) enc.uv(0);
      else {
        const n = array(queueDatas, 'queueDatas', 'an array of queue data objects');
        enc.uv(n + 1);
        for (let i = 0; i < n; i++) {
          const f = `queueDatas[${i}]`;
          const qd = object(queueDatas[i], f);
          const { brokerName, readQueueNums, writeQueueNums, perm } = qd;
          enc.str(string(brokerName, `${f}.brokerName`));
          enc.i32(int32(readQueueNums ?? 0, `${f}.readQueueNums`));
          enc.i32(int32(writeQueueNums, `${f}.writeQueueNums`));
          enc.i32(int32(perm ?? 6, `${f}.perm`));
        }
      }
      enc.f64(now);
      const id = rt.call(OP.PRODUCER_NEW, enc).uv();
      const p = new Producer(rt, id, clock, version, lft);
      finalizer?.register(p, { rt, free: ops.producerFree, id }, p);
      return p;
    });
  }

  routeToQueues(options) {
    const rt = this.#rt;
    return rt.within(() => {
      const { topic, route } = checkKeys(object(options, 'options'), ROUTE_KEYS);
      const t = string(topic, 'topic');
      // The text `mqadmin topicRoute` prints (or JSON), read by route.Parse.
      if (typeof route === 'string') return ops.routeText(rt, { topic: t, text: route });
      return ops.routeToQueues(rt, { topic: t, route: (enc) => encRoute(enc, route, 'route') });
    });
  }

  exit() {
    return this.#rt.exit();
  }
}

export { Topic, Plan, Producer };
