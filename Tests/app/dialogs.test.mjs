// dialogs.js: the seed's Confirm and Add Tag dialogs are made on first use in one frame (title,
// body, Cancel and OK), with the ids the browser tests find them by, and answer as the form's
// buttons close them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FakeEvent, installDocument } from './fake-dom.mjs';

const document = installDocument();
const { askTag, confirmDelete } = await import('../../Sources/RecordKeeperServer/App/dialogs.js');

const texts = (element) => element.children.map((child) => child.textContent);

test('Confirm asks "Are you sure?" with Cancel and OK, focused on OK, and is made once', async () => {
  const answer = confirmDelete();
  const dialog = document.getElementById('confirm-dialog');
  assert.deepEqual(document.body.children, [dialog]);
  assert.equal(dialog.tagName, 'DIALOG');
  assert.equal(dialog.className, 'dialog');
  assert.equal(dialog.getAttribute('aria-labelledby'), 'confirm-title');
  assert.equal(dialog.open, true);
  const [form] = dialog.children;
  assert.equal(form.getAttribute('method'), 'dialog');
  const [title, question, buttons] = form.children;
  assert.equal(title.id, 'confirm-title');
  assert.equal(title.textContent, 'Confirm');
  assert.equal(question.textContent, 'Are you sure?');
  assert.equal(buttons.className, 'dialog-buttons');
  assert.deepEqual(texts(buttons), ['Cancel', 'OK']);
  assert.deepEqual(buttons.children.map((b) => b.value), ['cancel', 'ok']);
  assert.equal(document.activeElement, document.getElementById('confirm-ok'));
  dialog.close('ok');
  assert.equal(await answer, true);

  const again = confirmDelete();
  assert.equal(document.getElementById('confirm-dialog'), dialog);
  assert.equal(document.body.children.length, 1, 'the same dialog, not a second one');
  dialog.close('cancel');
  assert.equal(await again, false);
});

test('Add Tag answers the tag typed, trimmed; Return in the field is OK; Cancel is none', async () => {
  let answer = askTag();
  const dialog = document.getElementById('tag-dialog');
  const input = document.getElementById('tag-input');
  assert.equal(document.getElementById('tag-title').textContent, 'Add Tag');
  assert.equal(input.getAttribute('aria-label'), 'Tag');
  assert.equal(document.activeElement, input);
  input.value = '  jazz ';
  const enter = input.dispatch(new FakeEvent('keydown', { key: 'Enter' }));
  assert.equal(enter.defaultPrevented, true);
  assert.equal(await answer, 'jazz');

  answer = askTag();
  assert.equal(input.value, '', 'the field starts empty each time');
  input.value = 'rock';
  dialog.close('cancel');
  assert.equal(await answer, null);
});

test('Add Tag takes any text (the server judges it) and keeps no limit in UTF-16 units', async () => {
  const answer = askTag();
  const input = document.getElementById('tag-input');
  assert.equal(input.maxLength ?? -1, -1);
  input.value = '👨‍👩‍👧'.repeat(255);
  input.dispatch(new FakeEvent('input'));
  input.value = ' jazz ';
  assert.equal(input.dispatch(new FakeEvent('keydown', { key: 'Enter' })).defaultPrevented, true);
  assert.equal(await answer, 'jazz');
});
