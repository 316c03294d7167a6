// sw.js — the playground offline: after the first visit every page (the
// playground and embed.html), their scripts, the worker and both modules
// load from this cache, reload included. Network first: online, every file
// comes fresh from the server (and refreshes the cache), so a new build
// replaces the old one on the next online visit; offline, the cached copy
// answers. CACHE names the layout of the cache: bump it when that changes,
// and old caches are dropped. FILES lists every file a page can load
// (e2e/offline.test.mjs fails when one of site/ or js/ is missing).
const CACHE = 'rmqalloc-playground-v5';
const SITE = ['./', 'index.html', 'embed.html', 'style.css', 'diagnose.css', 'embed.css', 'app.js', 'embed-page.js', 'worker.js', 'worker-engine.js', 'worker-boot.js', 'theme-boot.js',
  'favicon.svg', 'verified.json', 'examples/cluster.json', 'dist/app.js', 'dist/worker.js', 'dist/worker-engine.js',
  'lib/big-view.js', 'lib/client.js', 'lib/diagnose-engine.js', 'lib/diagnose.js', 'lib/dom.js', 'lib/engine.js', 'lib/export.js', 'lib/folder.js',
  'lib/pack.js', 'lib/priority.js', 'lib/priority-view.js', 'lib/share.js', 'lib/state.js', 'lib/status-paste.js', 'lib/theme.js', 'lib/timeline-view.js', 'lib/verified.js', 'lib/views.js', 'lib/vlist.js', 'lib/where-view.js', 'lib/where.js'];
const JS = ['index.js', 'embed.js', 'names.js', 'wasm_exec.js', 'rmqalloc.wasm', 'rmqalloc-analysis.wasm', 'rmqalloc-full.wasm',
  'lib/alloc_wire.js', 'lib/analysis.js', 'lib/analysis_wire.js', 'lib/api.js', 'lib/broker.js', 'lib/doctor.js', 'lib/doctor_series.js', 'lib/errors.js', 'lib/full_wire.js', 'lib/goproducer.js', 'lib/live.js', 'lib/loader.js', 'lib/ops.generated.js', 'lib/plan.js', 'lib/refs.js', 'lib/route.js', 'lib/runtime.js', 'lib/select_wire.js',
  'lib/tables.generated.js', 'lib/validate.js', 'lib/wire.js', 'lib/embed/grid.js', 'lib/embed/inputs.js', 'lib/embed/views.js'];
// The full module (7.2 MB, for Diagnose) is not fetched at install: the
// page asks for it once its first result is drawn (app.js), so it never
// competes with the module the first result needs.
const LATER = ['/js/rmqalloc-full.wasm'];
const CORE = [...SITE, ...JS.map((f) => '/js/' + f)].filter((u) => !LATER.includes(u));

self.addEventListener('install', (ev) => {
  ev.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // One by one: a file missing from a partial build must not stop the rest.
    await Promise.all(CORE.map((u) => cache.add(new Request(u, { cache: 'no-cache' })).catch(() => {})));
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (ev) => {
  ev.waitUntil((async () => {
    for (const k of await caches.keys()) if (k !== CACHE) await caches.delete(k);
    await self.clients.claim();
  })());
});

// The page sends the URLs it and its worker loaded before this worker
// controlled them (first visit): they are cached too.
self.addEventListener('message', (ev) => {
  const urls = ev.data && Array.isArray(ev.data.cache) ? ev.data.cache : [];
  const same = urls.filter((u) => typeof u === 'string' && new URL(u, self.location.href).origin === self.location.origin);
  ev.waitUntil(caches.open(CACHE)
    .then((c) => Promise.all(same.map((u) => c.match(u).then((hit) => hit || c.add(u)).catch(() => {}))))
    .then(() => ev.source && ev.source.postMessage({ cached: same.length })));
});

self.addEventListener('fetch', (ev) => {
  const req = ev.request;
  if (req.method !== 'GET' || new URL(req.url).origin !== self.location.origin) return;
  ev.respondWith((async () => {
    const cache = await caches.open(CACHE);
    try {
      const res = await fetch(req);
      if (res.ok) await cache.put(req, res.clone());
      return res;
    } catch (e) {
      const hit = await cache.match(req, { ignoreSearch: true });
      if (hit) return hit;
      throw e;
    }
  })());
});
