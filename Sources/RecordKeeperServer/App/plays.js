// Plays on the details view (docs/commands.md, "Plays and statistics", seed 003's listening history): "Played it" with a side
// picker records one play (POST /api/albums/ID/plays: one line in plays/YYYY.md, one commit), and
// the album's plays are listed under it, newest first. The rules live in the library; this only
// draws what GET /api/albums/ID/plays answers.
import * as api from './api.js';
import { toast } from './dialogs.js';
import { $, el } from './dom.js';

const SHOWN = 10; // plays listed; the rest are counted

let section = null;
let shownId = null;
let shownPlays = null; // the album object's plays and last play when its list was asked for
let loading = 0;

const getPlays = (id) => api.request('GET', api.albumPath(id) + '/plays');

/** The section, made once, before the artist's other albums. */
function ensureSection() {
  if (section) return section;
  section = el('div', { class: 'plays-section', props: { id: 'plays-section', hidden: true } }, [
    el('h2', { class: 'section-title', text: 'Plays', props: { id: 'plays-title' } }),
    el('p', { class: 'plays-summary', props: { id: 'plays-summary' } }),
    el('div', { class: 'plays-sides', props: { id: 'plays-sides' }, attrs: { role: 'group', 'aria-label': 'Sides played' } }),
    el('button', { class: 'text-button played-button', text: 'Played It', props: { type: 'button', id: 'played-button' } }),
    el('ul', { class: 'plays-list', props: { id: 'plays-list' }, attrs: { 'aria-labelledby': 'plays-title' } }),
  ]);
  const more = $('more-section');
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
  $('plays-summary').textContent = count === 0
    ? 'Not played yet.'
    : `Played ${count === 1 ? 'once' : `${count} times`}, last on ${answer.last_played}.`;
  const list = $('plays-list');
  list.replaceChildren(...(answer.list || []).slice(0, SHOWN).map((play) => el('li', { text: playText(play) })));
}

async function load(id) {
  const asked = ++loading;
  try {
    const answer = await getPlays(id);
    if (asked === loading && shownId === id) renderAnswer(answer);
  } catch {
    if (asked === loading && shownId === id) $('plays-summary').textContent = '';
  }
}

/** The device's local time as a play line writes it, `YYYY-MM-DD HH:MM`. */
function localTime(now) {
  const two = (n) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())} ${two(now.getHours())}:${two(now.getMinutes())}`;
}

async function played(button, view) {
  const id = shownId;
  const sides = [...section.querySelectorAll('#plays-sides input:checked')].map((input) => input.value);
  const said = sides.length ? `Played ${sides.length === 1 ? 'side' : 'sides'} ${sides.join(', ')}.` : 'Played.';
  const at = localTime(new Date()); // offline, the play is sent later with the time it was played
  button.disabled = true;
  try {
    const answer = await api.postPlay(id, sides);
    if (shownId === id) renderAnswer(answer);
    for (const input of section.querySelectorAll('#plays-sides input')) input.checked = false;
    toast(said);
  } catch (error) {
    if (!error.offline) { toast(error.message); return; }
    try {
      await view.router.outbox.keep({ kind: 'play', id, title: view.album.title, sides, at });
    } catch {
      toast(`${error.message} This browser keeps nothing on the device: try again once the connection is back.`);
      return;
    }
    for (const input of section.querySelectorAll('#plays-sides input')) input.checked = false;
    view.renderWaiting();
    toast(`${said} Kept on this device until the connection is back.`);
  } finally {
    button.disabled = false;
  }
}

/** Draws the plays of the details view's album; hidden while adding or editing. */
export function renderPlays(view) {
  const node = ensureSection();
  const album = view.album;
  const visible = Boolean(album && view.mode === 'view' && !view.editing);
  node.hidden = !visible;
  if (!visible) { shownId = null; return; }
  const button = $('played-button');
  button.onclick = () => played(button, view);
  const plays = `${album.plays}|${album.last_played}`;
  if (shownId === album.id) {
    // A play recorded elsewhere (another client, `rk play`) reaches the open album through the
    // change events: its list is asked for again, the sides ticked meanwhile kept.
    if (shownPlays !== plays) { shownPlays = plays; load(album.id); }
    return;
  }
  shownId = album.id;
  shownPlays = plays;
  const picker = $('plays-sides');
  picker.replaceChildren();
  for (const side of sidesOf(album)) {
    // The heading is "Side A" (or "A"); the play line names the side as "A".
    const input = el('input', { props: { type: 'checkbox', value: side.replace(/^side\s+/i, '') } });
    picker.append(el('label', { class: 'side-chip' }, [input, /^side\s/i.test(side) ? side : `Side ${side}`]));
  }
  picker.hidden = picker.childElementCount === 0;
  $('plays-summary').textContent = '';
  $('plays-list').replaceChildren();
  load(album.id);
}
