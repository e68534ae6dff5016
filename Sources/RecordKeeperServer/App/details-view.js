// The album details view (seed §2.2.2): header, image, fields, track listing, tags,
// in view, edit and add modes (§2.3). Tags are saved at once; every other change only
// with Add or Save (§3.9).
import * as api from './api.js';
import { askTag, confirmDelete, toast } from './dialogs.js';
import { problemText, unreadableProblem } from './problems.js';
import { dateProblem, labelOf, loadSchema, problemsOf, sentence, sideLetter, splitTrack } from './schema.js';
import { renderPlays } from './plays.js';

const $ = (id) => document.getElementById(id);
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August',
  'September', 'October', 'November', 'December'];

// The library's field catalogue (GET /api/schema), loaded before the view first draws, and
// the collector's fields (PRODUCT §1.1) it lists, the status first (owned or on the wantlist).
let schema = null;
let collectorFields = [];
const SEED_FIELDS = ['title', 'artist', 'released', 'sort_artist', 'wikipedia', 'tracks', 'tags'];

/** How every view shows a field with no value. */
export const EMPTY = '—';

function useSchema(loaded) {
  schema = loaded;
  collectorFields = loaded.fields.filter((f) => f.editable && !SEED_FIELDS.includes(f.name));
  collectorFields.sort((a, b) => (b.name === 'status') - (a.name === 'status'));
}

const capitalized = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** A choice field's options as [value, text]: absent first (shown as the default, if any). */
function optionsOf(field) {
  const text = (value) => (field.rule_kind === 'number' ? '★'.repeat(Number(value)) : capitalized(value));
  return [['', field.default ? capitalized(field.default) : ''],
    ...field.values.filter((v) => v !== field.default).map((v) => [v, text(v)])];
}

const pad = (n, width) => String(n).padStart(width, '0');

/** `released` as the form sends it (year zero-padded; a day only with a month), or null. */
function releasedOf(draft) {
  if (!draft.year) return null;
  let released = pad(+draft.year, 4);
  if (draft.month) released += '-' + pad(+draft.month, 2);
  if (draft.month && draft.day) released += '-' + pad(+draft.day, 2);
  return released;
}

/** The library's rules (from the catalogue) on the form, as {field: sentence}; the date's under year, month or day. */
export function problems(draft) {
  const found = {};
  if (!schema) return found;
  const first = (name, value) => {
    const [message] = problemsOf(schema, name, value);
    if (message) found[name] = sentence(labelOf(schema, name), message);
  };
  for (const name of ['title', 'artist', 'sort_artist', 'wikipedia']) first(name, draft[name].trim());
  const say = (message) => sentence(labelOf(schema, 'released'), message);
  if (!draft.year && (draft.month || draft.day)) found.year = say(schema.messages.date_year);
  else if (draft.day && !draft.month) found.day = say(schema.messages.date_day_without_month);
  else if (draft.year) {
    const problem = dateProblem(schema, releasedOf(draft));
    if (problem) found[problem.part] = say(problem.message);
  }
  for (const field of collectorFields) first(field.name, (draft[field.name] || '').trim());
  return found;
}

/** A length in seconds (the API's `duration`) as the file writes it: m:ss or h:mm:ss. */
export function lengthText(seconds) {
  const s = Math.floor(seconds % 60).toString().padStart(2, '0');
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}:${s}`;
  return `${Math.floor(minutes / 60)}:${(minutes % 60).toString().padStart(2, '0')}:${s}`;
}

/**
 * The tracks as they are edited: `sides` holds the `###` headings in order (side k is
 * `sides[k - 1]`); each track is its text (the name, with its length as the file writes it)
 * and its side, 0 for a track before any heading (PRODUCT §1.2).
 */
function trackDraft(album) {
  const sides = [];
  const list = album && Array.isArray(album.track_list) && album.track_list.length === (album.tracks || []).length
    ? album.track_list
    : (album ? album.tracks || [] : []).map((name) => ({ name, side: null, duration: null }));
  const tracks = list.map((t) => {
    if (t.side && sides[sides.length - 1] !== t.side) sides.push(t.side);
    const text = typeof t.duration === 'number' ? `${t.name} (${lengthText(t.duration)})` : t.name;
    return { text, side: t.side ? sides.length : 0 };
  });
  return { sides, tracks };
}

/** The heading of a new side: the letter after the last side's, `Side A` for the first. */
export function nextSideName(sides) {
  const last = sideLetter(sides[sides.length - 1]);
  if (last && /^[A-Ya-y]$/.test(last)) return `Side ${String.fromCharCode(last.toUpperCase().charCodeAt(0) + 1)}`;
  return `Side ${String.fromCharCode(65 + Math.min(sides.length, 25))}`;
}

/** Each track's position as rk shows it: numbers again from 1 under each heading, `A1` under `Side A`. */
function positions(draft) {
  const numbers = new Map();
  return draft.tracks.map((t) => {
    const n = (numbers.get(t.side) || 0) + 1;
    numbers.set(t.side, n);
    const letter = t.side ? sideLetter(draft.sides[t.side - 1]) : null;
    return letter ? `${letter}${n}` : String(n);
  });
}

