// rmqalloc: Apache RocketMQ queue allocation and selection, exactly as the
// real clients compute it, in WebAssembly. See index.d.ts for the API.
//
//   import { load } from 'rmqalloc';
//   const rmq = await load();                      // core module
//   const full = await load({ analysis: true });   // with rmq.analysis
//
// This entry runs in Node (reading the .wasm files beside it) and, served
// as is, in browsers and workers. Bundlers targeting browsers get
// index.browser.js (package.json "exports"), which never imports node:*.

import { makeLoad } from './lib/loader.js';
import { isRmqError } from './lib/errors.js';
import { VERSION } from './lib/tables.generated.js';

export { isRmqError };

/** The package version (package.json's; generated from wasm/meta.go). */
export const version = VERSION;

const IS_NODE = typeof globalThis.process === 'object' && typeof globalThis.process?.versions?.node === 'string';

/**
 * Loads the module once and returns the instance; later calls return the
 * same one. { analysis: true } loads the full module (rmqalloc-full.wasm,
 * with rmq.analysis) instead of the core one: each build has its own
 * instance. After a failed load, or once the instance has exited, a call
 * starts a fresh one.
 */
export const load = makeLoad({
  // Literal URLs, one per build: bundlers emit each as an asset.
  defaultURL: (build) => (build === 'full' ? new URL('./rmqalloc-full.wasm', import.meta.url)
    : build === 'analysis' ? new URL('./rmqalloc-analysis.wasm', import.meta.url) : new URL('./rmqalloc.wasm', import.meta.url)),
  readLocal: IS_NODE
    ? async (url) => {
      const { readFile } = await import('node:fs/promises');
      return readFile(typeof url === 'string' && !/^file:/i.test(url) ? url : new URL(url));
    }
    : undefined,
});

/** Same as load() (esbuild-style name). */
export const init = load;
