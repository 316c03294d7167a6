// worker-engine.js — the engine of the worker (worker.js loads it): runs
// rmqalloc off the main thread. Messages in: { id, op, state }; out:
// { id, progress } ... then { id, result } or { id, error }. A failed load
// is reported on every call and retried.
import { load } from '/js/index.js';
import { analyze, compareAll, producerView, problemsView, examples } from './lib/engine.js';
import { whereView } from './lib/where.js';
import { priorityView, priorityDrainView } from './lib/priority.js';
import { exportFiles } from './lib/export.js';
import { pack } from './lib/pack.js';
import { diagnose, connectionIds, diagnoseFolders } from './lib/diagnose-engine.js';

// Three builds (js/README.md): the core module (2.8 MB) answers the
// Producer and Explain tabs; the analysis one (3.7 MB, with rmq.analysis)
// every tab but Diagnose; the full one (7.2 MB, with the doctor and
// mqadmin's consumer texts too) everything. A call loads the smallest one
// that answers it, unless a bigger one that does is loaded already;
// nothing is loaded before the first call, so a page opened on a core tab
// fetches no other module. A page opened on the defaults asks for the
// analysis module as soon as the worker runs (worker-boot.js): worker.js
// starts its download and compile before this file loads (start's
// compiled). It compiles and starts in about half the full one's time,
// which is most of the wait for the first result.
const built = { core: null, analysis: null, full: null };
const loading = { core: null, analysis: null, full: null };
// Modules fetched and compiled ahead of the first call, by build: a
// promise of the module, or of null when that failed (the load then
// fetches it itself and says what went wrong).
const prefetched = { core: null, analysis: null, full: null };
// The builds that answer a call needing kind, biggest first (full answers all).
const ANSWERS = { core: ['full', 'analysis', 'core'], analysis: ['full', 'analysis'], full: ['full'] };
const LOAD_OPTIONS = { core: {}, analysis: { analysis: true, doctor: false }, full: { analysis: true } };
// The modules' URLs, by build (worker.js's).
let WASM_URL = {};

/** The entry's fetch and compile of kind's module (worker.js): a promise of the module, or of null. */
let compiled = () => null;

/**
 * Takes over from the entry (worker.js): urls are the modules' by build,
 * compile(kind) fetches and compiles kind's module once, and started has
 * the builds it is compiling already (the page's prefetch): each is
 * started as soon as it is compiled.
 */
export function start(urls, compile, started) {
  WASM_URL = urls;
  compiled = compile;
  for (const kind of Object.keys(started)) prefetch(kind);
}

/**
 * kind's module fetched and compiled ahead of the first call (worker.js,
 * on this thread: compiled on the page, it blocked the page's main thread
 * for hundreds of milliseconds), then started at once, not when the
 * page's first call arrives (its scripts may still be running).
 */
function prefetch(kind) {
  if (prefetched[kind] || built[kind]) return;
  prefetched[kind] = compiled(kind);
  instance(kind).catch(() => { /* reported by the call that needs it */ });
}

async function instance(kind) {
  // A bigger build already running answers too (full first: it answers all),
  // and one on its way is waited for rather than loading a smaller one.
  for (const k of ANSWERS[kind]) if (built[k] && built[k].alive) return built[k];
  for (const k of ANSWERS[kind]) if (loading[k]) return loading[k];
  if (!loading[kind]) {
    // Loading does not count as computing (client.js: no restart while a module loads).
    postMessage({ ready: false });
    loading[kind] = Promise.resolve(prefetched[kind])
      .then((module) => {
        const source = module ? { wasmModule: module } : { wasmURL: WASM_URL[kind] };
        return load({ ...LOAD_OPTIONS[kind], ...source });
      })
      .then((r) => { built[kind] = r; return r; })
      .finally(() => { loading[kind] = null; postMessage({ ready: true }); });
  }
  return loading[kind];
}

// The calls that need the doctor or mqadmin's consumer texts.
const DOCTOR_OPS = new Set(['diagnose', 'diagnoseFolders', 'connectionIds']);

/** The module msg needs: 'core' when no rmq.analysis or route text is involved, 'full' for the doctor. */
function needs(msg) {
  if (msg.op === 'resources') return null; // no module: what was loaded so far
  if (msg.op === 'examples' || msg.op === 'info') return 'core';
  if ((msg.op === 'producer' || msg.op === 'priority') && msg.state && msg.state.source !== 'route') return 'core';
  if (DOCTOR_OPS.has(msg.op)) return 'full';
  return 'analysis';
}

const ops = {
  // The what-if side only while its tab is open (see analyze).
  analyze: (r, msg) => analyze(r, msg.state, { whatIf: msg.state.tab === 'whatif' }),
  compare: (r, msg) => compareAll(r, msg.state, (done, total, label) => postMessage({ id: msg.id, progress: { done, total, label } })),
  producer: (r, msg) => producerView(r, msg.state),
  problems: (r, msg) => problemsView(r, msg.state),
  examples: (r) => examples(r),
  where: (r, msg) => whereView(r, msg.state),
  priority: (r, msg) => priorityView(r, msg.state),
  priorityDrain: (r, msg) => priorityDrainView(r, msg.state), // the full module's alloc/priority
  export: (r, msg) => exportFiles(r, msg.state),
  info: (r) => ({ version: r.version, strategies: r.strategies, profiles: r.profiles, build: r.build }),
  // What this worker loaded (its scripts, the module), for the offline cache (sw.js).
  resources: () => performance.getEntriesByType('resource').map((e) => e.name),
  diagnose: (r, msg) => diagnose(r, msg.state),
  diagnoseFolders: (r, msg) => diagnoseFolders(r, msg.state),
  connectionIds: (r, msg) => connectionIds(r, msg.state),
};

/** Answers one message from the page (worker.js hands them over in order). */
export async function handle(msg) {
  try {
    const fn = ops[msg.op];
    const kind = fn ? needs(msg) : null;
    const r = kind ? await instance(kind) : null;
    if (!fn) throw new Error('unknown op ' + msg.op);
    const result = fn(r, msg);
    postMessage({ id: msg.id, result }, msg.op === 'analyze' ? pack(result) : []);
  } catch (e) {
    postMessage({ id: msg.id, error: { message: String(e && e.message || e), code: e && e.code || null, javaClass: e && e.javaClass || null, field: e && e.field || null } });
  }
}
