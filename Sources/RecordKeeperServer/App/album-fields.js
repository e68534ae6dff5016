// The details view's fields (seed §2.2.2.3): shown as text in view mode ("—" when empty), as
// the form in edit and add mode, each with the library's word on it once it was changed or
// left, and the artist and sort-artist autocomplete (§3.9). The library's word is the server's
// (POST /api/check), asked a moment after typing stops; offline the form checks only what it
// must (problems in album-draft.js) and the save waits in the outbox.
import * as api from './api.js';
import { bodyOf, checkedProblems, collectorFields, EMPTY, MONTHS, optionsOf, problems, schema } from './album-draft.js';
import { $, el } from './dom.js';
import { labelOf } from './schema.js';

/** The fields whose long values wrap (§2.2.2.3): textareas of one line that grow. */
const WRAPPING = ['title', 'artist', 'wikipedia', 'sort_artist'];

/** How long after the last keystroke the server is asked. */
export const CHECK_MS = 300;

export class AlbumFields {
  /** `view` is the details view: its `draft` holds the values, its `editing` says the mode. */
  constructor(view) {
    this.view = view;
    this.touched = new Set();
    this.suggesting = false;
    this.suggestAbort = null;
    this.checked = {}; // the server's word on the form as last asked, by field
    this.checks = 0; // the number of the latest question: an older answer is dropped
    this.checkTimer = 0;
    // The problems of tracks and tags, which have no field of their own in the form.
    this.itemProblems = el('p', { class: 'field-problem item-problems', props: { id: 'item-problems', hidden: true }, attrs: { 'aria-live': 'polite' } });
    $('details-error').before(this.itemProblems);
    for (const form of ['details-form', 'collector-form']) $(form).addEventListener('submit', (event) => event.preventDefault());
  }

  get draft() { return this.view.draft; }

  get editing() { return this.view.editing; }

  /** A fresh form: a field's problem shows once it was changed or left (issue 18.9). */
  reset() {
    this.touched = new Set();
    this.checked = {};
    this.checks += 1;
    clearTimeout(this.checkTimer);
    this.itemProblems.hidden = true;
  }

  /** Whether the problem of `key` shows: once it was changed or left; the date's (under the year) once any part was. */
  shows(key) {
    return this.touched.has(key) || (key === 'year' && (this.touched.has('month') || this.touched.has('day')));
  }

  /** Every problem of the form now: what it checks itself, over the server's last word. */
  found() { return this.editing ? { ...this.checked, ...problems(this.draft) } : {}; }