function draftOf(album) {
  const [year = '', month = '', day = ''] = (album && album.released ? album.released : '').split('-');
  const draft = {
    title: album ? album.title || '' : '',
    artist: album ? album.artist || '' : '',
    sort_artist: album ? album.sort_artist || '' : '',
    wikipedia: album ? album.wikipedia || '' : '',
    year: year ? String(+year) : '',
    month: month ? String(+month) : '',
    day: day ? String(+day) : '',
    ...trackDraft(album),
    tags: album ? (album.tags || []).slice() : [],
  };
  for (const field of collectorFields) {
    const value = album ? album[field.name] : null;
    draft[field.name] = value == null ? '' : String(value);
  }
  return draft;
}

/** The body of POST and PUT /api/albums: the whole editable album. */
function bodyOf(draft) {
  const released = releasedOf(draft);
  const optional = (text) => (text.trim() ? text.trim() : null);
  const body = {
    title: draft.title.trim(),
    artist: draft.artist.trim(),
    sort_artist: optional(draft.sort_artist),
    released,
    wikipedia: optional(draft.wikipedia),
    // With its sides: the server finds each side by its heading, or adds it after the last.
    track_list: draft.tracks
      .map((t) => ({ name: t.text.trim(), side: t.side ? draft.sides[t.side - 1] : null }))
      .filter((t) => t.name),
    tags: draft.tags.slice(),
  };
  for (const field of collectorFields) {
    const value = optional(draft[field.name] || '');
    body[field.name] = field.kind === 'choice' && field.rule_kind === 'number' && value ? Number(value) : value;
  }
  return body;
}

/** Fills a "More by" link with the other album's title and year. */
function moreEntry(link, album) {
  link.classList.remove('pending');
  link.removeAttribute('aria-busy');
  const title = document.createElement('span');
  title.textContent = album.title;
  link.replaceChildren(title);
  if (album.released) {
    const year = document.createElement('span');
    year.className = 'more-year';
    year.textContent = String(album.released).slice(0, 4);
    link.append(year);
  }
}

export class DetailsView {
  constructor(router) {
    this.router = router;
    this.element = $('details-view');
    this.mode = 'view';
    this.album = null;
    this.draft = draftOf(null);
    this.opened = null; // the album as the form was opened, with its version
    this.editingTrack = -1;
    this.coverFile = null;
    this.coverPreview = null;
    this.busy = false;
    this.openings = 0;
    this.touched = new Set();
    $('cancelButton').addEventListener('click', () => this.cancel());
    $('confirmButton').addEventListener('click', () => this.confirm());
    $('photoButton').addEventListener('click', () => $('photo-input').click());
    $('photo-input').addEventListener('change', () => this.photoChosen());
    $('track-add-button').addEventListener('click', () => this.appendTrack());
    $('track-new').addEventListener('input', () => this.renderTrackAdd());
    $('side-add').addEventListener('click', () => this.addSide());
    $('track-new').addEventListener('keydown', (event) => { if (event.key === 'Enter') { event.preventDefault(); this.appendTrack(); } });
    // What is wrong with the typed track (a length that is not one, too long), under it.
    const trackProblem = document.createElement('span');
    trackProblem.id = 'track-new-problem';
    trackProblem.className = 'field-problem';
    trackProblem.setAttribute('aria-live', 'polite');
    $('track-add').after(trackProblem);
    $('track-new').setAttribute('aria-describedby', trackProblem.id);
    $('gallery-add').addEventListener('click', () => $('gallery-input').click());
    $('gallery-input').addEventListener('change', () => this.addPhoto());
    $('photo-dialog').addEventListener('click', () => $('photo-dialog').close());
    for (const form of ['details-form', 'collector-form']) $(form).addEventListener('submit', (event) => event.preventDefault());
  }

  /** Opens the view: `add` for a blank album, else the album `id` in view or edit mode. */
  async open({ mode, id, initial }) {
    const opening = ++this.openings;
    if (!schema) {
      try { useSchema(await loadSchema()); } catch { /* no catalogue (offline, never loaded): view only */ }
      if (opening !== this.openings) return;
    }
    this.mode = mode;
    this.touched = new Set(); // a field's problem shows once it was changed or left (issue 18.9)
    this.editingTrack = -1;
    this.clearCover();
    $('details-error').hidden = true;
    this.hideConflicts();
    if (mode === 'add') {
      this.album = null;
      this.draft = draftOf(null);
      this.render();
      return;
    }
    // Draw what is known at once (this view's own copy is the freshest), then the server's copy.
    const known = this.album && this.album.id === id ? this.album : initial && initial.id === id ? initial : null;
    this.album = known;
    this.draft = draftOf(known);
    this.opened = known;
    this.render();
    this.element.setAttribute('aria-busy', 'true'); // until the server's copy is in
    try {
      const album = await api.getAlbum(id);
      if (opening !== this.openings) return; // another album was opened meanwhile
      this.show(album);
    } catch (error) {
      if (opening === this.openings && !this.album) {
        this.showError(error.status === 404 ? 'This album is no longer in the collection.' : error.message);
      }
    } finally {
      if (opening === this.openings) this.element.setAttribute('aria-busy', 'false');
    }
  }

