// worker-boot.js — a classic script in <head>: starts the engine's worker
// (worker.js) before the page's modules load, so that the library loads
// beside them rather than after them; app.js's EngineClient (lib/client.js)
// takes it over, and an error it raised before then is kept for the client
// to report. A page opened on the defaults (no state in the link) shows the
// Allocation tab, whose first result needs the full module: it is fetched
// here, at once, and its bytes are handed to the worker as they arrive (a
// transferred stream), which compiles them while they download. The compile
// runs on the worker's thread: on the page's it blocked the main thread for
// hundreds of milliseconds (a third of the time to the first result).
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
  if (location.hash || typeof WebAssembly !== 'object' || typeof WebAssembly.compileStreaming !== 'function') return;
  // Said first, so that a call arriving before the module waits for it
  // rather than fetching it again.
  w.postMessage({ prefetching: 'full' });
  var give = function (module) { w.postMessage({ prefetched: 'full', module: module }); };
  fetch('/js/rmqalloc-full.wasm').then(function (res) {
    if (!res.ok || !res.body) return give(null); // the worker fetches it itself, and reports what fails
    try {
      w.postMessage({ prefetched: 'full', body: res.body }, [res.body]);
    } catch (e) {
      // A browser that cannot transfer a stream: compiled here, as before.
      WebAssembly.compileStreaming(res).then(give, function () { give(null); });
    }
  }, function () { give(null); });
}());
