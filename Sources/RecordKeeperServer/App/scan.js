// Adding an album by looking it up (issue 11, docs/commands.md, "MusicBrainz and the Cover Art Archive"), one tap inside the blank Add Album
// view ("Look it up", "Scan a barcode", "Scan a sleeve") and the screen that finds the release on
// MusicBrainz. Choosing a candidate adds the album with its tracks and cover in one step
// (POST /api/albums {"musicbrainz": ID}) and opens its details in place of the Add view.
import * as api from './api.js';
import { SleeveScanner } from './scan-view.js';
import { closed, hideOverlay, showOverlay } from './overlay.js';
import { $, el } from './dom.js';
import { screenFrame } from './screen.js';
import { fieldOf, loadSchema } from './schema.js';

/** GET /api/lookup: the candidates, as `rk lookup --json` prints them. */
export function lookup(kind, value, signal) {
  const params = new URLSearchParams();
  params.set(kind, value);
  return api.request('GET', '/api/lookup?' + params, { signal });
}

/** POST /api/barcode: the digits of the barcodes in a photo, read on the server. */
function readBarcode(file) {
  return api.request('POST', '/api/barcode', { body: file, type: file.type || 'image/jpeg' });
}

/** POST /api/albums {"musicbrainz": ID}: the album, filled from the release. */
function addRelease(id) {
  return api.request('POST', '/api/albums', { json: { musicbrainz: id } });
}

/**
 * Opens an album just added from a look-up screen. That screen lies over the Add view (two
 * history entries above the main screen): going back one leaves it, then the album takes the
 * Add view's place, so the back arrow leads to the main screen.
 */
function openAdded(router, id) {
  router.main.stale = true;
  window.addEventListener('popstate', () => router.go(router.albumHash(id, false), { replace: true }), { once: true });
  history.back();
}

/** The product barcodes BarcodeDetector reads: what a sleeve carries. */
const FORMATS = ['ean_13', 'ean_8', 'upc_a', 'upc_e'];

class AddFlow {
  constructor(router) {
    this.router = router;
    this.view = screenFrame({
      id: 'lookup-view', name: 'lookup', title: 'Find the Album', className: 'lookup', scrollClass: 'lookup-scroll',
      onBack: () => this.close(), error: false,
    }).view;
    this.controller = null;
    this.stream = null;
    // "Scan a sleeve" is offered when the server identifies photos (it serves the scan history).
    this.sleeve = new SleeveScanner(router);
    this.sleeve.openAlbum = (id) => openAdded(router, id);
    this.sleeve.available().then((yes) => { $('add-lookup-sleeve').hidden = !yes; });
    $('add-lookup-type').addEventListener('click', () => this.open('type'));
    $('add-lookup-barcode').addEventListener('click', () => this.open('barcode'));
    $('add-lookup-sleeve').addEventListener('click', () => this.sleeve.open());
    // The Add view is under this screen: going back to it is adding by hand.
    $('lookup-by-hand').addEventListener('click', () => { this.close(); $('field-title')?.focus(); });
    $('lookup-form').addEventListener('submit', (event) => { event.preventDefault(); this.search(); });
    $('lookup-kind').addEventListener('change', () => this.showKind());
    $('barcode-photo').addEventListener('click', () => $('barcode-input').click());
    $('barcode-input').addEventListener('change', () => {
      const file = $('barcode-input').files[0];
      $('barcode-input').value = '';
      if (file) this.barcodeFromPhoto(file);
    });
    this.showKind();
  }

  // ---- The look-up screen

  /** Opens the screen: `barcode` (camera or photo, then the candidates) or `type` (a search box). */
  open(mode) {
    this.mode = mode;
    $('lookup-title').textContent = mode === 'barcode' ? 'Scan a Barcode' : 'Find the Album';
    $('barcode-section').hidden = mode !== 'barcode';
    $('candidates').replaceChildren();
    this.status(null);
    $('lookup-query').value = '';
    $('lookup-kind').value = mode === 'barcode' ? 'barcode' : 'q';
    this.showKind();
    showOverlay(this.view, 'lookup', () => this.hide());
    if (mode === 'barcode') this.startCamera();
    else $('lookup-query').focus();
  }

  /** Closes the screen. */
  close() {
    this.hide();
    closed();
  }

  hide() {
    this.stopCamera();
    if (this.controller) this.controller.abort();
    this.controller = null;
    hideOverlay(this.view, $('add-lookup-type'));
  }

  showKind() {
    const kind = $('lookup-kind').value;
    const input = $('lookup-query');
    input.placeholder = kind === 'barcode' ? 'Digits under the barcode' : kind === 'catalog_number' ? 'As on the spine, e.g. CL 1355' : 'Artist and title';
    input.inputMode = kind === 'barcode' ? 'numeric' : 'text';
  }

  /** Shows what is under way (with the spinner) or went wrong; null hides it. */
  status(text, { busy = false, error = false } = {}) {
    const box = $('lookup-status');
    box.hidden = !text;
    box.classList.toggle('error', error);
    $('lookup-spinner').hidden = !busy;
    $('lookup-status-text').textContent = text || '';
    this.view.setAttribute('aria-busy', String(busy));
  }

