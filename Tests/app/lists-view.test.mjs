// lists-view.js: what the smart list editor reads of the rule being typed (for its
// suggestions) and how it writes a chosen tag into a rule.
import assert from 'node:assert/strict';
import { test } from 'node:test';

globalThis.window = { addEventListener() {} }; // overlay.js listens for the back button
const { ruleAt, tagCountRules, tagRule } = await import('../../Sources/RecordKeeperServer/App/lists-view.js');

test('the rule being typed starts after the last space, comma or parenthesis, its sign dropped', () => {
  assert.deepEqual(ruleAt('#jazz, @ye', 10), { start: 7, end: 10, word: '@ye' });
  assert.deepEqual(ruleAt('-#liv', 5), { start: 1, end: 5, word: '#liv' });
  assert.deepEqual(ruleAt('+(#dance, #po', 13), { start: 10, end: 13, word: '#po' });
  assert.deepEqual(ruleAt('#jazz #blues', 5), { start: 0, end: 5, word: '#jazz' }, 'up to the cursor only');
  assert.deepEqual(ruleAt('', 0), { start: 0, end: 0, word: '' });
});

test('a tag is quoted in a rule when it holds a space, comma, parenthesis or quote', () => {
  assert.equal(tagRule('jazz'), '#jazz');
  assert.equal(tagRule('free jazz'), '#"free jazz"');
  assert.equal(tagRule('rock, roll'), '#"rock, roll"');
  assert.equal(tagRule('say "hi"'), '#"say \\"hi\\""');
  assert.equal(tagRule('back\\slash'), '#"back\\\\slash"');
  assert.equal(tagRule('björk'), '#björk');
});

test('a word that begins `count` is offered a tag-count rule for each prefix the tags have', () => {
  const tags = [{ tag: 'instruments:piano' }, { tag: 'instruments:bass' }, { tag: 'my mood:calm' }, { tag: 'jazz' }, { tag: ':odd' }];
  assert.deepEqual(tagCountRules(tags, 'co').map((c) => c.text), ['count(#instruments:) <= 2', 'count(#"my mood:") <= 2']);
  assert.deepEqual(tagCountRules(tags, 'COUNT').map((c) => c.text).length, 2);
  assert.deepEqual(tagCountRules(tags, 'c'), [], 'one letter is too little to guess');
  assert.deepEqual(tagCountRules(tags, 'cold'), []);
  assert.deepEqual(tagCountRules([{ tag: 'jazz' }], 'cou'), [], 'no prefixed tags, no rule');
});
