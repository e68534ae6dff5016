// swipe.js: the one swipe-left recogniser of the album list and the scan history.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FakeElement, FakeEvent } from './fake-dom.mjs';
import { bindSwipe, gesture } from '../../Sources/RecordKeeperServer/App/swipe.js';

test('a move is a swipe once it goes 8 px sideways, at least as far as up or down', () => {
  assert.equal(gesture(0, 0), null);
  assert.equal(gesture(-7, 0), null, 'not yet');
  assert.equal(gesture(-8, 0), 'swipe');
  assert.equal(gesture(12, 3), 'swipe', 'to the right too: the row decides what it does');
  assert.equal(gesture(-9, 9), 'swipe', 'a diagonal counts as sideways');
  assert.equal(gesture(-9, 10), 'scroll', 'more up or down than sideways');
  assert.equal(gesture(-3, 9), 'scroll');
  assert.equal(gesture(-3, 8), null, 'not yet a scroll either');
});

/** A row's content with the recogniser, recording what it was told. */
function swipeable(base = 0) {
  const element = new FakeElement('a');
  const seen = [];
  bindSwipe(element, {
    base: () => base,
    begin: () => seen.push('begin'),
    move: (dx) => seen.push(dx),
    end: (dx) => seen.push(`end ${dx}`),
  });
  const tap = () => element.dispatch(new FakeEvent('click'));
  let clicks = 0;
  element.addEventListener('click', () => { clicks += 1; }); // the row's own tap listener
  const pointer = (type, x, y = 0, fields = {}) => element.dispatch(new FakeEvent(type, { clientX: x, clientY: y, ...fields }));
  return { element, seen, tap, pointer, clicks: () => clicks };
}

test('a swipe left moves the row with the finger and ends where the finger lifts', () => {
  const row = swipeable();
  row.pointer('pointerdown', 200);
  row.pointer('pointermove', 196); // under 8 px: nothing yet
  assert.deepEqual(row.seen, []);
  row.pointer('pointermove', 150);
  row.pointer('pointermove', 120);
  row.pointer('pointerup', 120);
  assert.deepEqual(row.seen, ['begin', -50, -80, 'end -80']);
  assert.equal(row.element.captured, 1, 'the row keeps the pointer while it is swiped');
});

test('a row swiped right never moves past its resting place', () => {
  const row = swipeable();
  row.pointer('pointerdown', 100);
  row.pointer('pointermove', 140);
  row.pointer('pointerup', 140);
  assert.deepEqual(row.seen, ['begin', 0, 'end 0']);
});

test('an open row starts from its open place, so a swipe right closes it', () => {
  const row = swipeable(-88);
  row.pointer('pointerdown', 100);
  row.pointer('pointermove', 150);
  row.pointer('pointercancel', 150);
  assert.deepEqual(row.seen, ['begin', -38, 'end -38']);
});

test('a vertical move is a scroll: the row is left alone until the next touch', () => {
  const row = swipeable();
  row.pointer('pointerdown', 100, 100);
  row.pointer('pointermove', 98, 130);
  row.pointer('pointermove', 40, 130); // sideways now, but this touch is a scroll
  row.pointer('pointerup', 40, 130);
  assert.deepEqual(row.seen, []);
});

test('a right or middle button does not start a swipe', () => {
  const row = swipeable();
  row.pointer('pointerdown', 200, 0, { button: 2 });
  row.pointer('pointermove', 100);
  row.pointer('pointerup', 100);
  assert.deepEqual(row.seen, []);
});

test('the click that ends a swipe is not a tap; the next click is', () => {
  const row = swipeable();
  row.pointer('pointerdown', 200);
  row.pointer('pointermove', 100);
  row.pointer('pointerup', 100);
  const click = row.tap();
  assert.equal(click.defaultPrevented, true, 'the link under the finger is not followed');
  assert.equal(row.clicks(), 0, "the row's own tap listener does not hear it");
  row.tap();
  assert.equal(row.clicks(), 1);
});

test('a tap without a move is a tap', () => {
  const row = swipeable();
  row.pointer('pointerdown', 200);
  row.pointer('pointerup', 200);
  const click = row.tap();
  assert.equal(click.defaultPrevented, false);
  assert.equal(row.clicks(), 1);
  assert.deepEqual(row.seen, []);
});
