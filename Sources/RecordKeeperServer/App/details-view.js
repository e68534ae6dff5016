// The album details view (seed §2.2.2): header, image, fields, track listing, tags, photos,
// in view, edit and add modes (§2.3). Tags and photos are saved at once; every other change
// only with Add or Save (§3.9). The fields (album-fields.js), the tracks (tracks-editor.js) and
// a save's conflicts (save-conflicts.js) are drawn by their own modules; the draft and its
// rules are album-draft.js.
import * as api from './api.js';
import { bodyOf, draftOf, sameAlbum, schema, useSchema } from './album-draft.js';
import { AlbumFields } from './album-fields.js';
import { creditedNames } from './credits.js';
import { askTag, confirmDelete, toast } from './dialogs.js';
import { $, el, iconButton, svgIcon } from './dom.js';
import { renderPlays } from './plays.js';
import { screenFrame } from './screen.js';
import { SaveConflicts } from './save-conflicts.js';
import { loadSchema } from './schema.js';
import { TracksEditor } from './tracks-editor.js';

/** Fills a "More by" link with the other album's title and year. */
function moreEntry(link, album) {
  link.classList.remove('pending');
  link.removeAttribute('aria-busy');
  link.replaceChildren(el('span', { text: album.title }));
  if (album.released) link.append(el('span', { class: 'more-year', text: String(album.released).slice(0, 4) }));
}

export class DetailsView {
  constructor(router) {
    this.router = router;
    // Its banner's buttons and title change with the mode (renderHeader); the router shows it.
    this.element = screenFrame({
      id: 'details-view', name: 'details', title: '', className: 'details', scrollClass: 'details-scroll', error: false,
      back: { id: 'cancelButton', icon: 'i-back', label: 'Back' }, onBack: () => this.cancel(), onEscape: null,
      right: { id: 'confirmButton', text: '', onClick: () => this.confirm() },
    }).view;
    this.mode = 'view';
    this.album = null;
    this.draft = draftOf(null);
    this.opened = null; // the album as the form was opened, with its version
    this.coverFile = null;
    this.coverPreview = null;
    this.busy = false;
    this.openings = 0;
    this.fields = new AlbumFields(this);
    this.tracks = new TracksEditor(this);
    this.conflicts = new SaveConflicts(this);
    // A save kept on this device until the server answers again (outbox.js).
    this.waitingNote = el('p', { class: 'details-waiting', props: { id: 'details-waiting', hidden: true }, attrs: { role: 'status' } });
    $('details-error').before(this.waitingNote);
    $('photoButton').addEventListener('click', () => $('photo-input').click());
    $('photo-input').addEventListener('change', () => this.photoChosen());
    $('gallery-add').addEventListener('click', () => $('gallery-input').click());
    $('gallery-input').addEventListener('change', () => this.addPhoto());
    $('photo-dialog').addEventListener('click', () => $('photo-dialog').close());
  }

