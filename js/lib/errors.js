// Errors thrown by rmqalloc: real Error / TypeError / RangeError instances
// carrying `code`, `javaClass` and `field` (see RmqError in index.d.ts).

import { ERROR_CTOR } from './tables.generated.js';

const MARK = Symbol.for('rmqalloc.error');

/**
 * Builds an error. ctor is Error, TypeError or RangeError; javaClass is the
 * exception the Java client throws in the same case, or null.
 */
export function rmqError(ctor, code, message, { javaClass = null, field = null, cause } = {}) {
  const e = cause === undefined ? new ctor(message) : new ctor(message, { cause });
  Object.defineProperty(e, MARK, { value: true });
  e.code = code;
  e.javaClass = javaClass;
  e.field = field;
  return e;
}

/** True when e was thrown by rmqalloc. */
export function isRmqError(e) {
  return e instanceof Error && e[MARK] === true;
}

const CTORS = { [ERROR_CTOR.ERROR]: Error, [ERROR_CTOR.TYPE_ERROR]: TypeError, [ERROR_CTOR.RANGE_ERROR]: RangeError };

/** Reads an error body of a response (wasm/errors.go writeErrorBody). */
export function decodeError(d) {
  const code = d.str();
  const javaClass = d.str();
  const field = d.str();
  const message = d.str();
  const ctor = CTORS[d.u8()] ?? Error;
  return rmqError(ctor, code, message, { javaClass: javaClass || null, field: field || null });
}

/** Response status of text that cannot be read (wasm/input_errors.go). */
const STATUS_INPUT_ERROR = 2;

/**
 * Reads the body of a failed response (status 1: an error; status 2: text
 * that cannot be read, with the box, line and column on the Error too).
 */
export function decodeFailure(status, d) {
  const e = decodeError(d);
  if (status === STATUS_INPUT_ERROR) {
    e.box = e.field;
    e.line = d.uv();
    e.column = d.uv();
  }
  return e;
}

/** A JS argument of the wrong type. */
export function typeError(field, what, value) {
  return rmqError(TypeError, 'ERR_INVALID_ARGUMENT', `${field} must be ${what}, got ${describe(value)}`, { field });
}

/** A JS argument out of range. */
export function rangeError(field, what, value) {
  return rmqError(RangeError, 'ERR_INVALID_ARGUMENT', `${field} must be ${what}, got ${describe(value)}`, { field });
}

export function moduleExited(cause) {
  return rmqError(Error, 'ERR_MODULE_EXITED', 'rmqalloc: the WebAssembly module has exited; call load() again for a fresh instance', cause === undefined ? {} : { cause });
}

export function disposedError(what) {
  return rmqError(Error, 'ERR_DISPOSED', `rmqalloc: ${what} has been disposed`);
}

/** A short description of a value for messages: 1.5, 'abc', null, an array ... */
export function describe(v) {
  switch (typeof v) {
    case 'number':
      return Object.is(v, -0) ? '-0' : String(v);
    case 'bigint':
      return `${v}n`;
    case 'string':
      return JSON.stringify(v.length > 40 ? v.slice(0, 40) + '…' : v);
    case 'undefined':
      return 'undefined';
    case 'boolean':
      return String(v);
    case 'symbol':
      return 'a symbol';
    case 'function':
      return 'a function';
  }
  if (v === null) return 'null';
  if (Array.isArray(v)) return `an array of ${v.length}`;
  return 'an object';
}