  render() {
    const form = $('details-form');
    form.replaceChildren();
    const found = this.found();
    const label = (name) => labelOf(schema, name);
    form.append(
      this.field('title', label('title'), { required: true, found }),
      this.field('artist', label('artist'), { required: true, found, autocomplete: true }),
      this.dateFields(found),
      this.field('sort_artist', label('sort_artist'), { found, autocomplete: true }),
      this.field('wikipedia', label('wikipedia'), { found, link: true, type: 'url' }),
    );
    const more = $('collector-form');
    more.replaceChildren();
    const collector = collectorFields.filter((f) => this.editing || this.draft[f.name]);
    if (collector.length) {
      const pair = el('div', { class: 'pair' });
      for (const f of collector) {
        const element = this.field(f.name, f.label, {
          found,
          options: f.kind === 'choice' ? optionsOf(f) : undefined,
          numeric: f.kind === 'barcode' || f.kind === 'digits',
          placeholder: f.kind === 'date' ? 'YYYY-MM-DD' : undefined,
        });
        if (!this.editing && f.name === 'status' && !this.draft.status) continue;
        pair.append(element);
      }
      more.append(el('h2', { class: 'field-group-title', text: "Collector's details" }), pair);
    }
    // The free text of album.md (edited in the file itself), without its own "## Notes" heading.
    const album = this.view.album;
    const notes = album && typeof album.notes === 'string'
      ? album.notes.replace(/^#{1,6}[ \t]+notes[ \t]*#*[ \t]*(\r?\n)+/i, '').trim() : '';
    if (!this.editing && notes) {
      more.append(el('div', { class: 'field notes' }, [
        el('span', { class: 'field-label', text: 'Notes' }),
        el('span', { class: 'field-value', text: notes }),
      ]));
    }
  }

  field(key, label, { required = false, found = {}, autocomplete = false, link = false, type = 'text', options, numeric, placeholder } = {}) {
    const id = `field-${key}`;
    const labelElement = el(this.editing ? 'label' : 'span', { class: 'field-label', text: this.editing && required ? `${label} *` : label });
    const wrap = el('div', { class: 'field' }, [labelElement]);
    const value = this.draft[key] || '';
    if (!this.editing) {
      labelElement.id = id + '-label';
      const shown = el('span', { class: 'field-value', attrs: { 'aria-labelledby': labelElement.id } });
      let text = value;
      if (options) text = (options.find(([v]) => v === value) || [value, value])[1];
      if (link && /^https?:\/\//i.test(value)) {
        // Only http(s) addresses become links.
        shown.append(el('a', { text: value, props: { href: value, target: '_blank', rel: 'noopener noreferrer' } }));
      } else {
        shown.textContent = text || EMPTY;
        shown.classList.toggle('empty', !text); // a line for every field, as the seed's view mode has
      }
      wrap.append(shown);
      return wrap;
    }
    labelElement.htmlFor = id;
    let input;
    if (options) {
      input = el('select', {}, options.map(([v, text]) => new Option(text || EMPTY, v)));
      input.value = value;
      input.addEventListener('change', () => { this.draft[key] = input.value; this.touched.add(key); this.validate(); });
    } else if (WRAPPING.includes(key)) {
      input = el('textarea', { props: { rows: 1 } });
      // Long names wrap (§2.2.2.3); Return does not add a line.
      input.addEventListener('keydown', (event) => { if (event.key === 'Enter' && !this.suggesting) event.preventDefault(); });
    } else {
      input = el('input', { props: { type } });
    }
    if (!options) {
      if (numeric) input.inputMode = 'numeric';
      if (placeholder) input.placeholder = placeholder;
      // No maxLength: it counts UTF-16 units, the library counts characters (an emoji family is one).
      input.value = value;
      input.addEventListener('input', () => {
        if (input.value.includes('\n')) input.value = input.value.replace(/\n/g, ' ');
        this.draft[key] = input.value;
        this.touched.add(key);
        this.validate();
        if (autocomplete) this.suggest(input, wrap);
        autosize(input);
      });
      requestAnimationFrame(() => autosize(input));
    }
    input.id = id;
    input.name = key;
    if (required) input.required = true;
    wrap.append(input);
    this.problemSlot(wrap, key, found, input);
    if (autocomplete) this.bindAutocomplete(input, wrap);
    return wrap;
  }

  problemSlot(wrap, key, found, input) {
    const shown = this.shows(key) ? found[key] : '';
    const problem = el('span', { class: 'field-problem', text: shown || '', props: { id: `problem-${key}` } });
    problem.dataset.field = key;
    input.setAttribute('aria-describedby', problem.id);
    input.setAttribute('aria-invalid', String(Boolean(shown)));
    // Left with a problem: now it shows (a blank Add form opens without red, issue 18.9).
    input.addEventListener('blur', () => { if (!this.touched.has(key)) { this.touched.add(key); this.validate(); } });
    wrap.append(problem);
  }

  dateFields(found) {
    const label = el('span', { class: 'date-label', text: labelOf(schema, 'released'), props: { id: 'release-date-label' } });
    const row = el('div', { class: 'date-row', attrs: { role: 'group', 'aria-labelledby': label.id } });
    const part = (key, text, make) => {
      const l = el(this.editing ? 'label' : 'span', { class: 'field-label', text });
      const cell = el('div', { class: `field ${key}` }, [l]);
      if (!this.editing) {
        const shown = key === 'month' && this.draft.month ? MONTHS[+this.draft.month - 1] || this.draft.month : this.draft[key];
        // An empty field reads "—" in every view, as the other fields do.
        const v = el('span', { class: 'field-value', text: shown || EMPTY });
        v.classList.toggle('empty', !shown);
        cell.append(v);
      } else {
        const input = make();
        input.id = `field-${key}`;
        input.name = key;
        l.htmlFor = input.id;
        cell.append(input);
        this.problemSlot(cell, key, found, input);
      }
      row.append(cell);
    };
    const numeric = (key, max) => () => {
      const input = el('input', { props: { type: 'text', inputMode: 'numeric', pattern: '[0-9]*', maxLength: max, value: this.draft[key] } });
      input.addEventListener('input', () => {
        // Only the digits 0–9 are accepted (§2.2.2.3).
        const digits = input.value.replace(/\D/g, '');
        if (digits !== input.value) input.value = digits;
        this.draft[key] = digits;
        this.touched.add(key);
        this.validate();
      });
      return input;
    };
    part('year', 'Year', numeric('year', 4));
    part('month', 'Month', () => {
      const select = el('select', {}, [new Option('', ''), ...MONTHS.map((name, i) => new Option(name, String(i + 1)))]);
      select.value = this.draft.month;
      select.addEventListener('change', () => { this.draft.month = select.value; this.touched.add('month'); this.validate(); });
      return select;
    });
    part('day', 'Day', numeric('day', 2));
    return el('div', { class: 'field date' }, [label, row]);
  }

  /** Shows the problems now, and asks the server again once typing stops. */
  validate() {
    this.show();
    clearTimeout(this.checkTimer);
    this.checkTimer = setTimeout(() => this.check(), CHECK_MS);
  }

  /**
   * Asks the server what the library says of the form (POST /api/check); with `all`, shows
   * every field's problem, changed or not (a save the server refused). Without a connection
   * there is no word: the save waits in the outbox, and the server judges it when it is sent.
   */
  async check({ all = false } = {}) {
    clearTimeout(this.checkTimer);
    if (!this.editing || !schema) return;
    const asked = ++this.checks;
    const album = this.view.mode === 'edit' && this.view.album;
    let answer = null;
    try { answer = await api.checkAlbum(bodyOf(this.draft), album ? album.id : null); } catch { /* offline: no word */ }
    if (asked !== this.checks || !this.editing) return;
    this.checked = answer ? checkedProblems(answer.problems) : {};
    if (all) for (const key of Object.keys(this.checked)) this.touched.add(key);
    this.show();
  }

  /** Shows the problem of each field changed or left, and enables the confirm button only when there is none. */
  show() {
    const found = this.found();
    const element = this.view.element;
    for (const slot of element.querySelectorAll('.field-problem[data-field]')) {
      const key = slot.dataset.field;
      const shown = this.shows(key) ? found[key] || '' : '';
      slot.textContent = shown;
      const input = element.querySelector(`[name="${key}"]`);
      if (input) input.setAttribute('aria-invalid', String(Boolean(shown)));
    }
    const items = Object.keys(found).filter((key) => /^(tracks|tags)-/.test(key));
    this.itemProblems.textContent = items.map((key) => found[key]).join(' ');
    this.itemProblems.hidden = !items.length;
    this.view.updateConfirm();
  }

  // ---- Artist and sort-artist autocomplete (§3.9)

  bindAutocomplete(input, wrap) {
    input.setAttribute('role', 'combobox');
    input.setAttribute('aria-autocomplete', 'list');
    input.setAttribute('aria-expanded', 'false');
    input.addEventListener('keydown', (event) => {
      const list = wrap.querySelector('.autocomplete');
      if (!list) return;
      const items = [...list.children];
      let index = items.findIndex((li) => li.getAttribute('aria-selected') === 'true');
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        index = event.key === 'ArrowDown' ? Math.min(items.length - 1, index + 1) : Math.max(0, index - 1);
        items.forEach((li, i) => li.setAttribute('aria-selected', String(i === index)));
        if (items[index]) input.setAttribute('aria-activedescendant', items[index].id);
      } else if (event.key === 'Enter' || event.key === 'Escape') {
        event.preventDefault();
        if (event.key === 'Enter' && index >= 0) this.pick(input, wrap, items[index].textContent);
        else this.hideSuggestions(input, wrap);
      }
    });
    input.addEventListener('blur', () => setTimeout(() => this.hideSuggestions(input, wrap), 150));
  }

