// Ordered lists in the app (issue 32, seed 003's "traditional, ordered" lists): the screen of
// every ordered list (the Lists menu's Ordered Lists…), a screen per list with its entries in
// order — drag a row's handle to move it, swipe it left to remove it (seed §3.7's swipe and
// confirmation) — and "Add to List" on the album's details. Every change is the server's (the
// library's `rk lists add|move|drop`), one commit. A move or a removal names the version of the
// list whose places it showed: one made on a list changed meanwhile is refused, and the list is
// shown again as it is. Offline, an addition waits in the outbox (outbox.js) like a tag; moving
// and removing need the connection and say so.
import * as api from './api.js';
import { ask, confirmDelete, dialogNamed, toast } from './dialogs.js';
import { $, el, svgIcon } from './dom.js';
import { bindDragReorder } from './drag-reorder.js';
import { closed, hideOverlay, showOverlay } from './overlay.js';
import { screenFrame } from './screen.js';
import { bindSwipe } from './swipe.js';

const BASE = '/api/ordered-lists';
const listPath = (name) => `${BASE}/${encodeURIComponent(name)}`;
const getLists = () => api.request('GET', BASE);
const getList = (name) => api.request('GET', listPath(name));
const makeList = (name) => api.request('POST', BASE, { json: { name } });
const addEntry = (name, entry) => api.request('POST', listPath(name) + '/entries', { json: entry });
const moveEntry = (name, from, to, version) => api.request('POST', listPath(name) + '/move', { json: { from, to }, ifMatch: version });
const dropEntry = (name, place, version) => api.request('DELETE', `${listPath(name)}/entries/${place}`, { ifMatch: version });

/** How far a row slides to show its Remove button (px). */
const REMOVE_WIDTH = 88;
const NEEDS_SERVER = 'Moving and removing entries needs the connection to Record Keeper.';

/** Sends an addition kept in the outbox while offline (`kind: 'list-add'`). */
export function sendListChange(change) {
  return addEntry(change.list, change.entry);
}

/** The track an entry of `album`'s track list is named by in a list: its side position (A2), else its number across all sides. */
export function trackReference(track, index) {
  return track && track.position && !/^\d+$/.test(track.position) ? track.position : String(index + 1);
}

/** `entries` with the one at `from` put at `to` (0-based). */
export function moved(entries, from, to) {
  const list = entries.slice();
  const [entry] = list.splice(from, 1);
  list.splice(to, 0, entry);
  return list;
}

const entriesText = (count) => (count === 1 ? '1 entry' : `${count} entries`);

class OrderedListsScreen {
  constructor(router) {
    this.router = router;
    this.lists = [];
    this.list = null; // the list open: {name, version, entries}
    this.openRow = null;
    this.drag = false; // a row is being dragged
    this.listsBox = el('ul', { class: 'smart-lists', props: { id: 'ordered-lists' }, attrs: { 'aria-label': 'Ordered lists' } });
    this.nameInput = el('input', {
      class: 'rule-input', props: { id: 'ordered-list-name', type: 'text', placeholder: 'weekend-queue', autocapitalize: 'off', spellcheck: false },
      attrs: { 'aria-label': 'New list name', autocomplete: 'off', enterkeyhint: 'done' },
    });
    const form = el('form', { class: 'ordered-new', on: { submit: (event) => { event.preventDefault(); this.make(); } } }, [
      this.nameInput, el('button', { class: 'text-button', text: 'New List', props: { id: 'ordered-list-make', type: 'submit' } }),
    ]);
    this.index = screenFrame({
      id: 'ordered-lists-view', name: 'ordered-lists', title: 'Ordered Lists', className: 'lists-view',
      onBack: () => this.close(),
      content: [form, this.listsBox, el('p', {
        class: 'lists-empty', props: { id: 'ordered-lists-empty', hidden: true },
        text: 'No ordered lists yet: name one above, or add an album to one from its page.',
      })],
    });
    this.entriesBox = el('ol', { class: 'smart-lists ordered-entries', props: { id: 'ordered-entries' }, attrs: { 'aria-labelledby': 'ordered-list-title' } });
    this.note = el('p', { class: 'ordered-note', props: { id: 'ordered-list-note' } });
    this.screen = screenFrame({
      id: 'ordered-list-view', name: 'ordered-list', title: '', className: 'lists-view ordered-list-view',
      onBack: () => this.closeList(),
      content: [this.note, this.entriesBox, el('p', {
        class: 'lists-empty', props: { id: 'ordered-list-empty', hidden: true },
        text: 'This list is empty: open an album and choose Add to List.',
      })],
    });
    api.connection.listeners.add(() => { if (this.list && !this.screen.view.hidden) this.render(); });
  }

