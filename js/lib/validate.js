// Argument checks done in JS before anything crosses into the module: types
// and shapes only, with messages naming the exact field (`mqAll[3].queueId`).
// Semantic rules (which strategy names exist, how deep NEARBY may nest, a
// negative virtualNodeCnt ...) live in Go, which answers with the Java class.
// Each enc* checks and encodes in one pass (wasm/*.go documents the layouts).
//
// User arrays are read by index and length only (never forEach/map, which
// skip holes and need Array.prototype), each value once.

import { CLIENT, QLIST, SPEC_FLAG, STRATEGY_OPTIONS, WIRE_LIMIT } from './wire.js';
import { rangeError, typeError, describe, rmqError } from './errors.js';

/** Most queues one list may hold (about 4 million). */
export const MAX_QUEUES = 1 << 22;
/**
 * NEARBY nesting the wire carries (wasm/strategy.go wireLimitSpecDepth):
 * deeper specs are cut there, leaving alloc's own, smaller, limit to answer.
 */
export const WIRE_DEPTH = WIRE_LIMIT.SPEC_DEPTH;

const INT32 = 'an integer in int32 range';

export function isInt32(v) {
  return typeof v === 'number' && (v | 0) === v;
}

/** Checks an int32 argument. */
export function int32(v, field) {
  if (typeof v !== 'number') throw typeError(field, INT32, v);
  if ((v | 0) !== v) throw rangeError(field, INT32, v);
  return v;
}

/** Checks a safe integer (Java long values JS numbers can carry). */
export function safeInt(v, field) {
  if (typeof v !== 'number') throw typeError(field, 'an integer', v);
  if (!Number.isSafeInteger(v)) throw rangeError(field, 'a safe integer', v);
  return v;
}

export function string(v, field) {
  if (typeof v !== 'string') throw typeError(field, 'a string', v);
  return v;
}

export function bool(v, field, dflt) {
  if (v === undefined) return dflt;
  if (typeof v !== 'boolean') throw typeError(field, 'a boolean', v);
  return v;
}

export function object(v, field) {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) throw typeError(field, 'an object', v);
  return v;
}

/** An array (any prototype); returns its length, read once. */
export function array(v, field, what = 'an array') {
  if (!Array.isArray(v)) throw typeError(field, what, v);
  const n = v.length;
  if (n > MAX_QUEUES) throw rangeError(`${field}.length`, `at most ${MAX_QUEUES}`, n);
  return n;
}

/** One of the allowed strings. */
export function oneOf(v, field, allowed) {
  if (typeof v !== 'string') throw typeError(field, `one of ${allowed.map((a) => `'${a}'`).join(', ')}`, v);
  if (!allowed.includes(v)) throw rangeError(field, `one of ${allowed.map((a) => `'${a}'`).join(', ')}`, v);
  return v;
}

/** Edit distance of a and b (both short). */
function distance(a, b) {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1].toLowerCase() === b[j - 1].toLowerCase() ? 0 : 1));
    }
    prev = row;
  }
  return prev[b.length];
}

/** The allowed key closest to k, if any is close. */
function closest(k, allowed) {
  let best = null;
  let bestD = Infinity;
  const lk = k.toLowerCase();
  for (const a of allowed) {
    const la = a.toLowerCase();
    // A prefix (lastBroker for lastBrokerName) counts as close, but less
    // than a one-letter typo.
    const d = la.startsWith(lk) || lk.startsWith(la) ? Math.min(2.5, distance(k, a)) : distance(k, a);
    if (d < bestD) {
      best = a;
      bestD = d;
    }
  }
  return bestD <= Math.max(2, Math.floor(k.length / 3)) ? best : null;
}

/**
 * Refuses keys of o that are not in allowed: a TypeError naming the key and
 * the closest valid one (a typo must not be silently ignored).
 */
export function checkKeys(o, allowed, field) {
  const keys = Object.keys(o);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i];
    if (allowed.includes(k)) continue;
    const near = closest(k, allowed);
    const f = field ? `${field}.${k}` : k;
    throw rmqError(TypeError, 'ERR_INVALID_ARGUMENT', `${f} is not a valid option${near ? ` (did you mean ${field ? `${field}.` : ''}${near}?)` : ''}; valid: ${allowed.join(', ')}`, { field: f });
  }
  return o;
}

/**
 * Queue values as encoded: what results are built from (never the user's
 * objects again, whose getters could answer differently or call back).
 */
export class QueueCols {
  constructor(n) {
    this.topics = new Array(n);
    this.brokers = new Array(n);
    this.ids = new Int32Array(n);
    // The topic every queue has, when they share one (the usual case):
    // sameQueues then compares against it instead of a column (4-5% of a
    // plain-array allocateAll of 20000 queues).
    this.topic = null;
  }

