// "Scan a sleeve" (seed 001, docs/commands.md, "Identifying a sleeve from a photo"): the camera (a photo through the phone's camera), the
// pre-loader while the server identifies it, the album details with the recommendation badge,
// rating and context, Add to collection / Add to wantlist, and the scan history (newest first,
// swipe left to delete). Every text comes from the server and is shown as text, never markup.
import * as api from './api.js';
import { confirmDelete } from './dialogs.js';
import { closed, hideOverlay, showOverlay } from './overlay.js';
import { $, el } from './dom.js';
import { screenFrame } from './screen.js';
import { bindSwipe } from './swipe.js';

const PANES = ['sleeve-camera', 'sleeve-loading', 'sleeve-error', 'sleeve-details', 'sleeve-history'];
const BADGES = { ESSENTIAL: '💎', RECOMMENDED: '👍', SKIP: '😐', AVOID: '💩' };

const scanPath = (id) => '/api/scans/' + encodeURIComponent(String(id));
const identify = (file) => api.request('POST', '/api/identify', { body: file, type: file.type || 'image/jpeg' });
const listScans = (signal) => api.request('GET', '/api/scans', { signal });
const deleteScan = (id) => api.request('DELETE', scanPath(id));
const keepScan = (id, want) => api.request('POST', scanPath(id) + (want ? '/want' : '/add'));

export class SleeveScanner {
  constructor(router) {
    this.router = router;
    this.view = screenFrame({
      id: 'sleeve-view', name: 'sleeve', title: 'Scan a Sleeve', className: 'sleeve', scrollClass: null, error: false,
      back: { id: 'sleeve-close', icon: 'i-close', label: 'Close' }, onBack: () => this.back(),
      right: {
        id: 'sleeve-history-button', icon: 'i-clock', label: 'Scan history', hidden: true,
        onClick: () => (this.pane === 'sleeve-history' ? this.show('sleeve-camera') : this.openHistory()),
      },
    }).view;
    this.scans = [];
    this.scan = null;
    this.from = 'camera'; // where X leads back to from the details: the camera or the history
    /** Opens an album kept from a scan (scan.js puts it in the Add view's place). */
    this.openAlbum = (id) => this.router.go(this.router.albumHash(id, false));
    for (const id of ['sleeve-scan', 'sleeve-history-scan']) {
      $(id).addEventListener('click', () => { this.show('sleeve-camera'); $('sleeve-input').click(); });
    }
    $('sleeve-retry').addEventListener('click', () => this.show('sleeve-camera'));
    $('sleeve-input').addEventListener('change', () => {
      const file = $('sleeve-input').files[0];
      $('sleeve-input').value = '';
      if (file) this.identify(file);
    });
    $('sleeve-add').addEventListener('click', () => this.keep(false));
    $('sleeve-want').addEventListener('click', () => this.keep(true));
    document.addEventListener('pointerdown', (event) => {
      if (this.openRow && !this.openRow.contains(event.target)) this.closeRow(this.openRow);
    });
  }

  /** Whether the server identifies photos (it serves the scan history when it does). */
  async available() {
    try { this.scans = await listScans(); return Array.isArray(this.scans); } catch { return false; }
  }

  open() {
    showOverlay(this.view, 'sleeve', () => this.hide());
    this.show('sleeve-camera');
    this.refreshHistoryButton();
  }

  /** Leaves the scanner. */
  close() {
    this.hide();
    closed();
  }

  hide() {
    hideOverlay(this.view, $('add-lookup-sleeve'));
  }

  /** X: from the details back where they were opened from; from elsewhere, out of the scanner. */
  back() {
    if (this.pane === 'sleeve-details' && this.from === 'history') this.openHistory();
    else if (this.pane === 'sleeve-details' || this.pane === 'sleeve-error' || this.pane === 'sleeve-history') this.show('sleeve-camera');
    else this.close();
  }

  show(pane) {
    this.pane = pane;
    for (const id of PANES) $(id).hidden = id !== pane;
    $('sleeve-title').textContent = pane === 'sleeve-history' ? 'Scan History' : pane === 'sleeve-details' ? 'Album' : 'Scan a Sleeve';
    $('sleeve-close').setAttribute('aria-label', pane === 'sleeve-camera' ? 'Close' : 'Back');
    this.view.setAttribute('aria-busy', String(pane === 'sleeve-loading'));
  }

