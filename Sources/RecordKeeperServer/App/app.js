// Record Keeper in the browser: the splash screen, the two views and the moves between
// them (seed §2.3), live updates from the server, and the offline copy.
import * as api from './api.js';
import { MainView } from './main-view.js';
import { DetailsView } from './details-view.js';
import { toast } from './dialogs.js';
import { indexedStore, Outbox } from './outbox.js';
import { SyncPanel } from './sync.js';

const SPLASH_MINIMUM_MS = 500; // seed §2.4

const encodeId = (id) => id.split('/').map(encodeURIComponent).join('/');
const decodeId = (text) => text.split('/').map(decodeURIComponent).join('/');

/** Hash routes: #/ main, #/add, #/add/KEY (a kept add to fix), #/album/ID (view mode), #/edit/ID (edit mode). */
class Router {
  constructor() {
    this.depth = 0; // how many details pages were pushed over the main screen
    window.addEventListener('popstate', () => { this.depth = Math.max(0, this.depth - 1); this.handle(); });
    // Links within the app (list rows, grid cells, other albums) go through go(), so history stays counted.
    document.addEventListener('click', (event) => {
      const link = event.target.closest && event.target.closest('a[href^="#/"]');
      if (!link || event.defaultPrevented || event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
      event.preventDefault();
      this.go(link.getAttribute('href'));
    });
  }

  albumHash(id, edit) { return (edit ? '#/edit/' : '#/album/') + encodeId(id); }

  /** The form that fixes a kept change: its album's edit form, or a kept add's own form. */
  changeHash(change) { return change.id ? this.albumHash(change.id, true) : `#/add/${change.key}`; }

  go(hash, { replace = false } = {}) {
    if (replace) history.replaceState(null, '', hash);
    else { history.pushState(null, '', hash); this.depth += 1; }
    this.handle();
  }

  /** Leaves the details view for the main screen. */
  back({ changed = false } = {}) {
    if (changed) this.main.stale = true;
    if (this.depth > 0) history.back();
    else this.go('#/', { replace: true });
  }

  /** An album was changed here: shown in place at once, and the list reloaded (its order may change). */
  albumChanged(album) {
    this.main.replace(album);
    this.main.stale = true;
  }

  handle() {
    const hash = location.hash || '#/';
    const details = document.getElementById('details-view');
    const main = document.getElementById('main-view');
    let route = null;
    if (hash === '#/add' || hash.startsWith('#/add/')) route = { mode: 'add', key: Number(hash.slice(6)) || null };
    else if (hash.startsWith('#/album/')) route = { mode: 'view', id: decodeId(hash.slice(8)) };
    else if (hash.startsWith('#/edit/')) route = { mode: 'edit', id: decodeId(hash.slice(7)) };
    if (route && route.mode) {
      // The details view lies over the main screen, which keeps its scroll position.
      main.inert = true;
      details.hidden = false;
      const initial = route.id ? this.main.albumById(route.id) : null;
      this.details.open({ ...route, initial });
      document.getElementById('details-scroll').scrollTop = 0;
    } else {
      details.hidden = true;
      main.inert = false;
      if (this.main.stale) { this.main.stale = false; this.main.reload({ quiet: true }); }
    }
  }
}

function listenForChanges(router) {
  if (!('EventSource' in window)) return;
  let ids = [];
  let all = false;
  let timer = 0;
  const source = new EventSource('/api/events');
  const changed = (changedIds) => {
    // Several changes in a burst (a `git pull`) are shown once.
    if (changedIds) ids.push(...changedIds); else all = true;
    clearTimeout(timer);
    timer = setTimeout(() => {
      const batch = all ? null : ids;
      ids = [];
      all = false;
      router.main.changed();
      router.details.changed(batch);
    }, 100);
  };
  source.addEventListener('change', (event) => {
    let list = null;
    try { const data = JSON.parse(event.data); list = Array.isArray(data.ids) ? data.ids : null; } catch { list = null; }
    changed(list);
  });
  source.addEventListener('reload', () => changed(null));
  source.addEventListener('sync', () => router.sync.refresh());
}

/** Whether the service worker keeps an offline copy (it needs a secure page: https or localhost). */
let offlineCopy = 'serviceWorker' in navigator && window.isSecureContext;

/** The banner: no connection, and the changes kept on this device until they are sent. */
function showConnection(offline, waiting) {
  const saves = 'Changes are kept on this device and sent when it is back.';
  document.getElementById('offline-text').textContent = !offline ? ''
    : offlineCopy
      ? `No connection: showing the albums kept on this device, so a search may miss some. ${saves}`
      : `No connection. ${saves} (No offline copy is kept on this address: that needs https or localhost.)`;
  const count = waiting.length;
  const outbox = document.getElementById('outbox-text');
  const refused = waiting.filter((c) => c.refused);
  outbox.textContent = refused.length
    ? `Not saved, needs your attention: ${refused.map((c) => c.title).join(', ')} (tap to fix).`
    : count === 0 ? '' : count === 1 ? `Waiting to be sent: ${waiting[0].title}.` : `${count} changes waiting to be sent.`;
  outbox.classList.toggle('attention', refused.length > 0);
  if (refused.length) outbox.setAttribute('role', 'button'); else outbox.removeAttribute('role');
  outbox.tabIndex = refused.length ? 0 : -1;
  outbox.hidden = count === 0;
  const banner = document.getElementById('offline-banner');
  banner.hidden = !offline && count === 0;
  // The banner lies over the page's foot: the details scroll past it, so nothing is out of reach under it.
  document.body.style.setProperty('--banner-height', `${banner.hidden ? 0 : banner.offsetHeight}px`);
  document.body.classList.toggle('offline', offline);
}

/** A change kept on this device, sent as it would have been at once. */
function sendChange(change) {
  if (change.kind === 'save') return api.saveAlbum(change.id, change.body, change.version, change.cover);
  if (change.kind === 'play') return api.postPlay(change.id, change.sides, change.at);
  if (change.kind === 'add') return api.addAlbum(change.body, change.cover);
  if (change.kind === 'star') return api.setFavourite(change.id, change.track, change.favourite, change.version);
  if (change.kind === 'tag') return change.add ? api.addTag(change.id, change.tag) : api.removeTag(change.id, change.tag);
  throw new Error(`No way to send a change of kind ${change.kind}.`);
}

/** The outbox (outbox.js): sent when the server answers, its changes drawn as they go. */
async function startOutbox(router) {
  const outbox = router.outbox;
  const show = () => showConnection(api.connection.offline, outbox.changes);
  outbox.onChange = show;
  outbox.onSent = (change, album) => {
    // A play answers with the album's plays, not the album: the change event brings the album.
    if (change.kind === 'play') { router.details.renderWaiting(); return; }
    router.albumChanged(album);
    if (change.kind === 'add' && document.getElementById('details-view').hidden) router.main.reload({ quiet: true });
    router.details.outboxChanged(change.id, album);
  };
  outbox.onConflict = (change) => {
    // Settled on the album's edit form, opened for it unless another album is being edited.
    const details = router.details;
    if (!details.element.hidden && details.album && details.album.id === change.id) details.outboxChanged(change.id, null);
    else if (details.element.hidden || !details.editing) router.go(router.albumHash(change.id, true));
    else toast(`${change.title} was also changed elsewhere: open it to choose which to keep.`);
  };
  outbox.onRefused = (change, error) => {
    if (!change.refused) { toast(`${change.title}: not saved. ${error.message}`); return; }
    // Kept: fixed on its edit form, opened for it unless another album is being edited.
    const details = router.details;
    if (!details.element.hidden && details.album && details.album.id === change.id) details.outboxChanged(change.id, null);
    else if (details.element.hidden || !details.editing) router.go(router.changeHash(change));
    else toast(`${change.title}: not saved. Open it to fix what the server refused.`);
  };
  // The banner opens the first change that waits for the collector.
  document.getElementById('outbox-text').addEventListener('click', () => {
    const [first] = outbox.needingAttention();
    if (first) router.go(router.changeHash(first));
  });
  api.connection.listeners.add((offline) => { if (!offline) outbox.flush(); });
  try { await outbox.load(); } catch { /* no IndexedDB (private mode): saves are not kept */ }
  show();
  if (!api.connection.offline) outbox.flush();
}

/** Says once, on an address where browsers allow no service worker, that offline use is not available. */
function noteNoOfflineCopy() {
  offlineCopy = false;
  const key = 'rk.offlineNoteSeen';
  try { if (localStorage.getItem(key)) return; } catch { /* private mode: say it each time */ }
  const note = document.getElementById('offline-note');
  note.hidden = false;
  document.getElementById('offline-note-ok').addEventListener('click', () => {
    note.hidden = true;
    try { localStorage.setItem(key, '1'); } catch { /* not kept */ }
  }, { once: true });
}

async function start() {
  const started = performance.now();
  const router = new Router();
  router.main = new MainView(router);
  router.details = new DetailsView(router);
  router.sync = new SyncPanel();
  router.outbox = new Outbox(indexedStore(), sendChange);
  api.connection.listeners.add((offline) => {
    showConnection(offline, router.outbox.changes);
    router.details.updateConfirm();
    if (!offline) router.main.online();
  });
  window.addEventListener('online', () => router.main.reload());

  // §3.1: the list is loaded while the splash screen shows.
  await router.main.loadSort();
  await startOutbox(router);
  await router.main.reload({ restore: true });
  const wait = SPLASH_MINIMUM_MS - (performance.now() - started);
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  const splash = document.getElementById('splash');
  splash.classList.add('leaving');
  splash.addEventListener('transitionend', () => splash.remove(), { once: true });
  setTimeout(() => splash.remove(), 400);
  document.body.dataset.splashMs = String(Math.round(performance.now() - started));
  document.body.dataset.ready = 'true';

  if (location.hash && location.hash !== '#/') {
    // Opened at an album: put the main screen under it, so the back arrow leads there.
    const target = location.hash;
    history.replaceState(null, '', '#/');
    router.go(target);
  } else {
    router.handle();
  }
  listenForChanges(router);
  router.sync.start();
  if (offlineCopy) {
    navigator.serviceWorker.register('sw.js').catch(noteNoOfflineCopy); // the app still works online
    // The offline copy is filled in idle time once the app is in use, never on the typing path.
    setTimeout(() => router.main.keepOfflineCopy(), 2000);
  } else {
    noteNoOfflineCopy();
  }
}

start();
