// worker.js — the engine's worker, its entry: small on purpose. Started
// as worker.js#prefetch=analysis (worker-boot.js), it starts that module's
// download and streaming compile first thing, then loads the engine
// (worker-engine.js, ~105 KB bundled) beside it: loaded first, the engine
// held the download back by 100-200 ms. Every message that arrives before
// the engine is loaded is kept and handed to it in order.
const WASM_URL = { core: '/js/rmqalloc.wasm', analysis: '/js/rmqalloc-analysis.wasm', full: '/js/rmqalloc-full.wasm' };
const compiled = {};

/** kind's module fetched and compiled, once: a promise of it, or of null when that failed (the load then says why). */
function compile(kind) {
  compiled[kind] ??= fetch(WASM_URL[kind]).then((res) => {
    if (!res.ok) return null;
    if (/^application\/wasm\b/.test(res.headers.get('content-type') ?? '')) return WebAssembly.compileStreaming(res);
    return res.arrayBuffer().then((b) => WebAssembly.compile(b)); // a server with another MIME type
  }).catch(() => null);
  return compiled[kind];
}

// In the URL, not a message: a message is only read after this script has run.
const prefetch = /^#prefetch=(\w+)$/.exec(self.location.hash)?.[1];
if (typeof WebAssembly === 'object' && Object.hasOwn(WASM_URL, prefetch)) compile(prefetch);

const early = [];
self.onmessage = (ev) => early.push(ev.data);

// A URL in a variable: the bundler (build.mjs) leaves the engine a file of its own.
const ENGINE = './worker-engine.js';
import(ENGINE).then((engine) => {
  engine.start(WASM_URL, compile, compiled);
  // In a microtask: no message can come between the kept ones and the handler.
  self.onmessage = (ev) => engine.handle(ev.data);
  for (const msg of early.splice(0)) engine.handle(msg);
}, (e) => {
  // Every call answers the failure, and the page hears of it (client.js's onerror).
  const message = 'could not load worker-engine.js: ' + (e && e.message || e);
  const answer = (msg) => { if (msg && msg.id !== undefined) postMessage({ id: msg.id, error: { message } }); };
  self.onmessage = (ev) => answer(ev.data);
  early.splice(0).forEach(answer);
  self.reportError(new Error(message));
});
