// rmqalloc: Apache RocketMQ queue allocation and selection, exactly as the
// real clients compute it, in WebAssembly. See index.d.ts for the API.
//
//   import { load } from 'rmqalloc';
//   const rmq = await load();                      // core module
//   const full = await load({ analysis: true });   // with rmq.analysis

import { start } from './lib/runtime.js';
import { Rmq } from './lib/api.js';
import { isRmqError, rmqError, typeError } from './lib/errors.js';
import { VERSION } from './lib/tables.generated.js';

export { isRmqError };

/** The package version (package.json's; generated from wasm/meta.go). */
export const version = VERSION;

// One instance per build: 'core' (rmqalloc.wasm) and 'full'
// (rmqalloc-full.wasm, with rmq.analysis), each loaded once.
const slots = { core: { instance: null, pending: null }, full: { instance: null, pending: null } };

function checkOptions(options) {
  if (options === undefined) return {};
  if (options === null || typeof options !== 'object') throw typeError('options', 'an object', options);
  const { wasmURL, wasmModule, bytes, analysis } = options;
  if (wasmURL !== undefined && typeof wasmURL !== 'string' && !(wasmURL instanceof URL)) {
    throw typeError('options.wasmURL', 'a string or URL', wasmURL);
  }
  if (wasmModule !== undefined && !(wasmModule instanceof WebAssembly.Module)) {
    throw typeError('options.wasmModule', 'a WebAssembly.Module', wasmModule);
  }
  if (bytes !== undefined && !(bytes instanceof ArrayBuffer) && !ArrayBuffer.isView(bytes)) {
    throw typeError('options.bytes', 'an ArrayBuffer or typed array', bytes);
  }
  if (analysis !== undefined && typeof analysis !== 'boolean') {
    throw typeError('options.analysis', 'a boolean', analysis);
  }
  return options;
}

/** Starts the module of build for opts and checks it is that build. */
async function startBuild(opts, build) {
  const rt = await start(opts);
  let rmq;
  try {
    rmq = new Rmq(rt);
  } catch (e) {
    await rt.exit();
    throw e;
  }
  if (build === 'full' && rmq.build !== 'full') {
    await rmq.exit();
    throw rmqError(Error, 'ERR_LOAD_FAILED', 'rmqalloc: load({ analysis: true }) got the core module; pass the full one (rmqalloc-full.wasm) as wasmURL, wasmModule or bytes', { field: 'options.analysis' });
  }
  return rmq;
}

/**
 * Loads the module once and returns the instance; later calls return the
 * same one. { analysis: true } loads the full module (rmqalloc-full.wasm,
 * with rmq.analysis) instead of the core one: each build has its own
 * instance. After a failed load, or once the instance has exited, a call
 * starts a fresh one.
 */
export async function load(options) {
  const opts = checkOptions(options);
  const build = opts.analysis === true ? 'full' : 'core';
  const slot = slots[build];
  if (slot.instance !== null && slot.instance.alive) return slot.instance;
  if (slot.pending === null) {
    slot.pending = startBuild(opts, build).then(
      (rmq) => {
        slot.instance = rmq;
        slot.pending = null;
        return rmq;
      },
      (e) => {
        slot.pending = null;
        throw e;
      },
    );
  }
  return slot.pending;
}

/** Same as load() (esbuild-style name). */
export const init = load;