  async suggest(input, wrap) {
    if (this.suggestAbort) this.suggestAbort.abort();
    const prefix = input.value.trim();
    if (!prefix) { this.hideSuggestions(input, wrap); return; }
    const controller = new AbortController();
    this.suggestAbort = controller;
    let names;
    try { names = await api.artists(prefix, controller.signal); } catch { return; }
    if (controller.signal.aborted || document.activeElement !== input) return;
    names = (Array.isArray(names) ? names : []).filter((n) => n !== input.value).slice(0, 8);
    this.hideSuggestions(input, wrap);
    if (!names.length) return;
    const listId = `${input.id}-suggestions`;
    wrap.append(el('ul', { class: 'autocomplete', props: { id: listId }, attrs: { role: 'listbox' } }, names.map((name, i) => el('li', {
      text: name,
      props: { id: `${listId}-${i}` },
      attrs: { role: 'option', 'aria-selected': 'false' },
      // pointerdown, not click: the field's blur would hide the list first.
      on: { pointerdown: (event) => { event.preventDefault(); this.pick(input, wrap, name); } },
    }))));
    this.suggesting = true;
    input.setAttribute('aria-controls', listId);
    input.setAttribute('aria-expanded', 'true');
  }

  pick(input, wrap, name) {
    input.value = name;
    this.draft[input.name] = name;
    this.hideSuggestions(input, wrap);
    this.validate();
    autosize(input);
  }

  hideSuggestions(input, wrap) {
    const list = wrap.querySelector('.autocomplete');
    if (list) list.remove();
    this.suggesting = false;
    input.setAttribute('aria-expanded', 'false');
    input.removeAttribute('aria-activedescendant');
  }
}

function autosize(textarea) {
  if (textarea.tagName !== 'TEXTAREA') return;
  textarea.style.height = 'auto';
  textarea.style.height = `${textarea.scrollHeight + 2}px`;
}
