// dom.js: the one way the app makes elements (class, text as text, attributes, properties,
// listeners, children), and its icons.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FakeEvent, installDocument } from './fake-dom.mjs';

installDocument();
const { el, iconButton, svgElement, svgIcon } = await import('../../Sources/RecordKeeperServer/App/dom.js');

test('el sets the class, the text, attributes, properties and listeners', () => {
  let clicked = 0;
  const button = el('button', {
    class: 'chip add-tag', text: 'Add Tag',
    attrs: { 'aria-label': 'Add a tag', 'aria-pressed': false, role: null, title: undefined },
    props: { type: 'button', id: 'add-tag-chip' },
    on: { click: () => { clicked += 1; } },
  });
  assert.equal(button.tagName, 'BUTTON');
  assert.equal(button.className, 'chip add-tag');
  assert.equal(button.textContent, 'Add Tag');
  assert.equal(button.getAttribute('aria-label'), 'Add a tag');
  assert.equal(button.getAttribute('aria-pressed'), 'false', 'false is written as the text "false"');
  assert.equal(button.attributes.has('role'), false, 'a null attribute is left out');
  assert.equal(button.attributes.has('title'), false, 'an undefined attribute is left out');
  assert.equal(button.type, 'button');
  assert.equal(button.id, 'add-tag-chip');
  button.dispatch(new FakeEvent('click'));
  assert.equal(clicked, 1);
});

test('el writes markup as text, never as HTML', () => {
  const span = el('span', { text: '<img src=x onerror=alert(1)>' });
  assert.equal(span.textContent, '<img src=x onerror=alert(1)>');
  assert.equal(span.children.length, 0);
  assert.equal(span.innerHTML, undefined);
});

test('el turns numbers into text and leaves out absent children', () => {
  const item = el('li', { text: 42 }, [null, false, undefined, el('span', { text: 'x' }), 'tail']);
  assert.equal(item.textContent, '42xtail');
  assert.equal(item.children.length, 2);
  assert.equal(el('p', { text: null }).textContent, '');
});

test('el with no options is a bare element', () => {
  const div = el('div');
  assert.equal(div.tagName, 'DIV');
  assert.equal(div.className, '');
  assert.equal(div.textContent, '');
});

test('an icon is an SVG use of the sprite, hidden from screen readers', () => {
  const icon = svgIcon('i-trash');
  assert.equal(icon.namespaceURI, 'http://www.w3.org/2000/svg');
  assert.equal(icon.getAttribute('aria-hidden'), 'true');
  assert.equal(icon.children[0].tagName, 'USE');
  assert.equal(icon.children[0].getAttribute('href'), '#i-trash');
});

test('an icon button is named by its label and runs its action', () => {
  let ran = false;
  const button = iconButton('i-close', 'Remove tag jazz', () => { ran = true; });
  assert.equal(button.className, 'icon-button');
  assert.equal(button.type, 'button');
  assert.equal(button.getAttribute('aria-label'), 'Remove tag jazz');
  button.dispatch(new FakeEvent('click'));
  assert.equal(ran, true);
  assert.equal(iconButton('i-close', 'x', () => {}, 'chip-close').className, 'chip-close');
});

test('an SVG element has its attributes, and its text set as text', () => {
  const text = svgElement('text', { x: 4, 'text-anchor': 'end', class: 'stats-label' }, '<b>Blue Note</b>');
  assert.equal(text.namespaceURI, 'http://www.w3.org/2000/svg');
  assert.equal(text.tagName, 'TEXT');
  assert.equal(text.getAttribute('x'), '4');
  assert.equal(text.getAttribute('text-anchor'), 'end');
  assert.equal(text.textContent, '<b>Blue Note</b>');
  assert.equal(text.children.length, 0);
  assert.equal(svgElement('text', {}, 0).textContent, '0', 'a count of nought is still written');
  assert.equal(svgElement('rect').attributes.size, 0);
});
