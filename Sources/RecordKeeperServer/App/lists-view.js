// Smart lists in the app (docs/commands.md, "Rules and smart lists", seed 003's taglists): the screen that lists them and
// the editor that makes, changes and deletes one (name, description, rules), suggesting tags
// after `#` and fields and lists after `@` as a rule is typed. Every rule is read by the server
// (PUT /api/lists/NAME, one commit); a rule it cannot read comes back with its message.
import * as api from './api.js';
import { confirmDelete, toast } from './dialogs.js';
import { closed, hideOverlay, showOverlay } from './overlay.js';
import { loadSchema } from './schema.js';
import { $, el, iconButton } from './dom.js';
import { screenFrame } from './screen.js';

const SUGGESTIONS = 8;

const putList = (name, body) => api.request('PUT', '/api/lists/' + encodeURIComponent(name), { json: body });
const deleteList = (name) => api.request('DELETE', '/api/lists/' + encodeURIComponent(name));
const getTags = () => api.request('GET', '/api/tags');
/** The library's fields (`fields[].name`, `label`) from the shared catalogue, or none without it. */
async function getFields() {
  try {
    return (await loadSchema()).fields.map((f) => ({ name: f.name, label: f.label }));
  } catch {
    return [];
  }
}

/** How a tag is written in a rule: quoted when it holds a space, comma, parenthesis or quote. */
export function tagRule(tag) {
  return /[\s,()"\\]/.test(tag) ? `#"${tag.replace(/[\\"]/g, (c) => '\\' + c)}"` : '#' + tag;
}

/** For a word that begins `count`, a tag-count rule for each prefix (`instruments:`) the collection's tags have (seed 003). */
export function tagCountRules(tags, word) {
  if (word.length < 2 || !'count'.startsWith(word.toLowerCase())) return [];
  const prefixes = new Set(tags.filter((t) => t.tag.indexOf(':') > 0).map((t) => t.tag.slice(0, t.tag.indexOf(':') + 1)));
  return [...prefixes].map((p) => ({ text: `count(${tagRule(p)}) <= 2`, hint: `how many ${p} tags` }));
}

/** The rule being typed at `cursor`: from after the last space, comma or parenthesis, sign dropped. */
export function ruleAt(text, cursor) {
  let start = cursor;
  while (start > 0 && !/[\s,()]/.test(text[start - 1])) start -= 1;
  if (text[start] === '-' || text[start] === '+') start += 1;
  return { start, end: cursor, word: text.slice(start, cursor) };
}

let screen = null;

/** Opens the smart lists screen over the main screen (`main`: the MainView, to show a list). */
export function openListsScreen(main) {
  if (!screen) screen = new ListsScreen(main);
  screen.open();
}

class ListsScreen {
  constructor(main) {
    this.main = main;
    this.lists = [];
    this.editing = null; // the list open in the editor; null for a new one
    this.tags = [];
    this.fields = [];
    this.active = -1; // the highlighted suggestion
    this.choices = [];
    this.box = $('rule-suggestions'); // moved into the rule being typed, so kept by reference
    // Escape leaves a screen unless it closes the suggestions first.
    screenFrame({
      id: 'lists-view', name: 'lists', title: 'Smart Lists', className: 'lists-view',
      onBack: () => this.close(), onEscape: () => { if (this.box.hidden) this.close(); },
      right: { id: 'lists-new', text: 'New', onClick: () => this.edit(null) },
    });
    screenFrame({
      id: 'list-editor', name: 'list-editor', title: 'New List', className: 'list-editor', error: false,
      back: { id: 'list-cancel', text: 'Cancel' }, onBack: () => this.closeEditor(),
      onEscape: () => { if (this.box.hidden) this.closeEditor(); },
      right: { id: 'list-save', text: 'Save', onClick: () => this.save() },
    });
    this.addOrderField();
    $('list-delete').addEventListener('click', () => this.remove());
    $('list-use').addEventListener('click', () => this.use(this.editing.name));
    $('rule-add').addEventListener('click', () => { this.addRule(''); this.ruleInputs().at(-1).focus(); });
    $('list-form').addEventListener('submit', (event) => { event.preventDefault(); this.save(); });
    $('list-name-input').addEventListener('input', () => this.updateSave());
    // A suggestion is chosen with a tap that keeps the focus in the rule.
    this.box.addEventListener('pointerdown', (event) => event.preventDefault());
    this.box.addEventListener('click', (event) => {
      const option = event.target.closest('[role="option"]');
      if (option) this.choose(Number(option.dataset.index));
    });
  }

  /**
   * The list's own order (issue 32): the collection's, a sort mode, or Custom (the order kept in
   * the list's file, new albums at the end; `rk lists move` changes it). Saved with the list.
   */
  addOrderField() {
    const select = el('select', { props: { id: 'list-sort' }, attrs: { 'aria-describedby': 'list-sort-help' } }, [
      el('option', { text: 'The collection’s order', props: { value: '' } }),
      el('option', { text: 'Custom: in the order kept, new albums last', props: { value: 'custom' } }),
    ]);
    $('list-description').closest('.field').after(el('div', { class: 'field' }, [
      el('label', { class: 'field-label', text: 'Order', attrs: { for: 'list-sort' } }),
      select,
      el('span', { class: 'field-help', text: 'How the list is shown, whatever the sort menu says.', props: { id: 'list-sort-help' } }),
    ]));
    loadSchema().then(({ sort_modes: modes }) => {
      const custom = select.lastElementChild;
      for (const mode of modes.filter((m) => m.name !== 'relevance')) custom.before(el('option', { text: mode.label, props: { value: mode.name } }));
      if (this.editing) select.value = this.editing.sort || '';
    }, () => { /* offline before it was loaded: the collection's order and Custom */ });
  }

  // ---- The screen of lists

  async open() {
    showOverlay($('lists-view'), 'lists', () => this.hide());
    $('lists-new').focus();
    await this.load();
  }

  close() { this.hide(); closed(); }

  hide() {
    this.hideSuggestions();
    $('list-editor').hidden = true;
    $('lists-view').inert = false;
    hideOverlay($('lists-view'), $('menu-button'));
  }

  async load() {
    $('lists-error').hidden = true;
    try {
      const lists = await api.smartLists();
      this.lists = Array.isArray(lists) ? lists : [];
    } catch (error) {
      this.lists = [];
      $('lists-error').textContent = error.message;
      $('lists-error').hidden = false;
    }
    this.render();
  }

  render() {
    const list = $('smart-lists');
    list.replaceChildren();
    $('lists-empty').hidden = this.lists.length > 0;
    for (const entry of this.lists) {
      const count = Number.isFinite(entry.count) ? (entry.count === 1 ? '1 album' : `${entry.count} albums`) : '';
      const button = el('button', { class: 'smart-list', props: { type: 'button' }, on: { click: () => this.edit(entry) } }, [
        el('span', { class: 'smart-list-top' }, [
          el('span', { class: 'smart-list-name', text: entry.name }),
          el('span', { class: 'smart-list-count', text: count }),
        ]),
        entry.description && el('span', { class: 'smart-list-description', text: entry.description }),
        el('span', { class: 'smart-list-rules', text: (entry.rules || []).join('  ') }),
      ]);
      button.dataset.name = entry.name;
      list.append(el('li', {}, [button]));
    }
  }

  /** Shows the main screen filtered by the list, as the Lists menu does. */
  use(name) {
    this.main.state.list = '@' + name;
    this.main.save();
    this.main.showListName();
    this.main.reload({ top: true });
    this.close();
  }

  // ---- The editor

  async edit(entry) {
    this.editing = entry;
    $('list-error').hidden = true;
    $('list-editor-title').textContent = entry ? 'Edit List' : 'New List';
    const name = $('list-name-input');
    name.value = entry ? entry.name : '';
    // What a name may hold is the library's rule (GET /api/schema); the server refuses any other.
    loadSchema().then(({ list_name: rule }) => {
      name.maxLength = rule.max_length; // ASCII only: UTF-16 units are characters here
      $('list-name-help').textContent = `Use ${rule.rule}; search with @name. A list named by another keeps its name.`;
    }, () => { /* offline before it was loaded: the server still says */ });
    $('list-description').value = entry && entry.description ? entry.description : '';
    $('list-sort').value = entry && entry.sort ? entry.sort : '';
    this.parkSuggestions();
    $('rule-list').replaceChildren();
    for (const rule of entry ? entry.rules || [] : []) this.addRule(rule);
    if (!entry) this.addRule('');
    $('list-delete').hidden = !entry;
    $('list-use').hidden = !entry;
    $('lists-view').inert = true;
    $('list-editor').hidden = false;
    $('list-editor-scroll').scrollTop = 0;
    this.updateSave();
    (entry ? this.ruleInputs()[0] : name).focus();
    // What the suggestions draw on, fresh each time the editor opens.
    const [tags, fields] = await Promise.all([getTags().catch(() => []), getFields()]);
    this.tags = Array.isArray(tags) ? tags.filter((t) => t && typeof t.tag === 'string') : [];
    this.fields = fields;
  }

  closeEditor() {
    this.hideSuggestions();
    $('list-editor').hidden = true;
    $('lists-view').inert = false;
    const row = this.editing && [...document.querySelectorAll('#smart-lists .smart-list')].find((b) => b.dataset.name === this.editing.name);
    (row || $('lists-new')).focus();
  }

  ruleInputs() { return [...document.querySelectorAll('#rule-list .rule-input')]; }

  addRule(text) {
    const input = el('input', {
      class: 'rule-input',
      props: { type: 'text', value: text, placeholder: '#jazz, @year:1970..1979, -#live', autocapitalize: 'off', spellcheck: false },
      attrs: { autocomplete: 'off', role: 'combobox', 'aria-autocomplete': 'list', 'aria-controls': 'rule-suggestions', 'aria-expanded': 'false' },
    });
    const remove = iconButton('i-trash', 'Remove rule', () => {
      if (li.contains(this.box)) this.parkSuggestions();
      li.remove();
      if (!this.ruleInputs().length) this.addRule('');
      this.labelRules();
      this.updateSave();
    }, 'icon-button rule-remove');
    const li = el('li', { class: 'rule-row' });
    input.addEventListener('input', () => {
      input.removeAttribute('aria-invalid');
      input.removeAttribute('aria-describedby');
      this.suggest(input);
      this.updateSave();
    });
    input.addEventListener('focus', () => this.suggest(input));
    input.addEventListener('click', () => this.suggest(input));
    input.addEventListener('blur', () => this.hideSuggestions());
    input.addEventListener('keydown', (event) => this.keydown(event, input));
    li.append(input, remove);
    $('rule-list').append(li);
    this.labelRules();
  }

  labelRules() {
    this.ruleInputs().forEach((input, i) => {
      input.setAttribute('aria-label', `Rule ${i + 1}`);
      input.nextElementSibling.setAttribute('aria-label', `Remove rule ${i + 1}`);
    });
  }

  rules() { return this.ruleInputs().map((input) => input.value.trim()).filter(Boolean); }

  updateSave() {
    const offline = api.connection.offline;
    $('list-save').disabled = this.busy || offline || !$('list-name-input').value.trim() || !this.rules().length;
  }

  async save() {
    if ($('list-save').disabled) return;
    const name = $('list-name-input').value.trim();
    const description = $('list-description').value.trim();
    this.busy = true;
    this.updateSave();
    $('list-error').hidden = true;
    try {
      const old = this.editing ? this.editing.name : null;
      // A new list under a taken name would replace that list: say so instead (a rename the server refuses).
      if (!old && this.lists.some((l) => l.name === name)) {
        throw new api.ApiError(`There is already a smart list "${name}": choose another name, or open that list to change it.`, { field: 'name' });
      }
      const body = { rules: this.rules(), description: description || null, sort: $('list-sort').value || null };
      if (old && old !== name) body.from = old; // a rename: one commit on the server
      const lists = await putList(name, body);
      if (old && old !== name && this.main.state.list === '@' + old) {
        this.main.state.list = '@' + name;
        this.main.save();
        this.main.showListName();
      }
      this.lists = Array.isArray(lists) ? lists : this.lists;
      this.render();
      this.editing = this.lists.find((l) => l.name === name) || null;
      this.closeEditor();
      toast(`Saved the smart list ${name}.`);
    } catch (error) {
      $('list-error').textContent = error.message;
      $('list-error').hidden = false;
      // The server quotes the rule it could not read: that line is marked and focused.
      const bad = this.ruleInputs().find((input) => input.value.trim() && error.message.includes(`"${input.value.trim()}"`));
      if (bad) { bad.setAttribute('aria-invalid', 'true'); bad.setAttribute('aria-describedby', 'list-error'); bad.focus(); }
      $('list-error').scrollIntoView({ block: 'nearest' });
    } finally {
      this.busy = false;
      this.updateSave();
    }
  }

  async remove() {
    const name = this.editing && this.editing.name;
    if (!name || !(await confirmDelete())) return;
    try {
      const lists = await deleteList(name);
      this.lists = Array.isArray(lists) ? lists : this.lists.filter((l) => l.name !== name);
    } catch (error) {
      $('list-error').textContent = error.message;
      $('list-error').hidden = false;
      return;
    }
    if (this.main.state.list === '@' + name) {
      // The main screen showed the list that is gone: it shows all albums again.
      this.main.state.list = '';
      this.main.save();
      this.main.showListName();
      this.main.reload({ top: true });
    }
    this.editing = null;
    this.render();
    this.closeEditor();
  }

  // ---- Suggestions as a rule is typed (seed 003: "auto-fill recommendations")

  /** What may complete the rule at the cursor: tags after `#`, fields and lists after `@`, tag counts after `co`. */
  candidates(word) {
    const prefix = word.slice(1).toLowerCase();
    if (word.startsWith('#')) {
      const bare = prefix.replace(/^"/, '');
      return this.tags
        .filter((t) => t.tag.toLowerCase().startsWith(bare) && tagRule(t.tag) !== word)
        .slice(0, SUGGESTIONS)
        .map((t) => ({ text: tagRule(t.tag), hint: t.count === 1 ? '1 album' : `${t.count} albums` }));
    }
    if (word.startsWith('@') && !word.includes(':')) {
      const own = this.editing ? this.editing.name : $('list-name-input').value.trim();
      const fields = this.fields
        .filter((f) => f.name.toLowerCase().startsWith(prefix) || f.label.toLowerCase().startsWith(prefix))
        .map((f) => ({ text: `@${f.name}:`, hint: f.label }));
      const lists = this.lists
        .filter((l) => l.name !== own && l.name.toLowerCase().startsWith(prefix))
        .map((l) => ({ text: '@' + l.name, hint: 'smart list' }));
      return lists.concat(fields).filter((c) => c.text !== word).slice(0, SUGGESTIONS);
    }
    return tagCountRules(this.tags, word).slice(0, SUGGESTIONS);
  }

  suggest(input) {
    if (input.selectionStart !== input.selectionEnd) { this.hideSuggestions(); return; }
    const at = ruleAt(input.value, input.selectionStart);
    this.choices = this.candidates(at.word);
    this.target = { input, ...at };
    const box = this.box;
    if (!this.choices.length) { this.hideSuggestions(); return; }
    box.replaceChildren();
    this.choices.forEach((choice, i) => {
      const li = el('li', { props: { id: `rule-suggestion-${i}` }, attrs: { role: 'option' } }, [
        el('span', { class: 'suggestion-text', text: choice.text }),
        el('span', { class: 'suggestion-hint', text: choice.hint }),
      ]);
      li.dataset.index = String(i);
      box.append(li);
    });
    if (box.parentElement !== input.parentElement) input.parentElement.append(box); // right under the rule being typed
    box.hidden = false;
    input.setAttribute('aria-expanded', 'true');
    this.highlight(-1);
  }

  highlight(index) {
    this.active = index;
    const options = [...this.box.children];
    options.forEach((option, i) => option.setAttribute('aria-selected', String(i === index)));
    if (this.target) {
      if (index >= 0) this.target.input.setAttribute('aria-activedescendant', options[index].id);
      else this.target.input.removeAttribute('aria-activedescendant');
    }
  }

  hideSuggestions() {
    this.box.hidden = true;
    for (const input of this.ruleInputs()) { input.setAttribute('aria-expanded', 'false'); input.removeAttribute('aria-activedescendant'); }
    this.choices = [];
    this.active = -1;
  }

  keydown(event, input) {
    const open = !this.box.hidden && this.choices.length;
    if (event.key === 'ArrowDown' && open) { event.preventDefault(); this.highlight((this.active + 1) % this.choices.length); }
    else if (event.key === 'ArrowUp' && open) { event.preventDefault(); this.highlight((this.active - 1 + this.choices.length) % this.choices.length); }
    else if ((event.key === 'Enter' || event.key === 'Tab') && open && this.active >= 0) { event.preventDefault(); this.choose(this.active); }
    else if (event.key === 'Escape' && open) { event.preventDefault(); event.stopPropagation(); this.hideSuggestions(); }
    else if (event.key === 'Enter') { event.preventDefault(); this.save(); }
    else if (input.value === '' && event.key === 'Backspace' && this.ruleInputs().length > 1) {
      event.preventDefault();
      const previous = input.closest('li').previousElementSibling;
      input.closest('li').querySelector('.rule-remove').click();
      if (previous && previous.querySelector('.rule-input')) previous.querySelector('.rule-input').focus();
    }
  }

  /** Takes the suggestions out of the rule rows, which are about to go. */
  parkSuggestions() {
    this.hideSuggestions();
    $('rule-list').after(this.box);
  }

  /** Puts suggestion `index` in place of the rule being typed. */
  choose(index) {
    const choice = this.choices[index];
    const target = this.target;
    if (!choice || !target) return;
    const { input, start, end } = target;
    const value = input.value;
    // The rest of the word after the cursor is replaced too.
    let after = end;
    while (after < value.length && !/[\s,()]/.test(value[after])) after += 1;
    const spacer = choice.text.endsWith(':') ? '' : ' ';
    const rest = value.slice(after);
    input.value = value.slice(0, start) + choice.text + (rest.startsWith(' ') || rest.startsWith(',') || rest.startsWith(')') ? '' : spacer) + rest;
    const cursor = start + choice.text.length + (spacer && !rest.match(/^[ ,)]/) ? 1 : 0);
    input.setSelectionRange(cursor, cursor);
    this.hideSuggestions();
    this.updateSave();
    this.suggest(input);
  }
}
