// The library's field catalogue (GET /api/schema): names, labels, kinds, limits, allowed
// values and messages (PRODUCT §5 "One home for every rule"). The app keeps no table of its
// own; the few checks below only interpret the catalogue's kinds, and a browser test holds
// them to Tests/Fixtures/validation-cases.json, which the Swift tests write from the library.
// The server stays the authority: a save it refuses shows its message on the field.

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

/** The number of characters of `text`, as the 255-character limit counts them. */
export function characterCount(text) {
  let count = 0;
  for (const _ of segmenter.segment(text)) count += 1;
  return count;
}

const fill = (template, values) => template.replace(/\{(\w+)\}/g, (all, key) => (key in values ? String(values[key]) : all));
const isBlank = (text) => /^\p{White_Space}*$/u.test(text);
// Line feed to carriage return, next line, line and paragraph separators.
const LINE_BREAK = /[\n\v\f\r\u0085\u2028\u2029]/;
const ASCII_DIGIT = /^[0-9]$/;
// Character.isHexDigit also takes the full-width forms.
const HEX_DIGIT = /^[0-9a-fA-F\uFF10-\uFF19\uFF21-\uFF26\uFF41-\uFF46]$/;

/** The rules every text follows: present when required, at most max_length characters, one line. */
function textProblems(schema, text, required) {
  if (text == null || isBlank(text)) return required ? [schema.messages.required] : [];
  const found = [];
  const count = characterCount(text);
  if (count > schema.max_length) found.push(fill(schema.messages.too_long, { count }));
  if (LINE_BREAK.test(text)) found.push(schema.messages.single_line);
  return found;
}