  /** Shows the server's copy of the album, redrawing only when it differs from what is shown. */
  show(album) {
    const same = this.album && sameAlbum(this.album, album);
    this.album = album;
    if (!same) { this.draft = draftOf(album); this.render(); }
    this.opened = album; // the version a Save merges from
  }

  /** An album changed on disk: show it again unless the collector is editing. */
  async changed(ids) {
    if (this.element.hidden || !this.album || this.mode !== 'view') return;
    if (ids && !ids.includes(this.album.id)) return;
    try {
      const album = await api.getAlbum(this.album.id);
      if (this.mode === 'view' && this.album && album.id === this.album.id) this.show(album);
    } catch (error) {
      if (error.status !== 404) return;
      const problem = await unreadableProblem(this.album.id);
      this.showError(problem ? `This album can't be read: ${problemText(problem)}` : 'This album was removed from the collection.');
    }
  }

  get editing() { return this.mode === 'add' || this.mode === 'edit'; }

  // ---- Header (§2.2.2.1) and transitions (§2.3)

  renderHeader() {
    const titles = { add: 'Add Album', view: 'Album Details', edit: 'Edit Album' };
    const confirms = { add: 'Add', view: 'Edit', edit: 'Save' };
    $('details-title').textContent = titles[this.mode];
    const cancel = $('cancelButton');
    if (this.mode === 'edit') {
      cancel.textContent = 'Cancel';
      cancel.setAttribute('aria-label', 'Cancel');
    } else {
      cancel.replaceChildren(svgIcon('i-back'));
      cancel.setAttribute('aria-label', 'Back');
    }
    const confirm = $('confirmButton');
    confirm.textContent = confirms[this.mode];
    this.updateConfirm();
  }

  updateConfirm() {
    const confirm = $('confirmButton');
    const invalid = this.editing && Object.keys(problems(this.draft)).length > 0;
    const offline = api.connection.offline;
    confirm.disabled = this.busy || invalid || !schema || this.editingTrack >= 0 || offline || (this.mode !== 'add' && !this.album);
  }

  cancel() {
    if (this.mode === 'edit') {
      // §3.9: Cancel forgets every change but the tags, which were saved already.
      this.router.go(this.router.albumHash(this.album.id, false), { replace: true });
    } else {
      this.router.back();
    }
  }

  async confirm() {
    if (this.mode === 'view') {
      this.router.go(this.router.albumHash(this.album.id, true), { replace: true });
      return;
    }
    if (Object.keys(problems(this.draft)).length || this.busy) return;
    this.busy = true;
    this.updateConfirm();
    $('details-error').hidden = true;
    this.hideConflicts();
    try {
      // The cover goes with the fields: one commit, and a refused cover writes nothing.
      const album = this.mode === 'add'
        ? await api.addAlbum(bodyOf(this.draft), this.coverFile)
        : await api.saveAlbum(this.album.id, bodyOf(this.draft), this.opened && this.opened.version, this.coverFile);
      this.album = album;
      this.clearCover();
      this.busy = false;
      this.router.albumChanged(album);
      if (this.mode === 'add') this.router.back({ changed: true });
      else this.router.go(this.router.albumHash(album.id, false), { replace: true });
    } catch (error) {
      this.busy = false;
      if (error.status === 409 && error.conflicts) this.showConflicts(error.conflicts);
      else this.showError(error.message, error.field);
      this.updateConfirm();
    }
  }

  // ---- A save that met changes made meanwhile (PRODUCT §5)

  /** Each field changed here and in the file since the form opened, side by side to choose. */
  showConflicts(conflicts) {
    let section = $('save-conflicts');
    if (!section) {
      section = document.createElement('section');
      section.id = 'save-conflicts';
      section.className = 'save-conflicts';
      section.setAttribute('role', 'alert');
      $('details-error').after(section);
    }
    const choices = new Map();
    const heading = document.createElement('p');
    heading.className = 'save-conflicts-intro';
    heading.textContent = conflicts.length === 1
      ? 'This field was also changed elsewhere since you opened the album. Choose which to keep:'
      : 'These fields were also changed elsewhere since you opened the album. Choose which to keep:';
    section.replaceChildren(heading);
    const mine = bodyOf(this.draft);
    for (const conflict of conflicts) {
      const key = bodyKey(conflict.field);
      const row = document.createElement('div');
      row.className = 'conflict-field';
      const title = document.createElement('h3');
      title.textContent = labelOf(schema, conflict.field);
      const sides = document.createElement('div');
      sides.className = 'conflict-sides';
      const side = (which, label, value, choosable) => {
        const box = document.createElement('div');
        box.className = `conflict-side conflict-${which}`;
        const caption = document.createElement('span');
        caption.className = 'conflict-label';
        caption.textContent = label;
        const text = document.createElement('p');
        text.className = 'conflict-value';
        text.textContent = value == null || value === '' ? EMPTY : value;
        box.append(caption, text);
        if (choosable) {
          const button = document.createElement('button');
          button.type = 'button';
          button.className = 'conflict-button';
          button.textContent = which === 'ours' ? 'Keep yours' : 'Keep this';
          button.setAttribute('aria-pressed', 'false');
          button.addEventListener('click', () => {
            choices.set(conflict.field, which);
            for (const other of sides.querySelectorAll('.conflict-button')) other.setAttribute('aria-pressed', String(other === button));
            if (choices.size === conflicts.length) this.saveChoices(conflicts, choices, mine);
          });
          box.append(button);
        }
        return box;
      };
      // A text both changed that is no field of the form (notes, comments) can only be kept as in the file.
      sides.append(side('ours', 'Yours', conflict.ours, key in mine), side('theirs', 'In the file now', conflict.theirs, true));
      row.append(title, sides);
      section.append(row);
    }
    section.hidden = false;
    section.scrollIntoView({ block: 'nearest' });
  }