  async search() {
    const kind = $('lookup-kind').value;
    const value = $('lookup-query').value.trim();
    if (!value) { $('lookup-query').focus(); return; }
    if (this.controller) this.controller.abort();
    const controller = new AbortController();
    this.controller = controller;
    $('candidates').replaceChildren();
    this.status('Asking MusicBrainz…', { busy: true });
    let candidates;
    try {
      candidates = await lookup(kind, value, controller.signal);
    } catch (error) {
      if (error.name === 'AbortError') return;
      this.status(error.message, { error: true });
      return;
    }
    if (controller.signal.aborted) return;
    if (!Array.isArray(candidates) || !candidates.length) {
      this.status('MusicBrainz found no release. Try other words, or add it by hand.', { error: true });
      return;
    }
    this.status(null);
    this.showCandidates(candidates);
  }

  /** One row per release: title, artist, then what tells pressings apart. */
  showCandidates(candidates) {
    const list = $('candidates');
    list.replaceChildren();
    for (const candidate of candidates) {
      const label = [candidate.label, candidate.catalog_number].filter(Boolean).join(' ');
      const details = [candidate.date ? String(candidate.date).slice(0, 4) : '', candidate.country, candidate.format, label]
        .filter(Boolean).join(' · ');
      const button = el('button', {
        class: 'candidate', props: { type: 'button' }, on: { click: () => this.choose(candidate) },
        attrs: { 'aria-label': `Add ${candidate.title} by ${candidate.artist}${details ? ', ' + details : ''}` },
      }, [
        el('span', { class: 'candidate-title', text: candidate.title }),
        el('span', { class: 'candidate-artist', text: candidate.artist }),
        el('span', { class: 'candidate-details', text: details }),
      ]);
      button.dataset.musicbrainz = candidate.musicbrainz;
      list.append(el('li', {}, [button]));
    }
  }

  /** Adds the chosen release with its tracks and cover, then opens its details. */
  async choose(candidate) {
    if (this.adding) return;
    this.adding = true;
    for (const button of $('candidates').querySelectorAll('button')) button.disabled = true;
    this.status(`Adding ${candidate.title}…`, { busy: true });
    try {
      const album = await addRelease(candidate.musicbrainz);
      this.hide();
      openAdded(this.router, album.id);
    } catch (error) {
      this.status(error.message, { error: true });
      for (const button of $('candidates').querySelectorAll('button')) button.disabled = false;
    } finally {
      this.adding = false;
    }
  }

  // ---- Barcodes: the browser's BarcodeDetector on the live camera where it exists, else a photo read on the server

  async startCamera() {
    const supported = 'BarcodeDetector' in window && navigator.mediaDevices && navigator.mediaDevices.getUserMedia;
    if (!supported) { this.status('Take a photo of the barcode: it is read on the server.'); return; }
    let detector;
    let digits;
    try {
      digits = fieldOf(await loadSchema(), 'barcode').digits;
      const formats = (await window.BarcodeDetector.getSupportedFormats()).filter((f) => FORMATS.includes(f));
      if (!formats.length) throw new Error('no product barcodes');
      detector = new window.BarcodeDetector({ formats });
      this.stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
    } catch {
      this.stream = null;
      this.status('Take a photo of the barcode: it is read on the server.');
      return;
    }
    if (this.view.hidden || this.mode !== 'barcode') { this.stopCamera(); return; }
    const video = $('barcode-video');
    video.srcObject = this.stream;
    $('barcode-camera').hidden = false;
    this.status('Hold the barcode inside the frame.');
    try { await video.play(); } catch { /* shown when it can play */ }
    const stream = this.stream;
    const look = async () => {
      if (this.stream !== stream) return;
      try {
        const found = await detector.detect(video);
        // Only as many digits as the library takes in a barcode (GET /api/schema); the server
        // judges the rest when it looks the code up.
        const code = found.find((b) => /^[0-9]+$/.test(b.rawValue) && b.rawValue.length >= digits[0] && b.rawValue.length <= digits[1]);
        if (code) { this.stopCamera(); this.found([code.rawValue]); return; }
      } catch { /* a frame not ready yet */ }
      setTimeout(look, 250);
    };
    look();
  }

  stopCamera() {
    if (this.stream) for (const track of this.stream.getTracks()) track.stop();
    this.stream = null;
    $('barcode-video').srcObject = null;
    $('barcode-camera').hidden = true;
  }

  async barcodeFromPhoto(file) {
    this.stopCamera();
    $('candidates').replaceChildren();
    this.status('Reading the barcode…', { busy: true });
    let answer;
    try {
      answer = await readBarcode(file);
    } catch (error) {
      this.status(error.message, { error: true });
      return;
    }
    this.found(answer && Array.isArray(answer.barcodes) ? answer.barcodes : []);
  }

  /** A barcode was read: it goes in the search box, and MusicBrainz is asked at once. */
  found(barcodes) {
    if (!barcodes.length) { this.status('No barcode was found in the photo.', { error: true }); return; }
    $('lookup-kind').value = 'barcode';
    this.showKind();
    $('lookup-query').value = barcodes[0];
    this.search();
  }
}

let flow = null;
/** Makes the look-up buttons of the Add view work (once, at start). */
export function bindAddLookups(router) {
  if (!flow) flow = new AddFlow(router);
}
