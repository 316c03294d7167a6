// worker-boot.js — a classic script in <head>: starts the engine's worker
// (worker.js) before the page's modules load, so that the library loads
// beside them rather than after them; app.js's EngineClient (lib/client.js)
// takes it over, and an error it raised before then is kept for the client
// to report. A page opened on the defaults (no state in the link) shows the
// Allocation tab, whose first result needs rmq.analysis: the worker is
// started as worker.js#prefetch=analysis, and its entry fetches, compiles
// and starts that module (all on its own thread) before its engine has
// loaded.
(function () {
  if (typeof Worker !== 'function') return;
  var w;
  // index.html names the bundled worker (build.mjs); the sources' worker.js otherwise.
  var url = (document.currentScript && document.currentScript.dataset.worker) || 'worker.js';
  if (!location.hash && typeof WebAssembly === 'object') url += '#prefetch=analysis';
  try {
    w = new Worker(url, { type: 'module' });
  } catch (e) {
    return; // app.js starts one itself
  }
  w.onerror = function (ev) { ev.preventDefault(); w.earlyError = ev.message || 'could not start'; };
  window.rmqallocWorker = w;
}());
