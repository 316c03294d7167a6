// worker-boot.js — a classic script in <head>: starts the engine's worker
// (worker.js) before the page's modules load, so that the library loads
// beside them rather than after them; app.js's EngineClient (lib/client.js)
// takes it over, and an error it raised before then is kept for the client
// to report. A page opened on the defaults (no state in the link) shows the
// Allocation tab, whose first result needs the full module: the worker is
// told at once to fetch, compile and start it (all on its own thread).
(function () {
  if (typeof Worker !== 'function') return;
  var w;
  try {
    // index.html names the bundled worker (build.mjs); the sources' worker.js otherwise.
    w = new Worker((document.currentScript && document.currentScript.dataset.worker) || 'worker.js', { type: 'module' });
  } catch (e) {
    return; // app.js starts one itself
  }
  w.onerror = function (ev) { ev.preventDefault(); w.earlyError = ev.message || 'could not start'; };
  window.rmqallocWorker = w;
  if (location.hash || typeof WebAssembly !== 'object') return;
  w.postMessage({ prefetch: 'full' });
}());
