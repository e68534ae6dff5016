// screen.js: the one frame of the screens laid over the main one (banner with the way back, the
// title and an optional right-hand button; a scroll body that starts with the error line), made
// whole or around a body written in index.html, with the ids, classes and roles the app's CSS
// and browser tests find the screens by.
import assert from 'node:assert/strict';
import { beforeEach, test } from 'node:test';
import { FakeElement, FakeEvent, installDocument } from './fake-dom.mjs';

let document = installDocument();
const { screenFrame } = await import('../../Sources/RecordKeeperServer/App/screen.js');

beforeEach(() => { document = installDocument(); });

const key = (element, name) => element.dispatch(new FakeEvent('keydown', { key: name }));

test('a screen is a hidden section in the body: banner with the back arrow and the title, then the scroll body', () => {
  let backs = 0;
  const body = new FakeElement('div');
  const frame = screenFrame({
    id: 'settings-view', name: 'settings', title: 'Settings', className: 'settings-view', onBack: () => { backs += 1; }, content: [body],
  });
  assert.deepEqual(document.body.children, [frame.view]);
  assert.equal(frame.view.tagName, 'SECTION');
  assert.equal(frame.view.id, 'settings-view');
  assert.equal(frame.view.className, 'view settings-view');
  assert.equal(frame.view.hidden, true);
  assert.equal(frame.view.getAttribute('aria-labelledby'), 'settings-title');

  const [banner, scroll] = frame.view.children;
  assert.equal(banner.tagName, 'HEADER');
  assert.equal(banner.className, 'banner');
  assert.deepEqual(banner.children, [frame.back, frame.title], 'no right-hand button unless asked for');
  assert.equal(frame.back.id, 'settings-back');
  assert.equal(frame.back.className, 'header-button banner-left');
  assert.equal(frame.back.type, 'button');
  assert.equal(frame.back.getAttribute('aria-label'), 'Back');
  assert.equal(frame.back.children[0].children[0].getAttribute('href'), '#i-back');
  assert.equal(frame.title.tagName, 'H1');
  assert.equal(frame.title.className, 'banner-title');
  assert.equal(frame.title.id, 'settings-title');
  assert.equal(frame.title.textContent, 'Settings');

  assert.equal(scroll, frame.scroll);
  assert.equal(scroll.className, 'lists-scroll');
  assert.equal(scroll.id, 'settings-scroll');
  assert.deepEqual(scroll.children, [frame.error, body], 'the error line first, then the body');
  assert.equal(frame.error.tagName, 'P');
  assert.equal(frame.error.id, 'settings-error');
  assert.equal(frame.error.className, 'details-error');
  assert.equal(frame.error.getAttribute('role'), 'alert');
  assert.equal(frame.error.hidden, true);

  frame.back.dispatch(new FakeEvent('click'));
  assert.equal(backs, 1, 'the back button goes back');
  key(frame.view, 'Escape');
  assert.equal(backs, 2, 'so does Escape');
  key(frame.view, 'Enter');
  assert.equal(backs, 2, 'and no other key');
});

test('a worded back button, a right-hand button, no error line and an Escape of its own', () => {
  const ran = [];
  const frame = screenFrame({
    id: 'list-editor', name: 'list-editor', title: 'New List', className: 'list-editor', error: false,
    back: { id: 'list-cancel', text: 'Cancel' }, onBack: () => ran.push('cancel'), onEscape: () => ran.push('escape'),
    right: { id: 'list-save', text: 'Save', onClick: () => ran.push('save') },
  });
  assert.equal(frame.error, null);
  assert.deepEqual(frame.scroll.children, []);
  assert.deepEqual(frame.view.children[0].children, [frame.back, frame.title, frame.right]);
  assert.equal(frame.back.id, 'list-cancel');
  assert.equal(frame.back.textContent, 'Cancel');
  assert.equal(frame.back.getAttribute('aria-label'), null, 'a worded button is named by its word');
  assert.equal(frame.right.id, 'list-save');
  assert.equal(frame.right.className, 'header-button banner-right');
  assert.equal(frame.right.type, 'button');
  assert.equal(frame.right.textContent, 'Save');
  assert.equal(frame.right.hidden, false);
  frame.back.dispatch(new FakeEvent('click'));
  frame.right.dispatch(new FakeEvent('click'));
  key(frame.view, 'Escape');
  assert.deepEqual(ran, ['cancel', 'save', 'escape']);
});

test('with onEscape null, Escape leaves the screen open', () => {
  let backs = 0;
  const frame = screenFrame({ id: 'x-view', name: 'x', title: 'X', className: 'x', onBack: () => { backs += 1; }, onEscape: null });
  key(frame.view, 'Escape');
  assert.equal(backs, 0);
});

test('a section written in index.html becomes the frame, its children the body after the error line', () => {
  const mount = new FakeElement('section');
  mount.id = 'lists-view';
  mount.hidden = true;
  const list = new FakeElement('ul');
  const empty = new FakeElement('p');
  mount.append(list, empty);
  document.body.append(mount);

  const frame = screenFrame({
    id: 'lists-view', name: 'lists', title: 'Smart Lists', className: 'lists-view', scrollClass: 'lists-scroll', onBack: () => {},
    right: { id: 'lists-new', text: 'New', onClick: () => {} },
  });
  assert.equal(frame.view, mount, 'the same element, so what the page placed after it still lies above it');
  assert.deepEqual(document.body.children, [mount], 'not added a second time');
  assert.equal(mount.className, 'view lists-view');
  assert.equal(mount.getAttribute('aria-labelledby'), 'lists-title');
  assert.deepEqual(mount.children, [frame.view.children[0], frame.scroll]);
  assert.deepEqual(frame.scroll.children, [frame.error, list, empty]);
  assert.equal(document.getElementById('lists-new'), frame.right, 'its parts are found by id once made');
});

test('a screen of panes that scroll on their own has no scroll body: the panes follow the banner', () => {
  const mount = new FakeElement('section');
  mount.id = 'sleeve-view';
  const camera = new FakeElement('div');
  const history = new FakeElement('div');
  mount.append(camera, history);
  document.body.append(mount);
  let backs = 0;
  const frame = screenFrame({
    id: 'sleeve-view', name: 'sleeve', title: 'Scan a Sleeve', className: 'sleeve', scrollClass: null, error: false,
    back: { id: 'sleeve-close', icon: 'i-close', label: 'Close' }, onBack: () => { backs += 1; },
    right: { id: 'sleeve-history-button', icon: 'i-clock', label: 'Scan history', hidden: true, onClick: () => {} },
  });
  assert.equal(frame.scroll, null);
  assert.deepEqual(mount.children.slice(1), [camera, history]);
  assert.equal(frame.back.id, 'sleeve-close');
  assert.equal(frame.back.getAttribute('aria-label'), 'Close');
  assert.equal(frame.back.children[0].children[0].getAttribute('href'), '#i-close');
  assert.equal(frame.right.getAttribute('aria-label'), 'Scan history');
  assert.equal(frame.right.className, 'header-button banner-right');
  assert.equal(frame.right.hidden, true, 'shown once there is a history');
  key(mount, 'Escape');
  assert.equal(backs, 1);
});
