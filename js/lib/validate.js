// Argument checks done in JS before anything crosses into the module: they
// are cheap here, and their messages name the exact field. Each enc* both
// checks and encodes (wasm/*.go documents the layouts), in one pass.

import { CLIENT, QLIST, SPEC_FLAG } from './wire.js';
import { rangeError, typeError, describe, rmqError } from './errors.js';

/** Most queues one list may hold (about 4 million). */
export const MAX_QUEUES = 1 << 22;
/** Deepest MACHINE_ROOM_NEARBY nesting accepted. */
export const MAX_DEPTH = 8;

export const STRATEGY_NAMES = Object.freeze(['AVG', 'AVG_BY_CIRCLE', 'CONFIG', 'MACHINE_ROOM', 'CONSISTENT_HASH', 'MACHINE_ROOM_NEARBY']);

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

export function array(v, field, what = 'an array') {
  if (!Array.isArray(v)) throw typeError(field, what, v);
  return v;
}

/** One of the allowed strings. */
export function oneOf(v, field, allowed) {
  if (typeof v !== 'string') throw typeError(field, `one of ${allowed.map((a) => `'${a}'`).join(', ')}`, v);
  if (!allowed.includes(v)) throw rangeError(field, `one of ${allowed.map((a) => `'${a}'`).join(', ')}`, v);
  return v;
}

/** Checks and encodes one queue object. */
export function encQueue(enc, q, field) {
  if (q === null || typeof q !== 'object') throw typeError(field, 'a queue object { topic, brokerName, queueId }', q);
  const { topic, brokerName, queueId } = q;
  if (typeof topic !== 'string') throw typeError(`${field}.topic`, 'a string', topic);
  if (typeof brokerName !== 'string') throw typeError(`${field}.brokerName`, 'a string', brokerName);
  if (typeof queueId !== 'number') throw typeError(`${field}.queueId`, INT32, queueId);
  if ((queueId | 0) !== queueId) throw rangeError(`${field}.queueId`, INT32, queueId);
  enc.str(topic);
  enc.str(brokerName);
  enc.i32(queueId);
}

/**
 * Checks and encodes a queue list: an array of queues, an interned Topic
 * (when isTopic accepts it) or, with allowNull, null. Returns the Topic or
 * null.
 */
export function encQueues(enc, v, field, { allowNull = false, topicOf = null } = {}) {
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
  const n = v.length;
  if (n > MAX_QUEUES) throw rangeError(`${field}.length`, `at most ${MAX_QUEUES}`, n);
  enc.u8(QLIST.INLINE);
  enc.uv(n);
  for (let i = 0; i < n; i++) encQueue(enc, v[i], `${field}[${i}]`);
  return null;
}

/** Checks and encodes a list of client IDs (uvarint n+1, 0 = null). */
export function encCids(enc, v, field, allowNull) {
  if (v === null && allowNull) {
    enc.uv(0);
    return;
  }
  if (!Array.isArray(v)) throw typeError(field, `an array of strings${allowNull ? ' or null' : ''}`, v);
  const n = v.length;
  if (n > MAX_QUEUES) throw rangeError(`${field}.length`, `at most ${MAX_QUEUES}`, n);
  enc.uv(n + 1);
  for (let i = 0; i < n; i++) {
    const s = v[i];
    if (typeof s !== 'string') throw typeError(`${field}[${i}]`, 'a string', s);
    enc.strOnce(s);
  }
}

/**
 * Checks and encodes a strategy spec (wasm/strategy.go readSpec). Errors
 * that only the Java constructors define (a negative virtualNodeCnt, a
 * missing NEARBY inner/resolver) are left to the module, which answers with
 * the Java class.
 */
export function encSpec(enc, spec, field = 'strategy', depth = 0) {
  if (spec === null || typeof spec !== 'object' || Array.isArray(spec)) {
    throw typeError(field, "a strategy object such as { name: 'AVG' }", spec);
  }
  const name = spec.name;
  if (typeof name !== 'string') throw typeError(`${field}.name`, `one of ${STRATEGY_NAMES.join(', ')}`, name);
  if (!STRATEGY_NAMES.includes(name)) throw rangeError(`${field}.name`, `one of ${STRATEGY_NAMES.join(', ')}`, name);
  enc.str(name);
  const flagsAt = enc.pos;
  enc.u8(0);
  let flags = 0;
  if (name === 'CONFIG' && spec.messageQueueList != null) {
    flags |= SPEC_FLAG.MESSAGE_QUEUE_LIST;
    encQueues(enc, spec.messageQueueList, `${field}.messageQueueList`);
  }
  if (name === 'MACHINE_ROOM' && spec.consumeridcs != null) {
    flags |= SPEC_FLAG.CONSUMERIDCS;
    encCids(enc, spec.consumeridcs, `${field}.consumeridcs`, false);
  }
  if (name === 'CONSISTENT_HASH' && spec.virtualNodeCnt != null) {
    flags |= SPEC_FLAG.VIRTUAL_NODE_CNT;
    enc.i32(int32(spec.virtualNodeCnt, `${field}.virtualNodeCnt`));
  }
  if (name === 'MACHINE_ROOM_NEARBY') {
    if (spec.inner != null) {
      if (depth >= MAX_DEPTH) throw rangeError(`${field}.inner`, `nested at most ${MAX_DEPTH} deep`, spec.inner);
      flags |= SPEC_FLAG.INNER;
      encSpec(enc, spec.inner, `${field}.inner`, depth + 1);
    }
    if (spec.resolver != null) {
      const r = object(spec.resolver, `${field}.resolver`);
      flags |= SPEC_FLAG.RESOLVER;
      enc.str(string(r.sep, `${field}.resolver.sep`));
      enc.i32(int32(r.brokerField, `${field}.resolver.brokerField`));
      enc.i32(int32(r.consumerField, `${field}.resolver.consumerField`));
    }
  }
  enc.buf[flagsAt] = flags;
}

const CLIENTS = {
  '4.9.3': CLIENT.JAVA493,
  '5.3.3': CLIENT.JAVA533,
  'java-4.9.3': CLIENT.JAVA493,
  'java-5.3.3': CLIENT.JAVA533,
  'go-client-2.1.2': CLIENT.GO,
};

/** The client byte of an allocate request from version / profile. */
export function clientOf(opts) {
  let c;
  if (opts.version !== undefined) c = CLIENTS[oneOf(opts.version, 'version', ['4.9.3', '5.3.3'])];
  if (opts.profile !== undefined) {
    const p = CLIENTS[oneOf(opts.profile, 'profile', ['java-4.9.3', 'java-5.3.3', 'go-client-2.1.2'])];
    if (c !== undefined && c !== p) {
      throw rmqError(RangeError, 'ERR_INVALID_ARGUMENT', `version ${describe(opts.version)} contradicts profile ${describe(opts.profile)}`, { field: 'profile' });
    }
    c = p;
  }
  return c ?? CLIENT.JAVA493;
}