  hideConflicts() {
    const section = $('save-conflicts');
    if (section) section.hidden = true;
  }

  /** Saves again on the file as it is now: the form's own changes, and for each conflict the side chosen. */
  async saveChoices(conflicts, choices, mine) {
    if (this.busy) return;
    this.busy = true;
    this.updateConfirm();
    try {
      const current = await api.getAlbum(this.album.id);
      const theirs = bodyOf(draftOf(current));
      const opened = bodyOf(draftOf(this.opened));
      const body = { ...theirs };
      const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
      for (const key of Object.keys(mine)) if (!same(mine[key], opened[key])) body[key] = mine[key];
      for (const conflict of conflicts) {
        const key = bodyKey(conflict.field);
        if (key in body) body[key] = choices.get(conflict.field) === 'ours' ? mine[key] : theirs[key];
      }
      const album = await api.saveAlbum(current.id, body, current.version, this.coverFile);
      this.clearCover();
      this.hideConflicts();
      this.album = album;
      this.opened = album;
      this.busy = false;
      this.router.albumChanged(album);
      this.router.go(this.router.albumHash(album.id, false), { replace: true });
    } catch (error) {
      this.busy = false;
      if (error.status === 409 && error.conflicts) this.showConflicts(error.conflicts);
      else { this.hideConflicts(); this.showError(error.message, error.field); }
      this.updateConfirm();
    }
  }

  showError(message, field) {
    const box = $('details-error');
    box.textContent = message;
    box.hidden = false;
    const name = field === 'released' ? 'year' : field; // the date is edited in three parts
    const input = name && this.element.querySelector(`[name="${CSS.escape(name)}"]`);
    const slot = name && this.element.querySelector(`.field-problem[data-field="${CSS.escape(name)}"]`);
    if (slot) slot.textContent = message; // the server's word on the field itself
    if (input) { input.setAttribute('aria-invalid', 'true'); input.focus(); }
    else box.scrollIntoView({ block: 'nearest' });
  }

  // ---- Image (§2.2.2.2, §3.8)

  photoChosen() {
    const file = $('photo-input').files[0];
    $('photo-input').value = '';
    if (!file) return; // the system dialog was cancelled: nothing changes
    if (file.type && !file.type.startsWith('image/')) { toast('Choose a photo (an image file).'); return; }
    this.clearCover();
    this.coverFile = file;
    this.coverPreview = URL.createObjectURL(file);
    this.renderImage();
  }

  clearCover() {
    if (this.coverPreview) URL.revokeObjectURL(this.coverPreview);
    this.coverFile = null;
    this.coverPreview = null;
  }

  renderImage() {
    const img = $('album-image-img');
    const url = this.coverPreview || (this.album ? api.coverURL(this.album) : null);
    if (url) {
      img.onerror = () => { img.hidden = true; };
      img.onload = () => { img.hidden = false; };
      if (img.getAttribute('src') !== url) { img.hidden = true; img.src = url; } else img.hidden = false;
      img.alt = this.album ? `Cover of ${this.album.title}` : 'The new cover';
    } else {
      img.hidden = true;
      img.removeAttribute('src');
    }
    $('photoButton').hidden = !this.editing;
  }

  // ---- Fields (§2.2.2.3)

  render() {
    this.element.classList.toggle('editing', this.editing);
    this.element.classList.toggle('adding', this.mode === 'add'); // shows the look-ups (scan.js)
    this.renderHeader();
    this.renderImage();
    this.renderFields();
    this.renderTracks();
    this.renderTags();
    this.renderMore();
    this.renderGallery();
    renderPlays(this);
  }

  /** The artist's other albums in the collection, one tap away (seed 003's linked navigation). */
  renderMore() {
    const others = !this.editing && this.album && Array.isArray(this.album.other_albums) ? this.album.other_albums : [];
    $('more-section').hidden = others.length === 0;
    const list = $('more-list');
    list.replaceChildren();
    if (!others.length) return;
    $('more-title').textContent = `More by ${this.album.artist}`;
    const album = this.album;
    for (const id of others) {
      const li = document.createElement('li');
      const a = document.createElement('a');
      a.href = this.router.albumHash(id, false);
      li.append(a);
      list.append(li);
      const known = this.router.main.albumById(id);
      if (known) { moreEntry(a, known); continue; }
      // Not among the rows loaded (a filtered list, a page not yet fetched): asked for, never named by its folder.
      a.classList.add('pending');
      a.setAttribute('aria-busy', 'true');
      api.getAlbum(id).then((other) => {
        if (this.album === album) moreEntry(a, other);
      }).catch(() => {
        if (this.album === album) li.remove();
      });
    }
  }

