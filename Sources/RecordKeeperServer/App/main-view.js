// The main screen (seed §2.2.1): banner, search panel with its two popups, the album
// list (or grid) with sticky group headers, swipe actions, and the add button.
import * as api from './api.js';
import { matches } from './search.js';
import { VirtualList } from './virtual-list.js';
import { confirmDelete, askTag, toast } from './dialogs.js';
import { openAddMenu } from './scan.js';
import { ProblemsLine } from './problems.js';

const STATE_KEY = 'rk.main';
const ALL_SCOPES = ['artist', 'title', 'released', 'tracks', 'sort-artist', 'tags', 'label', 'notes'];
const DEFAULT_SCOPE = ['artist', 'title', 'released', 'tracks', 'sort-artist', 'tags', 'label'];
const FIRST_PAGE = 100;
const PAGE = 500;
const WANTLIST = '@status:=wanted';

const $ = (id) => document.getElementById(id);

/** How far the item itself moves when swiped: its cover slides partly away, its title stays in view. */
const SWIPE_SHIFT = 24;

/** The width of a row's three actions (Delete, Add Tag, Edit Album), measured while they are side by side. */
const actionWidths = new WeakMap();
function actionsWidth(row) {
  if (!row.classList.contains('full')) {
    const width = row.querySelector('.row-actions').offsetWidth;
    if (width) actionWidths.set(row, width);
  }
  return actionWidths.get(row) || 228;
}

/** How far a swipe must go to choose Edit Album without lifting the finger: well past the actions. */
function fullSwipe(row) { return Math.max(actionsWidth(row) + 60, row.offsetWidth * 0.6); }

/**
 * Moves a row's item `distance` pixels to the left (seed §3.7): the item slides left a little
 * and its right edge follows the finger, so the actions appear at the right while the start
 * of the title stays on screen.
 */
function place(row, distance) {
  const content = row.querySelector('.row-content');
  const d = Math.max(0, Math.min(distance, row.offsetWidth));
  const shift = Math.min(d, SWIPE_SHIFT);
  content.style.transform = d ? `translateX(${-shift}px)` : '';
  content.style.right = d ? `${d - shift}px` : '';
}

/** The main screen's state that survives a reload (issue 9 §4), read defensively. */
function loadState() {
  let saved = {};
  try { saved = JSON.parse(localStorage.getItem(STATE_KEY) || '{}') || {}; } catch { saved = {}; }
  const scope = Array.isArray(saved.scope) ? saved.scope.filter((s) => ALL_SCOPES.includes(s)) : [];
  return {
    query: typeof saved.query === 'string' ? saved.query : '',
    scope: scope.length ? scope : DEFAULT_SCOPE.slice(),
    grid: saved.grid === true,
    list: typeof saved.list === 'string' ? saved.list : '',
    scrollTop: Number.isFinite(saved.scrollTop) ? saved.scrollTop : 0,
  };
}

export class MainView {
  constructor(router) {
    this.router = router;
    this.problems = new ProblemsLine();
    this.problems.refresh();
    this.state = loadState();
    this.sort = 'artist-year';
    this.items = [];
    this.count = 0;
    this.loading = null;
    this.openRow = null;
    this.element = $('main-view');
    this.scroller = $('album-list');
    this.list = new VirtualList(this.scroller, $('album-list-spacer'), $('sticky-header'), {
      item: (album, index, box) => this.drawRow(album, index, box),
      cell: (album, index, box) => this.drawCell(album, index, box),
      header: (group, box) => this.drawHeader(group, box),
    });
    this.list.grid = this.state.grid;
    this.measure = document.createElement('canvas').getContext('2d');
    this.bindSearchPanel();
    this.bindBanner();
    // The + button offers the ways to add (scan.js); "Add it by hand" there opens the blank editor.
    $('add-button').addEventListener('click', () => openAddMenu(router));
    let saveTimer = 0;
    this.scroller.addEventListener('scroll', () => {
      this.closeOpenRow();
      clearTimeout(saveTimer);
      saveTimer = setTimeout(() => { this.state.scrollTop = this.scroller.scrollTop; this.save(); }, 150);
    }, { passive: true });
    document.addEventListener('pointerdown', (event) => {
      if (this.openRow && !this.openRow.contains(event.target)) this.closeOpenRow();
    });
  }

