// The album as the details form edits it (seed §2.2.2, §2.3): a draft made from an album
// object, the body of a save made from a draft, and what the form checks itself (the library's
// rules are the server's, POST /api/check). No DOM here: the views draw and change the draft.
import { labelOf, sentence, sideLetter } from './schema.js';

export const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August',
  'September', 'October', 'November', 'December'];

// The library's field catalogue (GET /api/schema), loaded before the view first draws, and
// the collector's fields (docs/album-format.md, "The collector's fields") it lists, the status first (owned or on the wantlist).
export let schema = null;
export let collectorFields = [];

/** How every view shows a field with no value. */
export const EMPTY = '—';

/** Takes the catalogue the forms are drawn and checked with. */
export function useSchema(loaded) {
  schema = loaded;
  collectorFields = loaded.fields.filter((f) => f.collector);
  collectorFields.sort((a, b) => (b.name === 'status') - (a.name === 'status'));
}

const capitalized = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** A choice field's options as [value, text]: absent first (shown as the default, if any). */
export function optionsOf(field) {
  const text = (value) => (field.rule_kind === 'number' ? '★'.repeat(Number(value)) : capitalized(value));
  return [['', field.default ? capitalized(field.default) : ''],
    ...field.values.filter((v) => v !== field.default).map((v) => [v, text(v)])];
}

const pad = (n, width) => String(n).padStart(width, '0');

/** `released` as the form sends it (year zero-padded; a day only with a month), or null. */
function releasedOf(draft) {
  if (!draft.year) return null;
  let released = pad(+draft.year, 4);
  if (draft.month) released += '-' + pad(+draft.month, 2);
  if (draft.month && draft.day) released += '-' + pad(+draft.day, 2);
  return released;
}

/**
 * What the form checks itself, offline too, as {field: sentence}: the names it needs, and a
 * date's parts in order (a day needs its month, a month its year). Every other rule is the
 * library's, asked of the server (POST /api/check, `checkedProblems`).
 */
export function problems(draft) {
  const found = {};
  if (!schema) return found;
  for (const name of ['title', 'artist']) if (!draft[name].trim()) found[name] = sentence(labelOf(schema, name), schema.messages.required);
  const say = (message) => sentence(labelOf(schema, 'released'), message);
  if (!draft.year && (draft.month || draft.day)) found.year = say(schema.messages.date_year);
  else if (draft.day && !draft.month) found.day = say(schema.messages.date_day_without_month);
  return found;
}

/**
 * The library's word on the form (POST /api/check's `problems`) as {field: sentence}: the
 * date's under its year, track or tag N's under `tracks-N` or `tags-N` (0-based), the first of each.
 */
export function checkedProblems(list) {
  const found = {};
  for (const { field, index, message } of list) {
    const item = index == null ? null : `${field === 'tracks' ? 'track' : 'tag'} ${index + 1} `;
    const key = field === 'released' ? 'year' : item ? `${field}-${index}` : field;
    if (!found[key]) found[key] = sentence(labelOf(schema, field), item ? item + message : message);
  }
  return found;
}

/** A length in seconds (the API's `duration`) as the file writes it: m:ss or h:mm:ss. */
export function lengthText(seconds) {
  const s = Math.floor(seconds % 60).toString().padStart(2, '0');
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}:${s}`;
  return `${Math.floor(minutes / 60)}:${(minutes % 60).toString().padStart(2, '0')}:${s}`;
}

/**
 * The tracks as they are edited: `sides` holds the `###` headings in order (side k is
 * `sides[k - 1]`); each track is its text (the name, with its length as the file writes it)
 * and its side, 0 for a track before any heading (docs/album-format.md, "Sides and durations").
 */
function trackDraft(album) {
  const sides = [];
  const list = album && Array.isArray(album.track_list) && album.track_list.length === (album.tracks || []).length
    ? album.track_list
    : (album ? album.tracks || [] : []).map((name) => ({ name, side: null, duration: null }));
  const tracks = list.map((t) => {
    if (t.side && sides[sides.length - 1] !== t.side) sides.push(t.side);
    const text = typeof t.duration === 'number' ? `${t.name} (${lengthText(t.duration)})` : t.name;
    return { text, side: t.side ? sides.length : 0 };
  });
  return { sides, tracks };
}