  // ---- The screen of lists

  async open() {
    showOverlay(this.index.view, 'ordered-lists', () => this.hide());
    this.index.back.focus();
    await this.load();
  }

  close() { this.hide(); closed(); }

  hide() {
    this.screen.view.hidden = true;
    this.index.view.inert = false;
    hideOverlay(this.index.view, $('menu-button'));
  }

  async load() {
    this.index.error.hidden = true;
    const shown = JSON.stringify(this.lists);
    try {
      const lists = await getLists();
      this.lists = Array.isArray(lists) ? lists : [];
    } catch (error) {
      this.lists = [];
      this.showError(this.index, error.message);
    }
    $('ordered-lists-empty').hidden = this.lists.length > 0;
    // The same lists again (a commit elsewhere): the rows, and the focus on one, stay.
    if (JSON.stringify(this.lists) === shown && this.listsBox.childElementCount === this.lists.length) return;
    this.listsBox.replaceChildren(...this.lists.map((list) => {
      const button = el('button', { class: 'smart-list', props: { type: 'button' }, on: { click: () => this.openList(list.name) } }, [
        el('span', { class: 'smart-list-top' }, [
          el('span', { class: 'smart-list-name', text: list.name }),
          el('span', { class: 'smart-list-count', text: entriesText(list.count) }),
        ]),
      ]);
      button.dataset.name = list.name;
      return el('li', {}, [button]);
    }));
  }

  async make() {
    const name = this.nameInput.value.trim();
    if (!name) { this.nameInput.focus(); return; }
    this.index.error.hidden = true;
    try {
      await makeList(name);
    } catch (error) {
      this.showError(this.index, error.offline ? 'Making a list needs the connection to Record Keeper.' : error.message);
      this.nameInput.focus();
      return;
    }
    this.nameInput.value = '';
    await this.load();
    this.openList(name);
  }

  showError(frame, message) {
    frame.error.textContent = message;
    frame.error.hidden = false;
  }

  // ---- One list

  async openList(name) {
    this.list = { name, version: null, entries: [] };
    this.screen.title.textContent = name;
    this.screen.error.hidden = true;
    this.entriesBox.replaceChildren();
    this.index.view.inert = true;
    this.screen.view.hidden = false;
    this.screen.back.focus();
    await this.reload();
  }

  closeList() {
    this.closeOpenRow();
    this.screen.view.hidden = true;
    this.index.view.inert = false;
    const name = this.list && this.list.name;
    this.list = null;
    this.load().then(() => {
      const row = [...this.listsBox.querySelectorAll('.smart-list')].find((b) => b.dataset.name === name);
      (row || this.index.back).focus();
    });
  }

  /** The list as the server has it now; `message` says why it is shown again. */
  async reload(message = null) {
    const name = this.list.name;
    try {
      const list = await getList(name);
      if (!this.list || this.list.name !== name) return;
      this.show(list);
      if (message) this.showError(this.screen, message);
    } catch (error) {
      if (this.list && this.list.name === name) this.showError(this.screen, error.message);
    }
  }

  /** A commit was made somewhere (rk in a terminal, another device): the list or lists shown are asked for again. */
  async refresh() {
    if (!this.screen.view.hidden && this.list) {
      const name = this.list.name;
      let list;
      try { list = await getList(name); } catch { return; }
      // Never under a finger, nor over a change of this screen's own on its way.
      if (!this.list || this.list.name !== name || list.version === this.list.version || this.busy || this.drag || this.openRow) return;
      this.show(list);
    } else if (!this.index.view.hidden) {
      await this.load();
    }
  }

