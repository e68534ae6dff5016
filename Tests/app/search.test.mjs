// search.js: the offline search runs the library's rules. Every search case the Swift tests
// wrote (Tests/Fixtures/search-cases.json) finds what the library's matcher finds.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { schema, searchCases } from './fixtures.mjs';
import { compile, fold } from '../../Sources/RecordKeeperServer/App/search.js';

test('every search case finds what the library finds', () => {
  const { albums, cases } = searchCases;
  assert.ok(cases.length > 150, 'the fixture holds the cases');
  const differences = cases.map((c) => {
    let got;
    try { got = albums.filter(compile(c.query, c.in || [], schema)).map((a) => a.id); } catch (error) { got = error.needsServer ? null : String(error); }
    // What the copy cannot search (notes) it says needs the server.
    return { query: c.query, in: c.in, want: c.needs_server ? null : c.ids, got };
  }).filter((r) => JSON.stringify(r.got) !== JSON.stringify(r.want));
  assert.deepEqual(differences, []);
});

test('folding drops case and marks, and spells out the letters that carry them inside', () => {
  assert.deepEqual(['Søren', 'Straße', 'Ǿ', 'ﬁve', 'Björk', 'MOTÖRHEAD'].map(fold), ['soren', 'strasse', 'o', 'five', 'bjork', 'motorhead']);
  assert.equal(fold(null), '');
  assert.equal(fold('ガ'), 'ガ', 'a voiced kana stays one character');
});

test('a smart list needs the server, and says so plainly', () => {
  assert.throws(() => compile('@favourites', [], schema), (error) => error.needsServer === true
    && error.message === 'This search needs the server: @favourites is a smart list, which is read on the server.');
});

test('plain words, required and excluded words, within the searched fields the library folded', () => {
  const albums = [
    { id: 'a', tags: ['jazz'], search: { artist: 'miles davis\0', title: 'kind of blue\0', tags: 'jazz\0', tracks: 'so what\0' } },
    { id: 'b', tags: ['jazz', 'live'], search: { artist: 'john coltrane\0', title: 'blue train\0', tags: 'jazz\0live\0' } },
    { id: 'c', tags: [], search: { artist: 'bjork\0', title: 'homogenic\0', label: '7 20642-44251 7\u{0}720642442517\0' } },
  ];
  const ids = (query, scope = []) => albums.filter(compile(query, scope, schema)).map((a) => a.id);
  assert.deepEqual(ids('blue'), ['a', 'b']);
  assert.deepEqual(ids('blue -train'), ['a']);
  assert.deepEqual(ids('BJÖRK'), ['c'], 'the query is folded as the library folds');
  assert.deepEqual(ids('#live'), ['b']);
  assert.deepEqual(ids('so what', ['title']), [], 'tracks are not searched when only titles are');
  assert.deepEqual(ids('0642-44251 7'), ['c'], 'a barcode is found by its digits however it is typed');
  assert.deepEqual(ids('720642442517', ['artist']), []);
  assert.deepEqual(ids(''), ['a', 'b', 'c']);
  assert.throws(() => ids('blue', ['title', 'notes']), (error) => error.needsServer
    && error.message === 'This search needs the server: notes are searched on the server.');
  assert.deepEqual(ids('#jazz', ['notes']), ['a', 'b'], 'rules alone need no folded text');
});

test('a date in a rule is read as the library reads it, and one it refuses needs the server', () => {
  const album = (released, key) => ({ id: released, rules: { present: ['released'], released: key } });
  const albums = [album('0004-02-29', 40229), album('2000-02-29', 20000229), album('1997-05', 19970500), album('1997', 19970000)];
  const ids = (query) => albums.filter(compile(query, [], schema)).map((a) => a.id);
  assert.deepEqual(ids('@released:2000-02-29'), ['2000-02-29']);
  assert.deepEqual(ids('@released:4-2-29'), ['0004-02-29'], 'the year 4 is a leap year, unpadded dates are dates');
  assert.deepEqual(ids('@released:1997'), ['1997-05', '1997'], 'a year finds every date within it');
  assert.deepEqual(ids('@released:=1997'), ['1997'], 'exactly: the date as written');
  assert.deepEqual(ids('@released:1997-05..1997-12'), ['1997-05']);
  assert.deepEqual(ids('@released:<1997-02'), ['0004-02-29', '1997'], 'a year alone counts as its January');
  for (const text of ['1900-02-29', '0100-02-29', '1997-13', '0', '97/05', '19970', '1997-', '1997-05-07-01']) {
    assert.throws(() => ids(`@released:${text}`), (error) => error.needsServer, text);
  }
});

test('what the library read of an album decides its number rules: counts, presence and the status read as owned', () => {
  const albums = [
    { id: 'a', status: null, tracks: [], rules: { present: [], tracks: 0, plays: 0, status: 'owned' } },
    { id: 'b', status: 'wanted', tracks: ['x'], rating: 'x', rules: { present: ['tracks', 'rating', 'status', 'plays'], tracks: 1, plays: 2, status: 'wanted' } },
  ];
  const ids = (query) => albums.filter(compile(query, [], schema)).map((a) => a.id);
  assert.deepEqual(ids('@tracks:0'), ['a'], 'no tracks is a count of nothing');
  assert.deepEqual(ids('@tracks'), ['b']);
  assert.deepEqual(ids('@status:=owned'), ['a']);
  assert.deepEqual(ids('@status'), ['b'], 'present only when written');
  assert.deepEqual(ids('@rating'), ['b'], 'present though it is no number');
  assert.deepEqual(ids('@rating:>0'), []);
  assert.deepEqual(ids('@plays:>1'), ['b']);
  assert.throws(() => ids('@notes:rough'), (error) => error.needsServer);
});
