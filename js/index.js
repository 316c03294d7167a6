// rmqalloc: Apache RocketMQ queue allocation and selection, exactly as the
// real clients compute it, in WebAssembly. See index.d.ts for the API.
//
//   import { load } from 'rmqalloc';
//   const rmq = await load();

import { start } from './lib/runtime.js';
import { Rmq } from './lib/api.js';
import { isRmqError, typeError } from './lib/errors.js';

export { isRmqError };

/** The package version (package.json's). */
export const version = '0.1.0';

let instance = null;
let pending = null;

function checkOptions(options) {
  if (options === undefined) return {};
  if (options === null || typeof options !== 'object') throw typeError('options', 'an object', options);
  const { wasmURL, wasmModule, bytes } = options;
  if (wasmURL !== undefined && typeof wasmURL !== 'string' && !(wasmURL instanceof URL)) {
    throw typeError('options.wasmURL', 'a string or URL', wasmURL);
  }
  if (wasmModule !== undefined && !(wasmModule instanceof WebAssembly.Module)) {
    throw typeError('options.wasmModule', 'a WebAssembly.Module', wasmModule);
  }
  if (bytes !== undefined && !(bytes instanceof ArrayBuffer) && !ArrayBuffer.isView(bytes)) {
    throw typeError('options.bytes', 'an ArrayBuffer or typed array', bytes);
  }
  return options;
}

/**
 * Loads the module once and returns the instance; later calls return the
 * same one. After a failed load, or once the instance has exited, a call
 * starts a fresh one.
 */
export async function load(options) {
  const opts = checkOptions(options);
  if (instance !== null && instance.alive) return instance;
  if (pending === null) {
    pending = start(opts).then(
      (rt) => {
        instance = new Rmq(rt);
        pending = null;
        return instance;
      },
      (e) => {
        pending = null;
        throw e;
      },
    );
  }
  return pending;
}

/** Same as load() (esbuild-style name). */
export const init = load;