  /** Opens the view: `add` for a blank album (or the kept add `key` the server refused), else the album `id` in view or edit mode. */
  async open({ mode, id, initial, key }) {
    const opening = ++this.openings;
    if (!schema) {
      try { useSchema(await loadSchema()); } catch { /* no catalogue (offline, never loaded): view only */ }
      if (opening !== this.openings) return;
    }
    this.mode = mode;
    this.fields.reset();
    this.tracks.editingIndex = -1;
    this.clearCover();
    $('details-error').hidden = true;
    this.conflicts.hide();
    this.adding = (mode === 'add' && this.router.outbox.changes.find((c) => c.kind === 'add' && c.key === key)) || null;
    if (mode === 'add') {
      this.album = null;
      this.draft = this.adding ? structuredClone(this.adding.draft || draftOf(this.adding.body)) : draftOf(null);
      if (this.adding && this.adding.cover) { this.coverFile = this.adding.cover; this.coverPreview = URL.createObjectURL(this.adding.cover); }
      this.render();
      this.showWaiting();
      return;
    }
    // Draw what is known at once (this view's own copy is the freshest), then the server's copy.
    const known = this.album && this.album.id === id ? this.album : initial && initial.id === id ? initial : null;
    this.album = known;
    this.draft = this.draftFor(known);
    this.opened = this.openedFrom(known);
    const waiting = this.waiting();
    if (waiting && waiting.cover) { this.coverFile = waiting.cover; this.coverPreview = URL.createObjectURL(waiting.cover); }
    this.render();
    this.element.setAttribute('aria-busy', 'true'); // until the server's copy is in
    try {
      const album = await api.getAlbum(id);
      if (opening !== this.openings) return; // another album was opened meanwhile
      this.show(album);
      this.showWaiting();
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
    if (!same) { this.draft = this.draftFor(album); this.render(); }
    this.opened = this.openedFrom(album);
  }

  /** The save of this album (or the add) waiting on this device to be sent, or null. */
  waiting() {
    if (this.mode === 'add') return this.adding;
    return this.album ? this.router.outbox.waitingSave(this.album.id) : null;
  }

  /** Whether any change of this album (a save, a tag) waits on this device. */
  anyWaiting() {
    return Boolean(this.album && this.router.outbox.changes.some((c) => c.id === this.album.id));
  }

  /** The form for `album`: the waiting save's, when one waits (it is what the collector last saved),
   * with the tags added or removed since and not yet sent. */
  draftFor(album) {
    const waiting = album ? this.router.outbox.waitingSave(album.id) : null;
    const draft = waiting ? structuredClone(waiting.draft) : draftOf(album);
    for (const change of album ? this.router.outbox.changes : []) {
      if (change.kind !== 'tag' || change.id !== album.id) continue;
      draft.tags = draft.tags.filter((t) => t !== change.tag);
      if (change.add) draft.tags.push(change.tag);
    }
    return draft;
  }

  /** The album a Save merges from: with a save waiting, the version that save was made from. */
  openedFrom(album) {
    const waiting = album ? this.router.outbox.waitingSave(album.id) : null;
    return waiting && album ? { ...album, version: waiting.version } : album;
  }

  /** The waiting save of the album shown was sent, or met a conflict: shown as it now stands. */
  outboxChanged(id, album) {
    if (this.element.hidden || !this.album || this.album.id !== id) return;
    if (album) {
      // Being edited again, the form keeps its edits: they are now changes to the version sent.
      this.album = album;
      this.opened = album;
      if (this.mode === 'edit') { this.renderWaiting(); return; }
      this.draft = this.draftFor(album);
      this.render();
      return;
    }
    const waiting = this.waiting();
    if (waiting && (waiting.conflicts || waiting.refused)) {
      if (this.mode === 'edit') this.showWaiting();
      else this.router.go(this.router.albumHash(id, true), { replace: true });
    }
    this.renderWaiting();
  }

  /** On the edit form, what a waiting save needs: its conflicts settled, or the library's word on what the server refused. */
  showWaiting() {
    const waiting = this.waiting();
    if (!waiting || !this.editing) return;
    if (waiting.conflicts) this.conflicts.show(waiting.conflicts);
    else if (waiting.refused) this.fields.check({ all: true });
  }

  renderWaiting() {
    const waiting = this.waiting();
    this.waitingNote.hidden = !waiting && (this.mode === 'add' || !this.anyWaiting());
    if (this.waitingNote.hidden) return;
    if (this.mode === 'add') {
      this.waitingNote.textContent = `This album, kept on this device, was not added. ${waiting.refused.replace(/\.?\s*$/, '.')} Fix what is marked and add it again.`;
      return;
    }
    this.waitingNote.textContent = waiting && waiting.conflicts
      ? `Your save kept on this device met changes made elsewhere: ${this.mode === 'edit' ? 'choose below' : 'tap Edit to choose'} which to keep.`
      : waiting && waiting.refused
        ? `Your save kept on this device was not saved: ${waiting.refused} ${this.mode === 'edit' ? 'Fix what is marked and save again.' : 'Tap Edit to fix it.'}`
        : 'Saved on this device: waiting to be sent when the connection is back.';
  }

  /** An album changed on disk: show it again unless the collector is editing. */
  async changed(ids) {
    if (this.element.hidden || !this.album || this.mode !== 'view') return;
    if (ids && !ids.includes(this.album.id)) return;
    try {
      const album = await api.getAlbum(this.album.id);
      if (this.mode === 'view' && this.album && album.id === this.album.id) this.show(album);
    } catch (error) {
      // The server names a file that is there but can't be read (422, its file and line); a 404 is an album gone.
      if (error.status === 422 && error.field === 'file') this.showError(error.message);
      else if (error.status === 404) this.showError('This album was removed from the collection.');
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
    const invalid = this.editing && Object.keys(this.fields.found()).length > 0;
    // Offline too: an add or a save is kept on this device (outbox.js), but only for an album
    // whose version is known; one shown from the offline copy alone has none to merge from.
    const unversioned = this.mode !== 'add' && api.connection.offline && !(this.album && this.album.version);
    confirm.disabled = this.busy || invalid || !schema || this.tracks.editingIndex >= 0 || (this.mode !== 'add' && !this.album) || unversioned;
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
    if (Object.keys(this.fields.found()).length || this.busy) return;
    this.busy = true;
    this.updateConfirm();
    $('details-error').hidden = true;
    this.conflicts.hide();
    const body = bodyOf(this.draft);
    const version = this.opened && this.opened.version;
    try {
      // The cover goes with the fields: one commit, and a refused cover writes nothing.
      if (this.mode === 'add') {
        const album = await api.addAlbum(body, this.coverFile);
        if (this.adding) this.router.outbox.forget(this.adding); // sent with this add
        this.album = album;
        this.clearCover();
        this.busy = false;
        this.router.albumChanged(album);
        this.router.back({ changed: true });
      } else {
        this.saved(await api.saveAlbum(this.album.id, body, version, this.coverFile));
      }
    } catch (error) {
      if (error.offline) {
        const adding = this.mode === 'add';
        try {
          await this.router.outbox.keep(adding
            ? { kind: 'add', id: null, key: this.adding ? this.adding.key : undefined, title: body.title, body, draft: structuredClone(this.draft), cover: this.coverFile }
            : { kind: 'save', id: this.album.id, title: this.album.title, version, body, draft: structuredClone(this.draft), cover: this.coverFile });
        } catch {
          this.busy = false;
          this.showError(`${error.message} This browser keeps nothing on the device (a private window?): save again once the connection is back.`);
          this.updateConfirm();
          return;
        }
        this.busy = false;
        this.clearCover();
        if (adding) this.router.back();
        else this.router.go(this.router.albumHash(this.album.id, false), { replace: true });
        return;
      }
      this.busy = false;
      if (error.status === 409 && error.conflicts) this.conflicts.show(error.conflicts);
      else this.showError(error.message, error.field);
      // Refused (422): the library's word on each field, as the form shows it while typing.
      if (error.status === 422 && error.field !== 'file') this.fields.check({ all: true });
      this.updateConfirm();
    }
  }

  /** The form was saved (its conflicts settled, if any): the album as the server wrote it. */
  saved(album) {
    const waiting = this.router.outbox.waitingSave(album.id);
    if (waiting) this.router.outbox.forget(waiting); // sent with this save
    this.clearCover();
    this.conflicts.hide();
    this.album = album;
    this.opened = album;
    this.busy = false;
    this.router.albumChanged(album);
    this.router.go(this.router.albumHash(album.id, false), { replace: true });
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

  // ---- The whole view

  render() {
    this.element.classList.toggle('editing', this.editing);
    this.element.classList.toggle('adding', this.mode === 'add'); // shows the look-ups (scan.js)
    this.renderHeader();
    this.renderWaiting();
    this.renderImage();
    this.fields.render();
    this.tracks.render();
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
    $('more-title').textContent = `More by ${creditedNames(this.album)}`;
    const album = this.album;
    for (const id of others) {
      const a = el('a', { props: { href: this.router.albumHash(id, false) } });
      const li = el('li', {}, [a]);
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

  // ---- Tags (§2.2.2.5, §2.2.2.6): saved at once, in every mode

  renderTags() {
    const list = $('tag-list');
    list.replaceChildren();
    for (const tag of this.draft.tags) {
      list.append(el('span', { class: 'chip', attrs: { role: 'listitem' } }, [
        iconButton('i-close', `Remove tag ${tag}`, () => this.removeTag(tag), 'chip-close'),
        el('span', { text: tag }),
      ]));
    }
    list.append(el('button', { class: 'chip add-tag', props: { type: 'button', id: 'add-tag-chip' }, on: { click: () => this.addTag() } }, [
      el('span', { text: 'Add Tag' }), svgIcon('i-plus'),
    ]));
  }

  async addTag() {
    const tag = await askTag();
    if (!tag || this.draft.tags.includes(tag)) return; // empty or already there: no effect (§3.7)
    if (this.mode === 'add') { this.draft.tags.push(tag); this.renderTags(); this.fields.validate(); return; }
    try {
      const album = await api.addTag(this.album.id, tag);
      this.tagsSaved(album);
    } catch (error) { this.tagFailed(error, tag, true); }
  }

  async removeTag(tag) {
    if (this.mode === 'add') { this.draft.tags = this.draft.tags.filter((t) => t !== tag); this.renderTags(); return; }
    try {
      const album = await api.removeTag(this.album.id, tag);
      this.tagsSaved(album);
    } catch (error) { this.tagFailed(error, tag, false); }
  }

  /** The album with the stars set on this device and not yet sent, as its tracks show them. */
  starredAlbum() {
    const stars = this.router.outbox.changes.filter((c) => c.kind === 'star' && c.id === this.album.id);
    if (!stars.length) return this.album;
    const album = { ...this.album, track_list: (this.album.track_list || []).map((t) => ({ ...t })) };
    for (const star of stars) {
      const track = album.track_list[star.track - 1];
      if (track) track.favourite = star.favourite;
    }
    return album;
  }

  /** Offline, a star is kept on this device (with the version shown, which it merges from) and shown at once. */
  async keepStar(track, favourite) {
    try {
      await this.router.outbox.keep({ kind: 'star', id: this.album.id, title: this.album.title, track, favourite, version: this.album.version });
    } catch {
      toast('No connection, and this browser keeps nothing on the device: try again once the connection is back.');
    }
    this.tracks.render();
    this.renderWaiting();
  }

  /** Offline, a tag added or removed is kept on this device and shown at once; else the server's word. */
  async tagFailed(error, tag, add) {
    if (!error.offline) { toast(error.message); return; }
    try {
      await this.router.outbox.keep({ kind: 'tag', id: this.album.id, title: this.album.title, tag, add });
    } catch {
      toast(`${error.message} This browser keeps nothing on the device: try again once the connection is back.`);
      return;
    }
    this.draft.tags = this.draft.tags.filter((t) => t !== tag);
    if (add) this.draft.tags.push(tag);
    this.renderTags();
    this.renderWaiting();
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
      const img = el('img', { props: { alt: `Photo ${photo.name}`, loading: 'lazy' } });
      img.addEventListener('load', () => img.classList.add('loaded'));
      if (typeof photo.url === 'string' && photo.url.startsWith('/')) img.src = photo.url;
      // A tap shows the photo as large as the screen allows (a label's small print, a matrix number).
      const open = el('button', {
        class: 'photo-open', props: { type: 'button' }, attrs: { 'aria-label': `Show photo ${photo.name}` },
        on: { click: () => showPhoto(img.src, img.alt) },
      }, [img]);
      const frame = el('div', { class: 'photo' }, [open]);
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
