// virtual-list.js: the layout arithmetic of the album list (group headers, lines, gaps for
// pages not loaded yet), finding rows by position and by item, and drawing only what is near
// the view, with a fake scroller (no layout engine here: every row is 66 px, a header 22 px).
import assert from 'node:assert/strict';
import { test } from 'node:test';

globalThis.ResizeObserver = class { observe() {} };
globalThis.document = { documentElement: {} };
globalThis.getComputedStyle = () => ({ getPropertyValue: (name) => (name === '--lh' ? '22px' : '') });
globalThis.requestAnimationFrame = (f) => setTimeout(f, 0);
const { VirtualList } = await import('../../Sources/RecordKeeperServer/App/virtual-list.js');

const LINE = 66;
const HEADER = 22;

/** A list in a scroller `width` × `height` px; returns it with what it drew and was told. */
function makeList({ width = 390, height = 660 } = {}) {
  const drawnNow = new Set();
  const element = (kind, key) => {
    const e = { kind, key, remove: () => drawnNow.delete(e) };
    return e;
  };
  const scroller = { scrollTop: 0, clientWidth: width, clientHeight: height, addEventListener() {} };
  const spacer = { style: {}, appendChild: (e) => drawnNow.add(e) };
  const sticky = { hidden: true, textContent: '', offsetHeight: HEADER, style: {} };
  const missing = [];
  const list = new VirtualList(scroller, spacer, sticky, {
    item: (album, index) => element('item', album ? album.id : `…${index}`),
    cell: (album, index, box) => element('cell', `${album ? album.id : `…${index}`}@${box.left}`),
    header: (group) => element('header', group),
    missing: (range) => missing.push(range),
  });
  const drawn = () => [...drawnNow].map((e) => `${e.kind}:${e.key}`);
  return { list, scroller, spacer, sticky, missing, drawn };
}

const albums = (groups) => groups.flatMap(([group, n]) => Array.from({ length: n }, (_, i) => ({ id: `${group}${i + 1}`, group })));

test('rows are a header for each group, then its items, one a line', () => {
  const { list, spacer } = makeList();
  list.setItems(albums([['A', 2], ['B', 1]]), 3);
  assert.deepEqual(list.rows.map((r) => (r.header !== undefined ? `h${r.header}@${r.top}` : `${r.start}-${r.end}@${r.top}`)),
    [`hA@0`, `0-1@${HEADER}`, `1-2@${HEADER + LINE}`, `hB@${HEADER + 2 * LINE}`, `2-3@${2 * HEADER + 2 * LINE}`]);
  assert.equal(spacer.style.height, `${2 * HEADER + 3 * LINE}px`, 'the spacer is as tall as every row');
});

test('items not loaded yet are one gap row, however many they are', () => {
  const { list } = makeList();
  const items = albums([['A', 2]]);
  items.length = 10_000; // holes: pages not fetched
  list.setItems(items, 10_000);
  assert.equal(list.rows.length, 4);
  const gap = list.rows[3];
  assert.deepEqual({ gap: gap.gap, start: gap.start, end: gap.end, height: gap.height, group: gap.group },
    { gap: true, start: 2, end: 10_000, height: 9_998 * LINE, group: 'A' });
  assert.equal(list.height, HEADER + 10_000 * LINE);
});

test('rows are found by position and by item, gaps included', () => {
  const { list } = makeList();
  const items = albums([['A', 2], ['B', 2]]);
  items.length = 100;
  list.setItems(items, 100);
  assert.equal(list.rowAt(0), 0);
  assert.equal(list.rowAt(HEADER), 1);
  assert.equal(list.rowAt(HEADER + LINE - 1), 1);
  assert.equal(list.rowOfItem(0), 1);
  assert.equal(list.rowOfItem(2), 4, 'after the B header');
  assert.equal(list.rowOfItem(50), 6, 'inside the gap');
  assert.equal(list.rowOfItem(100), -1);
  const gapTop = list.rows[6].top;
  assert.equal(list.lineTop(50), gapTop + 46 * LINE);
  assert.equal(list.topOfItem(2), list.rows[3].top, 'the first of a group shows with its header');
  assert.equal(list.topOfItem(3), list.rows[5].top - HEADER, 'any other sits under the sticky header');
});

test('only the rows in view and a screen around them are drawn; the rest is asked for', () => {
  const { list, scroller, drawn, missing } = makeList({ height: 660 });
  const items = albums([['A', 30]]);
  items.length = 10_000;
  list.setItems(items, 10_000);
  // At the top: 10 lines in view, 10 below; the header, 20 items.
  assert.deepEqual(drawn().slice(0, 3), ['header:A', 'item:A1', 'item:A2']);
  assert.equal(drawn().length, 1 + 20);
  assert.equal(missing.at(-1), null, 'every item near the view is loaded');
  // Far down, in the gap: placeholders only, and the range of items they stand for.
  scroller.scrollTop = list.lineTop(5_000);
  list.render();
  assert.ok(drawn().every((key) => key.startsWith('item:…')));
  assert.ok(drawn().length <= 31, `a screen above, the view, a screen below: ${drawn().length} drawn`);
  const range = missing.at(-1);
  assert.ok(range.first <= 5_000 && range.last >= 5_009, JSON.stringify(range));
  assert.ok(range.last - range.first < 40, 'only what is near the view');
});

test('a page arriving keeps the item under the reader’s eyes in place', () => {
  const { list, scroller } = makeList();
  const items = albums([['A', 5]]);
  items.length = 1_000;
  list.setItems(items, 1_000);
  scroller.scrollTop = list.lineTop(400) + 10;
  const before = list.anchor();
  assert.deepEqual(before, { index: 400, offset: 10 });
  // Items 100–499 arrive in a new group: a header is added above, so every line below moves.
  const more = items.slice();
  for (let i = 100; i < 500; i++) more[i] = { id: `B${i}`, group: 'B' };
  list.setItems(more, 1_000, { keep: true });
  assert.deepEqual(list.anchor(), before);
});

test('the grid puts several covers on a line', () => {
  const { list, drawn } = makeList({ width: 390 });
  list.grid = true;
  list.setItems(albums([['A', 4]]), 4);
  assert.equal(list.columns, 3, 'three covers of 130 px on a phone');
  assert.deepEqual(list.rows.filter((r) => r.start !== undefined).map((r) => [r.start, r.end]), [[0, 3], [3, 4]]);
  assert.deepEqual(drawn().filter((k) => k.startsWith('cell')), ['cell:A1@0', 'cell:A2@130', 'cell:A3@260', 'cell:A4@0']);
});

test('the sticky header shows the group at the top and is pushed up by the next one', () => {
  const { list, scroller, sticky } = makeList();
  list.setItems(albums([['A', 3], ['B', 3]]), 6);
  list.render();
  assert.equal(sticky.hidden, false);
  assert.equal(sticky.textContent, 'A');
  const bHeader = list.rows.find((r) => r.header === 'B');
  scroller.scrollTop = bHeader.top - 10; // B's header is 10 px under the top
  list.render();
  assert.equal(sticky.textContent, 'A');
  assert.equal(sticky.style.transform, `translateY(${10 - HEADER}px)`);
  const { list: plain, sticky: none } = makeList();
  plain.setItems([{ id: 'x', group: null }], 1);
  assert.equal(none.hidden, true, 'no groups (a sort without them): no sticky header');
});
