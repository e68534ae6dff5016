// Search within the offline copy when there is no signal (docs/commands.md, "Searching",
// "Rules and smart lists"). Online, the server searches; this is only the read-only fallback, and it runs the
// library's rules: Tests/Fixtures/search-cases.json, written by the Swift tests from the
// library's matcher, is run through it by Tests/app/search.test.mjs and test_schema.py. Each
// album comes with what the library read of it (GET /api/changes): `search`, its text folded
// for terms, and `rules`, what its `@field` rules read (presence, numbers, dates as YYYYMMDD).
// Only the query is read and folded here. What it cannot know offline (smart lists, `@NAME`;
// notes, which the copy does not hold as the library reads them; tag counts) it refuses with
// "This search needs the server". Refusing more than the library would is safe; finding
// otherwise is not.
import { graphemes, loadSchema } from './schema.js';

let catalogue = null;
loadSchema().then((loaded) => { catalogue = loaded; }, () => { /* offline before it was ever loaded */ });

/** Why a query cannot be run here; the app shows the message in place of the list. */
export class SearchError extends Error {
  constructor(reason) {
    super(`This search needs the server: ${reason}.`);
    this.needsServer = true;
  }
}

// ---- Folding (TextFolding.swift): case folding over the compatibility decomposition, marks dropped

// Letters that carry their mark inside and so do not decompose.
const LETTERS = { 'ø': 'o', 'æ': 'ae', 'œ': 'oe', 'ß': 'ss', 'đ': 'd', 'ð': 'd', 'ł': 'l', 'þ': 'th', 'ı': 'i', 'ħ': 'h' };
// Kana (not its voicing marks), CJK ideographs and composed Hangul have no case and no marks to fold.
const UNCHANGED = /^[\u3040-\u3098\u309B-\u30FF\u3400-\u9FFF\uAC00-\uD7A3\uF900-\uFAFF]$/;
// Marks dropped: all nonspacing ones but the kana voicing marks, which are part of the letter.
const MARK = /^(?![\u3099\u309A])\p{Mn}$/u;
// What is joined to the letter before, as NFC would: Hangul vowel and final jamo, kana voicing marks.
const JOINING = /^[\u1161-\u1175\u11A8-\u11C2\u3099\u309A]$/;

/** Case- and diacritic-insensitive form of a text ("Björk" → "bjork", "Straße" → "strasse", "Søren" → "soren"). */
export function fold(text) {
  const input = String(text ?? '');
  // eslint-disable-next-line no-control-regex
  if (/^[\x00-\x7F]*$/.test(input)) return input.toLowerCase();
  const out = [];
  for (const scalar of input) {
    if (UNCHANGED.test(scalar)) { out.push(scalar); continue; }
    for (const c of scalar.normalize('NFKD').toUpperCase().toLowerCase()) {
      if (MARK.test(c)) continue;
      const joined = out.length > 0 && JOINING.test(c) ? (out[out.length - 1] + c).normalize('NFC') : '';
      if ([...joined].length === 1) out[out.length - 1] = joined;
      else out.push(...(LETTERS[c] ?? c));
    }
  }
  return out.join('');
}

// ---- Reading a query (SearchQuery.swift, RuleSemantics.make), character by character as Swift counts them