  /** The history icon shows once there is a scan (seed 001, screen 1). */
  refreshHistoryButton() {
    $('sleeve-history-button').hidden = !(this.scans && this.scans.length);
  }

  async identify(file) {
    this.show('sleeve-loading');
    let scan;
    try {
      scan = await identify(file);
    } catch (error) {
      this.showError(error);
      return;
    }
    this.scans = [scan].concat((this.scans || []).filter((s) => s.id !== scan.id));
    this.refreshHistoryButton();
    this.from = 'camera';
    this.showScan(scan);
  }

  showError(error) {
    // The model found nothing (422): the seed's words; anything else says what went wrong.
    const noMatch = error.status === 422 || error.status === 404;
    $('sleeve-error-title').textContent = noMatch ? "Couldn't find a match" : 'Something went wrong';
    $('sleeve-error-text').textContent = noMatch ? '' : error.message;
    this.show('sleeve-error');
  }

  /** Screen 3: the artwork, artist and title, badge, context, rating, key tracks, facts. */
  showScan(scan) {
    this.scan = scan;
    const img = $('sleeve-art-img');
    img.hidden = true;
    $('sleeve-art-none').hidden = false;
    img.onload = () => { img.hidden = false; $('sleeve-art-none').hidden = true; };
    img.onerror = () => { img.hidden = true; $('sleeve-art-none').hidden = false; };
    if (scan.cover) img.src = scan.cover; else img.removeAttribute('src');
    const answer = scan.answer || {};
    $('sleeve-artist').textContent = answer.artist_name || '';
    $('sleeve-album').textContent = answer.album_title || '';
    const recommendation = String(answer.recommendation || '').toUpperCase();
    const badge = $('sleeve-badge');
    badge.textContent = recommendation ? `${scan.badge || BADGES[recommendation] || ''} ${recommendation}` : '';
    badge.dataset.recommendation = recommendation.toLowerCase();
    // A half point is sent as text ("7.5").
    const rating = answer.rating === undefined || answer.rating === null ? '' : String(answer.rating);
    $('sleeve-rating').textContent = rating ? `Rating: ${rating}/10` : '';
    $('sleeve-summary').textContent = answer.context_summary || '';
    fillList($('sleeve-bullets'), answer.context_bullets);
    fillList($('sleeve-tracks'), answer.key_tracks);
    $('sleeve-tracks-heading').hidden = !(answer.key_tracks && answer.key_tracks.length);
    const facts = $('sleeve-facts');
    facts.replaceChildren();
    for (const [name, value] of [['Released', answer.release_year], ['Genres', (answer.genres || []).join(', ')], ['Label', answer.record_label]]) {
      if (!value) continue;
      facts.append(el('dt', { text: name }), el('dd', { text: value }));
    }
    this.showKept(scan);
    this.show('sleeve-details');
    $('sleeve-details').scrollTop = 0;
  }

  /** Once kept, the album is one tap away instead of being added twice. */
  showKept(scan) {
    const note = $('sleeve-note');
    const kept = scan.album || null;
    note.hidden = !kept;
    note.replaceChildren();
    if (kept) {
      const open = (event) => { event.preventDefault(); this.hide(); this.openAlbum(kept); };
      const link = el('a', { text: 'Open it in the collection', props: { href: this.router.albumHash(kept, false) }, on: { click: open } });
      note.append('Already in the collection: ', link);
    }
    $('sleeve-add').disabled = Boolean(kept);
    $('sleeve-want').disabled = Boolean(kept);
  }

  async keep(want) {
    const scan = this.scan;
    if (!scan) return;
    $('sleeve-add').disabled = true;
    $('sleeve-want').disabled = true;
    const note = $('sleeve-note');
    note.hidden = false;
    note.textContent = want ? 'Adding to the wantlist…' : 'Adding to the collection…';
    try {
      const album = await keepScan(scan.id, want);
      scan.album = album.id;
      if (album.already_present) {
        // Not added twice: it is already in the collection (or on the wantlist).
        this.showKept(scan);
        return;
      }
      this.hide();
      this.openAlbum(album.id);
    } catch (error) {
      note.textContent = error.message;
      $('sleeve-add').disabled = false;
      $('sleeve-want').disabled = false;
    }
  }

