// overlay.js: a screen over the main screen takes one history entry, so the phone's back
// button or gesture closes it instead of leaving the app.
import assert from 'node:assert/strict';
import { test } from 'node:test';

const listeners = [];
const entries = [{ state: null }];
globalThis.window = { addEventListener: (type, listener) => { if (type === 'popstate') listeners.push(listener); } };
globalThis.location = { href: 'http://x/#/' };
globalThis.history = {
  get state() { return entries.at(-1).state; },
  pushState: (state) => entries.push({ state }),
  back: () => { entries.pop(); for (const l of listeners) l(); },
};
const main = { inert: false };
globalThis.document = { getElementById: (id) => (id === 'main-view' ? main : null) };
const { closed, hideOverlay, showOverlay } = await import('../../Sources/RecordKeeperServer/App/overlay.js');

function screen() {
  const view = { hidden: true };
  const opener = { focused: 0, focus() { this.focused += 1; } };
  return { view, opener, hide: () => hideOverlay(view, opener) };
}

test('a screen shown over the main screen takes a history entry; back hides it', () => {
  const lists = screen();
  showOverlay(lists.view, 'lists', lists.hide);
  assert.equal(lists.view.hidden, false);
  assert.equal(main.inert, true, 'the main screen under it takes no taps or focus');
  assert.equal(entries.length, 2);
  history.back(); // the phone's back gesture
  assert.equal(lists.view.hidden, true);
  assert.equal(main.inert, false);
  assert.equal(lists.opener.focused, 1, 'the focus goes back to what opened it');
  assert.equal(entries.length, 1);
});

test('a screen closed by its own button takes its history entry with it', () => {
  const settings = screen();
  showOverlay(settings.view, 'settings', settings.hide);
  settings.hide();
  closed();
  assert.equal(entries.length, 1, 'no entry left for the back button to land on');
  assert.equal(settings.opener.focused, 1, 'hidden once, not again by the back it made');
  closed(); // nothing open: nothing happens
  assert.equal(entries.length, 1);
});
