// Plays on the details view (PRODUCT §1.4, seed 003's listening history): "Played it" with a side
// picker records one play (POST /api/albums/ID/plays: one line in plays/YYYY.md, one commit), and
// the album's plays are listed under it, newest first. The rules live in the library; this only
// draws what GET /api/albums/ID/plays answers.
import * as api from './api.js';
import { toast } from './dialogs.js';

const SHOWN = 10; // plays listed; the rest are counted

let section = null;
let shownId = null;
let loading = 0;

const getPlays = (id) => api.request('GET', api.albumPath(id) + '/plays');
const postPlay = (id, sides) => api.request('POST', api.albumPath(id) + '/plays', { json: { sides } });

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** The section, made once, before the artist's other albums. */
function ensureSection() {
  if (section) return section;
  section = element('div', 'plays-section');
  section.id = 'plays-section';
  section.hidden = true;
  const title = element('h2', 'section-title', 'Plays');
  title.id = 'plays-title';
  const summary = element('p', 'plays-summary');
  summary.id = 'plays-summary';
  const sides = element('div', 'plays-sides');
  sides.id = 'plays-sides';
  sides.setAttribute('role', 'group');
  sides.setAttribute('aria-label', 'Sides played');
  const button = element('button', 'text-button played-button', 'Played It');
  button.type = 'button';
  button.id = 'played-button';
  const list = element('ul', 'plays-list');
  list.id = 'plays-list';
  list.setAttribute('aria-labelledby', 'plays-title');
  section.append(title, summary, sides, button, list);
  const more = document.getElementById('more-section');
  more.parentNode.insertBefore(section, more);
  return section;
}

/** The album's sides, in track order (`side` of its track list), for the picker. */
function sidesOf(album) {
  const sides = [];
  for (const track of Array.isArray(album.track_list) ? album.track_list : []) {
    if (track.side && !sides.includes(track.side)) sides.push(track.side);
  }
  return sides;
}

/** One play as a line: `2026-11-26 20:15 · sides A, B · Ada · late night`. */
export function playText(play) {
  const parts = [play.time];
  if (play.sides && play.sides.length) parts.push((play.sides.length === 1 ? 'side ' : 'sides ') + play.sides.join(', '));
  if (play.who) parts.push(play.who);
  if (play.note) parts.push(play.note);
  return parts.join(' · ');
}

function renderAnswer(answer) {
  const count = answer.plays || 0;
  document.getElementById('plays-summary').textContent = count === 0
    ? 'Not played yet.'
    : `Played ${count === 1 ? 'once' : `${count} times`}, last on ${answer.last_played}.`;
  const list = document.getElementById('plays-list');
  list.replaceChildren(...(answer.list || []).slice(0, SHOWN).map((play) => element('li', '', playText(play))));
}

async function load(id) {
  const asked = ++loading;
  try {
    const answer = await getPlays(id);
    if (asked === loading && shownId === id) renderAnswer(answer);
  } catch {
    if (asked === loading && shownId === id) document.getElementById('plays-summary').textContent = '';
  }
}

async function played(button) {
  const id = shownId;
  const sides = [...section.querySelectorAll('#plays-sides input:checked')].map((input) => input.value);
  button.disabled = true;
  try {
    const answer = await postPlay(id, sides);
    if (shownId === id) renderAnswer(answer);
    for (const input of section.querySelectorAll('#plays-sides input')) input.checked = false;
    toast(sides.length ? `Played ${sides.length === 1 ? 'side' : 'sides'} ${sides.join(', ')}.` : 'Played.');
  } catch (error) {
    toast(error.message);
  } finally {
    button.disabled = api.connection.offline;
  }
}

/** Draws the plays of the details view's album; hidden while adding or editing. */
export function renderPlays(view) {
  const node = ensureSection();
  const album = view.album;
  const visible = Boolean(album && view.mode === 'view' && !view.editing);
  node.hidden = !visible;
  if (!visible) { shownId = null; return; }
  const button = document.getElementById('played-button');
  button.onclick = () => played(button);
  button.disabled = api.connection.offline;
  if (shownId === album.id) return;
  shownId = album.id;
  const picker = document.getElementById('plays-sides');
  picker.replaceChildren();
  for (const side of sidesOf(album)) {
    const label = element('label', 'side-chip');
    const input = document.createElement('input');
    input.type = 'checkbox';
    // The heading is "Side A" (or "A"); the play line names the side as "A".
    input.value = side.replace(/^side\s+/i, '');
    label.append(input, document.createTextNode(/^side\s/i.test(side) ? side : `Side ${side}`));
    picker.append(label);
  }
  picker.hidden = picker.childElementCount === 0;
  document.getElementById('plays-summary').textContent = '';
  document.getElementById('plays-list').replaceChildren();
  load(album.id);
}
