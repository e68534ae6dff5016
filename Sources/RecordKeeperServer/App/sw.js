// Record Keeper's service worker: the app and the last loaded collection stay usable,
// read-only, with no signal (issue 9 §4). Online, every request goes to the server first.
const VERSION = 'rk-2';
const SHELL = `${VERSION}-shell`;
const DATA = `${VERSION}-data`;
const IMAGES = `${VERSION}-images`;
// The offline copy of every album, kept by offline-copy.js.
const COPY = `${VERSION}-copy`;
const COPY_KEY = '/offline-copy.json';
const SHELL_FILES = [
  './', 'index.html', 'app.css', 'scan.css', 'manifest.webmanifest',
  'app.js', 'api.js', 'dom.js', 'swipe.js', 'dialogs.js', 'overlay.js', 'schema.js', 'search.js', 'virtual-list.js',
  'main-view.js', 'details-view.js', 'album-draft.js', 'album-fields.js', 'tracks-editor.js', 'save-conflicts.js',
  'lists-view.js', 'problems.js', 'settings.js', 'sync.js', 'scan.js', 'scan-view.js', 'sort-menu.js', 'credits.js',
  'favourites-view.js', 'drag-reorder.js', 'plays.js', 'stats-view.js', 'screen.js', 'offline-copy.js', 'outbox.js', 'menus.js',
  'ordered-list-view.js', 'ordered-lists.css',
  'icons/icon.svg', 'icons/splash.svg', 'icons/icon-192.png', 'icons/icon-512.png',
];

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(SHELL).then((cache) => cache.addAll(SHELL_FILES)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (!name.startsWith(VERSION + '-')) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

/** A copy from the cache, marked so the app shows its "No connection" banner. */
async function offlineCopy(response) {
  const headers = new Headers(response.headers);
  headers.set('X-RK-Offline', '1');
  return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers });
}

function noCopy() {
  return new Response(JSON.stringify({ error: 'No connection, and this was not loaded before.', field: null }), {
    status: 503, headers: { 'Content-Type': 'application/json', 'X-RK-Offline': '1' },
  });
}

// Kept for offline use: albums opened, photos, settings, ordered lists shown. The list is the offline copy's.
function keepsData(url) {
  return /^\/api\/(albums\/|sort$|lists$|ordered-lists(\/[^/]+)?$|tags$|status$|schema$)/.test(url.pathname);
}

/** An album's details from the offline copy (viewed, not edited: it has no version), or null. */
async function fromCopy(url) {
  const match = /^\/api\/albums\/([^/]+)$/.exec(url.pathname);
  if (!match) return null;
  const kept = await caches.match(COPY_KEY, { cacheName: COPY });
  if (!kept) return null;
  const id = decodeURIComponent(match[1]);
  const album = ((await kept.json()).albums || []).find((entry) => entry.id === id);
  return album ? new Response(JSON.stringify(album), { headers: { 'Content-Type': 'application/json' } }) : null;
}

async function networkFirst(request, cacheName, keep) {
  try {
    const response = await fetch(request);
    if (keep && response.ok) {
      const cache = await caches.open(cacheName);
      await cache.put(request, response.clone());
    }
    return response;
  } catch (error) {
    const cached = (await caches.match(request, { cacheName })) || (cacheName === DATA ? await fromCopy(new URL(request.url)) : null);
    return cached ? offlineCopy(cached) : (cacheName === SHELL ? caches.match('./', { cacheName }) : noCopy());
  }
}

// Thumbnails and covers: the cached picture at once, refreshed in the background.
async function image(request) {
  const cache = await caches.open(IMAGES);
  const cached = await cache.match(request);
  const fresh = fetch(request).then((response) => {
    if (response.ok) cache.put(request, response.clone());
    return response;
  });
  if (cached) { fresh.catch(() => {}); return cached; }
  try { return await fresh; } catch { return new Response('', { status: 504 }); }
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (url.pathname === '/api/events') return;
  if (/^\/api\/albums\/.+\/(thumbnail|cover|photos\/[^/]+)$/.test(url.pathname)) {
    event.respondWith(image(request));
  } else if (url.pathname.startsWith('/api/')) {
    event.respondWith(networkFirst(request, DATA, keepsData(url)));
  } else {
    event.respondWith(networkFirst(request, SHELL, true));
  }
});
