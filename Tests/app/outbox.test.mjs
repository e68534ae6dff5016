// outbox.js: changes made while the server can't be reached are kept (a store standing in for
// IndexedDB), survive a reload (a new Outbox over the same store), and are sent in order with
// the version each was made from; a conflict waits for choices, a save refused for a rule it
// breaks (a save's or an add's) waits to be fixed, and any other refusal is said and dropped.
import assert from 'node:assert/strict';
import { mock, test } from 'node:test';
import * as api from '../../Sources/RecordKeeperServer/App/api.js';
import { Outbox } from '../../Sources/RecordKeeperServer/App/outbox.js';

/** The store's interface over a Map, records copied in and out as IndexedDB does. */
function memoryStore() {
  const records = new Map();
  return {
    records,
    all: async () => [...records.values()].map((r) => structuredClone(r)),
    put: async (record) => { records.set(record.key, structuredClone(record)); },
    delete: async (key) => { records.delete(key); },
  };
}

const offline = () => new api.ApiError('No connection to Record Keeper.', { offline: true });
const save = (id, title, version) => ({ kind: 'save', id, title, version, body: { title }, draft: { title } });

test('a save kept offline survives a reload and is sent once the server answers, with its version', async () => {
  const store = memoryStore();
  const sent = [];
  let reachable = false;
  const send = async (change) => {
    if (!reachable) throw offline();
    sent.push(change);
    return { id: change.id, title: change.body.title, version: 'v2' };
  };
  const first = new Outbox(store, send);
  await first.load();
  await first.keep(save('albums/a', 'A (edited)', 'v1'));
  await first.flush();
  assert.equal(sent.length, 0, 'nothing reaches a server that is not there');
  assert.equal(store.records.size, 1, 'still waiting');

  const reloaded = new Outbox(store, send);
  await reloaded.load();
  assert.equal(reloaded.waitingSave('albums/a').body.title, 'A (edited)', 'the page was reloaded: the save is still there');
  const albums = [];
  reloaded.onSent = (change, album) => albums.push(album);
  reachable = true;
  await reloaded.flush();
  assert.deepEqual(sent.map((c) => [c.id, c.version, c.body.title]), [['albums/a', 'v1', 'A (edited)']]);
  assert.deepEqual(albums.map((a) => a.version), ['v2']);
  assert.equal(store.records.size, 0);
  assert.equal(reloaded.waitingSave('albums/a'), null);
});

test('a second save of an album replaces the first and keeps the version the first was made from', async () => {
  const store = memoryStore();
  const outbox = new Outbox(store, async () => { throw offline(); });
  await outbox.keep(save('albums/a', 'First', 'v1'));
  await outbox.keep(save('albums/b', 'Other', 'v7'));
  await outbox.keep(save('albums/a', 'Second', 'v1-as-shown'));
  assert.deepEqual(outbox.changes.map((c) => [c.id, c.title, c.version]), [['albums/a', 'Second', 'v1'], ['albums/b', 'Other', 'v7']]);
  assert.equal(store.records.size, 2);
});

test('changes go in the order made, and the rest wait when the connection drops again', async () => {
  const store = memoryStore();
  const sent = [];
  let answers = 1;
  const outbox = new Outbox(store, async (change) => {
    if (answers-- <= 0) throw offline();
    sent.push(change.id);
    return { id: change.id };
  });
  for (const id of ['albums/c', 'albums/a', 'albums/b']) await outbox.keep(save(id, id, 'v'));
  await outbox.flush();
  assert.deepEqual(sent, ['albums/c']);
  assert.deepEqual(outbox.changes.map((c) => c.id), ['albums/a', 'albums/b']);
  answers = 10;
  await outbox.flush();
  assert.deepEqual(sent, ['albums/c', 'albums/a', 'albums/b']);
});

test('a conflict keeps the save waiting with its conflicts, sent no more until settled', async () => {
  const store = memoryStore();
  let tries = 0;
  const outbox = new Outbox(store, async () => {
    tries += 1;
    const error = new api.ApiError('changed meanwhile', { status: 409, field: 'title' });
    error.conflicts = [{ field: 'title', ours: 'Mine', theirs: 'Theirs' }];
    throw error;
  });
  const met = [];
  outbox.onConflict = (change) => met.push(change);
  await outbox.keep(save('albums/a', 'Mine', 'v1'));
  await outbox.flush();
  assert.deepEqual(met.map((c) => c.conflicts.map((x) => x.theirs)), [['Theirs']]);
  assert.deepEqual([...store.records.values()][0].conflicts, [{ field: 'title', ours: 'Mine', theirs: 'Theirs' }], 'kept across a reload');
  await outbox.flush();
  assert.equal(tries, 1, 'settled on the conflicts screen, not sent again as it was');
  await outbox.forget(outbox.waitingSave('albums/a'));
  assert.equal(store.records.size, 0);
});

test('a save of an album whose file can\'t be read is said and dropped, and the next is still sent', async () => {
  const store = memoryStore();
  const sent = [];
  const outbox = new Outbox(store, async (change) => {
    if (change.id === 'albums/broken') throw new api.ApiError("the album can't be read: albums/broken/album.md:2: …", { status: 422, field: 'file' });
    sent.push(change.id);
    return { id: change.id };
  });
  const refused = [];
  outbox.onRefused = (change, error) => refused.push([change.id, error.status]);
  await outbox.keep(save('albums/broken', 'B', 'v'));
  await outbox.keep(save('albums/a', 'A', 'v'));
  await outbox.flush();
  assert.deepEqual(refused, [['albums/broken', 422]]);
  assert.deepEqual(sent, ['albums/a']);
  assert.equal(store.records.size, 0);
});

