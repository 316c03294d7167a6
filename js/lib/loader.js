// load(): one module instance per build ('core' rmqalloc.wasm, 'full'
// rmqalloc-full.wasm with rmq.analysis and the doctor, 'analysis'
// rmqalloc-analysis.wasm with rmq.analysis only), shared by the entries
// (index.js, index.browser.js), which differ only in how they find the
// .wasm file.

import { start } from './runtime.js';
import { Rmq } from './api.js';
import { rmqError, typeError } from './errors.js';
import { checkKeys } from './validate.js';

const LOAD_KEYS = ['analysis', 'doctor', 'wasmURL', 'wasmModule', 'bytes'];

function checkOptions(options) {
  if (options === undefined) return {};
  if (options === null || typeof options !== 'object' || Array.isArray(options)) throw typeError('options', 'an object', options);
  checkKeys(options, LOAD_KEYS, 'options');
  const { wasmURL, wasmModule, bytes, analysis, doctor } = options;
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
  if (doctor !== undefined && typeof doctor !== 'boolean') {
    throw typeError('options.doctor', 'a boolean', doctor);
  }
  if (doctor === false && analysis !== true) {
    throw typeError('options.doctor', 'left out unless analysis is true (doctor: false picks the analysis module, rmqalloc-analysis.wasm)', doctor);
  }
  // A copy: getters are read once, and later changes do not matter.
  return { wasmURL, wasmModule, bytes, analysis, doctor };
}

/** The build opts asks for: 'core', 'full' or 'analysis' (the full one without the doctor). */
export function buildOf(opts) {
  if (opts.analysis !== true) return 'core';
  return opts.doctor === false ? 'analysis' : 'full';
}

const FILES = { core: 'rmqalloc.wasm', full: 'rmqalloc-full.wasm', analysis: 'rmqalloc-analysis.wasm' };
const OPTIONS = { core: 'load()', full: 'load({ analysis: true })', analysis: 'load({ analysis: true, doctor: false })' };

/** Starts the module of build for opts and checks it is that build. */
async function startBuild(opts, build, platform) {
  const rt = await start(opts, platform);
  let rmq;
  try {
    rmq = new Rmq(rt); // refuses a module of another version or wire tables
  } catch (e) {
    await rt.exit();
    throw e;
  }
  if (build !== 'core' && rmq.build !== build) {
    await rmq.exit();
    throw rmqError(Error, 'ERR_LOAD_FAILED', `rmqalloc: ${OPTIONS[build]} got the ${rmq.build} module (${FILES[rmq.build] ?? rmq.build}); pass ${FILES[build]} as wasmURL, wasmModule or bytes`, { field: build === 'analysis' ? 'options.doctor' : 'options.analysis' });
  }
  return rmq;
}

/**
 * The load() of an entry. platform.defaultURL(build) is the .wasm beside the
 * entry; platform.readLocal(urlOrPath), when present, reads local files.
 */
export function makeLoad(platform) {
  const slots = { core: { instance: null, pending: null }, full: { instance: null, pending: null }, analysis: { instance: null, pending: null } };
  return async function load(options) {
    const opts = checkOptions(options);
    const build = buildOf(opts);
    opts.build = build; // the default URL's (runtime.js)
    const slot = slots[build];
    if (slot.instance !== null && slot.instance.alive) return slot.instance;
    if (slot.pending === null) {
      const pending = startBuild(opts, build, platform).then(
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
      slot.pending = pending;
    }
    return slot.pending;
  };
}
