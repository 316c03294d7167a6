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

import { CLIENT, GROUP, OP, PRODUCER_VERSION, TABLES_HASH, VERSION } from './wire.js';
import * as ops from './ops.generated.js';
import { ColsBase, frozenQueue } from './refs.js';
import { Plan } from './plan.js';
import { long } from './select_wire.js';
import { makeAnalysis } from './analysis.js';
import { defineBroker } from './broker.js';
import { defineGoProducer } from './goproducer.js';
import { makeDoctor } from './doctor.js';
import { makeLive } from './live.js';
import { encRoute } from './route.js';
import { disposedError, typeError, rmqError } from './errors.js';
import {
  array, bool, checkKeys, clientOf, clientTable, encSpec, int32, javaVersion, object, oneOf, safeInt, sameQueues, string,
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
      const s = ops.producerState(rt, null, this.#handle());
      // 4.9.3's fault items have no reachable flag (FaultItem's optional member).
      const faults = this.version === '5.3.3' ? s.faults : s.faults.map(({ reachable, ...item }) => item);
      return { queues: s.queues, index: s.index, faults };
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
    // Every version's meta starts with its version and schema hash: they are
    // compared before the rest is read, which another version may lay out
    // otherwise.
    const d = rt.call(OP.META, rt.request());
    const version = d.str();
    const hash = d.str();
    if (version !== VERSION || hash !== TABLES_HASH) {
      throw rmqError(Error, 'ERR_LOAD_FAILED', `rmqalloc: the module is version ${version} with wire schema ${hash}, this package is ${VERSION} with wire schema ${TABLES_HASH}; they cannot talk to each other: load the .wasm shipped with this package (or rebuild both: make build)`, {});
    }
    const m = ops.meta(rt, null);
    this.version = m.version;
    this.tablesHash = m.tablesHash;
    // The decoded records are the public StrategyInfo and ProfileInfo, frozen (internal/wireschema).
    this.strategies = Object.freeze(m.strategies);
    this.profiles = Object.freeze(m.profiles);
    // Which module this is: 'core' (rmqalloc.wasm), 'full' (with analysis
    // and the doctor) or 'analysis' (the full one without the doctor).
    this.build = m.build;
    // The clients an allocate request names, by client byte (wasm/strategy.go).
    const clients = m.clients;
    this.#clients = clientTable(clients);
    // ClientInfo without its internal sort order (the table above keeps it).
    this.clients = Object.freeze(clients.map(({ sortOrder, ...info }) => Object.freeze(info)));
    this.analysis = makeAnalysis(rt, (v) => this.#topicOf(v), this.build !== 'core', this.#clients);
    defineBroker(this, rt, (v) => this.#topicOf(v)); // queryAssignment, proxyAssignment, allocationPath
    defineGoProducer(this, rt, (v) => this.#topicOf(v)); // goPublishQueues, goSelect, takeMessageQueues
    const { doctor, parse } = makeDoctor(rt, this.build);
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

  /** The allocation calls' ctx (alloc_wire.js), reused: no object per call. */
  #allocCtxOwn = { topicOf: this.#topicOf, record: true, allowNull: false, keep: true, interned: null, src: null, ids: null, needPerm: false, sort: false, slot: 0 };

  /**
   * The ctx of an allocate (allowNull: Java's nulls allowed, the IDs not
   * kept) or allocateAll call (a: the options as read once; interned: the
   * client-ID list's handle entry, or null). needPerm: the module is to
   * send the sort's permutation (a sorted list a Topic has no sorted view
   * of yet for this sort order, or a list inline).
   */
  #allocCtx(a, allowNull, interned) {
    const ctx = this.#rt.depth > 1 ? { topicOf: this.#topicOf, record: true } : this.#allocCtxOwn;
    const topic = a.mqs instanceof Topic ? a.mqs : null;
    const slot = this.#clients.sortSlot[a.client];
    ctx.allowNull = allowNull;
    ctx.keep = !allowNull;
    ctx.interned = interned;
    ctx.src = null;
    ctx.ids = null;
    ctx.sort = a.sort;
    ctx.slot = slot;
    ctx.needPerm = a.sort && a.mqs !== null && (topic === null || topic.sorted[slot] === undefined);
    return ctx;
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
      const ctx = this.#allocCtx(a, true, this.#cidHandle(a.cids, 'cidAll'));
      return ops.allocate(rt, ctx, a.client, a.strategy, a.group, a.mqs, a.cids, a.sort, ctx.needPerm, a.cid ?? '');
    });
  }

  allocateAll(options) {
    const rt = this.#rt;
    return rt.within(() => {
      const a = this.#allocOptions(options, ALLOCATE_ALL_KEYS, true);
      if (a.mqField === 'mqAll') a.mqs = this.#queuesTopic(a.mqs, 'mqAll') ?? a.mqs;
      const ctx = this.#allocCtx(a, false, this.#cidHandle(a.cids, 'consumers'));
      return ops.allocateAll(rt, ctx, a.client, a.strategy, a.group, a.mqs, a.cids, a.sort, ctx.needPerm);
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
      // The decoded answer is the public PriorityDecision (internal/wireschema).
      return ops.priorityDecide(rt, {
        path,
        popFromRetryProbability: p === undefined ? 20 : int32(p, 'popFromRetryProbability'),
        popFromRetryProbabilityForPriority: pp === undefined ? 0 : int32(pp, 'popFromRetryProbabilityForPriority'),
        priorityTopic: bool(o.priorityTopic, 'priorityTopic', true),
        order: bool(o.order, 'order', false),
        priorityFactor: f === undefined ? 100 : int32(f, 'priorityFactor'),
        draw: safeInt(o[draw], draw),
      });
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
      return ops.priorityDrain(rt, req).reads; // frozen PriorityReads as decoded
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
      let resets;
      if (resetValues !== undefined) {
        const n = array(resetValues, 'resetValues', 'an array of int32');
        resets = new Array(n);
        for (let i = 0; i < n; i++) resets[i] = int32(resetValues[i], `resetValues[${i}]`);
      }
      let qds;
      if (queueDatas !== undefined) {
        const n = array(queueDatas, 'queueDatas', 'an array of queue data objects');
        qds = new Array(n);
        for (let i = 0; i < n; i++) {
          const f = `queueDatas[${i}]`;
          const { brokerName, readQueueNums, writeQueueNums, perm } = object(queueDatas[i], f);
          qds[i] = {
            brokerName: string(brokerName, `${f}.brokerName`),
            readQueueNums: int32(readQueueNums ?? 0, `${f}.readQueueNums`),
            writeQueueNums: int32(writeQueueNums, `${f}.writeQueueNums`),
            perm: int32(perm ?? 6, `${f}.perm`),
          };
        }
      }
      // The clock is user code: read before the request is begun.
      const now = safeInt(clock(), 'clock()');
      const code = version === '4.9.3' ? PRODUCER_VERSION.JAVA493 : PRODUCER_VERSION.JAVA533;
      const ctx = { topicOf: this.#topicOf, src: null };
      const id = ops.producerNew(rt, ctx, mqs, code, lft, startIndex, worstStartIndex, resets, qds, now);
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
