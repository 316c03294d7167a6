// worker.js — runs rmqalloc off the main thread. Messages in:
// { id, op, state }; out: { id, progress } ... then { id, result } or
// { id, error }. A failed load is reported on every call and retried.
import { load } from '/js/index.js';
import { analyze, compareAll, producerView, problemsView, examples } from './lib/engine.js';
import { diagnose, connectionIds } from './lib/diagnose-engine.js';

let rmq = null;

async function instance() {
  // The full module: the playground shows rmq.analysis (views, mixed, ...).
  if (!rmq || !rmq.alive) rmq = await load({ analysis: true, wasmURL: '/js/rmqalloc-full.wasm' });
  return rmq;
}

const ops = {
  analyze: (r, msg) => analyze(r, msg.state),
  compare: (r, msg) => compareAll(r, msg.state, (done, total, label) => postMessage({ id: msg.id, progress: { done, total, label } })),
  producer: (r, msg) => producerView(r, msg.state),
  problems: (r, msg) => problemsView(r, msg.state),
  examples: (r) => examples(r),
  info: (r) => ({ version: r.version, strategies: r.strategies, profiles: r.profiles }),
  diagnose: (r, msg) => diagnose(r, msg.state),
  connectionIds: (r, msg) => connectionIds(r, msg.state),
};

self.onmessage = async (ev) => {
  const msg = ev.data;
  try {
    const r = await instance();
    const fn = ops[msg.op];
    if (!fn) throw new Error('unknown op ' + msg.op);
    postMessage({ id: msg.id, result: fn(r, msg) });
  } catch (e) {
    postMessage({ id: msg.id, error: { message: String(e && e.message || e), code: e && e.code || null, javaClass: e && e.javaClass || null, field: e && e.field || null } });
  }
};
