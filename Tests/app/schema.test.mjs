// schema.js: the app's reading of the library's catalogue, and what it still reads itself
// (a track's length for display); it judges no value.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { schema } from './fixtures.mjs';
import {
  fieldOf, graphemes, labelOf, sentence, sideLetter, splitTrack,
} from '../../Sources/RecordKeeperServer/App/schema.js';

test('fields are found by name and called by their label', () => {
  assert.equal(fieldOf(schema, 'media_condition').label, 'Media condition');
  assert.equal(fieldOf(schema, 'no_such_field'), null);
  assert.equal(labelOf(schema, 'title'), 'Album name');
  assert.equal(labelOf(schema, 'notes_of_mine'), 'notes_of_mine', 'a field the catalogue does not know keeps its name');
  assert.equal(labelOf(null, 'title'), 'title');
});

test('characters are split as Swift splits them: an emoji family is one', () => {
  const family = '👨‍👩‍👧‍👦';
  assert.equal(family.length, 11, 'eleven UTF-16 units');
  assert.deepEqual(graphemes(`a${family}é`), ['a', family, 'é']);
});

test('a track splits into its name and its length; a group that only looks like one stays in the name', () => {
  assert.deepEqual(splitTrack('So What (9:22)'), { name: 'So What', seconds: 562 });
  assert.deepEqual(splitTrack('Suite (1:02:03)'), { name: 'Suite', seconds: 3723 });
  assert.deepEqual(splitTrack('Blue in Green'), { name: 'Blue in Green', seconds: null });
  assert.deepEqual(splitTrack('Take Five (live)'), { name: 'Take Five (live)', seconds: null });
  assert.deepEqual(splitTrack('Broken (4:75)'), { name: 'Broken (4:75)', seconds: null });
  assert.equal(splitTrack('(3:00)').seconds, null, 'a length alone is the name');
});

test('only a `Side X` heading gives a letter', () => {
  assert.equal(sideLetter('Side A'), 'A');
  assert.equal(sideLetter('side  c'), 'c');
  assert.equal(sideLetter('Side D E'), null);
  assert.equal(sideLetter('Disc 2'), null);
  assert.equal(sideLetter(null), null);
});

test('a message reads as a sentence under its field', () => {
  assert.equal(sentence('Album name', 'is required and must not be blank'), 'Album name is required and must not be blank');
  assert.equal(sentence('Release Date', 'the year must be between 1 and 9999'), 'The year must be between 1 and 9999');
});
