// rmqalloc for browsers, workers and bundlers (package.json "exports":
// "browser" and "default"): the same API as index.js, without any node:
// import. The module is fetched from new URL('./rmqalloc.wasm',
// import.meta.url), the pattern Vite, webpack 5 and Parcel turn into an
// emitted asset; with esbuild or Rollup, copy rmqalloc.wasm (and
// rmqalloc-full.wasm for analysis) beside the bundle, or pass wasmURL.

import { makeLoad } from './lib/loader.js';
import { isRmqError } from './lib/errors.js';
import { VERSION } from './lib/tables.generated.js';

export { isRmqError };

/** The package version (package.json's; generated from wasm/meta.go). */
export const version = VERSION;

/** Loads the module once per build; see index.d.ts. */
export const load = makeLoad({
  // Literal URLs, one per build: bundlers emit each as an asset.
  defaultURL: (build) => (build === 'full' ? new URL('./rmqalloc-full.wasm', import.meta.url)
    : build === 'analysis' ? new URL('./rmqalloc-analysis.wasm', import.meta.url) : new URL('./rmqalloc.wasm', import.meta.url)),
});

/** Same as load() (esbuild-style name). */
export const init = load;
