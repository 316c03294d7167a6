// worker.js — runs rmqalloc off the main thread. Messages in:
// { id, op, state }; out: { id, progress } ... then { id, result } or
// { id, error }. A failed load is reported on every call and retried.
import { load } from '/js/index.js';
import { analyze, compareAll, producerView, problemsView, examples } from './lib/engine.js';
import { whereView } from './lib/where.js';
import { exportFiles } from './lib/export.js';
import { pack } from './lib/pack.js';
import { diagnose, connectionIds } from './lib/diagnose-engine.js';

let rmq = null;
let loading = null;

async function instance() {
  // The full module: the playground shows rmq.analysis (views, mixed, ...).
  if (!rmq || !rmq.alive) {
    loading = loading || load({ analysis: true, wasmURL: '/js/rmqalloc-full.wasm' }).finally(() => { loading = null; });
    rmq = await loading;
  }
  return rmq;
}
// Start loading the module at once, before the first question arrives, and
// say when it is loaded (client.js times computations from then on).
instance().then(() => postMessage({ ready: true }), () => {});

const ops = {
  // The what-if side only while its tab is open (see analyze).
  analyze: (r, msg) => analyze(r, msg.state, { whatIf: msg.state.tab === 'whatif' }),
  compare: (r, msg) => compareAll(r, msg.state, (done, total, label) => postMessage({ id: msg.id, progress: { done, total, label } })),
  producer: (r, msg) => producerView(r, msg.state),
  problems: (r, msg) => problemsView(r, msg.state),
  examples: (r) => examples(r),
  where: (r, msg) => whereView(r, msg.state),
  export: (r, msg) => exportFiles(r, msg.state),
  info: (r) => ({ version: r.version, strategies: r.strategies, profiles: r.profiles }),
  // What this worker loaded (its scripts, the module), for the offline cache (sw.js).
  resources: () => performance.getEntriesByType('resource').map((e) => e.name),
  diagnose: (r, msg) => diagnose(r, msg.state),
  connectionIds: (r, msg) => connectionIds(r, msg.state),
};

self.onmessage = async (ev) => {
  const msg = ev.data;
  try {
    const r = await instance();
    const fn = ops[msg.op];
    if (!fn) throw new Error('unknown op ' + msg.op);
    const result = fn(r, msg);
    postMessage({ id: msg.id, result }, msg.op === 'analyze' ? pack(result) : []);
  } catch (e) {
    postMessage({ id: msg.id, error: { message: String(e && e.message || e), code: e && e.code || null, javaClass: e && e.javaClass || null, field: e && e.field || null } });
  }
};
