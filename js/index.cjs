// CommonJS entry of rmqalloc: the same API as index.js, whose functions are
// asynchronous anyway (the module is ESM; require() reaches it through a
// dynamic import).
'use strict';

const MARK = Symbol.for('rmqalloc.error');
const esm = () => import('./index.js');

module.exports = {
  load: (options) => esm().then((m) => m.load(options)),
  init: (options) => esm().then((m) => m.init(options)),
  isRmqError: (e) => e instanceof Error && e[MARK] === true,
  version: require('./package.json').version, // = wasm/meta.go's, checked by internal/gentables
};
