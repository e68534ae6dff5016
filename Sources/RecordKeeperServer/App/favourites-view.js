// Favourite tracks and suggestions in the app (docs/commands.md, "Favourite tracks", "Suggestions", seed 004): the star on each track
// of the details view, saved at once (one POST, merged into the file as it is now, like every
// save: If-Match names the version shown); the Favourites screen (every favourite track with its
// album, a tap opens the album); and Play Next (the server's suggestions, each with its reason).
// The two screens are made here, on first use, in the frame and classes of the smart lists screen.
// The Favourites screen keeps the collector's order (issue 32, seed 004): Edit shows a handle on
// each row to drag it (or move it with the arrow keys) and a Remove button; a swipe left shows
// Remove too. Removing takes the track's star off after "Are you sure?".
import { lengthText } from './album-draft.js';
import * as api from './api.js';
import { confirmDelete, toast } from './dialogs.js';
import { el } from './dom.js';
import { bindDragReorder } from './drag-reorder.js';
import { closed, hideOverlay, showOverlay } from './overlay.js';
import { screenFrame } from './screen.js';
import { bindSwipe } from './swipe.js';

/** How far a swiped row opens to show Remove. */
const REMOVE_WIDTH = 96;

/**
 * The star of track `number` (1…N across all sides) of `album`, as a toggle button; a tap saves
 * it and hands the album the server answers with to `saved`, or, offline, the star to `kept`.
 */
export function starButton(album, number, saved, kept) {
  const track = (album.track_list || [])[number - 1];
  const on = Boolean(track && track.favourite);
  const button = el('button', {
    class: 'icon-button track-star' + (on ? ' on' : ''),
    text: on ? '★' : '☆',
    props: { type: 'button', disabled: api.connection.offline && !kept },
    attrs: { 'aria-pressed': String(on), 'aria-label': `Favourite: ${track ? track.name : `track ${number}`}` },
  });
  button.addEventListener('click', async () => {
    button.disabled = true;
    try {
      saved(await api.setFavourite(album.id, number, !on, album.version));
    } catch (error) {
      if (error.offline && kept) { kept(!on); return; }
      toast(error.message);
      button.disabled = false;
    }
  });
  return button;
}

/** A screen over the main one, drawn like the smart lists screen; `right`: its banner button. */
class Screen {
  constructor(id, title, empty, right = null) {
    this.list = el('ul', { class: 'smart-lists', props: { id: `${id}-list` }, attrs: { 'aria-label': title } });
    this.empty = el('p', { class: 'lists-empty', text: empty, props: { hidden: true } });
    Object.assign(this, screenFrame({
      id, name: id, title, className: 'lists-view', onBack: () => this.close(), content: [this.list, this.empty], right,
    }));
  }

  async open(router) {
    this.router = router;
    showOverlay(this.view, this.view.id, () => this.hide());
    this.back.focus();
    this.error.hidden = true;
    this.list.replaceChildren();
    this.empty.hidden = true;
    try {
      const entries = await this.load();
      this.render(Array.isArray(entries) ? entries : []);
    } catch (error) {
      this.error.textContent = error.message;
      this.error.hidden = false;
    }
  }

  close() { this.hide(); closed(); }

  hide() { hideOverlay(this.view, document.getElementById('menu-button')); }

  /** Opens an album in place of this screen: the album's page takes its history entry. */
  openAlbum(id) {
    this.hide();
    this.router.go(this.router.albumHash(id, false), { replace: true });
    closed();
  }

  /** The rows of what `load` answered, one `rowOf` each. */
  render(entries) {
    this.empty.hidden = entries.length > 0;
    this.list.append(...entries.map((entry) => this.rowOf(entry)));
  }

  /** One row: the album's thumbnail, a first line, a second line; a tap opens the album. */
  row(album, first, second, third) {
    const lines = [second, third].filter(Boolean).map((text) => el('span', { class: 'smart-list-description', text }));
    return el('li', {}, [
      el('button', {
        class: 'smart-list favourite-row',
        props: { type: 'button' },
        attrs: { 'data-id': album },
        on: { click: () => this.openAlbum(album) },
      }, [el('span', { class: 'smart-list-top' }, [el('span', { class: 'smart-list-name', text: first })]), ...lines]),
    ]);
  }
}

class FavouritesScreen extends Screen {
  constructor() {
    super('favourites-view', 'Favourites', 'No favourite tracks yet. Tap the star beside a track on an album’s page to keep it here.',
      { id: 'favourites-view-edit', text: 'Edit', onClick: () => this.setEditing(!this.editing) });
    this.editing = false;
    this.openRow = null;
    this.entries = [];
    this.busy = false;
  }

  open(router) {
    this.setEditing(false);
    return super.open(router);
  }

  load() { return api.request('GET', '/api/favourites'); }

  render(entries) {
    this.entries = entries;
    this.openRow = null;
    this.list.replaceChildren();
    super.render(entries);
    this.right.hidden = entries.length === 0 && !this.editing;
  }

  setEditing(editing) {
    this.editing = editing;
    this.right.textContent = editing ? 'Done' : 'Edit';
    this.right.setAttribute('aria-pressed', String(editing));
    this.list.classList.toggle('editing', editing);
    if (this.openRow) this.closeRow(this.openRow);
  }

