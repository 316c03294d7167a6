// Loads rmqalloc.wasm (or rmqalloc-full.wasm, the build with analysis, when
// opts.analysis is true) with Go's wasm_exec.js and runs calls across the
// boundary (wasm/main.go, wasm/memory.go): requests are copied into the
// module's linear memory, responses read from it, one direct call of a
// //go:wasmexport function each.

import { Decoder, Encoder, STATUS } from './wire.js';
import { decodeFailure, moduleExited, rmqError } from './errors.js';

const HOST_KEY = '__rmqalloc_host__';

let GoClass = null;
// The one import of wasm_exec.js in flight: concurrent first loads (the core
// and the full build at once) share it, since the first to finish removes Go.
let goClassPending = null;
// Globals wasm_exec.js polyfills when absent (fs, process in browsers; fs
// in Node). Go's syscall package reads them while starting, so they are put
// back for each start and removed again right after.
const polyfills = {};

/** Imports wasm_exec.js once and captures its Go class, leaving no globals. */
function goClass() {
  if (GoClass) return Promise.resolve(GoClass);
  goClassPending ??= importGoClass().finally(() => { goClassPending = null; });
  return goClassPending;
}

async function importGoClass() {
  const had = {};
  for (const k of ['Go', 'fs', 'process']) had[k] = Object.prototype.hasOwnProperty.call(globalThis, k) ? globalThis[k] : undefined;
  await import('../wasm_exec.js');
  GoClass = globalThis.Go;
  if (typeof GoClass !== 'function') throw new Error('wasm_exec.js did not define Go');
  for (const k of ['Go', 'fs', 'process']) {
    if (had[k] === undefined) {
      if (k !== 'Go' && globalThis[k] !== undefined) polyfills[k] = globalThis[k];
      delete globalThis[k];
    } else {
      globalThis[k] = had[k];
    }
  }
  return GoClass;
}

/**
 * The module's bytes or compiled form for opts: wasmModule, bytes, or
 * wasmURL / the entry's default URL. platform.readLocal(url) reads a file:
 * URL or path (Node entry only); every other URL is fetched, once.
 */
async function wasmInstance(go, opts, platform) {
  const { wasmModule, bytes } = opts;
  if (wasmModule !== undefined) return WebAssembly.instantiate(wasmModule, go.importObject);
  if (bytes !== undefined) return (await WebAssembly.instantiate(bytes, go.importObject)).instance;
  const url = opts.wasmURL ?? platform.defaultURL(opts.build ?? 'core');
  if (platform.readLocal !== undefined && isLocal(url)) {
    return (await WebAssembly.instantiate(await platform.readLocal(url), go.importObject)).instance;
  }
  if (typeof fetch !== 'function') throw new Error(`cannot fetch ${url}: no fetch() here`);
  const res = await fetch(url);
  if (!res.ok) throw new Error(`fetching ${url}: HTTP ${res.status}`);
  if (typeof WebAssembly.instantiateStreaming === 'function' && /^application\/wasm\b/.test(res.headers.get('content-type') ?? '')) {
    return (await WebAssembly.instantiateStreaming(res, go.importObject)).instance;
  }
  // Another MIME type (instantiateStreaming would refuse it): from bytes.
  return (await WebAssembly.instantiate(await res.arrayBuffer(), go.importObject)).instance;
}

/** A file: URL or a path (not an http:, https:, data: or blob: URL). */
function isLocal(url) {
  if (url instanceof URL) return url.protocol === 'file:';
  return !/^[a-z][a-z0-9+.-]*:/i.test(url) || /^file:/i.test(url) || /^[a-z]:[\\/]/i.test(url);
}

/** True when instance has what wasm/main.go exports. */
function isOurs(instance) {
  const x = instance?.exports;
  return x !== undefined && x.mem instanceof WebAssembly.Memory && typeof x.rmqalloc_call === 'function' &&
    typeof x.rmqalloc_ctl === 'function' && typeof x.rmqalloc_reserve === 'function' && typeof x.run === 'function';
}

/**
 * The module's soft memory limit (Go's GOMEMLIMIT). Linear memory never
 * shrinks, and with no limit Go lets the heap reach twice what is live
 * before collecting: the npm CLI on a folder at the doctor's limits
 * (112 MB of status texts; cluster/doctor BenchmarkProcessMemory) peaked
 * at 1.1 GB of RSS. Near the limit the collector runs more often instead;
 * below it nothing changes. Set here, not in Go: runtime/debug would bring
 * package os into the module (0.3 MB).
 */
const MEMORY_LIMIT = '384MiB';

