// save-conflicts.js: after a 409 the app sends the form with the side chosen for each field and
// the version the form was opened at, and the server merges it as any save (docs/merging.md, "The app's save is the same merge"). It
// never fetches the album as it is now to rebuild it, which would undo what changed meanwhile.
import assert from 'node:assert/strict';
import { beforeEach, test } from 'node:test';
import { FakeEvent, installDocument } from './fake-dom.mjs';
import { schema } from './fixtures.mjs';
import * as draft from '../../Sources/RecordKeeperServer/App/album-draft.js';
import { SaveConflicts } from '../../Sources/RecordKeeperServer/App/save-conflicts.js';

draft.useSchema(schema);
const document = installDocument();

let sent = [];
let answers = [];
globalThis.fetch = async (path, init) => {
  sent.push({ path, ...init });
  const [status, value] = answers.shift() || [200, {}];
  return new Response(JSON.stringify(value), { status, headers: { 'Content-Type': 'application/json' } });
};

const OPENED = {
  id: 'albums/miles-davis-kind-of-blue', version: 'v-opened', title: 'Kind of Blue', artist: 'Miles Davis',
  tags: ['jazz'], tracks: ['So What', 'Blue in Green'],
  track_list: [{ name: 'So What', side: null, duration: null }, { name: 'Blue in Green', side: null, duration: null }],
};
const CONFLICT = { field: 'title', ours: 'Kind of Blue (App)', theirs: 'Kind of Blue (File)' };

/** The details view as the conflict section uses it: a form opened at OPENED, edited. */
function editedView() {
  const form = draft.draftOf(OPENED);
  form.title = 'Kind of Blue (App)';
  form.tracks[0].text = 'So What (Take 2)';
  const view = {
    album: OPENED, opened: OPENED, draft: form, coverFile: null, busy: false, errors: [], went: [],
    updateConfirm() {}, clearCover() {}, showError(message) { this.errors.push(message); },
    // The details view's own end of a save: the album as written, and its view mode.
    saved(album) { view.opened = album; view.went.push('#' + album.id); },
  };
  return view;
}

/** The buttons of the conflict section, by the side they keep. */
function button(which) {
  const section = document.getElementById('save-conflicts');
  return section.querySelectorAll(`.conflict-${which}`)[0].querySelectorAll('.conflict-button')[0];
}

beforeEach(() => {
  sent = [];
  answers = [];
  // The section the view keeps under its error line; the browser scrolls it into view.
  const section = document.createElement('section');
  section.id = 'save-conflicts';
  section.scrollIntoView = () => {};
  document.body.replaceChildren(section);
});

for (const which of ['ours', 'theirs']) {
  test(`keeping ${which} sends the form and the choice with the version it was opened at, and nothing else`, async () => {
    const view = editedView();
    const conflicts = new SaveConflicts(view);
    conflicts.show([CONFLICT]);
    answers.push([200, { ...OPENED, version: 'v-saved' }]);
    button(which).dispatch(new FakeEvent('click'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    assert.equal(sent.length, 1, 'one request: no GET of the album as it is now');
    const [put] = sent;
    assert.equal(put.method, 'PUT');
    assert.equal(put.headers['If-Match'], '"v-opened"', 'the version the form was opened at, so the server merges');
    const body = JSON.parse(put.body);
    assert.deepEqual(body.choices, { title: which });
    assert.deepEqual(body.track_list.map((t) => t.name), ['So What (Take 2)', 'Blue in Green'], 'the form’s tracks, not the file’s');
    assert.deepEqual(body.tags, ['jazz']);
    assert.equal(view.opened.version, 'v-saved');
    assert.deepEqual(view.went, ['#' + OPENED.id]);
  });
}

test('a value of one’s own is sent as the choice, and a list has none to type', async () => {
  const view = editedView();
  const conflicts = new SaveConflicts(view);
  conflicts.show([CONFLICT, { field: 'tracks', ours: 'So What (Take 2)', theirs: 'So What (Live)' }]);
  const section = document.getElementById('save-conflicts');
  const forms = section.querySelectorAll('.conflict-edit');
  assert.equal(forms.length, 1, 'the title takes a value; the tracks only a side');
  const [input] = forms[0].children;
  assert.equal(input.value, 'Kind of Blue (App)', 'yours to start from');
  input.value = 'Kind of Blue (Both)';
  forms[0].dispatch(new FakeEvent('submit'));
  assert.equal(sent.length, 0, 'nothing sent before every field is chosen');
  answers.push([200, { ...OPENED, version: 'v-saved' }]);
  section.querySelectorAll('.conflict-field')[1].querySelectorAll('.conflict-button')[1].dispatch(new FakeEvent('click'));
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.equal(sent.length, 1);
  assert.equal(sent[0].headers['If-Match'], '"v-opened"');
  assert.deepEqual(JSON.parse(sent[0].body).choices, { title: { value: 'Kind of Blue (Both)' }, tracks: 'theirs' });
});

test('a new conflict met by the settling save is shown again to choose', async () => {
  const view = editedView();
  const conflicts = new SaveConflicts(view);
  conflicts.show([CONFLICT]);
  answers.push([409, { error: 'changed again', field: 'label', conflicts: [{ field: 'label', ours: 'CBS', theirs: 'Columbia' }] }]);
  button('ours').dispatch(new FakeEvent('click'));
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.equal(document.getElementById('save-conflicts').hidden, false);
  assert.equal(document.getElementById('save-conflicts').querySelectorAll('.conflict-field').length, 1);
  assert.equal(view.busy, false);
  assert.deepEqual(view.errors, []);
});