  save() {
    try { localStorage.setItem(STATE_KEY, JSON.stringify(this.state)); } catch { /* private mode: state is not kept */ }
  }

  // ---- Search panel and popups (§2.2.1.2, §2.2.1.6, §2.2.1.7, §3.4, §3.5)

  bindSearchPanel() {
    const search = $('search');
    search.value = this.state.query;
    search.addEventListener('input', () => {
      this.state.query = search.value;
      this.save();
      this.reload({ top: true });
    });
    search.addEventListener('keydown', (event) => { if (event.key === 'Enter') search.blur(); });

    const filter = $('filter-popup');
    for (const box of filter.querySelectorAll('input')) {
      box.checked = this.state.scope.includes(box.value);
      box.addEventListener('change', () => {
        const checked = [...filter.querySelectorAll('input:checked')].map((b) => b.value);
        if (!checked.length) { box.checked = true; return; } // at least one stays checked (§3.4)
        this.state.scope = checked;
        this.save();
        this.reload({ top: true });
      });
    }
    for (const radio of $('sort-popup').querySelectorAll('input')) {
      radio.addEventListener('change', () => { if (radio.checked) this.chooseSort(radio.value); });
    }
    $('filter-button').addEventListener('click', () => this.togglePopup(filter, $('filter-button')));
    $('sort-button').addEventListener('click', () => this.togglePopup($('sort-popup'), $('sort-button')));
    $('popup-backdrop').addEventListener('click', () => this.closePopups());
    document.addEventListener('keydown', (event) => { if (event.key === 'Escape') this.closePopups(); });
  }

  togglePopup(popup, button) {
    const open = popup.hidden;
    this.closePopups();
    if (!open) return;
    popup.hidden = false;
    $('popup-backdrop').hidden = false;
    button.setAttribute('aria-expanded', 'true');
    this.popupButton = button;
    // The bubble opens below its button with its point at the button's centre.
    const b = button.getBoundingClientRect();
    const width = popup.offsetWidth;
    const left = Math.max(8, Math.min(window.innerWidth - width - 8, b.left + b.width / 2 - width / 2));
    popup.style.left = `${left}px`;
    popup.style.top = `${b.bottom + 8}px`;
    popup.style.setProperty('--point', `${b.left + b.width / 2 - left}px`);
    const first = popup.querySelector('input:checked, input, button');
    if (first) first.focus();
  }

  closePopups() {
    for (const id of ['filter-popup', 'sort-popup', 'lists-popup']) $(id).hidden = true;
    $('popup-backdrop').hidden = true;
    for (const id of ['filter-button', 'sort-button', 'menu-button']) $(id).setAttribute('aria-expanded', 'false');
    if (this.popupButton) { this.popupButton.focus(); this.popupButton = null; }
  }

  /** Whether the server reads smart-list rules in a query (it serves /api/lists when it does). */
  async loadRuleSupport() {
    try { await api.smartLists(); this.rulesOnServer = true; } catch { this.rulesOnServer = false; }
  }

  async loadSort() {
    try {
      const answer = await api.getSort();
      if (answer && typeof answer.mode === 'string') this.sort = answer.mode;
    } catch { /* offline or not yet served: the default order */ }
    this.showSort();
  }

  showSort() {
    for (const radio of $('sort-popup').querySelectorAll('input')) radio.checked = radio.value === this.sort;
  }

  async chooseSort(mode) {
    const previous = this.sort;
    this.sort = mode;
    try {
      await api.putSort(mode); // the same setting as `rk sort`; random draws a new shuffle
    } catch (error) {
      this.sort = previous;
      this.showSort();
      toast(error.message);
      return;
    }
    this.reload({ top: true }); // §3.2: a new order starts at the top
  }

