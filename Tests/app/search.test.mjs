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
