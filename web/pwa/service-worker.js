/* global self, caches */
/**
 * Khelaghor's service worker. The build (khelaghor-service-worker in web/vite.config.ts) writes it
 * to dist/sw.js with the two placeholders below filled in: this build's version and precache list.
 *
 * - The shell's files (entry chunk, its imports, CSS, favicon, offline page) are cached at install;
 *   other /assets/* files (lazy routes) when first used. Hashed files never change, so cache first.
 * - Pages always come from the network (a deploy shows at once); when it fails, the offline page.
 * - Never cached: /api/* (prices, balances, orders must be live) and /config.json. The worker does
 *   not even answer them: the browser goes to the network as if there were no worker.
 */
const VERSION = self.__KHELAGHOR_VERSION__;
const PRECACHE = self.__KHELAGHOR_PRECACHE__;
const CACHE = `khelaghor-${VERSION}`;
const OFFLINE_PAGE = '/offline.html';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      // 'reload': straight from the server, never a stale copy of an unhashed file from the HTTP cache.
      .then((cache) => cache.addAll(PRECACHE.map((path) => new Request(path, { cache: 'reload' }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith('khelaghor-') && name !== CACHE)
          .map((name) => caches.delete(name)),
      );
      // The page request starts while the worker boots, so a page costs no extra wait for it.
      await self.registration.navigationPreload?.enable();
      await self.clients.claim();
    })(),
  );
});

function neverCached(url) {
  return (
    url.pathname === '/api' ||
    url.pathname.startsWith('/api/') ||
    url.pathname === '/config.json' ||
    url.pathname === '/sw.js'
  );
}

async function page(event) {
  try {
    return (await event.preloadResponse) ?? (await fetch(event.request));
  } catch {
    return (await caches.match(OFFLINE_PAGE, { cacheName: CACHE })) ?? Response.error();
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') await cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || neverCached(url)) return;
  if (request.mode === 'navigate') {
    event.respondWith(page(event));
    return;
  }
  if (url.pathname.startsWith('/assets/') || PRECACHE.includes(url.pathname)) {
    event.respondWith(cacheFirst(request));
  }
});