  /** Draws `list`, the server's answer. */
  show(list) {
    this.list = {
      name: list.name, version: list.version, entries: Array.isArray(list.entries) ? list.entries : [],
      problems: Array.isArray(list.problems) ? list.problems : [],
    };
    this.render();
  }

  /** Whether moves and removals can be sent now: online, with the version of what is shown. */
  canChange() {
    return !api.connection.offline && Boolean(this.list && this.list.version) && !this.busy;
  }

  render() {
    this.openRow = null;
    const { entries, problems = [] } = this.list;
    // A line of the file rk cannot read as an entry is named, as rk check names it.
    const unread = problems.map((p) => `Line ${p.line} of .recordkeeper/lists/${this.list.name}.md is not an entry: ${p.message}.`).join(' ');
    this.note.textContent = api.connection.offline && entries.length ? `No connection: ${NEEDS_SERVER}`
      : [entries.length ? 'Drag ≡ to change the order; swipe an entry left to remove it.' : '', unread].filter(Boolean).join(' ');
    this.note.classList.toggle('attention', api.connection.offline || problems.length > 0);
    $('ordered-list-empty').hidden = entries.length > 0;
    this.entriesBox.replaceChildren(...entries.map((entry, index) => this.row(entry, index)));
  }

  row(entry, index) {
    const title = entry.missing ? entry.album : entry.title;
    const track = entry.track ? `Track ${entry.track}${entry.track_name ? ` · ${entry.track_name}` : ''}` : '';
    const second = entry.missing ? 'Not in the collection (moved or removed?)' : [entry.artist, track].filter(Boolean).join(' · ');
    const img = el('img', { props: { alt: '', hidden: true } });
    if (entry.thumbnail_url) {
      img.addEventListener('load', () => { img.hidden = false; }, { once: true });
      img.src = entry.thumbnail_url;
    }
    const label = `${index + 1}. ${title}`;
    const handle = el('button', {
      class: 'icon-button ordered-handle', props: { type: 'button', disabled: !this.canChange() },
      attrs: { 'aria-label': `Move ${label} (arrow keys move it up or down)` },
    }, [svgIcon('i-menu')]);
    const open = el('button', {
      class: 'ordered-open', props: { type: 'button' }, attrs: { 'aria-label': entry.missing ? title : `Open ${title}` },
    }, [
      el('span', { class: 'ordered-place', text: String(index + 1) }),
      el('span', { class: 'thumb' }, [img]),
      el('span', { class: 'row-text' }, [
        el('span', { class: 'row-title', text: title }),
        el('span', { class: 'row-subtitle', text: second }),
        entry.note && el('span', { class: 'row-subtitle ordered-entry-note', text: entry.note }),
      ]),
    ]);
    const content = el('div', { class: 'ordered-entry-content' }, [open, handle]);
    const remove = el('button', {
      class: 'scan-delete ordered-remove', text: 'Remove', props: { type: 'button', tabIndex: -1 },
      attrs: { 'aria-label': `Remove ${label} from the list` },
    });
    const li = el('li', { class: 'ordered-entry' }, [remove, content]);
    li.dataset.place = String(index + 1);
    li.dataset.album = entry.album;
    bindSwipe(content, {
      base: () => (li === this.openRow ? -REMOVE_WIDTH : 0),
      begin: () => { if (this.openRow && this.openRow !== li) this.closeRow(this.openRow); },
      move: (dx) => { content.style.transform = `translateX(${dx}px)`; },
      end: (dx) => { if (-dx > REMOVE_WIDTH / 2) this.openActions(li); else this.closeRow(li); },
    });
    open.addEventListener('click', () => {
      if (li === this.openRow) { this.closeRow(li); return; }
      if (!entry.missing) this.openAlbum(entry.album);
    });
    content.addEventListener('contextmenu', (event) => { event.preventDefault(); this.openActions(li); remove.focus(); });
    remove.addEventListener('click', () => this.remove(li, index));
    this.bindDrag(handle, li, index);
    return li;
  }

