// The static site's service worker (scripts/build-site.mjs writes it, filling in the
// build's id and file list): after one visit the playground loads and runs with the
// network off, and a new release replaces what was cached.
//
// Install: every file of the site the playground and the embed need (the page, its
// bundle, the worker, the engine's two parts) goes into a cache named after the build
// (a hash of those files' contents). Activate: the caches of other builds are deleted,
// so a new release's engine replaces the old one rather than joining it. Fetch: a GET
// inside this folder is answered from the cache, else from the network (and a file the
// list did not name, a chunk say, is cached once fetched); a navigation to the folder
// is the cached index.html. A new sw.js (another build id) is what tells the browser a
// release is out: it installs beside the old one and takes over at once.

const BUILD = '__STRIDELAB_BUILD__';
const FILES = __STRIDELAB_FILES__;
const CACHE = `stridelab-${BUILD}`;
const SCOPE = new URL('./', self.location.href).href;

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // from the network, not the HTTP cache: the files of this build, not of an older one
    await cache.addAll(FILES.map((f) => new Request(new URL(f, SCOPE).href, { cache: 'reload' })));
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith('stridelab-') && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

async function answer(request) {
  const cache = await caches.open(CACHE);
  const url = new URL(request.url);
  url.hash = '';
  // The folder itself is its index.html; the query (?embed=1) does not change the file.
  const key = request.mode === 'navigate' && url.href.startsWith(SCOPE) && url.pathname.endsWith('/')
    ? new URL('index.html', url).href : url.href.split('?')[0];
  const hit = await cache.match(key);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') await cache.put(key, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || !request.url.startsWith(SCOPE)) return;
  event.respondWith(answer(request));
});
