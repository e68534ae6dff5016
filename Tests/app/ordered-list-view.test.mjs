// ordered-list-view.js: where a dragged row lands, the order it leaves, and how a track is named in a list.
import assert from 'node:assert/strict';
import { test } from 'node:test';

globalThis.window = { addEventListener() {} }; // overlay.js listens for the back button
const { dropIndex, moved, trackReference } = await import('../../Sources/RecordKeeperServer/App/ordered-list-view.js');

test('a dragged row lands where it was let go, by whole rows, never past either end', () => {
  assert.equal(dropIndex(2, -132, 66, 3), 0, 'two rows up');
  assert.equal(dropIndex(2, -30, 66, 3), 2, 'less than half a row: stays');
  assert.equal(dropIndex(2, -34, 66, 3), 1, 'more than half a row');
  assert.equal(dropIndex(0, 66 * 9, 66, 3), 2, 'not past the end');
  assert.equal(dropIndex(1, -66 * 9, 66, 3), 0, 'not past the top');
});

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
