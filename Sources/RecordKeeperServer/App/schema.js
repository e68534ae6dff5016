// The library's field catalogue (GET /api/schema): names, labels, kinds, limits, allowed
// values and messages (docs/architecture.md, "The app takes its rules from the library"). The app keeps no table of its
// own and judges no value: the forms ask the server (POST /api/check), and a save it refuses
// shows its message on the field. What is left here splits a track for display, as the
// library does.

let loading = null;

/** The catalogue, fetched once (the service worker keeps a copy for offline use). */
export function loadSchema() {
  if (!loading) {
    loading = fetch('/api/schema', { credentials: 'same-origin' })
      .then((response) => {
        if (!response.ok) throw new Error(`The server sent no field catalogue (${response.status}).`);
        return response.json();
      })
      .catch((error) => { loading = null; throw error; });
  }
  return loading;
}

/** The description of the field called `name`, or null. */
export function fieldOf(schema, name) {
  return (schema && schema.fields.find((f) => f.name === name)) || null;
}

/** What a form or a conflict calls a field: the catalogue's label, else its name. */
export function labelOf(schema, name) {
  const field = fieldOf(schema, name);
  return field ? field.label : name;
}

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** A text's characters as Swift counts them: grapheme clusters (an emoji family is one). */
export function graphemes(text) {
  return Array.from(segmenter.segment(text), (s) => s.segment);
}

/**
 * A track item's text split into its name and its length in seconds (docs/album-format.md, "Sides and durations"):
 * `{name, seconds}`; seconds null when it ends in no length (`(4:75)` stays in the name).
 */
export function splitTrack(text) {
  const trimmed = text.trim();
  const whole = { name: trimmed, seconds: null };
  if (!trimmed.endsWith(')')) return whole;
  const open = trimmed.lastIndexOf('(');
  if (open < 0) return whole;
  const parts = trimmed.slice(open + 1, -1).split(':');
  if (parts.length < 2 || !parts.every((p) => /^[0-9]+$/.test(p))) return whole;
  const name = trimmed.slice(0, open).replace(/[ \t]+$/, '');
  if (!name) return whole;
  let seconds = 0;
  const valid = parts.length <= 3 && parts[0].length <= 6 && parts.every((p, i) => i === 0 || (p.length === 2 && Number(p) < 60));
  if (!valid) return whole;
  for (const p of parts) seconds = seconds * 60 + Number(p);
  return { name, seconds };
}

/**
 * The letter of a side whose heading is `Side X` (`Side A` → A), as the library gives
 * positions (A1, B2); null for any other heading (`Disc 2`), whose tracks are numbered alone.
 */
export function sideLetter(heading) {
  const chars = graphemes(heading || '');
  if (chars.length <= 5 || chars.slice(0, 5).join('').toLowerCase() !== 'side ') return null;
  const letter = chars.slice(5).join('').replace(/^ +/, '');
  return !letter || letter.includes(' ') ? null : letter;
}

/** A message as a sentence under a field: "Album name is required…", "The year must…". */
export function sentence(label, message) {
  if (/^(is|must|ends) /.test(message)) return `${label} ${message}`;
  return message.charAt(0).toUpperCase() + message.slice(1);
}