/** The heading of a new side: the letter after the last side's, `Side A` for the first. */
export function nextSideName(sides) {
  const last = sideLetter(sides[sides.length - 1]);
  if (last && /^[A-Ya-y]$/.test(last)) return `Side ${String.fromCharCode(last.toUpperCase().charCodeAt(0) + 1)}`;
  return `Side ${String.fromCharCode(65 + Math.min(sides.length, 25))}`;
}

/** Each track's position as rk shows it: numbers again from 1 under each heading, `A1` under `Side A`. */
export function positions(draft) {
  const numbers = new Map();
  return draft.tracks.map((t) => {
    const n = (numbers.get(t.side) || 0) + 1;
    numbers.set(t.side, n);
    const letter = t.side ? sideLetter(draft.sides[t.side - 1]) : null;
    return letter ? `${letter}${n}` : String(n);
  });
}

/**
 * Where a move takes track `index` of the draft, as `rk track up/down` moves it: `{swap: i}`
 * with its neighbour on the same side; at a side's edge `{side: k}`, onto the side before (as
 * its last track) or after (as its first); null at the very top or bottom (no effect, §3.9).
 */
export function moveTarget(draft, index, by) {
  const tracks = draft.tracks;
  const track = tracks[index];
  const other = tracks[index + by];
  if (other && other.side === track.side) return { swap: index + by };
  const side = track.side + by;
  if (by > 0 && side > draft.sides.length) return null;
  // Before the first heading only where tracks already are.
  if (by < 0 && (side < 0 || (side === 0 && !tracks.some((t) => t.side === 0)))) return null;
  return { side };
}

export function draftOf(album) {
  const [year = '', month = '', day = ''] = (album && album.released ? album.released : '').split('-');
  const draft = {
    title: album ? album.title || '' : '',
    artist: album ? album.artist || '' : '',
    sort_artist: album ? album.sort_artist || '' : '',
    wikipedia: album ? album.wikipedia || '' : '',
    year: year ? String(+year) : '',
    month: month ? String(+month) : '',
    day: day ? String(+day) : '',
    ...trackDraft(album),
    tags: album ? (album.tags || []).slice() : [],
  };
  for (const field of collectorFields) {
    const value = album ? album[field.name] : null;
    draft[field.name] = value == null ? '' : String(value);
  }
  return draft;
}

/** The body of POST and PUT /api/albums: the whole editable album. */
export function bodyOf(draft) {
  const released = releasedOf(draft);
  const optional = (text) => (text.trim() ? text.trim() : null);
  const body = {
    title: draft.title.trim(),
    artist: draft.artist.trim(),
    sort_artist: optional(draft.sort_artist),
    released,
    wikipedia: optional(draft.wikipedia),
    // With its sides: the server finds each side by its heading, or adds it after the last.
    track_list: draft.tracks
      .map((t) => ({ name: t.text.trim(), side: t.side ? draft.sides[t.side - 1] : null }))
      .filter((t) => t.name),
    tags: draft.tags.slice(),
  };
  for (const field of collectorFields) {
    const value = optional(draft[field.name] || '');
    body[field.name] = field.kind === 'choice' && field.rule_kind === 'number' && value ? Number(value) : value;
  }
  return body;
}

/** The key of the save body that holds a field the server names in a conflict. */
export function bodyKey(field) {
  return field === 'tracks' ? 'track_list' : field;
}

/** Whether two copies of an album show the same (the list's copy also has its group). */
export function sameAlbum(a, b) {
  const strip = ({ group, ...rest }) => rest;
  return JSON.stringify(strip(a)) === JSON.stringify(strip(b));
}

/**
 * The body that settles a save's conflicts (docs/merging.md, "The app's save is the same merge"): the form as it is and, for each field
 * the conflict named, the side chosen (`choices`: field → 'ours', 'theirs' or {value}). It is sent with
 * the version the form was opened at, so the server merges it as any save: a track renamed or
 * a tag added in the file meanwhile is kept whichever side is chosen.
 */
export function settledBody(draft, choices) {
  return { ...bodyOf(draft), choices: Object.fromEntries(choices) };
}
