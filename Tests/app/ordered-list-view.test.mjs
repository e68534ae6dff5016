// ordered-list-view.js: the order a move leaves, and how a track is named in a list.
import assert from 'node:assert/strict';
import { test } from 'node:test';

globalThis.window = { addEventListener() {} }; // overlay.js listens for the back button
const { moved, trackReference } = await import('../../Sources/RecordKeeperServer/App/ordered-list-view.js');

test('a move takes one entry out and puts it at its new place', () => {
  assert.deepEqual(moved(['a', 'b', 'c'], 2, 0), ['c', 'a', 'b']);
  assert.deepEqual(moved(['a', 'b', 'c'], 0, 2), ['b', 'c', 'a']);
  assert.deepEqual(moved(['a', 'b', 'c'], 1, 1), ['a', 'b', 'c']);
});

test('a track is named by its side position when the sleeve has sides, else by its number across the album', () => {
  assert.equal(trackReference({ position: 'B2' }, 5), 'B2');
  assert.equal(trackReference({ position: '1' }, 3), '4', 'the second disc’s first track is the fourth');
  assert.equal(trackReference({}, 0), '1');
});