  // ---- Banner: lists menu (all, wantlist, smart lists) and the list/grid switch

  bindBanner() {
    const layout = $('layout-button');
    const showLayout = () => {
      layout.setAttribute('aria-label', this.state.grid ? 'Show albums as a list' : 'Show covers in a grid');
      layout.querySelector('use').setAttribute('href', this.state.grid ? '#i-list' : '#i-grid');
    };
    showLayout();
    layout.addEventListener('click', () => {
      const first = this.list.firstVisibleIndex();
      this.state.grid = !this.state.grid;
      this.save();
      showLayout();
      this.list.setGrid(this.state.grid);
      this.scroller.scrollTop = this.list.topOfItem(first);
    });
    $('menu-button').addEventListener('click', async () => {
      const popup = $('lists-popup');
      if (!popup.hidden) { this.closePopups(); return; }
      await this.fillListsMenu();
      this.togglePopup(popup, $('menu-button'));
    });
    this.showListName();
  }

  async fillListsMenu() {
    const popup = $('lists-popup');
    const entries = [{ key: '', name: 'All albums' }, { key: WANTLIST, name: 'Wantlist' }];
    try {
      const lists = await api.smartLists();
      this.rulesOnServer = true;
      if (Array.isArray(lists)) {
        for (const list of lists) entries.push({ key: '@' + list.name, name: list.name, count: list.count });
      }
    } catch { /* no smart lists served */ }
    const title = document.createElement('p');
    title.className = 'bubble-title';
    title.textContent = 'Show:';
    popup.replaceChildren(title);
    for (const entry of entries) {
      const item = document.createElement('button');
      item.type = 'button';
      item.className = 'menu-item';
      item.setAttribute('role', 'menuitemradio');
      item.setAttribute('aria-checked', String(entry.key === this.state.list));
      item.textContent = entry.name;
      if (Number.isFinite(entry.count)) {
        const count = document.createElement('span');
        count.className = 'menu-count';
        count.textContent = String(entry.count);
        item.appendChild(count);
      }
      item.addEventListener('click', () => {
        this.state.list = entry.key;
        this.save();
        this.closePopups();
        this.showListName();
        this.reload({ top: true });
      });
      popup.appendChild(item);
    }
  }

  showListName() {
    const key = this.state.list;
    $('list-name').textContent = key === '' ? '' : key === WANTLIST ? '· Wantlist' : `· ${key.slice(1)}`;
  }

  // ---- Loading (§3.1): the first page at once, the rest in the background

  /** The query sent to the server: what was typed, and the chosen list's rule. */
  serverQuery() {
    return [this.state.query.trim(), this.state.list].filter(Boolean).join(' ');
  }

