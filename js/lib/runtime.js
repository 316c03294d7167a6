// Loads rmqalloc.wasm (or rmqalloc-full.wasm, the build with analysis, when
// opts.analysis is true) with Go's wasm_exec.js and runs calls across the
// boundary (wasm/main.go, wasm/memory.go): requests are copied into the
// module's linear memory, responses read from it, one direct call of a
// //go:wasmexport function each.

import { Decoder, Encoder } from './wire.js';
import { decodeFailure, moduleExited, rmqError } from './errors.js';

const HOST_KEY = '__rmqalloc_host__';
const IS_NODE = typeof globalThis.process === 'object' && typeof globalThis.process?.versions?.node === 'string';

let GoClass = null;
// Globals wasm_exec.js polyfills when absent (fs, process in browsers; fs
// in Node). Go's syscall package reads them while starting, so they are put
// back for each start and removed again right after.
const polyfills = {};

/** Imports wasm_exec.js once and captures its Go class, leaving no globals. */
async function goClass() {
  if (GoClass) return GoClass;
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

async function wasmInstance(go, opts) {
  const { wasmModule, bytes } = opts;
  if (wasmModule !== undefined) {
    if (!(wasmModule instanceof WebAssembly.Module)) throw new TypeError('wasmModule must be a WebAssembly.Module');
    return WebAssembly.instantiate(wasmModule, go.importObject);
  }
  if (bytes !== undefined) {
    return (await WebAssembly.instantiate(bytes, go.importObject)).instance;
  }
  const url = opts.wasmURL ?? new URL(opts.analysis === true ? '../rmqalloc-full.wasm' : '../rmqalloc.wasm', import.meta.url);
  if (IS_NODE) {
    const { readFile } = await import('node:fs/promises');
    const where = typeof url === 'string' && !/^file:/.test(url) ? url : new URL(url);
    return (await WebAssembly.instantiate(await readFile(where), go.importObject)).instance;
  }
  if (typeof WebAssembly.instantiateStreaming === 'function') {
    try {
      return (await WebAssembly.instantiateStreaming(fetch(url), go.importObject)).instance;
    } catch {
      // Wrong MIME type or no streaming compile: fall back to bytes.
    }
  }
  const res = await fetch(url);
  if (!res.ok) throw new Error(`fetching ${url}: HTTP ${res.status}`);
  return (await WebAssembly.instantiate(await res.arrayBuffer(), go.importObject)).instance;
}

/** Starts a module instance; resolves to a Runtime. */
export async function start(opts = {}) {
  let go, instance;
  try {
    const Go = await goClass();
    go = new Go();
    go.argv = ['rmqalloc'];
    go.env = {};
    instance = await wasmInstance(go, opts);
  } catch (e) {
    throw rmqError(Error, 'ERR_LOAD_FAILED', `rmqalloc: cannot load the WebAssembly module: ${e?.message ?? e}`, { cause: e });
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
  if (host.ready !== true || typeof instance.exports.rmqalloc_call !== 'function') {
    throw rmqError(Error, 'ERR_LOAD_FAILED', 'rmqalloc: the module exited while starting');
  }
  return new Runtime(go, instance, host, exited);
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
    this.view();
    this.exited = exited.then(
      () => this.died(),
      (e) => this.died(e),
    );
  }

  /** (Re)creates the views on linear memory (it moves when it grows). */
  view() {
    this.buffer = this.mem.buffer;
    this.u8 = new Uint8Array(this.buffer);
    this.ctl = new Uint32Array(this.buffer, this.ctlAddr, 8);
  }

  died(cause) {
    if (!this.alive && this.cleared) return;
    this.alive = false;
    this.cleared = true;
    this.cause = cause;
    // Go's runtime timers would fire into the dead program and throw.
    const timers = this.go._scheduledTimeouts;
    if (timers) {
      for (const t of timers.values()) clearTimeout(t);
      timers.clear();
    }
  }

  /** The encoder for the next request (reset). */
  request() {
    if (!this.alive) throw moduleExited(this.cause);
    // A huge buffer left by one big request (a pasted 10 MB text) is
    // dropped rather than kept for ever.
    if (this.enc.buf.length > 1 << 24) this.enc = new Encoder();
    return this.enc.reset();
  }

  /**
   * Sends the encoded request as operation op; returns a Decoder over the
   * response body (valid until the next call), or throws its error.
   */
  call(op) {
    if (!this.alive) throw moduleExited(this.cause);
    const enc = this.enc;
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
    if (status !== 0) throw decodeFailure(status, d);
    return d;
  }

  /** Stops the Go program. */
  async exit() {
    if (this.alive) {
      try {
        this.host.exit();
      } catch {
        // already dead
      }
    }
    await this.exited;
  }
}