  rowOf(entry) {
    const length = typeof entry.duration === 'number' ? ` · ${lengthText(entry.duration)}` : '';
    const li = el('li', { class: 'favourite-item' });
    const place = () => [...this.list.children].indexOf(li);
    const rowButton = el('button', { class: 'smart-list favourite-row', props: { type: 'button' }, attrs: { 'data-id': entry.album } }, [
      el('span', { class: 'smart-list-top' }, [el('span', { class: 'smart-list-name', text: `★ ${entry.name}` })]),
      el('span', { class: 'smart-list-description', text: `${entry.title} · ${entry.artist}` }),
      el('span', { class: 'smart-list-description', text: `Track ${entry.position}${length}` }),
    ]);
    const handle = el('button', {
      class: 'icon-button favourite-handle', text: '≡', props: { type: 'button' },
      attrs: { 'aria-label': `Move ${entry.name}`, 'aria-keyshortcuts': 'ArrowUp ArrowDown' },
    });
    handle.addEventListener('keydown', (event) => {
      const to = event.key === 'ArrowUp' ? place() - 1 : event.key === 'ArrowDown' ? place() + 1 : -1;
      if (to < 0 || to >= this.entries.length) return;
      event.preventDefault();
      this.move(place(), to, true);
    });
    // Let go elsewhere, the row moves there: one commit of the order.
    bindDragReorder(handle, li, {
      place, count: () => this.entries.length, blocked: () => this.busy, moved: (from, to) => this.move(from, to, false),
    });
    const remove = el('button', {
      class: 'favourite-remove', text: 'Remove', props: { type: 'button', tabIndex: -1 }, attrs: { 'aria-label': `Remove ${entry.name}` },
      on: { click: () => this.remove(li, entry) },
    });
    const removeInline = el('button', {
      class: 'icon-button favourite-remove-inline', text: '−', props: { type: 'button' }, attrs: { 'aria-label': `Remove ${entry.name}` },
      on: { click: () => this.remove(li, entry) },
    });
    const content = el('div', { class: 'favourite-content' }, [removeInline, rowButton, handle]);
    li.append(remove, content);
    bindSwipe(rowButton, {
      base: () => (li === this.openRow ? -REMOVE_WIDTH : 0),
      begin: () => { if (this.openRow && this.openRow !== li) this.closeRow(this.openRow); },
      move: (dx) => { content.style.transform = `translateX(${dx}px)`; },
      end: (dx) => { if (-dx > REMOVE_WIDTH / 2) this.openActions(li); else this.closeRow(li); },
    });
    // A tap (the click ending a swipe never comes here) opens the album, unless in Edit or Remove is shown.
    rowButton.addEventListener('click', () => {
      if (li === this.openRow) this.closeRow(li);
      else if (!this.editing) this.openAlbum(entry.album);
    });
    return li;
  }

  openActions(li) {
    if (this.openRow && this.openRow !== li) this.closeRow(this.openRow);
    li.querySelector('.favourite-content').style.transform = `translateX(-${REMOVE_WIDTH}px)`;
    li.classList.add('open');
    li.querySelector('.favourite-remove').tabIndex = 0;
    this.openRow = li;
  }

  closeRow(li) {
    li.querySelector('.favourite-content').style.transform = '';
    li.classList.remove('open');
    li.querySelector('.favourite-remove').tabIndex = -1;
    if (this.openRow === li) this.openRow = null;
  }

  /** Moves the favourite at `from` to `to` (0-based), shown at once, then saved; the server's order is shown after. */
  async move(from, to, keepFocus) {
    if (this.busy) return;
    this.busy = true;
    this.list.setAttribute('aria-busy', 'true');
    const rows = [...this.list.children];
    const row = rows[from];
    if (to > from) rows[to].after(row); else rows[to].before(row);
    if (keepFocus) row.querySelector('.favourite-handle').focus();
    try {
      const entries = await api.request('POST', '/api/favourites/move', { json: { from: from + 1, to: to + 1 } });
      this.render(Array.isArray(entries) ? entries : []);
      if (keepFocus) { const moved = this.list.children[to]; if (moved) moved.querySelector('.favourite-handle').focus(); }
    } catch (error) {
      toast(error.message);
      this.render(this.entries);
    } finally {
      this.busy = false;
      this.list.setAttribute('aria-busy', 'false');
    }
  }

  /** Takes the track's star off after "Are you sure?" (the album as it is now, so its version is current). */
  async remove(li, entry) {
    if (!(await confirmDelete())) { this.closeRow(li); return; }
    try {
      const album = await api.getAlbum(entry.album);
      await api.setFavourite(entry.album, entry.number, false, album.version);
      const entries = await this.load();
      this.render(Array.isArray(entries) ? entries : []);
    } catch (error) {
      this.closeRow(li);
      toast(error.message);
    }
  }
}

class PlayNextScreen extends Screen {
  constructor() {
    super('play-next-view', 'Play Next', 'Nothing to suggest yet: add albums to the collection.');
  }

  load() { return api.request('GET', '/api/suggestions?count=20'); }

  rowOf(album) {
    const year = album.released ? ` · ${String(album.released).slice(0, 4)}` : '';
    return this.row(album.id, album.title, `${album.artist}${year}`, album.reason);
  }
}

let favourites = null;
let playNext = null;

/** The screen of every favourite track (the Lists menu's Favourites…). */
export function openFavourites(router) {
  if (!favourites) favourites = new FavouritesScreen();
  favourites.open(router);
}

/** The suggestions to play next (the Lists menu's Play Next…). */
export function openPlayNext(router) {
  if (!playNext) playNext = new PlayNextScreen();
  playNext.open(router);
}