test('a save the server refuses for a rule is kept as needing attention, not sent again until saved again', async () => {
  const store = memoryStore();
  const sent = [];
  let refuse = true;
  const outbox = new Outbox(store, async (change) => {
    if (refuse && change.id === 'albums/a') {
      throw new api.ApiError('A was not changed:\n  released: 1997-02 has no day 30', { status: 422, field: 'released' });
    }
    sent.push(change.body.title);
    return { id: change.id };
  });
  const refused = [];
  outbox.onRefused = (change, error) => refused.push([change.refused, error.field]);
  await outbox.keep(save('albums/a', 'A', 'v1'));
  await outbox.keep(save('albums/b', 'B', 'v1'));
  await outbox.flush();
  assert.deepEqual(refused, [['A was not changed:\n  released: 1997-02 has no day 30', 'released']]);
  assert.deepEqual(sent, ['B'], 'the next change is still sent');
  assert.equal(store.records.size, 1, 'the person\'s edit is kept on the device');
  assert.deepEqual(outbox.needingAttention().map((c) => c.id), ['albums/a']);
  refuse = false;
  await outbox.flush();
  assert.deepEqual(sent, ['B'], 'not sent again as it was');
  // Fixed and saved again offline: it waits as any save, with the version it was made from.
  await outbox.keep(save('albums/a', 'A (fixed)', 'v2'));
  assert.deepEqual(outbox.needingAttention(), []);
  await outbox.flush();
  assert.deepEqual(sent, ['B', 'A (fixed)']);
  assert.equal(store.records.size, 0);
});

test('an add the server refuses for a rule is kept with its cover, and once fixed replaces itself', async () => {
  const store = memoryStore();
  const sent = [];
  let refuse = true;
  const outbox = new Outbox(store, async (change) => {
    if (refuse) throw new api.ApiError('Blue Train was not added:\n  released: 1957-02 has no day 30', { status: 422, field: 'released' });
    sent.push(change.body.released);
    return { id: 'albums/blue-train' };
  });
  const refused = [];
  outbox.onRefused = (change, error) => refused.push([change.kind, change.refused, error.field]);
  const add = (released) => ({ kind: 'add', id: null, title: 'Blue Train', body: { released }, draft: { day: '30' }, cover: 'the cover' });
  const kept = await outbox.keep(add('1957-02-30'));
  await outbox.flush();
  assert.deepEqual(refused, [['add', 'Blue Train was not added:\n  released: 1957-02 has no day 30', 'released']]);
  const reloaded = new Outbox(store, outbox.send);
  await reloaded.load();
  assert.deepEqual(reloaded.needingAttention().map((c) => [c.key, c.kind, c.cover]), [[kept.key, 'add', 'the cover']], 'kept across a reload');
  refuse = false;
  await reloaded.flush();
  assert.deepEqual(sent, [], 'not sent again as it was');
  await reloaded.keep({ ...add('1957-02-28'), key: kept.key });
  assert.equal(reloaded.changes.length, 1, 'the fixed add replaces the refused one: one album, not two');
  await reloaded.flush();
  assert.deepEqual(sent, ['1957-02-28']);
  assert.equal(store.records.size, 0);
});

test('offline, the app asks the server every couple of seconds and notices it is back without a reload', async () => {
  mock.timers.enable({ apis: ['setInterval'] });
  try {
    let up = false;
    const asked = [];
    globalThis.fetch = async (path) => {
      asked.push(path);
      if (!up) throw new TypeError('Failed to fetch');
      return new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } });
    };
    const changes = [];
    const listener = (value) => changes.push(value);
    api.connection.listeners.add(listener);
    await assert.rejects(api.getAlbum('albums/a'), (error) => error.offline);
    assert.deepEqual(changes, [true]);
    up = true;
    mock.timers.tick(api.PROBE_MS);
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(asked.at(-1), '/api/status');
    assert.deepEqual(changes, [true, false], 'online again within one probe');
    assert.ok(api.PROBE_MS <= 2500, 'well within 5 s');
    mock.timers.tick(api.PROBE_MS * 3);
    assert.equal(asked.filter((p) => p === '/api/status').length, 1, 'online, the probing stops');
    api.connection.listeners.delete(listener);
  } finally {
    mock.timers.reset();
  }
});

test('a star that meets a conflict is said and dropped: only a save has a form to settle it on', async () => {
  const store = memoryStore();
  const outbox = new Outbox(store, async () => {
    const error = new api.ApiError('the track was starred and unstarred', { status: 409, field: 'track_list' });
    error.conflicts = [{ field: 'track_list', ours: '★', theirs: '☆' }];
    throw error;
  });
  const met = [];
  const refused = [];
  outbox.onConflict = (change) => met.push(change);
  outbox.onRefused = (change, error) => refused.push([change.kind, error.status]);
  await outbox.keep({ kind: 'star', id: 'albums/a', title: 'A', track: 2, favourite: true, version: 'v1' });
  await outbox.flush();
  assert.deepEqual(met, []);
  assert.deepEqual(refused, [['star', 409]]);
  assert.equal(store.records.size, 0);
});
