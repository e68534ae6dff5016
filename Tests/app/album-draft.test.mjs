// album-draft.js: the details form's draft of an album, the body a save sends, the library's
// rules on the form, and the track and side arithmetic of the tracks editor.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { schema } from './fixtures.mjs';
import * as draft from '../../Sources/RecordKeeperServer/App/album-draft.js';

draft.useSchema(schema);

const ALBUM = {
  id: 'miles-davis/kind-of-blue', title: 'Kind of Blue', artist: 'Miles Davis', sort_artist: 'Davis, Miles',
  released: '1959-08-17', wikipedia: null, tags: ['jazz', 'modal'], rating: 5, media_condition: 'VG+', label: null,
  tracks: ['So What', 'Freddie Freeloader', 'Blue in Green'],
  track_list: [
    { name: 'So What', side: 'Side A', duration: 562 },
    { name: 'Freddie Freeloader', side: 'Side A', duration: null },
    { name: 'Blue in Green', side: 'Side B', duration: 337 },
  ],
};

test('the collector fields come from the catalogue, the status first, no read-only one', () => {
  const names = draft.collectorFields.map((f) => f.name);
  assert.equal(names[0], 'status');
  assert.ok(names.includes('media_condition') && names.includes('rating'));
  for (const name of ['title', 'artist', 'tracks', 'tags', 'year', 'cover', 'notes']) assert.ok(!names.includes(name), name);
});

test('an album becomes a draft and the draft the same album again', () => {
  const d = draft.draftOf(ALBUM);
  assert.equal(d.year, '1959');
  assert.equal(d.month, '8');
  assert.equal(d.day, '17');
  assert.deepEqual(d.sides, ['Side A', 'Side B']);
  assert.deepEqual(d.tracks, [{ text: 'So What (9:22)', side: 1 }, { text: 'Freddie Freeloader', side: 1 }, { text: 'Blue in Green (5:37)', side: 2 }]);
  assert.equal(d.rating, '5');
  assert.equal(d.label, '');
  const body = draft.bodyOf(d);
  assert.equal(body.released, '1959-08-17');
  assert.equal(body.sort_artist, 'Davis, Miles');
  assert.equal(body.wikipedia, null, 'a blank field is sent as absent');
  assert.equal(body.rating, 5, 'a number choice is sent as a number');
  assert.equal(body.media_condition, 'VG+');
  assert.equal(body.label, null);
  assert.deepEqual(body.track_list, [
    { name: 'So What (9:22)', side: 'Side A' }, { name: 'Freddie Freeloader', side: 'Side A' }, { name: 'Blue in Green (5:37)', side: 'Side B' }]);
  assert.deepEqual(body.tags, ['jazz', 'modal']);
});

test('a blank draft is a blank album, and its blank tracks are not sent', () => {
  const d = draft.draftOf(null);
  assert.deepEqual([d.title, d.year, d.sides, d.tracks, d.tags], ['', '', [], [], []]);
  d.tracks.push({ text: '  ', side: 0 });
  assert.deepEqual(draft.bodyOf(d).track_list, []);
  assert.equal(draft.bodyOf(d).released, null);
});

test('a release date is sent padded, a day only with a month', () => {
  const date = (year, month, day) => draft.bodyOf({ ...draft.draftOf(null), year, month, day }).released;
  assert.equal(date('59', '', ''), '0059');
  assert.equal(date('1959', '8', ''), '1959-08');
  assert.equal(date('1959', '', '17'), '1959');
  assert.equal(date('', '8', '17'), null);
});

test('offline, the form checks only the names it needs and the order of the date’s parts', () => {
  assert.deepEqual(draft.problems(draft.draftOf(ALBUM)), {});
  const blank = draft.problems(draft.draftOf(null));
  assert.deepEqual(Object.keys(blank).sort(), ['artist', 'title']);
  assert.match(blank.title, /^Album name is required/);
  const d = draft.draftOf(ALBUM);
  Object.assign(d, { year: '', month: '2', day: '' });
  assert.deepEqual(Object.keys(draft.problems(d)), ['year'], 'a month without a year is the year’s problem');
  Object.assign(d, { year: '1997', month: '', day: '3' });
  assert.deepEqual(Object.keys(draft.problems(d)), ['day']);
  // Every other rule is the library's, asked of the server.
  Object.assign(d, { year: '1997', month: '2', day: '30', wikipedia: 'en.wikipedia.org/wiki/Kind_of_Blue', media_condition: 'mint' });
  assert.deepEqual(draft.problems(d), {});
});