  /**
   * Loads the albums for the current query, sort and scope.
   * `top`: start at the top; `restore`: scroll to the saved position once it is loaded;
   * `quiet`: keep showing the old list until the new one is whole (a change elsewhere, so
   * the rows in view do not jump while pages arrive). Resolves when the first page is shown.
   */
  reload({ top = false, restore = false, quiet = false } = {}) {
    if (this.loading) this.loading.abort();
    const controller = new AbortController();
    this.loading = controller;
    const keep = top ? 0 : this.scroller.scrollTop;
    const target = restore ? this.state.scrollTop : keep;
    // Until the server reads rules (smart lists), the wantlist's rule is applied here, page by page.
    const localRule = this.state.list && !this.rulesOnServer ? this.state.list : '';
    const q = localRule ? this.state.query.trim() : this.serverQuery();
    const keepLocal = (albums) => (localRule ? albums.filter((album) => matches(album, localRule, DEFAULT_SCOPE)) : albums);
    // An empty query lists everything whatever the scope, so its pages keep one URL each (the offline copy).
    const scope = q ? this.state.scope : [];
    let shown = false;
    return new Promise((resolve) => {
      const show = (items, count, final) => {
        if (controller.signal.aborted || (quiet && !final)) return;
        // A change from elsewhere waits while a row is swiped or open, so the row stays under the finger.
        if (quiet && (this.swiping || this.openRow)) { this.deferred = () => show(items, count, final); return; }
        this.items = items;
        this.count = count;
        this.list.setItems(items, count);
        this.scroller.setAttribute('aria-busy', String(!final)); // more pages are coming
        this.showMessage(final);
        if (!shown || (restore && this.scroller.scrollTop < target)) {
          this.scroller.scrollTop = Math.min(target, Math.max(0, this.list.height - this.scroller.clientHeight));
        }
        if (!shown) { shown = true; resolve(); }
      };
      (async () => {
        try {
          let items = [];
          let count = Infinity;
          for (let offset = 0; offset < count; ) {
            const limit = offset === 0 ? FIRST_PAGE : PAGE;
            const page = await api.listAlbums({ q, scope, sort: this.sort, offset, limit }, controller.signal);
            if (!page || !Array.isArray(page.albums)) throw new api.ApiError('The server sent no album list.');
            items = items.concat(page.albums);
            count = Number.isFinite(page.count) ? page.count : items.length;
            if (page.albums.length === 0) count = items.length;
            offset = items.length;
            const kept = keepLocal(items);
            show(kept, localRule ? kept.length : count, offset >= count);
          }
          if (count === 0) show([], 0, true);
        } catch (error) {
          if (error.name === 'AbortError') return;
          if (quiet) { shown = true; resolve(); return; } // keep what is shown
          if (error.offline) {
            try {
              const all = await this.offlineCollection(controller.signal);
              const local = keepLocal(all.filter((album) => matches(album, q, this.state.scope.length ? this.state.scope : DEFAULT_SCOPE)));
              show(local, local.length, true);
              return;
            } catch (inner) {
              if (inner.name === 'AbortError') return;
            }
          }
          if (!controller.signal.aborted) {
            this.scroller.setAttribute('aria-busy', 'false');
            this.items = [];
            this.list.setItems([], 0);
            this.showMessage(true, error.message);
            if (!shown) { shown = true; resolve(); }
          }
        }
      })();
    });
  }

  /** The whole collection as last loaded, from the service worker's copy (no signal). */
  async offlineCollection(signal) {
    let items = [];
    let count = Infinity;
    for (let offset = 0; offset < count; ) {
      const page = await api.listAlbums({ q: '', scope: [], sort: this.sort, offset, limit: offset === 0 ? FIRST_PAGE : PAGE }, signal);
      items = items.concat(page.albums);
      count = page.albums.length ? page.count : items.length;
      offset = items.length;
    }
    return items;
  }

  showMessage(final, error) {
    const message = $('list-message');
    if (error) { message.textContent = error; message.hidden = false; return; }
    if (final && this.count === 0) {
      message.textContent = this.serverQuery() ? 'No albums match.' : 'No albums yet. Tap + to add one.';
      message.hidden = false;
    } else {
      message.hidden = true;
    }
  }

  /** Applies a change announced by the server (another tab, the command line, a hand edit). */
  changed() { this.problems.refresh(); return this.reload({ quiet: true }); }

  albumById(id) { return this.items.find((album) => album.id === id) || null; }

  // ---- Drawing rows, cells and headers

  drawHeader(group, box) {
    const header = document.createElement('div');
    header.className = 'group-header';
    header.style.top = `${box.top}px`;
    header.textContent = group;
    header.setAttribute('role', 'heading');
    header.setAttribute('aria-level', '2');
    return header;
  }

