// api.js: how the app asks the server (method, address, headers, body) and how it reads the
// answer (errors with their field and conflicts, the offline copy), with a fake fetch.
import assert from 'node:assert/strict';
import { beforeEach, test } from 'node:test';
import * as api from '../../Sources/RecordKeeperServer/App/api.js';

let sent = [];
let answer = () => new Response('null', { status: 200 });
globalThis.fetch = async (path, init) => { sent.push({ path, ...init }); return answer(path, init); };
const json = (value, status = 200, headers = {}) => () => new Response(JSON.stringify(value), { status, headers: { 'Content-Type': 'application/json', ...headers } });

beforeEach(async () => {
  sent = [];
  // Back online for each test: a plain answer from the server.
  answer = json(null);
  await api.status();
  sent = [];
});

test('a page of albums asks with the query, the fields searched, the order and the page', async () => {
  answer = json({ albums: [], count: 0 });
  await api.listAlbums({ q: 'blue #jazz', scope: ['artist', 'title'], sort: 'year', offset: 100, limit: 100 });
  const url = new URL(sent[0].path, 'http://x');
  assert.equal(url.pathname, '/api/albums');
  assert.deepEqual(Object.fromEntries(url.searchParams), { q: 'blue #jazz', in: 'artist,title', sort: 'year', offset: '100', limit: '100' });
  assert.equal(sent[0].method, 'GET');
  assert.equal(sent[0].headers.Accept, 'application/json');
  assert.equal(sent[0].credentials, 'same-origin');
  await api.listAlbums({});
  assert.equal(new URL(sent[1].path, 'http://x').search, '?q=&offset=0&limit=200', 'no scope or order: the server’s own');
});

test('an album id is one escaped part of the address, its slash included', () => {
  assert.equal(api.albumPath('miles-davis/kind-of-blue'), '/api/albums/miles-davis%2Fkind-of-blue');
  assert.equal(api.albumPath('a b?#'), '/api/albums/a%20b%3F%23');
});

test('a save sends the album as JSON with the version it was opened at', async () => {
  answer = json({ id: 'x' });
  await api.saveAlbum('x/y', { title: 'T' }, 'abc123');
  const [put] = sent;
  assert.equal(put.method, 'PUT');
  assert.equal(put.path, '/api/albums/x%2Fy');
  assert.equal(put.headers['If-Match'], '"abc123"');
  assert.equal(put.headers['Content-Type'], 'application/json');
  assert.deepEqual(JSON.parse(put.body), { title: 'T' });
});

test('an album with a cover is one multipart request: the album JSON and the image', async () => {
  answer = json({ id: 'x' });
  const cover = new File([new Uint8Array([1, 2, 3])], 'sleeve.png', { type: 'image/png' });
  await api.addAlbum({ title: 'T', artist: 'A' }, cover);
  const [post] = sent;
  assert.equal(post.method, 'POST');
  assert.equal(post.path, '/api/albums');
  assert.ok(post.body instanceof FormData);
  assert.equal(post.headers['Content-Type'], undefined, 'the browser writes the boundary');
  assert.deepEqual(JSON.parse(await post.body.get('album').text()), { title: 'T', artist: 'A' });
  assert.equal(post.body.get('album').type, 'application/json');
  assert.equal(post.body.get('cover').name, 'sleeve.png');
});

test('tags, photos and look-ups go to their own addresses', async () => {
  await api.addTag('a/b', 'jazz & blues');
  await api.removeTag('a/b', 'jazz/blues');
  await api.artists('Bj ö', undefined);
  await api.addPhoto('a/b', new Blob(['x']));
  assert.deepEqual(sent.map((r) => `${r.method} ${r.path}`), [
    'POST /api/albums/a%2Fb/tags', 'DELETE /api/albums/a%2Fb/tags/jazz%2Fblues',
    'GET /api/artists?prefix=Bj%20%C3%B6', 'POST /api/albums/a%2Fb/photos']);
  assert.deepEqual(JSON.parse(sent[0].body), { tag: 'jazz & blues' });
  assert.equal(sent[3].headers['Content-Type'], 'image/jpeg', 'a photo of no known type is sent as JPEG');
});

test('a refusal is thrown with the server’s message and the field it is about', async () => {
  answer = json({ error: 'title: is required and must not be blank', field: 'title' }, 400);
  await assert.rejects(api.addAlbum({ title: '' }), (error) => error instanceof api.ApiError
    && error.status === 400 && error.field === 'title' && error.message === 'title: is required and must not be blank');
});

test('a save that met changes made meanwhile carries the conflicts', async () => {
  const conflicts = [{ field: 'label', ours: 'CBS', theirs: 'Columbia' }];
  answer = json({ error: 'Changed meanwhile', field: null, conflicts }, 409);
  await assert.rejects(api.saveAlbum('x', {}, 'v1'), (error) => error.status === 409 && JSON.stringify(error.conflicts) === JSON.stringify(conflicts));
});

test('an answer that is not JSON still says what happened', async () => {
  answer = () => new Response('<html>Bad gateway</html>', { status: 502 });
  await assert.rejects(api.getAlbum('x'), (error) => error.message === 'The server answered 502.' && error.field === null);
  answer = () => new Response(null, { status: 204 });
  assert.equal(await api.deleteAlbum('x'), null);
});

test('no connection, or the service worker’s copy, marks the app offline until the server answers', async () => {
  const seen = [];
  const listener = (offline) => seen.push(offline);
  api.connection.listeners.add(listener);
  try {
    answer = () => { throw new TypeError('Failed to fetch'); };
    await assert.rejects(api.getSort(), (error) => error.offline === true && error.message === 'No connection to Record Keeper.');
    assert.equal(api.connection.offline, true);
    answer = json({ mode: 'artist-year' });
    await api.getSort();
    assert.equal(api.connection.offline, false);
    answer = json([], 200, { 'X-RK-Offline': '1' });
    await api.smartLists();
    assert.equal(api.connection.offline, true);
    assert.deepEqual(seen, [true, false, true], 'each change is told once');
  } finally {
    api.connection.listeners.delete(listener);
  }
});

test('an aborted request is the caller’s: it is not a lost connection', async () => {
  answer = () => { throw new DOMException('aborted', 'AbortError'); };
  await assert.rejects(api.getAlbum('x'), (error) => error.name === 'AbortError');
  assert.equal(api.connection.offline, false);
});

test('cover and thumbnail addresses are the server’s, and only when there is an image', () => {
  assert.equal(api.coverURL({ cover: 'a/cover.webp', cover_url: '/api/albums/a/cover?v=1' }), '/api/albums/a/cover?v=1');
  assert.equal(api.coverURL({ cover: null, cover_url: '/x' }), null);
  assert.equal(api.thumbnailURL({ thumbnail: 't', thumbnail_url: '/t?v=2' }), '/t?v=2');
  assert.equal(api.thumbnailURL({}), null);
});
