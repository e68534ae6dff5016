// The offline copy (issue 30): every album as the empty query lists it, fetched whole once
// (compressed on the wire), then kept current by GET /api/changes?since=VERSION, so that a
// change costs its own bytes. The service worker answers album details from it offline (sw.js).
import { request } from './api.js';

const CACHE = 'rk-2-copy'; // sw.js reads the same entry (its VERSION)
const KEY = '/offline-copy.json';

/** The copy kept on this device, {version, sort, albums}, or null. */
export async function readCopy() {
  if (!('caches' in self)) return null;
  const response = await caches.match(KEY, { cacheName: CACHE });
  if (!response) return null;
  try { return await response.json(); } catch { return null; }
}

/** Brings the copy up to date for `sort`: the whole list the first time, then only what changed. */
export async function updateCopy(sort) {
  const kept = await readCopy();
  const params = new URLSearchParams();
  if (sort) params.set('sort', sort);
  // A copy made before albums came with what the library read of them (`search`, `rules`) is fetched whole again.
  if (kept && kept.sort === sort && kept.version && kept.albums.every((album) => album.search && album.rules)) params.set('since', kept.version);
  const answer = await request('GET', '/api/changes?' + params);
  if (!answer || !Array.isArray(answer.albums) || !Array.isArray(answer.removed)) return kept;
  if (!answer.full && !answer.albums.length && !answer.removed.length) return kept;
  const copy = { version: answer.version, sort, albums: answer.full ? answer.albums : merged(kept.albums, answer) };
  const cache = await caches.open(CACHE);
  await cache.put(KEY, new Response(JSON.stringify(copy), { headers: { 'Content-Type': 'application/json' } }));
  return copy;
}

/** `albums` with the changes applied: the changed ones come in their new order, each after the id it names. */
function merged(albums, changes) {
  const gone = new Set([...changes.removed, ...changes.albums.map((album) => album.id)]);
  const list = albums.filter((album) => !gone.has(album.id));
  for (const { after, ...album } of changes.albums) {
    list.splice(after == null ? 0 : list.findIndex((other) => other.id === after) + 1, 0, album);
  }
  return list;
}