  drawRow(album, index, box) {
    const row = document.getElementById('row-template').content.firstElementChild.cloneNode(true);
    row.style.top = `${box.top}px`;
    row.style.height = `${box.height}px`;
    row.setAttribute('aria-posinset', String(index + 1));
    row.setAttribute('aria-setsize', String(this.count));
    if (!album) { row.classList.add('pending'); row.querySelector('.row-title').textContent = ' '; return row; }
    row.dataset.id = album.id;
    const content = row.querySelector('.row-content');
    content.href = '#/album/' + album.id.split('/').map(encodeURIComponent).join('/');
    row.querySelector('.row-title').textContent = album.title;
    const year = typeof album.released === 'string' ? album.released.slice(0, 4) : '';
    // The wantlist is marked in every listing, as rk list marks it.
    const wanted = album.status === 'wanted' ? ' · wanted' : '';
    row.querySelector('.row-subtitle').textContent = (year ? `${album.artist} - ${year}` : album.artist) + wanted;
    this.drawThumb(row.querySelector('.thumb img'), album);
    this.drawChips(row.querySelector('.row-tags'), album.tags || [], box.height);
    content.setAttribute('aria-label', `${album.title}, ${row.querySelector('.row-subtitle').textContent}`);
    this.bindSwipe(row, album);
    return row;
  }

  drawCell(album, index, box) {
    const cell = document.createElement('a');
    cell.className = 'cell';
    Object.assign(cell.style, { top: `${box.top}px`, left: `${box.left}px`, width: `${box.width}px`, height: `${box.height}px` });
    const thumb = document.createElement('span');
    thumb.className = 'thumb';
    const img = document.createElement('img');
    img.alt = '';
    img.hidden = true;
    thumb.appendChild(img);
    const title = document.createElement('span');
    title.className = 'cell-title';
    const artist = document.createElement('span');
    artist.className = 'cell-artist';
    cell.append(thumb, title, artist);
    if (!album) return cell;
    cell.href = '#/album/' + album.id.split('/').map(encodeURIComponent).join('/');
    cell.dataset.id = album.id;
    title.textContent = album.title;
    artist.textContent = album.artist;
    // The grid shows covers: the 400 px image where there is room for more than a thumbnail.
    this.drawThumb(img, album, box.width > 150);
    return cell;
  }

  drawThumb(img, album, large = false) {
    const url = large ? api.coverURL(album) : api.thumbnailURL(album);
    if (!url) return;
    img.addEventListener('load', () => { img.hidden = false; }, { once: true });
    img.addEventListener('error', () => { img.hidden = true; }, { once: true });
    img.src = url;
  }

  /** The tags in entry order, only as many whole chips as fit the line (§2.2.1.4). */
  drawChips(container, tags, rowHeight) {
    if (!tags.length) return;
    const thumb = rowHeight - 10;
    let room = this.scroller.clientWidth - (6 + thumb + 10 + 10);
    this.measure.font = '13px -apple-system, system-ui, "Segoe UI", Roboto, sans-serif';
    for (const tag of tags) {
      const width = Math.ceil(this.measure.measureText(tag).width) + 16;
      if (width > room) break;
      room -= width + 4;
      const chip = document.createElement('span');
      chip.className = 'chip';
      chip.textContent = tag;
      container.appendChild(chip);
    }
  }

  // ---- Swipe left (§3.7): Delete, Add Tag, Edit Album; a full swipe is Edit Album

