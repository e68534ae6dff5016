// The JSON API of `rk serve` (docs/app.md, "The JSON API"), one function per endpoint.
// Errors come back as {"error", "field"} with a 4xx status and are thrown as ApiError.

/** An error the server answered with, or a request that could not reach it. */
export class ApiError extends Error {
  constructor(message, { status = 0, field = null, offline = false } = {}) {
    super(message);
    this.status = status;
    this.field = field;
    this.offline = offline;
  }
}

/** The address of an album: its id (a folder path) is one escaped path part, `/` included. */
export function albumPath(id) {
  return '/api/albums/' + encodeURIComponent(String(id));
}

// The server's addresses carry the image's version, so no cache shows an old cover.
export function thumbnailURL(album) {
  return album.thumbnail ? album.thumbnail_url : null;
}
export function coverURL(album) {
  return album.cover ? album.cover_url : null;
}

/** Whether the last answer came from the service worker's copy instead of the server. */
export const connection = { offline: false, listeners: new Set() };
/** How often, offline, the server is asked whether it answers again (under the 5 s of docs/app.md, "Goals at any size"). */
export const PROBE_MS = 2000;
let probe = 0;
function setOffline(value) {
  if (connection.offline === value) return;
  connection.offline = value;
  // Nothing else asks while offline, so without this the app would stay offline until a reload.
  clearInterval(probe);
  probe = value ? setInterval(() => status().catch(() => {}), PROBE_MS) : 0;
  for (const listener of connection.listeners) listener(value);
}

/** One request to the API; the scan screens (scan.js) use it for their endpoints. */
export async function request(method, path, { json, body, type, signal, ifMatch } = {}) {
  const init = { method, headers: { Accept: 'application/json' }, signal, credentials: 'same-origin' };
  if (ifMatch) init.headers['If-Match'] = `"${ifMatch}"`;
  if (body instanceof FormData) {
    init.body = body; // the browser writes the multipart boundary into Content-Type
  } else if (json !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(json);
  } else if (body !== undefined) {
    init.headers['Content-Type'] = type || 'application/octet-stream';
    init.body = body;
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    if (error.name === 'AbortError') throw error;
    setOffline(true);
    throw new ApiError('No connection to Record Keeper.', { offline: true });
  }
  if (response.headers.get('X-RK-Offline') === '1') setOffline(true);
  else if (response.status !== 503) setOffline(false);
  if (response.status === 204) return null;
  let data = null;
  const text = await response.text();
  if (text) {
    try { data = JSON.parse(text); } catch { data = null; }
  }
  if (!response.ok) {
    const offline = response.headers.get('X-RK-Offline') === '1';
    if (offline) setOffline(true);
    const message = (data && typeof data.error === 'string') ? data.error : `The server answered ${response.status}.`;
    const error = new ApiError(message, { status: response.status, field: data ? data.field ?? null : null, offline });
    if (data && Array.isArray(data.conflicts)) error.conflicts = data.conflicts;
    throw error;
  }
  return data;
}

/** GET /api/albums: one page of the albums matching a query. */
export function listAlbums({ q = '', scope = [], sort = '', offset = 0, limit = 200 }, signal) {
  const params = new URLSearchParams();
  params.set('q', q);
  if (scope.length) params.set('in', scope.join(','));
  if (sort) params.set('sort', sort);
  params.set('offset', String(offset));
  params.set('limit', String(limit));
  return request('GET', '/api/albums?' + params, { signal });
}
export const getAlbum = (id, signal) => request('GET', albumPath(id), { signal });
/** The album's JSON, with the cover image when there is one: one request, one commit (docs/app.md, "The JSON API"). */
function albumForm(fields, cover) {
  if (!cover) return { json: fields };
  const form = new FormData();
  form.append('album', new Blob([JSON.stringify(fields)], { type: 'application/json' }));
  form.append('cover', cover, cover.name || 'cover');
  return { body: form };
}
export const addAlbum = (fields, cover) => request('POST', '/api/albums', albumForm(fields, cover));
/** PUT /api/albums/{id}: `version` is the album's version when the form opened; the server
 * merges the form's changes into the file as it is now, or answers 409 with `conflicts`. */
export const saveAlbum = (id, fields, version, cover) =>
  request('PUT', albumPath(id), { ...albumForm(fields, cover), ifMatch: version });
/** POST /api/check: what a save of `fields` to album `id` (an add, without one) would be refused for. */
export const checkAlbum = (fields, id, signal) =>
  request('POST', '/api/check' + (id ? '?album=' + encodeURIComponent(id) : ''), { json: fields, signal });
export const deleteAlbum = (id) => request('DELETE', albumPath(id));
export const addTag = (id, tag) => request('POST', albumPath(id) + '/tags', { json: { tag } });
export const removeTag = (id, tag) => request('DELETE', albumPath(id) + '/tags/' + encodeURIComponent(tag));
/** Stars track N (1…N across all sides) of album `id`, merged into the file from `version`. */
export const setFavourite = (id, track, favourite, version) =>
  request('POST', albumPath(id) + '/favourites', { json: { track, favourite }, ifMatch: version });
/** Records a play of album `id`: now, or `at` ("YYYY-MM-DD HH:MM") for one kept offline and sent later. */
export const postPlay = (id, sides, at) => request('POST', albumPath(id) + '/plays', { json: at ? { sides, at } : { sides } });
export const listPhotos = (id, signal) => request('GET', albumPath(id) + '/photos', { signal });
export const addPhoto = (id, file) => request('POST', albumPath(id) + '/photos', { body: file, type: file.type || 'image/jpeg' });
export const removePhoto = (id, name) => request('DELETE', albumPath(id) + '/photos/' + encodeURIComponent(name));
export const artists = (prefix, signal) => request('GET', '/api/artists?prefix=' + encodeURIComponent(prefix), { signal });
export const getSort = () => request('GET', '/api/sort');
export const putSort = (mode) => request('PUT', '/api/sort', { json: { mode } });
export const smartLists = () => request('GET', '/api/lists');
export const status = () => request('GET', '/api/status');
// Sharing (docs/app.md, "Sharing in the app"): where the collection stands against its remote, sync, conflicts.
export const getSync = () => request('GET', '/api/sync');
export const fetchRemote = () => request('POST', '/api/sync/fetch');
export const runSync = () => request('POST', '/api/sync');
export const getConflicts = () => request('GET', '/api/conflicts');
export const resolveConflict = (choice) => request('POST', '/api/conflicts/resolve', { json: choice });