  /** Sets topic once every queue is recorded. */
  done() {
    const t = this.topics;
    if (t.length === 0) return;
    for (let i = 1; i < t.length; i++) if (t[i] !== t[0]) return;
    this.topic = t[0];
  }
}

/**
 * True when array v (n long) holds exactly the queues cols recorded: a
 * list interned earlier can be sent by handle. Reads each field once; a
 * hole, null or a throwing getter is "not the same" (the inline encoding
 * that follows reports it). This runs on every call with a plain array,
 * so it is kept to the three reads and compares per queue.
 */
export function sameQueues(v, n, cols) {
  const { topic, topics, brokers, ids } = cols;
  if (ids.length !== n) return false;
  try {
    for (let i = 0; i < n; i++) {
      const q = v[i];
      if (q.queueId !== ids[i] || q.brokerName !== brokers[i] || q.topic !== (topic ?? topics[i])) return false;
    }
    return true;
  } catch {
    return false;
  }
}

/** Checks and encodes queue i of list v, recording it in cols (optional). */
function encQueueAt(enc, v, i, field, cols) {
  const q = v[i];
  if (q === null || typeof q !== 'object') throw typeError(`${field}[${i}]`, 'a queue object { topic, brokerName, queueId }', q);
  const topic = q.topic;
  const brokerName = q.brokerName;
  const queueId = q.queueId;
  if (typeof topic !== 'string') throw typeError(`${field}[${i}].topic`, 'a string', topic);
  if (typeof brokerName !== 'string') throw typeError(`${field}[${i}].brokerName`, 'a string', brokerName);
  if (typeof queueId !== 'number') throw typeError(`${field}[${i}].queueId`, INT32, queueId);
  if ((queueId | 0) !== queueId) throw rangeError(`${field}[${i}].queueId`, INT32, queueId);
  enc.queueNames(topic, brokerName);
  enc.i32(queueId);
  if (cols !== null) {
    cols.topics[i] = topic;
    cols.brokers[i] = brokerName;
    cols.ids[i] = queueId;
  }
}

/**
 * Checks and encodes a queue list: an array of queues, an interned Topic
 * (when topicOf accepts it) or, with allowNull, null. Returns the Topic, the
 * recorded QueueCols (with record) or null.
 */
export function encQueues(enc, v, field, { allowNull = false, topicOf = null, record = false } = {}) {
  if (v === null && allowNull) {
    enc.u8(QLIST.NULL);
    return null;
  }
  const t = topicOf ? topicOf(v) : null;
  if (t) {
    enc.u8(QLIST.TOPIC);
    enc.uv(t.id);
    return t;
  }
  if (!Array.isArray(v)) {
    throw typeError(field, `an array of queues${topicOf ? ' or a Topic' : ''}${allowNull ? ' or null' : ''}`, v);
  }
  const n = array(v, field);
  const cols = record ? new QueueCols(n) : null;
  enc.u8(QLIST.INLINE);
  enc.uv(n);
  for (let i = 0; i < n; i++) encQueueAt(enc, v, i, field, cols);
  cols?.done();
  return cols;
}

/**
 * Checks and encodes a list of client IDs (uvarint n+1, 0 = null); with
 * keep, returns a copy of the IDs as sent.
 */
export function encCids(enc, v, field, allowNull, keep = false) {
  if (v === null && allowNull) {
    enc.uv(0);
    return;
  }
  if (!Array.isArray(v)) throw typeError(field, `an array of strings${allowNull ? ' or null' : ''}`, v);
  const n = array(v, field);
  const out = keep ? new Array(n) : null;
  enc.uv(n + 1);
  for (let i = 0; i < n; i++) {
    const s = v[i];
    if (typeof s !== 'string') throw typeError(`${field}[${i}]`, 'a string', s);
    enc.strOnce(s);
    if (out !== null) out[i] = s;
  }
  return out;
}

/** Keys a strategy spec may have (the vectors' spec shape). */
export const SPEC_KEYS = ['name', 'messageQueueList', 'consumeridcs', 'virtualNodeCnt', 'inner', 'resolver'];
const RESOLVER_KEYS = ['sep', 'brokerField', 'consumerField'];

/**
 * Checks and encodes a strategy spec (wasm/strategy.go readSpec). Only
 * types are checked here: the module answers for unknown names, negative
 * virtualNodeCnt, a missing NEARBY inner/resolver, too deep nesting, with
 * the Java class. keys: the keys allowed (analysis strategies add version
 * and profile).
 */