  renderFields() {
    const form = $('details-form');
    form.replaceChildren();
    const found = this.editing ? problems(this.draft) : {};
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
      const title = document.createElement('h2');
      title.className = 'field-group-title';
      title.textContent = "Collector's details";
      const pair = document.createElement('div');
      pair.className = 'pair';
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
      more.append(title, pair);
    }
    // The free text of album.md (edited in the file itself), without its own "## Notes" heading.
    const notes = this.album && typeof this.album.notes === 'string'
      ? this.album.notes.replace(/^#{1,6}[ \t]+notes[ \t]*#*[ \t]*(\r?\n)+/i, '').trim() : '';
    if (!this.editing && notes) {
      const field = this.readOnly('Notes', notes);
      field.classList.add('notes');
      more.append(field);
    }
  }

  readOnly(label, text) {
    const wrap = document.createElement('div');
    wrap.className = 'field';
    const l = document.createElement('span');
    l.className = 'field-label';
    l.textContent = label;
    const v = document.createElement('span');
    v.className = 'field-value';
    v.textContent = text;
    wrap.append(l, v);
    return wrap;
  }

  field(key, label, { required = false, found = {}, autocomplete = false, link = false, type = 'text', options, numeric, placeholder } = {}) {
    const wrap = document.createElement('div');
    wrap.className = 'field';
    const id = `field-${key}`;
    const labelElement = document.createElement(this.editing ? 'label' : 'span');
    labelElement.className = 'field-label';
    labelElement.textContent = this.editing && required ? `${label} *` : label;
    wrap.append(labelElement);
    const value = this.draft[key] || '';
    if (!this.editing) {
      const shown = document.createElement('span');
      shown.className = 'field-value';
      let text = value;
      if (options) text = (options.find(([v]) => v === value) || [value, value])[1];
      if (link && /^https?:\/\//i.test(value)) {
        const a = document.createElement('a');
        a.href = value; // only http(s) addresses become links
        a.target = '_blank';
        a.rel = 'noopener noreferrer';
        a.textContent = value;
        shown.append(a);
      } else {
        shown.textContent = text || EMPTY;
        shown.classList.toggle('empty', !text); // a line for every field, as the seed's view mode has
      }
      labelElement.id = id + '-label';
      shown.setAttribute('aria-labelledby', labelElement.id);
      wrap.append(shown);
      return wrap;
    }
    labelElement.htmlFor = id;
    let input;
    if (options) {
      input = document.createElement('select');
      for (const [v, text] of options) input.append(new Option(text || '—', v));
      input.value = value;
      input.addEventListener('change', () => { this.draft[key] = input.value; this.touched.add(key); this.validate(); });
    } else {
      input = document.createElement(key === 'title' || key === 'artist' || key === 'wikipedia' || key === 'sort_artist' ? 'textarea' : 'input');
      if (input.tagName === 'TEXTAREA') {
        input.rows = 1;
        // Long names wrap (§2.2.2.3); Return does not add a line.
        input.addEventListener('keydown', (event) => { if (event.key === 'Enter' && !this.suggesting) event.preventDefault(); });
      } else {
        input.type = type;
      }
      if (numeric) input.inputMode = 'numeric';
      if (placeholder) input.placeholder = placeholder;
      // No maxLength: it counts UTF-16 units, the library counts characters (an emoji family is one).
      input.value = value;
      input.addEventListener('input', () => {
        if (input.value.includes('\n')) input.value = input.value.replace(/\n/g, ' ');
        this.draft[key] = input.value;
        this.touched.add(key);
        this.validate();
        if (autocomplete) this.suggest(input, wrap, key);
        autosize(input);
      });
      requestAnimationFrame(() => autosize(input));
    }
    input.id = id;
    input.name = key;
    if (required) input.required = true;
    wrap.append(input);
    this.problemSlot(wrap, key, found, input);
    if (autocomplete) this.bindAutocomplete(input, wrap, key);
    return wrap;
  }

  problemSlot(wrap, key, found, input) {
    const problem = document.createElement('span');
    problem.className = 'field-problem';
    problem.id = `problem-${key}`;
    problem.dataset.field = key;
    const shown = this.touched.has(key) ? found[key] : '';
    problem.textContent = shown || '';
    input.setAttribute('aria-describedby', problem.id);
    input.setAttribute('aria-invalid', String(Boolean(shown)));
    // Left with a problem: now it shows (a blank Add form opens without red, issue 18.9).
    input.addEventListener('blur', () => { if (!this.touched.has(key)) { this.touched.add(key); this.validate(); } });
    wrap.append(problem);
  }

