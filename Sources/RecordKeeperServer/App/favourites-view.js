// Favourite tracks and suggestions in the app (PRODUCT §1.4, seed 004): the star on each track
// of the details view, saved at once (one POST, merged into the file as it is now, like every
// save: If-Match names the version shown); the Favourites screen (every favourite track with its
// album, a tap opens the album); and Play Next (the server's suggestions, each with its reason).
// The two screens are made here, on first use, in the frame and classes of the smart lists screen.
import { lengthText } from './album-draft.js';
import * as api from './api.js';
import { toast } from './dialogs.js';
import { el } from './dom.js';
import { closed, hideOverlay, showOverlay } from './overlay.js';
import { screenFrame } from './screen.js';

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

/** A screen over the main one, drawn like the smart lists screen. */
class Screen {
  constructor(id, title, empty) {
    this.list = el('ul', { class: 'smart-lists', props: { id: `${id}-list` }, attrs: { 'aria-label': title } });
    this.empty = el('p', { class: 'lists-empty', text: empty, props: { hidden: true } });
    Object.assign(this, screenFrame({
      id, name: id, title, className: 'lists-view', onBack: () => this.close(), content: [this.list, this.empty],
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
    super('favourites-view', 'Favourites', 'No favourite tracks yet. Tap the star beside a track on an album’s page to keep it here.');
  }

  load() { return api.request('GET', '/api/favourites'); }

  rowOf(entry) {
    const length = typeof entry.duration === 'number' ? ` · ${lengthText(entry.duration)}` : '';
    return this.row(entry.album, `★ ${entry.name}`, `${entry.title} · ${entry.artist}`, `Track ${entry.position}${length}`);
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