  openActions(li) {
    if (this.openRow && this.openRow !== li) this.closeRow(this.openRow);
    li.querySelector('.ordered-entry-content').style.transform = `translateX(-${REMOVE_WIDTH}px)`;
    li.querySelector('.ordered-remove').tabIndex = 0;
    this.openRow = li;
  }

  closeRow(li) {
    li.querySelector('.ordered-entry-content').style.transform = '';
    li.querySelector('.ordered-remove').tabIndex = -1;
    if (this.openRow === li) this.openRow = null;
  }

  closeOpenRow() { if (this.openRow) this.closeRow(this.openRow); }

  /** Opens an album in place of the lists: its page takes their history entry. */
  openAlbum(id) {
    this.hide();
    this.router.go(this.router.albumHash(id, false), { replace: true });
    closed();
  }

  // ---- Drag to reorder (pointer events: touch, pen and mouse alike), or the arrow keys on the handle

  bindDrag(handle, li, index) {
    bindDragReorder(handle, li, {
      place: () => index, count: () => this.entriesBox.children.length, blocked: () => !this.canChange(),
      rows: () => [...this.entriesBox.children],
      started: () => { this.closeOpenRow(); this.drag = true; },
      ended: () => { this.drag = false; },
      moved: (from, to) => this.move(from, to),
    });
    handle.addEventListener('keydown', (event) => {
      const step = event.key === 'ArrowUp' ? -1 : event.key === 'ArrowDown' ? 1 : 0;
      const to = index + step;
      if (!step || to < 0 || to >= this.list.entries.length) return;
      event.preventDefault();
      this.move(index, to, { focus: true });
    });
  }

  /** Moves the entry at `from` to `to` (0-based): shown at once, then as the server wrote it. */
  async move(from, to, { focus = false } = {}) {
    if (this.busy) return; // the last change is on its way
    if (!this.canChange()) { this.showError(this.screen, NEEDS_SERVER); return; }
    const before = this.list;
    this.list = { ...before, entries: moved(before.entries, from, to) };
    this.render();
    if (focus) this.entriesBox.children[to].querySelector('.ordered-handle').focus();
    await this.send(() => moveEntry(before.name, from + 1, to + 1, before.version), before);
    if (focus && this.entriesBox.children[to]) this.entriesBox.children[to].querySelector('.ordered-handle').focus();
  }

  /** Removes the entry at `index` (0-based) after the seed's confirmation. */
  async remove(li, index) {
    if (this.busy) { this.closeRow(li); return; }
    if (!this.canChange()) { this.closeRow(li); this.showError(this.screen, NEEDS_SERVER); return; }
    if (!(await confirmDelete())) { this.closeRow(li); return; }
    const before = this.list;
    await this.send(() => dropEntry(before.name, index + 1, before.version), before);
  }

  /** Sends a change; the list the server answers is shown, or, when refused, the list as it was or as it now is. */
  async send(request, before) {
    this.busy = true;
    this.screen.view.setAttribute('aria-busy', 'true');
    this.screen.error.hidden = true;
    try {
      this.show(await request());
    } catch (error) {
      this.list = before;
      this.render();
      if (error.status === 409 && error.field === 'If-Match') {
        await this.reload('This list was changed elsewhere meanwhile: here it is as it is now. Make your change again.');
      } else {
        this.showError(this.screen, error.offline ? NEEDS_SERVER : error.message);
      }
    } finally {
      this.busy = false;
      this.screen.view.setAttribute('aria-busy', 'false');
      if (this.list) this.render();
    }
  }
}

let screen = null;

/** Called on each commit the server sees (its `sync` event): an open list follows changes made elsewhere. */
export function orderedListsChanged() {
  if (screen) screen.refresh();
}

/** The screen of every ordered list (the Lists menu's Ordered Lists…). */
export function openOrderedLists(router) {
  if (!screen) screen = new OrderedListsScreen(router);
  screen.open();
}