  dateFields(found) {
    const wrap = document.createElement('div');
    wrap.className = 'field date';
    const label = document.createElement('span');
    label.className = 'date-label';
    label.id = 'release-date-label';
    label.textContent = 'Release Date';
    const row = document.createElement('div');
    row.className = 'date-row';
    row.setAttribute('role', 'group');
    row.setAttribute('aria-labelledby', label.id);
    wrap.append(label, row);
    const part = (key, text, make) => {
      const cell = document.createElement('div');
      cell.className = `field ${key}`;
      const l = document.createElement(this.editing ? 'label' : 'span');
      l.className = 'field-label';
      l.textContent = text;
      cell.append(l);
      if (!this.editing) {
        const v = document.createElement('span');
        v.className = 'field-value';
        const text = key === 'month' && this.draft.month ? MONTHS[+this.draft.month - 1] || this.draft.month : this.draft[key];
        // An empty field reads "—" in every view, as the other fields do.
        v.textContent = text || EMPTY;
        v.classList.toggle('empty', !text);
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
      const input = document.createElement('input');
      input.type = 'text';
      input.inputMode = 'numeric';
      input.pattern = '[0-9]*';
      input.maxLength = max;
      input.value = this.draft[key];
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
      const select = document.createElement('select');
      select.append(new Option('', ''));
      MONTHS.forEach((name, i) => select.append(new Option(name, String(i + 1))));
      select.value = this.draft.month;
      select.addEventListener('change', () => { this.draft.month = select.value; this.touched.add('month'); this.validate(); });
      return select;
    });
    part('day', 'Day', numeric('day', 2));
    return wrap;
  }