/** Starts a module instance; resolves to a Runtime. */
export async function start(opts, platform) {
  let go, instance;
  try {
    const Go = await goClass();
    go = new Go();
    go.argv = ['rmqalloc'];
    go.env = { GOMEMLIMIT: MEMORY_LIMIT };
    instance = await wasmInstance(go, opts, platform);
  } catch (e) {
    throw rmqError(Error, 'ERR_LOAD_FAILED', `rmqalloc: cannot load the WebAssembly module: ${e?.message ?? e}`, { cause: e });
  }
  // go.run on a module that is not ours rejects later, unobserved: refuse it now.
  if (!isOurs(instance)) {
    throw rmqError(Error, 'ERR_LOAD_FAILED', 'rmqalloc: cannot load the WebAssembly module: it is not rmqalloc.wasm (its exports do not match)');
  }
  const host = {};
  const added = [];
  for (const [k, v] of Object.entries(polyfills)) {
    if (globalThis[k] === undefined) {
      globalThis[k] = v;
      added.push(k);
    }
  }
  globalThis[HOST_KEY] = host;
  let exited;
  try {
    // go.run executes main synchronously until it blocks: by the time it
    // returns, main has registered its exports on host.
    exited = go.run(instance);
  } catch (e) {
    throw rmqError(Error, 'ERR_LOAD_FAILED', `rmqalloc: the module failed to start: ${e?.message ?? e}`, { cause: e });
  } finally {
    delete globalThis[HOST_KEY];
    for (const k of added) delete globalThis[k];
  }
  // Observed at once: a program that dies while starting must not leave an
  // unhandled rejection behind.
  let cause;
  exited = Promise.resolve(exited).then(() => undefined, (e) => {
    cause = e;
  });
  if (host.ready !== true) {
    throw rmqError(Error, 'ERR_LOAD_FAILED', `rmqalloc: the module exited while starting${cause ? `: ${cause.message ?? cause}` : ''}`, cause ? { cause } : {});
  }
  return new Runtime(go, instance, host, exited.then(() => cause));
}

/** Runtime is one live module instance. */
export class Runtime {
  constructor(go, instance, host, exited) {
    this.go = go;
    this.mem = instance.exports.mem;
    this.host = host;
    this.exports = instance.exports;
    this.ctlAddr = instance.exports.rmqalloc_ctl();
    this.alive = true;
    this.enc = new Encoder();
    // Public calls in progress (api.js enters and leaves): a call made while
    // another one is encoding (from a getter, a Proxy trap or a clock) gets
    // an encoder of its own, so it cannot corrupt the outer request.
    this.depth = 0;
    this.view();
    this.exited = exited.then((cause) => this.died(cause));
  }

  /** (Re)creates the views on linear memory (it moves when it grows). */
  view() {
    this.buffer = this.mem.buffer;
    this.u8 = new Uint8Array(this.buffer);
    this.ctl = new Uint32Array(this.buffer, this.ctlAddr, 8);
  }

  died(cause) {
    if (this.cleared) return;
    this.alive = false;
    this.cleared = true;
    if (this.cause === undefined) this.cause = cause;
    // Go's runtime timers would fire into the dead program and throw.
    const timers = this.go._scheduledTimeouts;
    if (timers) {
      for (const t of timers.values()) clearTimeout(t);
      timers.clear();
    }
  }

  /**
   * fn as a call of the API: while it runs the runtime is marked busy, so
   * that a call nested in it (a getter or callback calling rmq.*) gets its
   * own encoder (request()).
   */
  guard(fn) {
    return (...args) => this.within(() => fn(...args));
  }

  /** Runs fn as a call of the API (see guard) and returns what it returns. */
  within(fn) {
    this.depth++;
    try {
      return fn();
    } finally {
      this.depth--;
    }
  }

  /**
   * An empty encoder for the next request: the shared one for the
   * outermost call, a fresh one for a call nested in another's encoding.
   */
  request() {
    if (!this.alive) throw moduleExited(this.cause);
    if (this.depth > 1) return new Encoder(256);
    // A huge buffer left by one big request (a pasted 10 MB text) is
    // dropped rather than kept for ever.
    if (this.enc.buf.length > 1 << 24) this.enc = new Encoder();
    return this.enc.reset();
  }

  /**
   * Sends the request in enc as operation op; returns a Decoder over the
   * response body (valid until the next call), or throws its error.
   */
  call(op, enc) {
    if (!this.alive) throw moduleExited(this.cause);
    const n = enc.pos;
    try {
      if (this.buffer !== this.mem.buffer) this.view();
      if (n > this.ctl[1]) {
        this.exports.rmqalloc_reserve(n);
        if (this.buffer !== this.mem.buffer) this.view();
      }
      this.u8.set(n === enc.buf.length ? enc.buf : enc.buf.subarray(0, n), this.ctl[0]);
      this.ctl[4] = n;
      this.exports.rmqalloc_call(op);
    } catch (e) {
      this.died(e);
      throw moduleExited(e);
    }
    if (this.go.exited) {
      this.died();
      throw moduleExited();
    }
    if (this.buffer !== this.mem.buffer) this.view();
    const start = this.ctl[2];
    const d = new Decoder(this.u8.subarray(start, start + this.ctl[3]));
    const status = d.u8();
    if (status !== STATUS.OK) throw decodeFailure(status, d);
    return d;
  }

  /** Stops the Go program; from now on the instance counts as exited. */
  async exit() {
    if (this.alive) {
      this.alive = false;
      try {
        this.host.exit();
      } catch {
        // already dead
      }
    }
    await this.exited;
  }
}
