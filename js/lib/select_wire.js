// The custom values of the selection ops (internal/wireschema queues.go:
// callQlist, keptQlist, hashArg, queueRef, cids, lastBroker), written and
// read as wasm/select_wire.go, cids.go and producer.go do. ctx is the
// call's: { topicOf, record, allowNull } for encQueues, and what the encoders leave
// for the caller and the decoders: src, the list's source the answer's
// refs point into; ids, the client IDs as sent. ctx.field, when set, is
// the name errors give the list (the caller's, where it differs from the
// declared field's).

import { CIDS, HASH_ARG } from './wire.js';
import { rmqError, typeError } from './errors.js';
import { ColsBase, readRefs } from './refs.js';
import { checkKeys, encCids, encQueues, int32, oneOf, QueueCols, safeInt, string } from './validate.js';

/**
 * A queue list (qlist) of a call: inline or by Topic; its source goes to
 * ctx.src (no ctx: a list given inline, as golden values are).
 */
export function encQlist(enc, v, ctx = { src: null }, field = 'queues') {
  ctx.src = encQueues(enc, v, ctx.field ?? field, ctx);
}

/**
 * A client-ID list (cids): by handle when ctx.interned holds the list's
 * interned entry, null when ctx.allowNull allows it, else inline; the IDs
 * as sent go to ctx.ids (not copied when ctx.keep is false).
 */
export function encCidList(enc, v, ctx = { ids: null }, field = 'consumers') {
  const interned = ctx.interned ?? null;
  if (interned !== null) {
    ctx.interned = null; // a reused ctx keeps no list alive
    enc.u8(CIDS.HANDLE);
    enc.uv(interned.id);
    ctx.ids = interned.snapshot;
    return;
  }
  const allowNull = ctx.allowNull === true;
  if (v === null && allowNull) {
    enc.u8(CIDS.NULL);
    ctx.ids = null;
    return;
  }
  enc.u8(CIDS.INLINE);
  ctx.ids = encCids(enc, v, ctx.field ?? field, allowNull, ctx.keep ?? true) ?? null;
}

/** The broker of the last failed send (lastBroker): null for none. */
export function encLastBroker(enc, v) {
  enc.bool(v !== null);
  if (v !== null) enc.str(v);
}

/** One queue as refs into the list ctx.src (none: written in full). */
export function decQueueRef(dec, ctx) {
  const src = ctx?.src ?? null;
  if (src !== null) ctx.src = null; // a reused ctx keeps no list alive
  return readRefs(dec, src === null ? null : src instanceof QueueCols ? new ColsBase(src, null) : src.base)[0];
}

const LONG_MIN = -(2n ** 63n);
const LONG_MAX = 2n ** 63n - 1n;

function encLong(enc, v, field) {
  const b = long(v, field);
  enc.u8(HASH_ARG.LONG);
  enc.i64(b);
}

/** v (a bigint, a decimal string or a safe integer) as a bigint in int64 range. */
export function long(v, field) {
  let b;
  if (typeof v === 'bigint') b = v;
  else if (typeof v === 'string') {
    if (!/^[+-]?\d{1,20}$/.test(v)) throw rmqError(TypeError, 'ERR_INVALID_ARGUMENT', `${field} must be a decimal integer string, got ${JSON.stringify(v.slice(0, 40))}`, { field });
    b = BigInt(v);
  } else if (typeof v === 'number') {
    b = BigInt(safeInt(v, field));
  } else throw typeError(field, 'a bigint, a decimal string or a safe integer', v);
  if (b < LONG_MIN || b > LONG_MAX) throw rangeErrorOf(field, b);
  return b;
}

function rangeErrorOf(field, b) {
  return rmqError(RangeError, 'ERR_INVALID_ARGUMENT', `${field} must be in int64 (Java long) range, got ${b}n`, { field });
}

/** The hash selector's argument (hashArg; wasm/select_wire.go readHashArg). */
export function encHashArg(enc, arg) {
  if (typeof arg === 'string') {
    enc.u8(HASH_ARG.STRING);
    enc.str(arg);
  } else if (typeof arg === 'number') {
    if ((arg | 0) !== arg) {
      throw rmqError(RangeError, 'ERR_INVALID_ARGUMENT', `arg must be an int32 (Java Integer); pass a bigint or { type: 'long', value } for a Long, got ${arg}`, { field: 'arg' });
    }
    enc.u8(HASH_ARG.INT);
    enc.i32(arg);
  } else if (typeof arg === 'bigint') {
    encLong(enc, arg, 'arg');
  } else if (arg !== null && typeof arg === 'object') {
    const { type: t, value } = checkKeys(arg, ['type', 'value'], 'arg');
    const type = oneOf(t, 'arg.type', ['string', 'int', 'long']);
    if (type === 'string') {
      enc.u8(HASH_ARG.STRING);
      enc.str(string(value, 'arg.value'));
    } else if (type === 'int') {
      enc.u8(HASH_ARG.INT);
      enc.i32(int32(value, 'arg.value'));
    } else encLong(enc, value, 'arg.value');
  } else {
    throw typeError('arg', "a string, an int32, a bigint or { type, value }", arg);
  }
}