  // ---- Screen 4: the history, newest first, swipe left to delete

  async openHistory() {
    this.show('sleeve-history');
    try {
      this.scans = await listScans();
    } catch (error) {
      $('sleeve-history-empty').textContent = error.message;
      $('sleeve-history-empty').hidden = false;
      return;
    }
    this.drawHistory();
  }

  drawHistory() {
    const list = $('sleeve-history-list');
    list.replaceChildren();
    const empty = $('sleeve-history-empty');
    empty.textContent = 'Scan your first album to begin';
    empty.hidden = this.scans.length > 0;
    this.refreshHistoryButton();
    for (const scan of this.scans) list.appendChild(this.historyRow(scan));
  }

  historyRow(scan) {
    const answer = scan.answer || {};
    const remove = el('button', { class: 'scan-delete', text: 'Delete', props: { type: 'button', tabIndex: -1 } });
    const thumb = el('span', { class: 'thumb' });
    if (scan.thumbnail || scan.cover) {
      const img = el('img', { props: { alt: '', hidden: true } });
      img.addEventListener('load', () => { img.hidden = false; }, { once: true });
      img.src = scan.thumbnail || scan.cover;
      thumb.append(img);
    }
    const date = scanDate(scan.date);
    const content = el('button', {
      class: 'scan-row-content', props: { type: 'button' },
      attrs: { 'aria-label': `${answer.album_title} by ${answer.artist_name}, scanned ${date}` },
    }, [thumb, el('span', { class: 'row-text' }, [
      el('span', { class: 'row-title', text: answer.album_title || '' }),
      el('span', { class: 'scan-row-artist', text: answer.artist_name || '' }),
      el('span', { class: 'scan-row-date', text: date }),
    ])]);
    const row = el('li', { class: 'scan-row' }, [remove, content]);
    row.dataset.id = scan.id;
    bindSwipe(content, {
      base: () => (row === this.openRow ? -88 : 0),
      begin: () => { if (this.openRow && this.openRow !== row) this.closeRow(this.openRow); },
      move: (dx) => { content.style.transform = `translateX(${dx}px)`; },
      end: (dx) => { if (-dx > 44) this.openActions(row); else this.closeRow(row); },
    });
    content.addEventListener('click', () => {
      if (row === this.openRow) { this.closeRow(row); return; }
      this.from = 'history';
      this.showScan(scan);
    });
    content.addEventListener('contextmenu', (event) => { event.preventDefault(); this.openActions(row); remove.focus(); });
    remove.addEventListener('click', () => this.remove(row, scan));
    return row;
  }

  openActions(row) {
    if (this.openRow && this.openRow !== row) this.closeRow(this.openRow);
    row.querySelector('.scan-row-content').style.transform = 'translateX(-88px)';
    row.classList.add('open');
    row.querySelector('.scan-delete').tabIndex = 0;
    this.openRow = row;
  }

  closeRow(row) {
    row.querySelector('.scan-row-content').style.transform = '';
    row.classList.remove('open');
    row.querySelector('.scan-delete').tabIndex = -1;
    if (this.openRow === row) this.openRow = null;
  }

  async remove(row, scan) {
    if (!(await confirmDelete())) { this.closeRow(row); return; }
    try {
      await deleteScan(scan.id);
    } catch (error) {
      this.closeRow(row);
      $('sleeve-history-empty').textContent = error.message;
      $('sleeve-history-empty').hidden = false;
      return;
    }
    this.openRow = null;
    this.scans = this.scans.filter((s) => s.id !== scan.id);
    this.drawHistory();
  }
}

function fillList(list, items) {
  list.replaceChildren();
  for (const item of Array.isArray(items) ? items : []) {
    list.append(el('li', { text: item }));
  }
}

/** "23 Nov 2026": the day of a scan, in the reader's language. */
function scanDate(text) {
  const date = text ? new Date(text) : null;
  if (!date || Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
}