  /** Shows the problem of each field changed or left, and enables the confirm button only when there is none. */
  validate() {
    const found = problems(this.draft);
    for (const slot of this.element.querySelectorAll('.field-problem[data-field]')) {
      const key = slot.dataset.field;
      const shown = this.touched.has(key) ? found[key] || '' : '';
      slot.textContent = shown;
      const input = this.element.querySelector(`[name="${key}"]`);
      if (input) input.setAttribute('aria-invalid', String(Boolean(shown)));
    }
    this.updateConfirm();
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
    const list = document.createElement('ul');
    list.className = 'autocomplete';
    list.id = `${input.id}-suggestions`;
    list.setAttribute('role', 'listbox');
    names.forEach((name, i) => {
      const li = document.createElement('li');
      li.id = `${list.id}-${i}`;
      li.setAttribute('role', 'option');
      li.setAttribute('aria-selected', 'false');
      li.textContent = name;
      // pointerdown, not click: the field's blur would hide the list first.
      li.addEventListener('pointerdown', (event) => { event.preventDefault(); this.pick(input, wrap, name); });
      list.append(li);
    });
    wrap.append(list);
    this.suggesting = true;
    input.setAttribute('aria-controls', list.id);
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

  // ---- Track listing (§2.2.2.4, §3.9), by side as `rk show` lists it (PRODUCT §1.2)

  renderTracks() {
    const list = $('track-list');
    list.replaceChildren();
    const draft = this.draft;
    const numbers = positions(draft);
    const last = draft.sides.length;
    // View mode shows the album's sides; edit mode also an added side that has no track yet.
    for (let side = 0; side <= last; side += 1) {
      const indexes = [];
      draft.tracks.forEach((t, i) => { if (t.side === side) indexes.push(i); });
      if (side > 0 && (indexes.length || this.editing)) list.append(this.sideHeading(side, indexes.length === 0));
      for (const index of indexes) list.append(this.trackItem(draft.tracks[index], index, numbers[index]));
    }
    const adding = this.editing && this.editingTrack < 0;
    $('track-add').hidden = !adding;
    $('side-add').hidden = !adding;
    $('track-new-problem').hidden = !adding;
    $('side-add').textContent = draft.sides.length ? `Add ${nextSideName(draft.sides)}` : 'Add Sides';
    this.renderTrackAdd();
  }

  sideHeading(side, empty) {
    const li = document.createElement('li');
    li.className = 'side';
    li.setAttribute('role', 'presentation');
    const name = document.createElement('span');
    name.className = 'side-name';
    name.textContent = this.draft.sides[side - 1];
    li.append(name);
    if (empty && this.editing) {
      const hint = document.createElement('span');
      hint.className = 'side-hint';
      hint.textContent = 'No tracks yet: move one here with the arrows, or add one below.';
      li.append(hint);
      if (this.editingTrack < 0) {
        const remove = iconButton('i-trash', `Remove ${this.draft.sides[side - 1]}`, () => this.removeSide(side));
        remove.classList.add('side-remove');
        li.append(remove);
      }
    }
    return li;
  }

  trackItem(track, index, number) {
    const li = document.createElement('li');
    li.className = 'track';
    const label = document.createElement('span');
    label.className = 'track-number';
    label.textContent = `${number}.`;
    li.append(label);
    if (this.editing && this.editingTrack === index) {
      const input = document.createElement('input');
      input.type = 'text';
      input.value = track.text;
      input.setAttribute('aria-label', `Track ${index + 1} name`);
      const problem = document.createElement('span');
      problem.className = 'field-problem';
      problem.id = `track-problem-${index}`;
      input.setAttribute('aria-describedby', problem.id);
      const done = () => {
        const name = input.value.trim();
        const found = name ? this.trackProblem(name, index) : '';
        if (found) { problem.textContent = found; input.setAttribute('aria-invalid', 'true'); input.focus(); return; }
        if (name) this.draft.tracks[index].text = name;
        this.editingTrack = -1;
        this.renderTracks();
        this.updateConfirm();
      };
      input.addEventListener('keydown', (event) => { if (event.key === 'Enter') { event.preventDefault(); done(); } });
      const icons = document.createElement('span');
      icons.className = 'track-icons';
      icons.append(iconButton('i-check', `Done editing track ${index + 1}`, done));
      li.append(input, icons, problem);
      requestAnimationFrame(() => input.focus());
      return li;
    }
    const name = document.createElement('span');
    name.className = 'track-name';
    // Name and length as the library splits them: `(4:75)` stays part of the name.
    const split = splitTrack(track.text);
    name.textContent = split.name;
    if (split.seconds !== null) {
      const d = document.createElement('span');
      d.className = 'track-duration';
      d.textContent = lengthText(split.seconds);
      name.append(d);
    }
    li.append(name);
    if (this.editing && this.editingTrack < 0) {
      const icons = document.createElement('span');
      icons.className = 'track-icons';
      const n = index + 1;
      icons.append(
        iconButton('i-up', `Move track ${n} up`, () => this.moveTrack(index, -1)),
        iconButton('i-down', `Move track ${n} down`, () => this.moveTrack(index, 1)),
        iconButton('i-edit', `Edit track ${n}`, () => { this.editingTrack = index; this.renderTracks(); this.updateConfirm(); }),
        iconButton('i-trash', `Delete track ${n}`, () => { this.draft.tracks.splice(index, 1); this.renderTracks(); }),
      );
      if (this.moveTarget(index, -1) === null) icons.children[0].setAttribute('aria-disabled', 'true');
      if (this.moveTarget(index, 1) === null) icons.children[1].setAttribute('aria-disabled', 'true');
      li.append(icons);
    }
    return li;
  }

  /**
   * Where a move takes track `index`, as `rk track up/down` moves it: a swap with its
   * neighbour on the same side; at a side's edge, onto the side before (as its last track)
   * or after (as its first); null at the very top or bottom (no effect, §3.9).
   */
  moveTarget(index, by) {
    const tracks = this.draft.tracks;
    const track = tracks[index];
    const other = tracks[index + by];
    if (other && other.side === track.side) return { swap: index + by };
    const side = track.side + by;
    if (by > 0 && side > this.draft.sides.length) return null;
    // Before the first heading only where tracks already are.
    if (by < 0 && (side < 0 || (side === 0 && !tracks.some((t) => t.side === 0)))) return null;
    return { side };
  }

  moveTrack(index, by) {
    const target = this.moveTarget(index, by);
    if (!target) return;
    const tracks = this.draft.tracks;
    let now = index;
    if (target.swap !== undefined) {
      [tracks[index], tracks[target.swap]] = [tracks[target.swap], tracks[index]];
      now = target.swap;
    } else {
      tracks[index].side = target.side; // same place in the list, under the next heading
    }
    this.renderTracks();
    const label = by < 0 ? `Move track ${now + 1} up` : `Move track ${now + 1} down`;
    const button = $('track-list').querySelector(`[aria-label="${label}"]`);
    if (button) button.focus();
  }

  /** A new side at the end; the first turns the tracks so far into Side A. */
  addSide() {
    const draft = this.draft;
    if (!draft.sides.length && draft.tracks.length) {
      draft.sides.push('Side A');
      for (const t of draft.tracks) t.side = 1;
    }
    draft.sides.push(nextSideName(draft.sides));
    this.renderTracks();
  }

  /** Removes a side that has no track; the sides after it move up. */
  removeSide(side) {
    const draft = this.draft;
    if (draft.tracks.some((t) => t.side === side)) return;
    draft.sides.splice(side - 1, 1);
    for (const t of draft.tracks) if (t.side > side) t.side -= 1;
    this.renderTracks();
  }

  /** What the library would say of track `index` named `text`, as a sentence; '' when nothing. */
  trackProblem(text, index) {
    if (!schema) return '';
    const [message] = problemsOf(schema, 'tracks', [text]);
    return message ? sentence('', message.replace(/^track 1 /, `track ${index + 1} `)) : '';
  }

  renderTrackAdd() {
    const text = $('track-new').value.trim();
    const found = text ? this.trackProblem(text, this.draft.tracks.length) : '';
    $('track-add-button').disabled = !text || Boolean(found);
    $('track-new').setAttribute('aria-label', `Track ${this.draft.tracks.length + 1} name`);
    $('track-new').setAttribute('aria-invalid', String(Boolean(found)));
    $('track-new-problem').textContent = found;
  }

  /** Appends the typed track to the last side (§3.9: only a valid name). */
  appendTrack() {
    const input = $('track-new');
    const text = input.value.trim();
    if (!text || this.trackProblem(text, this.draft.tracks.length)) return;
    this.draft.tracks.push({ text, side: this.draft.sides.length });
    input.value = '';
    this.renderTracks();
    input.focus();
  }

  // ---- Tags (§2.2.2.5, §2.2.2.6): saved at once, in every mode

  renderTags() {
    const list = $('tag-list');
    list.replaceChildren();
    for (const tag of this.draft.tags) {
      const chip = document.createElement('span');
      chip.className = 'chip';
      chip.setAttribute('role', 'listitem');
      const close = iconButton('i-close', `Remove tag ${tag}`, () => this.removeTag(tag));
      close.className = 'chip-close';
      const text = document.createElement('span');
      text.textContent = tag;
      chip.append(close, text);
      list.append(chip);
    }
    const add = document.createElement('button');
    add.type = 'button';
    add.className = 'chip add-tag';
    add.id = 'add-tag-chip';
    const text = document.createElement('span');
    text.textContent = 'Add Tag';
    add.append(text, svgIcon('i-plus'));
    add.addEventListener('click', () => this.addTag());
    list.append(add);
  }

  async addTag() {
    const tag = await askTag();
    if (!tag || this.draft.tags.includes(tag)) return; // empty or already there: no effect (§3.7)
    const [problem] = schema ? problemsOf(schema, 'tags', [tag]) : [];
    if (problem) { toast(sentence('', problem)); return; }
    if (this.mode === 'add') { this.draft.tags.push(tag); this.renderTags(); return; }
    try {
      const album = await api.addTag(this.album.id, tag);
      this.tagsSaved(album);
    } catch (error) { toast(error.message); }
  }

  async removeTag(tag) {
    if (this.mode === 'add') { this.draft.tags = this.draft.tags.filter((t) => t !== tag); this.renderTags(); return; }
    try {
      const album = await api.removeTag(this.album.id, tag);
      this.tagsSaved(album);
    } catch (error) { toast(error.message); }
  }

  tagsSaved(album) {
    this.album = album;
    this.draft.tags = (album.tags || []).slice(); // the other fields keep their unsaved edits
    this.renderTags();
    this.router.albumChanged(album);
  }

  // ---- Photo gallery (beyond the seed): back sleeve, labels, inserts; gray placeholders until each loads

  async renderGallery() {
    const section = $('gallery-section');
    const gallery = $('gallery');
    if (this.mode === 'add' || !this.album) { section.hidden = true; return; }
    const id = this.album.id;
    let photos;
    try { photos = await api.listPhotos(id); } catch { section.hidden = true; return; }
    if (!this.album || this.album.id !== id || !Array.isArray(photos)) return;
    section.hidden = false;
    gallery.replaceChildren();
    for (const photo of photos) {
      const frame = document.createElement('div');
      frame.className = 'photo';
      const img = document.createElement('img');
      img.alt = `Photo ${photo.name}`;
      img.loading = 'lazy';
      img.addEventListener('load', () => img.classList.add('loaded'));
      if (typeof photo.url === 'string' && photo.url.startsWith('/')) img.src = photo.url;
      // A tap shows the photo as large as the screen allows (a label's small print, a matrix number).
      const open = document.createElement('button');
      open.type = 'button';
      open.className = 'photo-open';
      open.setAttribute('aria-label', `Show photo ${photo.name}`);
      open.append(img);
      open.addEventListener('click', () => showPhoto(img.src, img.alt));
      frame.append(open);
      // Photos, like tags, are saved at once, in view and edit mode alike.
      if (!api.connection.offline) {
        frame.append(iconButton('i-close', `Remove photo ${photo.name}`, async () => {
          if (!(await confirmDelete())) return;
          try { await api.removePhoto(id, photo.name); this.renderGallery(); } catch (error) { toast(error.message); }
        }));
      }
      gallery.append(frame);
    }
    $('gallery-add').hidden = api.connection.offline;
  }

  async addPhoto() {
    const file = $('gallery-input').files[0];
    $('gallery-input').value = '';
    if (!file || !this.album) return;
    try { await api.addPhoto(this.album.id, file); this.renderGallery(); } catch (error) { toast(error.message); }
  }
}

/** The photo viewer: the picture over the page; a tap anywhere, Escape or Close ends it. */
function showPhoto(src, alt) {
  const dialog = $('photo-dialog');
  const img = $('photo-dialog-img');
  img.src = src;
  img.alt = alt;
  dialog.showModal();
}

/** Whether two copies of an album show the same (the list's copy also has its group). */
/** The key of the save body that holds a field the server names in a conflict. */
function bodyKey(field) {
  return field === 'tracks' ? 'track_list' : field;
}

function sameAlbum(a, b) {
  const strip = ({ group, ...rest }) => rest;
  return JSON.stringify(strip(a)) === JSON.stringify(strip(b));
}

function svgIcon(name) {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('aria-hidden', 'true');
  const use = document.createElementNS('http://www.w3.org/2000/svg', 'use');
  use.setAttribute('href', '#' + name);
  svg.append(use);
  return svg;
}

function iconButton(icon, label, action) {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'icon-button';
  button.setAttribute('aria-label', label);
  button.append(svgIcon(icon));
  button.addEventListener('click', action);
  return button;
}

function autosize(textarea) {
  if (textarea.tagName !== 'TEXTAREA') return;
  textarea.style.height = 'auto';
  textarea.style.height = `${textarea.scrollHeight + 2}px`;
}