const daysIn = (month, year) => (month === 2 ? ((year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28)
  : [4, 6, 9, 11].includes(month) ? 30 : 31);

/**
 * A date written YYYY, YYYY-MM or YYYY-MM-DD (with or without zero padding), read as the
 * library reads it: {year, month, day} (month and day undefined when not written), or
 * {error} naming the rule it breaks: malformed, year, month or day.
 */
export function readDate(text) {
  const numbers = [];
  let value = 0;
  let digits = 0;
  for (const c of text) {
    if (c === '-' && digits >= 1 && digits <= 4 && numbers.length < 2) {
      numbers.push(value);
      value = 0;
      digits = 0;
    } else if (c >= '0' && c <= '9' && digits < 4) {
      value = value * 10 + Number(c);
      digits += 1;
    } else {
      return { error: 'malformed' };
    }
  }
  if (digits === 0) return { error: 'malformed' };
  numbers.push(value);
  const [year, month, day] = numbers;
  if (year < 1 || year > 9999) return { error: 'year' };
  if (month !== undefined && (month < 1 || month > 12)) return { error: 'month' };
  if (day !== undefined && (day < 1 || day > daysIn(month, year))) return { error: 'day', year, month, day };
  return { year, month, day };
}

/**
 * What is wrong with a date, as {part, message} (part: year, month or day), or null when
 * it is a real date.
 */
export function dateProblem(schema, text) {
  const m = schema.messages;
  const date = readDate(text);
  switch (date.error) {
    case 'malformed': return { part: 'year', message: fill(m.date_malformed, { value: text }) };
    case 'year': return { part: 'year', message: m.date_year };
    case 'month': return { part: 'month', message: m.date_month };
    case 'day': return { part: 'day', message: fill(m.date_day, { year: date.year, month: String(date.month).padStart(2, '0'), day: date.day }) };
    default: return null;
  }
}

/** Whether `text` is an http(s) address with a host and no spaces, as the library decides. */
function isWebAddress(text) {
  const chars = graphemes(text);
  const scheme = ['https://', 'http://'].find((s) => chars.slice(0, s.length).join('').toLowerCase() === s);
  if (!scheme) return false;
  const rest = chars.slice(scheme.length);
  // Character.isWhitespace looks at a character's first scalar.
  return rest.length > 0 && rest[0] !== '/' && !chars.some((c) => /^\p{White_Space}/u.test(c));
}

function isUUID(text) {
  const groups = [[]];
  for (const c of graphemes(text)) {
    if (c === '-') groups.push([]);
    else groups[groups.length - 1].push(c);
  }
  return groups.map((g) => g.length).join() === '8,4,4,4,12' && groups.every((g) => g.every((c) => HEX_DIGIT.test(c)));
}

/**
 * A track item's text split into its name and its length in seconds (PRODUCT §1.2):
 * `{name, seconds}`, or `{name, invalid}` when it ends in a group that looks like a length
 * but is not one (`(4:75)`).
 */
export function splitTrack(text) {
  const trimmed = text.trim();
  const whole = { name: trimmed, seconds: null, invalid: null };
  if (!trimmed.endsWith(')')) return whole;
  const open = trimmed.lastIndexOf('(');
  if (open < 0) return whole;
  const parts = trimmed.slice(open + 1, -1).split(':');
  if (parts.length < 2 || !parts.every((p) => /^[0-9]+$/.test(p))) return whole;
  const name = trimmed.slice(0, open).replace(/[ \t]+$/, '');
  if (!name) return whole;
  let seconds = 0;
  const valid = parts.length <= 3 && parts[0].length <= 6 && parts.every((p, i) => i === 0 || (p.length === 2 && Number(p) < 60));
  if (!valid) return { ...whole, invalid: trimmed.slice(open) };
  for (const p of parts) seconds = seconds * 60 + Number(p);
  return { name, seconds, invalid: null };
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

/** The problems of one value of one field, worded as the library words them (without `field: `). */
function valueProblems(schema, field, value) {
  switch (field.kind) {
    case 'date': {
      const problem = dateProblem(schema, value);
      return problem ? [problem.message] : [];
    }
    case 'web_address': return isWebAddress(value) ? [] : [fill(field.message, { value })];
    case 'choice': {
      const read = (field.aliases && field.aliases[value.toLowerCase()]) || value; // Discogs' long grade names
      return field.values.includes(read) ? [] : [fill(field.message, { value })];
    }
    case 'barcode': {
      const digits = graphemes(value).filter((c) => c !== ' ' && c !== '-');
      const [low, high] = field.digits;
      return digits.length >= low && digits.length <= high && digits.every((c) => ASCII_DIGIT.test(c)) ? [] : [fill(field.message, { value })];
    }
    case 'digits': return value !== '' && graphemes(value).every((c) => ASCII_DIGIT.test(c)) ? [] : [fill(field.message, { value })];
    case 'uuid': return isUUID(value) ? [] : [fill(field.message, { value })];
    default: return [];
  }
}

/**
 * Every problem of field `name` holding `value` (text, or a list for tracks and tags),
 * as `rk check` words it after `field: `. A blank optional field is absent: no problem.
 */
export function problemsOf(schema, name, value) {
  const field = fieldOf(schema, name);
  if (!field) return [];
  if (field.kind === 'tracks') {
    return value.flatMap((text, i) => {
      const found = textProblems(schema, text, true);
      const { invalid } = splitTrack(text);
      if (invalid && !isBlank(text)) found.push(fill(field.message, { group: invalid }));
      return found.map((m) => `track ${i + 1} ${m}`);
    });
  }
  if (field.kind === 'tags') {
    const seen = new Set();
    return value.flatMap((tag, i) => {
      const found = textProblems(schema, tag, true).map((m) => `tag ${i + 1} ${m}`);
      if (seen.has(tag)) found.push(fill(field.message, { value: tag }));
      seen.add(tag);
      return found;
    });
  }
  const found = textProblems(schema, value, field.required);
  if (value != null && !isBlank(value)) found.push(...valueProblems(schema, field, value));
  return found;
}

/** A message as a sentence under a field: "Album name is required…", "The year must…". */
export function sentence(label, message) {
  if (/^(is|must|ends) /.test(message)) return `${label} ${message}`;
  return message.charAt(0).toUpperCase() + message.slice(1);
}
