// menus.js: the search panel's menus list what GET /api/schema offers, with its labels, and
// keep no list of their own.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { installDocument } from './fake-dom.mjs';
import { schema } from './fixtures.mjs';

installDocument();
const { fillScopes, fillSorts } = await import('../../Sources/RecordKeeperServer/App/menus.js');

const defaultScope = (catalogue) => catalogue.search_fields.filter((f) => f.default).map((f) => f.name);
const inputs = (popup) => popup.children.slice(1).map((label) => label.children[0]);

test('"Search within:" has a box per search field of the library, the defaults checked', () => {
  const popup = document.createElement('div');
  fillScopes(popup, schema, []);
  assert.equal(popup.children[0].textContent, 'Search within:');
  assert.deepEqual(inputs(popup).map((i) => i.value), schema.search_fields.map((f) => f.name));
  assert.deepEqual(popup.children.slice(1).map((l) => l.textContent), schema.search_fields.map((f) => ` ${f.label}`));
  assert.deepEqual(inputs(popup).filter((i) => i.checked).map((i) => i.value), defaultScope(schema));
  assert.ok(!defaultScope(schema).includes('notes'), 'notes are searched only when asked for');
  fillScopes(popup, schema, ['notes']);
  assert.deepEqual(inputs(popup).filter((i) => i.checked).map((i) => i.value), ['notes'], 'a chosen scope is shown as chosen');
});

test('"Sort by:" has a button per sort mode of the library, Best match first and hidden', () => {
  const popup = document.createElement('div');
  fillSorts(popup, schema);
  assert.equal(popup.children[0].textContent, 'Sort by:');
  const names = inputs(popup).map((i) => i.value);
  assert.equal(names[0], 'relevance');
  assert.deepEqual([...names].sort(), schema.sort_modes.map((m) => m.name).sort());
  const best = popup.children[1];
  assert.equal(best.id, 'sort-best-match');
  assert.equal(best.hidden, true);
  assert.ok(popup.children.some((l) => l.textContent === ' Most played'));
  assert.ok(inputs(popup).every((i) => i.type === 'radio' && i.name === 'sort'));
});
