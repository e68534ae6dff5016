// drag-reorder.js: where a row lands when its handle is dragged (the Favourites screen's rows).
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { dropPlace } from '../../Sources/RecordKeeperServer/App/drag-reorder.js';

test('a dragged row lands a row further for each row height moved, within the list', () => {
  assert.equal(dropPlace(0, 0, 60, 4), 0);
  assert.equal(dropPlace(0, 29, 60, 4), 0, 'less than half a row: it stays');
  assert.equal(dropPlace(0, 31, 60, 4), 1);
  assert.equal(dropPlace(3, -130, 60, 4), 1);
  assert.equal(dropPlace(1, 1000, 60, 4), 3, 'no further than the last place');
  assert.equal(dropPlace(2, -1000, 60, 4), 0, 'no further than the first');
});