export function encSpec(enc, spec, field = 'strategy', keys = SPEC_KEYS, depth = 0) {
  if (depth >= WIRE_DEPTH) {
    // Deeper than the wire carries: an empty spec, which Go's depth limit
    // refuses before looking at it.
    enc.str('');
    enc.u8(0);
    return;
  }
  if (spec === null || typeof spec !== 'object' || Array.isArray(spec)) {
    throw typeError(field, "a strategy object such as { name: 'AVG' }", spec);
  }
  checkKeys(spec, keys, field);
  const { name, messageQueueList, consumeridcs, virtualNodeCnt, inner, resolver } = spec;
  if (typeof name !== 'string') throw typeError(`${field}.name`, "a strategy name such as 'AVG'", name);
  enc.str(name);
  const flagsAt = enc.pos;
  enc.u8(0);
  let flags = 0;
  // The options the named strategy reads (alloc's registry); others are
  // not sent. An unknown name sends none: the module names the known ones.
  const opts = Object.hasOwn(STRATEGY_OPTIONS, name) ? STRATEGY_OPTIONS[name] : [];
  if (opts.includes('messageQueueList') && messageQueueList != null) {
    flags |= SPEC_FLAG.MESSAGE_QUEUE_LIST;
    encQueues(enc, messageQueueList, `${field}.messageQueueList`);
  }
  if (opts.includes('consumeridcs') && consumeridcs != null) {
    flags |= SPEC_FLAG.CONSUMERIDCS;
    encCids(enc, consumeridcs, `${field}.consumeridcs`, false);
  }
  if (opts.includes('virtualNodeCnt') && virtualNodeCnt != null) {
    flags |= SPEC_FLAG.VIRTUAL_NODE_CNT;
    enc.i32(int32(virtualNodeCnt, `${field}.virtualNodeCnt`));
  }
  if (opts.includes('inner') && inner != null) {
    flags |= SPEC_FLAG.INNER;
    encSpec(enc, inner, `${field}.inner`, SPEC_KEYS, depth + 1);
  }
  if (opts.includes('resolver') && resolver != null) {
    const r = checkKeys(object(resolver, `${field}.resolver`), RESOLVER_KEYS, `${field}.resolver`);
    const { sep, brokerField, consumerField } = r;
    flags |= SPEC_FLAG.RESOLVER;
    enc.str(string(sep, `${field}.resolver.sep`));
    enc.i32(int32(brokerField, `${field}.resolver.brokerField`));
    enc.i32(int32(consumerField, `${field}.resolver.consumerField`));
  }
  enc.buf[flagsAt] = flags;
}

/**
 * Java client versions by name. 5.3.4-5.5.1 are the 5.3.3 behaviour: their
 * allocation, rebalance sort, publish info, fault tolerance and route
 * conversion show no change since 5.3.3 in the published sources (README).
 */
export const JAVA_VERSIONS = ['4.9.3', '5.3.3', '5.3.4', '5.4.0', '5.5.0', '5.5.1'];

/** The modelled version ('4.9.3' or '5.3.3') of a Java version name. */
export function javaVersion(v, field = 'version') {
  return oneOf(v, field, JAVA_VERSIONS) === '4.9.3' ? '4.9.3' : '5.3.3';
}

/**
 * The clients an allocate request names, as the module's meta lists them
 * (wasm/strategy.go clients: profile, Java versions, sort order, by client
 * byte): what clientOf reads and the sorted-view slot of each byte.
 */
export function clientTable(list) {
  const byName = new Map();
  list.forEach((c, client) => {
    byName.set(c.profile, client);
    for (const v of c.versions) byName.set(v, client);
  });
  return Object.freeze({
    byName,
    profiles: Object.freeze(list.map((c) => c.profile)),
    sortSlot: Object.freeze(list.map((c) => c.sortOrder)),
  });
}

/** The camelCase of a generated table's name: CONSUMER_CONNECTION is consumerConnection. */
export function camel(name) {
  return name.toLowerCase().replace(/_([a-z0-9])/g, (_, c) => c.toUpperCase());
}

/** The client byte of an allocate request from version / profile, in clients (clientTable). */
export function clientOf(clients, version, profile) {
  let c;
  if (version !== undefined) c = clients.byName.get(javaVersion(version));
  if (profile !== undefined) {
    const p = clients.byName.get(oneOf(profile, 'profile', clients.profiles));
    if (c !== undefined && c !== p) {
      throw rmqError(RangeError, 'ERR_INVALID_ARGUMENT', `version ${describe(version)} contradicts profile ${describe(profile)}`, { field: 'profile' });
    }
    c = p;
  }
  return c ?? CLIENT.JAVA493;
}