// ---- "Add to List" on the album's details (view mode)

let section = null;

function ensureSection() {
  if (section) return section;
  section = el('div', { class: 'plays-section', props: { id: 'add-to-list-section', hidden: true } }, [
    el('h2', { class: 'section-title', text: 'Lists' }),
    el('button', { class: 'text-button played-button', text: 'Add to List…', props: { type: 'button', id: 'add-to-list' } }),
  ]);
  const more = $('more-section');
  more.parentNode.insertBefore(section, more);
  return section;
}

/** The dialog: which list (or a new one), the whole album or one track, where, and a note. */
function addDialog() {
  // Return in a text field means OK (the form's first button is Cancel), as in the Add Tag dialog.
  const enter = (event) => { if (event.key === 'Enter') { event.preventDefault(); event.target.closest('dialog').close('ok'); } };
  const text = (id) => el('input', { props: { id, type: 'text', autocapitalize: 'off', spellcheck: false }, attrs: { autocomplete: 'off', enterkeyhint: 'done' }, on: { keydown: enter } });
  const field = (label, control) => el('label', { class: 'ordered-field' }, [el('span', { text: label }), control]);
  return dialogNamed('add-to-list', 'Add to List', () => [
    field('List', el('select', { props: { id: 'add-list-name' } })),
    field('New list name', text('add-list-new')),
    field('What', el('select', { props: { id: 'add-list-track' } })),
    field('Where', el('select', { props: { id: 'add-list-place' } }, [
      el('option', { text: 'At the end', props: { value: '' } }), el('option', { text: 'At the top', props: { value: '1' } }),
    ])),
    field('Note', text('add-list-note')),
  ]);
}

const NEW_LIST = '\u0000new';

async function addToList(view) {
  const album = view.album;
  if (!album) return;
  let lists = [];
  try { lists = await getLists(); } catch { /* offline and never loaded: a new list only, which says it needs the server */ }
  const dialog = addDialog();
  const names = $('add-list-name');
  names.replaceChildren(...(Array.isArray(lists) ? lists : []).map((l) => el('option', { text: l.name, props: { value: l.name } })),
    el('option', { text: 'New list…', props: { value: NEW_LIST } }));
  const newName = $('add-list-new');
  newName.value = '';
  const showNew = () => { newName.closest('label').hidden = names.value !== NEW_LIST; };
  names.onchange = showNew;
  showNew();
  $('add-list-track').replaceChildren(el('option', { text: 'The whole album', props: { value: '' } }),
    ...(album.track_list || []).map((track, i) => el('option', {
      text: `${track.position}. ${track.name}`, props: { value: trackReference(track, i) },
    })));
  $('add-list-place').value = '';
  $('add-list-note').value = '';
  if (!(await ask(dialog, names))) return;
  const creating = names.value === NEW_LIST;
  const name = creating ? newName.value.trim() : names.value;
  if (!name) { toast('Give the new list a name.'); return; }
  const entry = { album: album.id, track: $('add-list-track').value || null, note: $('add-list-note').value.trim() || null };
  if ($('add-list-place').value) entry.at = Number($('add-list-place').value);
  try {
    if (creating) await makeList(name);
    await addEntry(name, entry);
    toast(`Added ${album.title} to ${name}.`);
  } catch (error) {
    if (!error.offline) { toast(error.message); return; }
    if (creating) { toast('Making a list needs the connection to Record Keeper: try again once it is back.'); return; }
    try {
      await view.router.outbox.keep({ kind: 'list-add', id: album.id, title: `${album.title} in ${name}`, list: name, entry });
    } catch {
      toast(`${error.message} This browser keeps nothing on the device: try again once the connection is back.`);
      return;
    }
    view.renderWaiting();
    toast(`Kept on this device: ${album.title} goes into ${name} when the connection is back.`);
  }
}

/** Shows "Add to List…" under an album in view mode (details-view.js calls it as it draws). */
export function renderAddToList(view) {
  const node = ensureSection();
  node.hidden = !(view.album && view.mode === 'view');
  $('add-to-list').onclick = () => addToList(view);
}