  bindSwipe(row, album) {
    const content = row.querySelector('.row-content');
    let start = null;
    let dx = 0;
    let base = 0;
    let dragging = false;
    let moved = false;
    content.addEventListener('pointerdown', (event) => {
      if (event.button !== 0) return;
      start = { x: event.clientX, y: event.clientY };
      base = row === this.openRow ? -actionsWidth(row) : 0;
      dragging = false;
      moved = false;
    });
    content.addEventListener('pointermove', (event) => {
      if (!start) return;
      const x = event.clientX - start.x;
      const y = event.clientY - start.y;
      if (!dragging) {
        if (Math.abs(x) < 8 || Math.abs(x) < Math.abs(y)) {
          if (Math.abs(y) > 8) start = null; // a vertical scroll, not a swipe
          return;
        }
        dragging = true;
        this.swiping = true;
        moved = true;
        row.classList.add('dragging');
        content.setPointerCapture(event.pointerId);
        if (this.openRow && this.openRow !== row) this.closeOpenRow();
      }
      dx = Math.min(0, base + x);
      const full = -dx > fullSwipe(row);
      row.classList.toggle('full', full);
      place(row, -dx);
    });
    const end = () => {
      if (!start) return;
      start = null;
      if (!dragging) return;
      dragging = false;
      this.swiping = false;
      row.classList.remove('dragging');
      if (-dx > fullSwipe(row)) {
        // A full, continuous swipe chooses the last action, Edit Album (§3.7).
        place(row, row.offsetWidth);
        this.openRow = null;
        this.router.go(this.router.albumHash(album.id, true));
        this.applyDeferred();
      } else if (-dx > 50) {
        this.openActions(row);
      } else {
        this.closeRow(row);
      }
    };
    // Without a touch screen: right-click, or the keyboard's context-menu key, opens the same actions.
    content.addEventListener('contextmenu', (event) => {
      event.preventDefault();
      if (this.openRow && this.openRow !== row) this.closeOpenRow();
      this.openActions(row);
      row.querySelector('.action-delete').focus();
    });
    content.addEventListener('pointerup', end);
    content.addEventListener('pointercancel', end);
    content.addEventListener('click', (event) => {
      // The click that ends a drag is not a tap; a tap on an open row closes it.
      if (moved) { event.preventDefault(); moved = false; } else if (row === this.openRow) { event.preventDefault(); this.closeOpenRow(); }
    });
    row.querySelector('.action-delete').addEventListener('click', () => this.deleteAlbum(row, album));
    row.querySelector('.action-tag').addEventListener('click', () => this.tagAlbum(row, album));
    row.querySelector('.action-edit').addEventListener('click', () => this.router.go(this.router.albumHash(album.id, true)));
  }

  /** Slides the row left to show its three actions and makes them reachable by keyboard. */
  openActions(row) {
    row.classList.remove('full');
    place(row, actionsWidth(row));
    this.openRow = row;
    for (const action of row.querySelectorAll('.action')) action.tabIndex = 0;
    row.querySelector('.row-actions').removeAttribute('aria-hidden');
  }

  closeRow(row) {
    place(row, 0);
    row.classList.remove('full');
    for (const action of row.querySelectorAll('.action')) action.tabIndex = -1;
    row.querySelector('.row-actions').setAttribute('aria-hidden', 'true');
    if (this.openRow === row) this.openRow = null;
    this.applyDeferred();
  }

  /** Shows a list that arrived while a row was swiped, once no row is. */
  applyDeferred() {
    if (!this.deferred || this.swiping || this.openRow) return;
    const apply = this.deferred;
    this.deferred = null;
    apply();
  }

  closeOpenRow() { if (this.openRow) this.closeRow(this.openRow); }

  async deleteAlbum(row, album) {
    if (!(await confirmDelete())) { this.closeRow(row); return; }
    try {
      await api.deleteAlbum(album.id);
    } catch (error) {
      this.closeRow(row);
      toast(error.message);
      return;
    }
    this.openRow = null;
    const index = this.items.findIndex((a) => a.id === album.id);
    if (index >= 0) {
      this.items = this.items.slice(0, index).concat(this.items.slice(index + 1));
      this.count -= 1;
      const top = this.scroller.scrollTop;
      this.list.setItems(this.items, this.count);
      this.scroller.scrollTop = top;
      this.showMessage(true);
    }
  }

  async tagAlbum(row, album) {
    const tag = await askTag();
    this.closeRow(row);
    // §3.7: an empty tag, or one the album has (exact case), changes nothing.
    if (!tag || (album.tags || []).includes(tag)) return;
    try {
      const updated = await api.addTag(album.id, tag);
      this.replace(updated);
    } catch (error) {
      toast(error.message);
    }
  }

  /** Shows a changed album in place (its position and group are the server's on the next reload). */
  replace(album) {
    if (!album || !album.id) return;
    const index = this.items.findIndex((a) => a.id === album.id);
    if (index < 0) return;
    const group = this.items[index].group;
    this.items[index] = Object.assign({}, album, { group: album.group ?? group });
    this.list.refresh();
  }
}