const isSpace = (c) => c !== undefined && /^\p{White_Space}/u.test(c);
// `count(#PREFIX:)` (as the library spots it at a term's start; anywhere here, which only refuses more).
const TAG_COUNT = /count\((\p{White_Space}\p{M}*)*#/iu;

/** Int(text) for a rule's number (no `+`), within 64 bits; else null. */
function wholeNumber(text) {
  if (!/^-?[0-9]+$/.test(text) || BigInt(text) < -(2n ** 63n) || BigInt(text) >= 2n ** 63n) return null;
  return Number(text);
}

/** ReleaseDate(parsing:): YYYY, YYYY-MM or YYYY-MM-DD, padded or not, as {key: YYYYMMDD, precision 0…2}; else null. */
function readDate(text) {
  const parts = /^([0-9]{1,4})(?:-([0-9]{1,4})(?:-([0-9]{1,4}))?)?$/.exec(text);
  if (!parts) return null;
  const [year, month = 0, day = 0] = parts.slice(1).filter(Boolean).map(Number);
  // Date.UTC reads years 0–99 as 1900–1999, which are leap years alike.
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (year < 1 || year > 9999 || (parts[2] && (month < 1 || month > 12)) || (parts[3] && (day < 1 || day > days))) return null;
  return { key: year * 10000 + month * 100 + day, precision: parts.filter(Boolean).length - 2 };
}

/** The terms and clauses of a query, as SearchQuery(parsing:) reads them; throws a SearchError where it refuses. */
function parse(query, fields) {
  const c = graphemes(query);
  let i = 0;
  const terms = [];
  const clauses = [];
  const refuse = (what) => { throw new SearchError(`"${query}" has ${what}`); };
  const escapes = (at) => c[at] === '\\' && (c[at + 1] === '"' || c[at + 1] === '\\');
  const ends = (ch, inClause) => ch === ' ' || (inClause && (isSpace(ch) || ch === ',' || ch === ')'));

  // A rule's value, up to a space (or a comma or parenthesis in a clause); quoted parts hold anything.
  const value = (inClause, closing) => {
    let text = '';
    let quoted = false;
    while (i < c.length && !ends(c[i], inClause) && !(closing && c[i] === ')')) {
      if (c[i] !== '"') {
        if (escapes(i)) i += 1;
        text += c[i++];
        continue;
      }
      quoted = true;
      for (i += 1; c[i] !== '"'; i += 1) {
        if (i >= c.length) refuse('a quote that is not closed');
        if (escapes(i)) i += 1;
        text += c[i];
      }
      i += 1;
    }
    return { text, quoted };
  };

  const operand = (text, field) => {
    const read = field.rule_kind === 'date' ? readDate(text) : { key: wholeNumber(text) };
    if (read && read.key !== null) return read;
    return refuse(`"${text}", which is not a ${field.rule_kind === 'date' ? 'date' : 'whole number'} for @${field.name}`);
  };

  // What each kind of field allows after `@field:`.
  const test = (field, comparison, { text, quoted }) => {
    const kind = field.rule_kind;
    if (kind === 'presence') refuse(`@${field.name} with a value (it can only be present or not)`);
    if (field.name === 'notes') throw new SearchError('notes are searched on the server');
    if (kind === 'text' || kind === 'tags') {
      if (!text || (comparison !== '' && comparison !== '=')) refuse(`@${field.name} without text to look for, or compared as a number`);
      return comparison ? { equals: fold(text) } : { contains: fold(text) };
    }
    const range = comparison === '' && !quoted ? text.indexOf('..') : -1;
    if (range >= 0) return { range: [operand(text.slice(0, range), field), operand(text.slice(range + 2), field)] };
    return { compare: comparison, operand: operand(text, field) };
  };

  const rule = (inClause) => {
    if (c[i++] === '#') {
      const { text } = value(inClause, false);
      return text ? { tag: text } : refuse('a # without a tag');
    }
    const start = i;
    while (i < c.length && /^[\p{Alphabetic}\p{N}_-]/u.test(c[i])) i += 1;
    const name = c.slice(start, i).join('');
    if (!name) refuse('an @ without a field or smart list');
    if (!fields) throw new SearchError('the list of fields has not been loaded yet');
    const field = fields.get(name.toLowerCase().replace(/-/g, '_'));
    if (!field && (i >= c.length || ends(c[i], inClause))) throw new SearchError(`@${name} is a smart list, which is read on the server`);
    if (!field) refuse(`no field "${name}"`);
    if (i >= c.length || ends(c[i], inClause)) return { field, test: { present: true } };
    const open = c[i++];
    if (open !== ':' && open !== '(') refuse(`@${field.name} without : before its value`);
    const comparison = ['>=', '<=', '>', '<', '='].find((s) => c.slice(i, i + s.length).join('') === s) ?? '';
    i += comparison.length;
    const read = test(field, comparison, value(inClause, open === '('));
    if (open === '(' && c[i++] !== ')') refuse(`@${field.name}( without its closing parenthesis`);
    return { field, test: read };
  };

  const clause = (negative) => {
    const rules = [];
    for (;;) {
      while (isSpace(c[i])) i += 1;
      if (c[i] !== '#' && c[i] !== '@') refuse('a clause holding something that is not a rule');
      rules.push(rule(true));
      while (isSpace(c[i])) i += 1;
      const next = c[i++];
      if (next === ')') return { negative, rules };
      if (next !== ',') refuse('a clause without its closing parenthesis');
    }
  };

  // A term up to the next unquoted space; a sign counts only as its first character, unquoted.
  const plainTerm = () => {
    let text = '';
    let quoted = false;
    let kind = 'plain';
    for (let first = true; i < c.length && (quoted || c[i] !== ' '); first = false, i += 1) {
      if (escapes(i)) text += c[++i];
      else if (c[i] === '"') quoted = !quoted;
      else if (first && (c[i] === '+' || c[i] === '-')) kind = c[i] === '+' ? 'required' : 'excluded';
      else text += c[i];
    }
    if (text) terms.push({ kind, folded: fold(text) });
  };

  // `+(…)`, `+ (…)`, `-#jazz`, `- #jazz` (a sign alone is ignored), `#jazz`, `@year:>2010`, or a term.
  while (i < c.length) {
    if (c[i] === ' ') { i += 1; continue; }
    const sign = c[i] === '+' || c[i] === '-' ? c[i] : null;
    let next = sign ? i + 1 : i;
    while (sign && c[next] === ' ') next += 1;
    let after = next + 1;
    while (isSpace(c[after])) after += 1;
    if (sign && c[next] === '(' && [undefined, '#', '@', ')'].includes(c[after])) {
      i = next + 1;
      clauses.push(clause(sign === '-'));
    } else if (c[next] === '#' || c[next] === '@') {
      i = next;
      clauses.push({ negative: sign === '-', rules: [rule(false)] });
    } else {
      plainTerm();
    }
  }
  return { terms, clauses };
}

// ---- Matching (SearchMatcher.swift, RuleSemantics.holds, CompiledClauses.swift) on the values the library read

const compare = (a, op, b) => (op === '<' ? a < b : op === '<=' ? a <= b : op === '>' ? a > b : op === '>=' ? a >= b : a === b);
// A YYYYMMDD date at a precision (0 year, 1 month, 2 day), a part not written counting as the first; a number as itself.
const at = (key, precision) => {
  const [year, month, day] = [Math.floor(key / 10000), Math.floor(key / 100) % 100 || 1, key % 100 || 1];
  return precision === undefined ? key : [year, year * 100 + month, year * 10000 + month * 100 + day][precision];
};
const textHolds = (test, text) => (test.contains !== undefined ? fold(text).includes(test.contains) : fold(text) === test.equals);

/** The digits of a barcode written with spaces or hyphens (at least `least`), else null (BarcodeDigits.swift). */
function digitsOf(text, least = 1) {
  if (!/^[0-9 -]+$/.test(text)) return null;
  const digits = text.replace(/[ -]/g, '');
  return digits.length >= least && digits.length < text.length ? digits : null;
}

/** Whether `album` passes the test of one `@field` rule. */
function holds({ field, test }, album) {
  const rules = album.rules || { present: [] };
  if (test.present) return rules.present.includes(field.name);
  const value = field.name in rules ? rules[field.name] : album[field.name];
  if (field.rule_kind === 'tags') return (value || []).some((tag) => textHolds(test, tag));
  if (field.rule_kind === 'text') {
    if (typeof value !== 'string' || !value) return false;
    // A barcode rule whose text is digits compares digits: `7 20642-44251 7` is `720642442517`.
    const needle = test.contains ?? test.equals;
    const wanted = field.name === 'barcode' ? digitsOf(needle) ?? (/^[0-9]+$/.test(needle) ? needle : null) : null;
    if (wanted === null) return textHolds(test, value);
    return test.contains !== undefined ? value.replace(/[^0-9]/g, '').includes(wanted) : value.replace(/[^0-9]/g, '') === wanted;
  }
  if (typeof value !== 'number') return false;
  if (test.range) {
    const [low, high] = test.range;
    return at(low.key, low.precision) <= at(value, low.precision) && at(value, high.precision) <= at(high.key, high.precision);
  }
  const { key, precision } = test.operand;
  return test.compare === '=' ? value === key : compare(at(value, precision), test.compare, at(key, precision));
}

const satisfied = (clause, album) => clause.rules.some((rule) => (rule.tag !== undefined ? (album.tags || []).includes(rule.tag) : holds(rule, album)));

/**
 * A test of the offline copy's albums for a query within the searched fields (`scope`:
 * SearchField names; empty for the library's defaults), as the server would run it.
 * Throws a SearchError for what only the server can run or explain.
 */
export function compile(query, scope, schema = catalogue) {
  if (TAG_COUNT.test(query)) throw new SearchError('tag-count rules, count(#PREFIX:), are counted on the server');
  // Plain terms and #tags need no catalogue; @field rules do.
  const fields = schema ? new Map(schema.fields.filter((f) => f.rule_kind).map((f) => [f.name, f])) : null;
  const { terms, clauses } = parse(query, fields);
  const searched = scope && scope.length ? scope : null;
  if (terms.length && searched && searched.includes('notes')) throw new SearchError('notes are searched on the server');
  const positive = clauses.filter((c) => !c.negative);
  const negative = clauses.filter((c) => c.negative);
  // A term with a barcode's shape (ten digits or more, with spaces or hyphens) looks for its digits.
  const of = (kind) => terms.filter((t) => t.kind === kind).map((t) => digitsOf(t.folded, 10) ?? t.folded);
  const [plain, required, excluded] = [of('plain'), of('required'), of('excluded')];
  return (album) => {
    if (positive.some((c) => !satisfied(c, album))) return false;
    if (negative.length && negative.every((c) => satisfied(c, album))) return false;
    if (!terms.length) return true;
    // Each text ends with a zero, so a term cannot match across two of them.
    const text = Object.entries(album.search || {}).filter(([f]) => !searched || searched.includes(f)).map(([, t]) => t).join('');
    if (excluded.some((t) => text.includes(t))) return false;
    if (required.some((t) => !text.includes(t))) return false;
    return plain.length === 0 || plain.some((t) => text.includes(t));
  };
}