test('the server’s word is shown under its field: the date’s under the year, a track’s by its number', () => {
  const found = draft.checkedProblems([
    { field: 'released', index: null, message: '1997-02 has no day 30' },
    { field: 'title', index: null, message: 'is 256 characters long; at most 255 are allowed' },
    { field: 'title', index: null, message: 'must be a single line' },
    { field: 'tracks', index: 2, message: 'ends in (4:75), which is not a length' },
  ]);
  assert.deepEqual(found, {
    year: '1997-02 has no day 30',
    title: 'Album name is 256 characters long; at most 255 are allowed',
    'tracks-2': 'Track 3 ends in (4:75), which is not a length',
  });
});

test('a choice lists its values, absent first as the default', () => {
  const status = draft.collectorFields.find((f) => f.name === 'status');
  assert.deepEqual(draft.optionsOf(status), [['', 'Owned'], ['wanted', 'Wanted']]);
  const rating = draft.collectorFields.find((f) => f.name === 'rating');
  assert.deepEqual(draft.optionsOf(rating).slice(0, 3), [['', ''], ['1', '★'], ['2', '★★']]);
});

test('lengths are written as the file writes them', () => {
  assert.equal(draft.lengthText(5), '0:05');
  assert.equal(draft.lengthText(562), '9:22');
  assert.equal(draft.lengthText(3723), '1:02:03');
});

test('positions number again under each side, with the side’s letter', () => {
  const d = draft.draftOf(ALBUM);
  assert.deepEqual(draft.positions(d), ['A1', 'A2', 'B1']);
  d.sides = ['Disc 1', 'Disc 2'];
  assert.deepEqual(draft.positions(d), ['1', '2', '1']);
  assert.deepEqual(draft.positions({ sides: [], tracks: [{ side: 0 }, { side: 0 }] }), ['1', '2']);
});

test('the next side follows the last letter', () => {
  assert.equal(draft.nextSideName([]), 'Side A');
  assert.equal(draft.nextSideName(['Side A']), 'Side B');
  assert.equal(draft.nextSideName(['Side a', 'side b']), 'Side C');
  assert.equal(draft.nextSideName(['Disc 1', 'Disc 2']), 'Side C', 'the letter after as many sides');
});

test('a track moves within its side, then across the heading, and not past either end', () => {
  const d = { sides: ['Side A', 'Side B'], tracks: [{ side: 1 }, { side: 1 }, { side: 2 }] };
  assert.deepEqual(draft.moveTarget(d, 0, 1), { swap: 1 });
  assert.deepEqual(draft.moveTarget(d, 1, 1), { side: 2 }, 'the last of Side A becomes the first of Side B');
  assert.deepEqual(draft.moveTarget(d, 2, -1), { side: 1 });
  assert.equal(draft.moveTarget(d, 2, 1), null, 'the very bottom');
  assert.equal(draft.moveTarget(d, 0, -1), null, 'no tracks before the first heading: nowhere to go');
  const loose = { sides: ['Side A'], tracks: [{ side: 0 }, { side: 1 }] };
  assert.deepEqual(draft.moveTarget(loose, 1, -1), { side: 0 }, 'above the heading, where a track already is');
});

test('a save after a conflict is the form as it is with the side chosen for each field, nothing rebuilt', () => {
  const d = draft.draftOf(ALBUM);
  d.title = 'Kind of Blue (Legacy)';
  const body = draft.settledBody(d, new Map([['title', 'ours'], ['notes', 'theirs']]));
  const { choices, ...form } = body;
  assert.deepEqual(form, draft.bodyOf(d), 'the form’s own body, as the first save sent it');
  assert.deepEqual(choices, { title: 'ours', notes: 'theirs' });
  assert.equal(draft.bodyKey('tracks'), 'track_list');
});

test('two copies of an album are the same whatever group the list put one in', () => {
  assert.equal(draft.sameAlbum({ ...ALBUM, group: 'M' }, ALBUM), true);
  assert.equal(draft.sameAlbum({ ...ALBUM, title: 'Other' }, ALBUM), false);
});
