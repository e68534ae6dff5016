// The main screen (seed §2.2.1): banner, search panel with its two popups, the album
// list (or grid) with sticky group headers, swipe actions, and the add button.
import * as api from './api.js';
import { openFavourites, openPlayNext } from './favourites-view.js';
import { compile } from './search.js';
import { VirtualList } from './virtual-list.js';
import { confirmDelete, askTag, toast } from './dialogs.js';
import { bindAddLookups } from './scan.js';
import { openListsScreen } from './lists-view.js';
import { openOrderedLists } from './ordered-list-view.js';
import { openSettings } from './settings.js';
import { openStats } from './stats-view.js';
import { ProblemsLine } from './problems.js';
import { $, el } from './dom.js';
import { bindSwipe } from './swipe.js';
import { bestMatchSort } from './sort-menu.js';
import { readCopy, updateCopy } from './offline-copy.js';
import { fillScopes, fillSorts } from './menus.js';
import { loadSchema } from './schema.js';

const STATE_KEY = 'rk.main';
/** Albums a request asks for: one page is a few screens of rows and well under 1 MB (docs/app.md, "Goals at any size"). */
const PAGE = 100;
/** A search waits for this pause in typing, so a word typed fast is one request. */
const TYPING_PAUSE_MS = 120;
/** Pages are fetched once scrolling pauses this long: a fast flick fetches only where it stops. */
const SCROLL_PAUSE_MS = 60;
/** The offline copy is brought up to date in idle time, this long after the last keystroke. */
const COPY_AFTER_TYPING_MS = 3000;
/** A change announced by the server reaches the offline copy this long after (a burst is one request). */
const COPY_AFTER_CHANGE_MS = 2000;
const WANTLIST = '@status:=wanted';

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
  return {
    query: typeof saved.query === 'string' ? saved.query : '',
    // The search fields chosen; none: the library's defaults (the catalogue names them).
    scope: Array.isArray(saved.scope) ? saved.scope.filter((s) => typeof s === 'string') : [],
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
    this.bestMatch = false; // "Best match" chosen while a query is typed: not kept, gone with the query
    this.items = []; // the matches loaded so far, by position: holes where a page is not loaded
    this.count = 0; // how many match in all
    this.view = null; // the query shown: {q, scope, sort, controller, loading: Map(page → AbortController), offline}
    this.lastInput = 0;
    this.openRow = null;
    this.element = $('main-view');
    this.scroller = $('album-list');
    this.list = new VirtualList(this.scroller, $('album-list-spacer'), $('sticky-header'), {
      item: (album, index, box) => this.drawRow(album, index, box),
      cell: (album, index, box) => this.drawCell(album, index, box),
      header: (group, box) => this.drawHeader(group, box),
      missing: (range) => this.missing(range),
    });
    this.list.grid = this.state.grid;
    this.measure = document.createElement('canvas').getContext('2d');
    this.bindSearchPanel();
    this.bindBanner();
    // The + button opens a blank Add Album in one tap (seed §2.2.1.5); look-ups are one tap inside it.
    $('add-button').addEventListener('click', () => router.go('#/add'));
    bindAddLookups(router);
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
      this.showSort(); // "Best match" is offered only while a query is typed
      this.lastInput = performance.now();
      this.save();
      clearTimeout(this.typing);
      this.typing = setTimeout(() => this.reload({ top: true }), TYPING_PAUSE_MS);
    });
    search.addEventListener('keydown', (event) => { if (event.key === 'Enter') search.blur(); });

    const filter = $('filter-popup');
    filter.addEventListener('change', ({ target: box }) => {
      const checked = [...filter.querySelectorAll('input:checked')].map((b) => b.value);
      if (!checked.length) { box.checked = true; return; } // at least one stays checked (§3.4)
      this.state.scope = checked;
      this.save();
      this.reload({ top: true });
    });
    $('sort-popup').addEventListener('change', ({ target: radio }) => { if (radio.checked) this.chooseSort(radio.value); });
    // Both menus list what the library offers (GET /api/schema, kept by the service worker offline).
    loadSchema().then((schema) => {
      this.schema = schema;
      const known = schema.search_fields.map((f) => f.name);
      this.state.scope = this.state.scope.filter((s) => known.includes(s));
      fillScopes(filter, schema, this.state.scope);
      fillSorts($('sort-popup'), schema);
      this.showSort();
    }, () => { /* offline before it was ever loaded: the menus stay empty */ });
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

  async loadSort() {
    try {
      const answer = await api.getSort();
      if (answer && typeof answer.mode === 'string') this.sort = answer.mode;
    } catch { /* offline or not yet served: the default order */ }
    this.showSort();
  }

  /** The order asked of the server: best match while chosen and a query is typed, else the kept mode. */
  listSort() {
    return bestMatchSort(this.sort, this.bestMatch, this.state.query);
  }

  /** The order asked of the server: none for a smart list alone, shown in its own order when it has one (issue 32). */
  serverSort() {
    return this.state.list.startsWith('@') && !this.state.query.trim() ? '' : this.listSort();
  }

  showSort() {
    if (!this.state.query.trim()) this.bestMatch = false;
    if ($('sort-best-match')) $('sort-best-match').hidden = !this.state.query.trim();
    const shown = this.listSort();
    for (const radio of $('sort-popup').querySelectorAll('input')) radio.checked = radio.value === shown;
  }

  async chooseSort(mode) {
    this.bestMatch = mode === 'relevance';
    if (this.bestMatch) { this.reload({ top: true }); return; } // for this query only: nothing kept
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
      if (Array.isArray(lists)) {
        for (const list of lists) entries.push({ key: '@' + list.name, name: list.name, count: list.count });
      }
    } catch { /* no smart lists served */ }
    popup.replaceChildren(el('p', { class: 'bubble-title', text: 'Show:' }));
    for (const entry of entries) {
      const choose = () => {
        this.state.list = entry.key;
        this.save();
        this.closePopups();
        this.showListName();
        this.reload({ top: true });
      };
      popup.append(el('button', {
        class: 'menu-item', text: entry.name, props: { type: 'button' },
        attrs: { role: 'menuitemradio', 'aria-checked': entry.key === this.state.list }, on: { click: choose },
      }, [Number.isFinite(entry.count) && el('span', { class: 'menu-count', text: entry.count })]));
    }
    this.appendScreens(popup);
  }

  /** The Lists menu's way to the smart lists editor and the settings (lists-view.js, settings.js). */
  appendScreens(popup) {
    const screens = [
      ['open-favourites', 'Favourites…', () => openFavourites(this.router)], ['open-play-next', 'Play Next…', () => openPlayNext(this.router)],
      ['open-ordered-lists', 'Ordered Lists…', () => openOrderedLists(this.router)],
      ['lists-manage', 'Edit Smart Lists…', () => openListsScreen(this)], ['open-stats', 'Stats…', openStats], ['open-settings', 'Settings…', openSettings],
    ];
    for (const [id, name, open] of screens) {
      const choose = () => { this.popupButton = null; this.closePopups(); open(); };
      popup.append(el('button', { class: 'menu-item menu-screen', text: name, props: { type: 'button', id }, attrs: { role: 'menuitem' }, on: { click: choose } }));
    }
  }

  showListName() {
    const key = this.state.list;
    $('list-name').textContent = key === '' ? '' : key === WANTLIST ? '· Wantlist' : `· ${key.slice(1)}`;
  }

  // ---- Loading (§3.1, docs/app.md, "Goals at any size"): one page and the count, then the pages scrolled to

  /** The query sent to the server: what was typed, and the chosen list's rule. */
  serverQuery() {
    return [this.state.query.trim(), this.state.list].filter(Boolean).join(' ');
  }

  /**
   * Shows the albums for the current query, sort and scope: the first page and the count at
   * once (the list is as tall as every match, rows not loaded are placeholders), the page under
   * the viewport when it scrolls there.
   * `top`: start at the top; `restore`: scroll to the saved position; `quiet`: a change from
   * elsewhere, so the pages in view are fetched again and swapped in at once, the rows in view
   * do not jump. Resolves when the first page is shown.
   */
  async reload({ top = false, restore = false, quiet = false } = {}) {
    clearTimeout(this.typing);
    if (this.view) this.view.controller.abort();
    const q = this.serverQuery();
    // An empty query lists everything whatever the scope, so its pages keep one URL each (the offline copy).
    const view = { q, scope: q ? this.state.scope : [], sort: this.serverSort(), controller: new AbortController(), loading: new Map(), offline: false };
    this.view = view;
    const target = restore ? this.state.scrollTop : top ? 0 : this.scroller.scrollTop;
    const pages = quiet ? this.pagesInView() : [0];
    let answers;
    try {
      answers = await Promise.all(pages.map((page) => this.fetchPage(view, page, view.controller.signal)));
    } catch (error) {
      if (error.name === 'AbortError' || this.view !== view) return;
      if (quiet) return; // keep what is shown
      if (error.offline) { await this.showOffline(view, target); return; }
      this.scroller.setAttribute('aria-busy', 'false');
      this.items = [];
      this.count = 0;
      this.list.setItems([], 0);
      this.showMessage(true, error.message);
      return;
    }
    if (this.view !== view) return;
    const count = Math.max(...answers.map((answer) => answer.count));
    const items = new Array(count);
    pages.forEach((page, n) => answers[n].albums.forEach((album, k) => { if (page * PAGE + k < count) items[page * PAGE + k] = album; }));
    const show = () => {
      if (this.view !== view) return;
      this.items = items;
      this.count = count;
      this.list.setItems(items, count);
      this.scroller.scrollTop = Math.min(target, Math.max(0, this.list.height - this.scroller.clientHeight));
      this.list.render(); // the rows at the target now, and their pages asked for
      this.showMessage(true);
    };
    // A change from elsewhere waits while a row is swiped or open, so the row stays under the finger.
    if (quiet && (this.swiping || this.openRow)) this.deferred = show;
    else show();
  }

  /** One page of the view's query; throws an ApiError when the answer is no list. */
  async fetchPage(view, page, signal) {
    const answer = await api.listAlbums({ q: view.q, scope: view.scope, sort: view.sort, offset: page * PAGE, limit: PAGE }, signal);
    if (!answer || !Array.isArray(answer.albums) || !Number.isFinite(answer.count)) throw new api.ApiError('The server sent no album list.');
    return answer;
  }

  /** The first page and those holding the rows in view. */
  pagesInView() {
    const first = this.list.firstVisibleIndex();
    const lines = Math.ceil(this.scroller.clientHeight / (this.list.lineHeight || 66)) + 1;
    const last = first + lines * (this.list.columns || 1);
    const pages = new Set([0]);
    for (let page = Math.floor(first / PAGE); page <= Math.floor(last / PAGE); page++) pages.add(page);
    return [...pages];
  }

  /** The list says which items in and near view are not loaded: their pages are fetched once scrolling pauses. */
  missing(range) {
    this.scroller.setAttribute('aria-busy', String(!!range));
    clearTimeout(this.pageTimer);
    if (!range || !this.view || this.view.offline) return;
    this.pageTimer = setTimeout(() => this.loadPages(range), SCROLL_PAUSE_MS);
  }

  loadPages({ first, last }) {
    const view = this.view;
    // A new list waiting for a swipe to end: its pages are fetched once it is shown.
    if (!view || view.offline || this.deferred) return;
    const wanted = new Set();
    for (let page = Math.floor(first / PAGE); page <= Math.floor(last / PAGE); page++) wanted.add(page);
    // Pages scrolled past are not worth waiting for.
    for (const [page, controller] of view.loading) {
      if (!wanted.has(page)) { controller.abort(); view.loading.delete(page); }
    }
    for (const page of wanted) {
      if (view.loading.has(page) || this.pageLoaded(page)) continue;
      const controller = new AbortController();
      view.controller.signal.addEventListener('abort', () => controller.abort(), { once: true });
      view.loading.set(page, controller);
      this.fetchPage(view, page, controller.signal).then((answer) => {
        if (view.loading.get(page) === controller) view.loading.delete(page);
        if (this.view !== view) return;
        // The matches changed since the first page (a change elsewhere): the rows in view again, at once.
        if (answer.count !== this.count) { this.reload({ quiet: true }); return; }
        answer.albums.forEach((album, k) => { if (page * PAGE + k < this.count) this.items[page * PAGE + k] = album; });
        this.list.setItems(this.items, this.count, { keep: true });
      }, (error) => {
        if (view.loading.get(page) === controller) view.loading.delete(page);
        if (error.name === 'AbortError' || this.view !== view) return;
        if (error.offline) { this.showOffline(view, this.scroller.scrollTop); return; }
        toast(error.message); // the placeholders stay; scrolling asks again
      });
    }
  }

  pageLoaded(page) {
    const end = Math.min(this.count, (page + 1) * PAGE);
    for (let i = page * PAGE; i < end; i++) if (this.items[i] === undefined) return false;
    return true;
  }

  /**
   * No connection: the query is run here over the albums the service worker kept, and the
   * app says that albums not kept cannot be found (see app.js, the offline banner).
   */
  async showOffline(view, target) {
    if (this.view !== view) return;
    view.offline = true;
    let kept;
    try {
      kept = await this.offlineCopy(view.controller.signal);
    } catch (error) {
      if (error.name === 'AbortError') return;
      kept = [];
    }
    if (this.view !== view) return;
    const query = this.state.query.trim();
    let items;
    try {
      const inQuery = compile(query, this.state.scope);
      const inList = this.state.list ? compile(this.state.list, []) : () => true;
      items = kept.filter((album) => inQuery(album) && inList(album));
    } catch (error) {
      if (!error.needsServer) throw error;
      this.items = [];
      this.count = 0;
      this.list.setItems([], 0);
      this.showMessage(true, error.message); // "This search needs the server: …" (search.js)
      return;
    }
    this.items = items;
    this.count = items.length;
    this.list.setItems(items, items.length);
    this.scroller.scrollTop = Math.min(target, Math.max(0, this.list.height - this.scroller.clientHeight));
    this.list.render();
    this.showMessage(true);
  }

  /** The albums of the offline copy (offline-copy.js), read once per loss of connection. */
  async offlineCopy(signal) {
    if (this.kept) return this.kept;
    const copy = await readCopy();
    if (signal && signal.aborted) throw new DOMException('Aborted', 'AbortError');
    this.kept = copy ? copy.albums : [];
    return this.kept;
  }

  /** Back online: the copy read for offline searches is let go. */
  online() { this.kept = null; }

  /**
   * Brings the offline copy up to date in idle time, never while typing, so that no search
   * waits for it: the whole copy once, then only what changed (offline-copy.js).
   */
  async keepOfflineCopy() {
    if (this.copying || !navigator.serviceWorker || !navigator.serviceWorker.controller) return;
    this.copying = true;
    try {
      for (;;) {
        const since = performance.now() - this.lastInput;
        if (since >= COPY_AFTER_TYPING_MS) break;
        await new Promise((resolve) => setTimeout(resolve, COPY_AFTER_TYPING_MS - since));
      }
      await new Promise((resolve) => ('requestIdleCallback' in window ? requestIdleCallback(resolve, { timeout: 2000 }) : setTimeout(resolve, 50)));
      if (!api.connection.offline) await updateCopy(this.sort);
    } catch { /* offline again: the copy stays as it was */ } finally {
      this.copying = false;
    }
  }

  showMessage(final, error) {
    const message = $('list-message');
    if (error) { message.textContent = error; message.hidden = false; return; }
    if (final && this.count === 0) {
      const offline = this.view && this.view.offline;
      message.textContent = !this.serverQuery() ? 'No albums yet. Tap + to add one.'
        : offline ? 'No album kept on this device matches. Albums not kept here are found once the connection is back.'
          : 'No albums match.';
      message.hidden = false;
    } else {
      message.hidden = true;
    }
  }

  /** Applies a change announced by the server (another tab, the command line, a hand edit). */
  changed() {
    this.problems.refresh();
    // The offline copy fetches what changed once things are quiet.
    clearTimeout(this.copyTimer);
    this.copyTimer = setTimeout(() => this.keepOfflineCopy(), COPY_AFTER_CHANGE_MS);
    return this.reload({ quiet: true });
  }

  albumById(id) { return this.items.find((album) => album && album.id === id) || null; }

  // ---- Drawing rows, cells and headers

  drawHeader(group, box) {
    const header = el('div', { class: 'group-header', text: group, attrs: { role: 'heading', 'aria-level': 2 } });
    header.style.top = `${box.top}px`;
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
    content.href = this.router.albumHash(album.id, false);
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
    const img = el('img', { props: { alt: '', hidden: true } });
    const title = el('span', { class: 'cell-title' });
    const artist = el('span', { class: 'cell-artist' });
    const cell = el('a', { class: 'cell' }, [el('span', { class: 'thumb' }, [img]), title, artist]);
    Object.assign(cell.style, { top: `${box.top}px`, left: `${box.left}px`, width: `${box.width}px`, height: `${box.height}px` });
    if (!album) return cell;
    cell.href = this.router.albumHash(album.id, false);
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
    // The list's width as laid out: reading clientWidth here made a reflow for every row drawn.
    let room = this.list.width - (6 + thumb + 10 + 10);
    this.measure.font = '13px -apple-system, system-ui, "Segoe UI", Roboto, sans-serif';
    for (const tag of tags) {
      const width = Math.ceil(this.measure.measureText(tag).width) + 16;
      if (width > room) break;
      room -= width + 4;
      container.append(el('span', { class: 'chip', text: tag }));
    }
  }

  // ---- Swipe left (§3.7): Delete, Add Tag, Edit Album; a full swipe is Edit Album

  bindSwipe(row, album) {
    const content = row.querySelector('.row-content');
    bindSwipe(content, {
      base: () => (row === this.openRow ? -actionsWidth(row) : 0),
      begin: () => {
        this.swiping = true;
        row.classList.add('dragging');
        if (this.openRow && this.openRow !== row) this.closeOpenRow();
      },
      move: (dx) => {
        row.classList.toggle('full', -dx > fullSwipe(row));
        place(row, -dx);
      },
      end: (dx) => {
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
      },
    });
    // Without a touch screen: right-click, or the keyboard's context-menu key, opens the same actions.
    content.addEventListener('contextmenu', (event) => {
      event.preventDefault();
      if (this.openRow && this.openRow !== row) this.closeOpenRow();
      this.openActions(row);
      row.querySelector('.action-delete').focus();
    });
    // A tap on an open row closes it (the click that ends a swipe never comes here).
    content.addEventListener('click', (event) => {
      if (row === this.openRow) { event.preventDefault(); this.closeOpenRow(); }
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
    const index = this.items.findIndex((a) => a && a.id === album.id);
    if (index >= 0) {
      this.items = this.items.slice(0, index).concat(this.items.slice(index + 1)); // holes stay holes
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
    const index = this.items.findIndex((a) => a && a.id === album.id);
    if (index < 0) return;
    const group = this.items[index].group;
    this.items[index] = Object.assign({}, album, { group: album.group ?? group });
    this.list.refresh();
  }
}
