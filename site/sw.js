// sw.js — the playground offline: after the first visit the page, its
// scripts, the worker and the full module load from this cache, reload
// included. Network first: online, every file comes fresh from the server
// (and refreshes the cache), so a new build replaces the old one on the
// next online visit; offline, the cached copy answers. CACHE names the
// layout of the cache: bump it when that changes, and old caches are dropped.
const CACHE = 'rmqalloc-playground-v1';
const CORE = ['./', 'index.html', 'style.css', 'app.js', 'favicon.svg', 'worker.js',
  '/js/index.js', '/js/wasm_exec.js', '/js/rmqalloc-full.wasm'];

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
