// sync.js: the conflicts screen names each field as the details view does, by the label of
// the library's catalogue (not a table of its own, which named collector fields by their keys).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { schema } from './fixtures.mjs';
import { conflictLabel } from '../../Sources/RecordKeeperServer/App/sync.js';

test('a conflict names its field by the catalogue’s label', () => {
  assert.equal(conflictLabel(schema, 'media_condition'), 'Media condition');
  assert.equal(conflictLabel(schema, 'title'), 'Album name');
  assert.equal(conflictLabel(schema, 'catalog_number'), 'Catalog number');
});

test('the whole album, which is no field, has its own words', () => {
  assert.equal(conflictLabel(schema, 'album'), 'The Album');
  assert.equal(conflictLabel(schema, 'album.md'), 'The Whole Album File');
});

test('without the catalogue (never loaded, offline), a field is named by its key', () => {
  assert.equal(conflictLabel(null, 'media_condition'), 'media_condition');
});
