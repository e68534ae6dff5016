// Favourite tracks and suggestions in the app (PRODUCT §1.4, seed 004): the star on each track
// of the details view, saved at once (one POST, merged into the file as it is now, like every
// save: If-Match names the version shown); the Favourites screen (every favourite track with its
// album, a tap opens the album); and Play Next (the server's suggestions, each with its reason).
// The two screens are made here, on first use, from the classes of the smart lists screen.
import * as api from './api.js';
import { toast } from './dialogs.js';
import { opened, closed } from './overlay.js';

const $ = (id) => document.getElementById(id);

const postFavourite = (album, track, favourite) =>
  api.request('POST', api.albumPath(album.id) + '/favourites', { json: { track, favourite }, ifMatch: album.version });

/**
 * The star of track `number` (1…N across all sides) of `album`, as a toggle button; a tap saves
 * it and hands the album the server answers with to `saved`.
 */
export function starButton(album, number, saved) {
  const track = (album.track_list || [])[number - 1];
  const on = Boolean(track && track.favourite);
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'icon-button track-star' + (on ? ' on' : '');
  button.textContent = on ? '★' : '☆';
  button.setAttribute('aria-pressed', String(on));
  button.setAttribute('aria-label', `Favourite: ${track ? track.name : `track ${number}`}`);
  button.disabled = api.connection.offline;
  button.addEventListener('click', async () => {
    button.disabled = true;
    try {
      saved(await postFavourite(album, number, !on));
    } catch (error) {
      toast(error.message);
      button.disabled = false;
    }
  });
  return button;
}

/** A screen over the main one, drawn like the smart lists screen. */
class Screen {
  constructor(id, title, empty) {
    this.section = document.createElement('section');
    this.section.id = id;
    this.section.className = 'view lists-view';
    this.section.hidden = true;
    this.section.setAttribute('aria-labelledby', `${id}-title`);
    const header = document.createElement('header');
    header.className = 'banner';
    const back = document.createElement('button');
    back.type = 'button';
    back.id = `${id}-back`;
    back.className = 'header-button banner-left';
    back.setAttribute('aria-label', 'Back');
    back.innerHTML = '<svg><use href="#i-back"/></svg>';
    back.addEventListener('click', () => this.close());
    const heading = document.createElement('h1');
    heading.id = `${id}-title`;
    heading.className = 'banner-title';
    heading.textContent = title;
    header.append(back, heading);
    const scroll = document.createElement('div');
    scroll.className = 'lists-scroll';
    this.error = document.createElement('p');
    this.error.className = 'details-error';
    this.error.setAttribute('role', 'alert');
    this.error.hidden = true;
    this.list = document.createElement('ul');
    this.list.id = `${id}-list`;
    this.list.className = 'smart-lists';
    this.list.setAttribute('aria-label', title);
    this.empty = document.createElement('p');
    this.empty.className = 'lists-empty';
    this.empty.textContent = empty;
    this.empty.hidden = true;
    scroll.append(this.error, this.list, this.empty);
    this.section.append(header, scroll);
    this.section.addEventListener('keydown', (event) => { if (event.key === 'Escape') this.close(); });
    document.body.append(this.section);
    this.back = back;
  }

  async open(router) {
    this.router = router;
    $('main-view').inert = true;
    this.section.hidden = false;
    opened(this.section.id, () => this.hide());
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

  hide() {
    this.section.hidden = true;
    $('main-view').inert = false;
    $('menu-button').focus();
  }

  /** Opens an album in place of this screen: the album's page takes its history entry. */
  openAlbum(id) {
    this.hide();
    this.router.go(this.router.albumHash(id, false), { replace: true });
    closed();
  }

  /** One row: the album's thumbnail, a first line, a second line; a tap opens the album. */
  row(album, first, second, third) {
    const li = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'smart-list favourite-row';
    button.dataset.id = album;
    const top = document.createElement('span');
    top.className = 'smart-list-top';
    const name = document.createElement('span');
    name.className = 'smart-list-name';
    name.textContent = first;
    top.append(name);
    button.append(top);
    for (const text of [second, third].filter(Boolean)) {
      const line = document.createElement('span');
      line.className = 'smart-list-description';
      line.textContent = text;
      button.append(line);
    }
    button.addEventListener('click', () => this.openAlbum(album));
    li.append(button);
    return li;
  }
}

const lengthText = (seconds) => {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
};

class FavouritesScreen extends Screen {
  constructor() {
    super('favourites-view', 'Favourites', 'No favourite tracks yet. Tap the star beside a track on an album’s page to keep it here.');
  }

  load() { return api.request('GET', '/api/favourites'); }

  render(entries) {
    this.empty.hidden = entries.length > 0;
    for (const entry of entries) {
      const length = typeof entry.duration === 'number' ? ` · ${lengthText(entry.duration)}` : '';
      const li = this.row(entry.album, `★ ${entry.name}`, `${entry.title} · ${entry.artist}`, `Track ${entry.position}${length}`);
      this.list.append(li);
    }
  }
}

class PlayNextScreen extends Screen {
  constructor() {
    super('play-next-view', 'Play Next', 'Nothing to suggest yet: add albums to the collection.');
  }

  load() { return api.request('GET', '/api/suggestions?count=20'); }

  render(albums) {
    this.empty.hidden = albums.length > 0;
    for (const album of albums) {
      const year = album.released ? ` · ${String(album.released).slice(0, 4)}` : '';
      this.list.append(this.row(album.id, album.title, `${album.artist}${year}`, album.reason));
    }
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
