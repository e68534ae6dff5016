// Search within the offline copy when there is no signal (PRODUCT §2 Search, §1.3 rules and
// clauses). Online, the server searches; this is only the read-only fallback, and it runs the
// library's rules: Tests/Fixtures/search-cases.json, written by the Swift tests from the
// library's matcher, is run through it by Tests/app/search.test.mjs and test_schema.py. Each
// album's searched text comes folded by the library (`search` in GET /api/changes); only the
// query is folded here. What it cannot know offline (smart lists, `@NAME`; notes, which the
// copy does not hold folded; tag counts) it refuses with "This search needs the server".
import { graphemes, loadSchema, readDate } from './schema.js';

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

// ---- Reading a query (SearchQuery.swift), character by character as Swift counts them

const isWhitespace = (c) => /^\p{White_Space}/u.test(c);
const isNameCharacter = (c) => /^[\p{Alphabetic}\p{N}_-]/u.test(c);

class QueryReader {
  constructor(text, fields) {
    this.characters = graphemes(text);
    this.index = 0;
    this.fields = fields;
    this.terms = [];
    this.clauses = [];
  }

  get current() { return this.index < this.characters.length ? this.characters[this.index] : null; }

  at(index) { return index < this.characters.length ? this.characters[index] : null; }

  refuse(what) { throw new SearchError(`"${this.characters.join('')}" has ${what}`); }

  parse() {
    for (;;) {
      while (this.current === ' ') this.index += 1;
      const first = this.current;
      if (first === null) return this;
      if (this.startsTagCount(this.index)) this.refuseTagCount();
      if (first === '+' || first === '-') {
        let next = this.index + 1;
        while (this.at(next) === ' ') next += 1;
        if (this.startsTagCount(next)) this.refuseTagCount();
        if (this.at(next) === '(' && this.startsClause(next + 1)) {
          this.index = next + 1;
          this.clauses.push(this.clause(first === '-'));
          continue;
        }
        if (this.at(next) === '#' || this.at(next) === '@') {
          this.index = next;
          this.clauses.push({ negative: first === '-', rules: [this.rule(false)] });
          continue;
        }
      } else if (first === '#' || first === '@') {
        this.clauses.push({ negative: false, rules: [this.rule(false)] });
        continue;
      }
      this.plainTerm();
    }
  }

  // The offline matcher counts no tags: `count(#PREFIX:)` (as the library spots it) needs the server.
  startsTagCount(start) {
    if (this.characters.slice(start, start + 6).join('').toLowerCase() !== 'count(') return false;
    return this.characters.slice(start + 6).find((c) => !isWhitespace(c)) === '#';
  }

  refuseTagCount() { throw new SearchError('tag-count rules, count(#PREFIX:), are counted on the server'); }

  startsClause(start) {
    let at = start;
    while (this.at(at) !== null && isWhitespace(this.at(at))) at += 1;
    if (this.startsTagCount(at)) this.refuseTagCount();
    const first = this.characters.slice(start).find((c) => !isWhitespace(c));
    return first === '#' || first === '@' || first === ')' || first === undefined;
  }

  plainTerm() {
    let text = '';
    let inQuotes = false;
    let hasTerm = false;
    let signCandidate = true;
    let kind = 'plain';
    const add = () => { if (hasTerm && text) this.terms.push({ kind, folded: fold(text) }); };
    while (this.current !== null) {
      const c = this.current;
      this.index += 1;
      if (c === '\\' && (this.current === '"' || this.current === '\\')) {
        text += this.current;
        this.index += 1;
        hasTerm = true;
        signCandidate = false;
      } else if (c === '"') {
        inQuotes = !inQuotes;
        hasTerm = true;
        signCandidate = false;
      } else if (c === ' ' && !inQuotes) {
        add();
        return;
      } else if ((c === '+' || c === '-') && signCandidate) {
        kind = c === '+' ? 'required' : 'excluded';
        signCandidate = false;
      } else {
        text += c;
        hasTerm = true;
        signCandidate = false;
      }
    }
    add();
  }

  clause(negative) {
    const rules = [];
    for (;;) {
      while (this.current !== null && isWhitespace(this.current)) this.index += 1;
      const c = this.current;
      if (c === null) this.refuse('a clause without its closing parenthesis');
      if (c !== '#' && c !== '@') this.refuse('a clause holding something that is not a rule');
      rules.push(this.rule(true));
      while (this.current !== null && isWhitespace(this.current)) this.index += 1;
      if (this.current === ')') { this.index += 1; return { negative, rules }; }
      if (this.current === ',') { this.index += 1; continue; }
      this.refuse(this.current === null ? 'a clause without its closing parenthesis' : 'a clause holding something that is not a rule');
    }
  }

  endsRule(c, inClause) { return c === ' ' || (inClause && (isWhitespace(c) || c === ',' || c === ')')); }

  rule(inClause) {
    const marker = this.current;
    this.index += 1;
    if (marker === '#') {
      const { text } = this.value(inClause, false);
      if (!text) this.refuse('a # without a tag');
      return { tag: text };
    }
    let name = '';
    while (this.current !== null && isNameCharacter(this.current)) { name += this.current; this.index += 1; }
    if (!name) this.refuse('an @ without a field or smart list');
    if (!this.fields) throw new SearchError('the list of fields has not been loaded yet');
    const field = this.fields.get(name.toLowerCase().replace(/-/g, '_'));
    const next = this.current;
    if (next === null || this.endsRule(next, inClause)) return field ? { field, test: { present: true } } : { list: name };
    if (!field) this.refuse(`no field "${name}"`);
    let comparison;
    let operand;
    if (next === ':') {
      this.index += 1;
      comparison = this.comparison();
      operand = this.value(inClause, false);
    } else if (next === '(') {
      this.index += 1;
      comparison = this.comparison();
      operand = this.value(inClause, true);
      if (this.current !== ')') this.refuse(`@${field.name}( without its closing parenthesis`);
      this.index += 1;
    } else {
      this.refuse(`@${field.name} without : before its value`);
    }
    return { field, test: this.test(field, comparison, operand.text, operand.quoted) };
  }

  comparison() {
    for (const sign of ['>=', '<=', '>', '<', '=']) {
      if (this.characters.slice(this.index, this.index + sign.length).join('') === sign) {
        this.index += sign.length;
        return sign;
      }
    }
    return '';
  }

  value(inClause, closingParenthesis) {
    let text = '';
    let quoted = false;
    while (this.current !== null) {
      const c = this.current;
      if (c === '"') {
        quoted = true;
        this.index += 1;
        for (;;) {
          const inside = this.current;
          if (inside === null) this.refuse('a quote that is not closed');
          this.index += 1;
          if (inside === '"') break;
          if (inside === '\\' && (this.current === '"' || this.current === '\\')) {
            text += this.current;
            this.index += 1;
          } else {
            text += inside;
          }
        }
        continue;
      }
      if (this.endsRule(c, inClause) || (closingParenthesis && c === ')')) break;
      if (c === '\\' && (this.at(this.index + 1) === '"' || this.at(this.index + 1) === '\\')) this.index += 1;
      text += this.current;
      this.index += 1;
    }
    return { text, quoted };
  }

  /** RuleSemantics.make: what each kind of field allows after `@field:`. */
  test(field, comparison, operand, quoted) {
    const kind = field.rule_kind;
    if (kind === 'presence') this.refuse(`@${field.name} with a value (it can only be present or not)`);
    if (kind === 'text' || kind === 'tags') {
      if (!operand) this.refuse(`@${field.name}: without the text to look for`);
      if (comparison === '') return { contains: fold(operand) };
      if (comparison === '=') return { equals: fold(operand) };
      this.refuse(`@${field.name} compared as a number, but it is text`);
    }
    const range = operand.indexOf('..');
    if (comparison === '' && !quoted && range >= 0) {
      return { range: [this.operand(operand.slice(0, range), field), this.operand(operand.slice(range + 2), field)] };
    }
    const comparisons = { '': 'equal', '=': 'exact', '<': 'less', '<=': 'lessOrEqual', '>': 'greater', '>=': 'greaterOrEqual' };
    return { compare: comparisons[comparison] ?? 'equal', operand: this.operand(operand, field) };
  }

  operand(text, field) {
    if (field.rule_kind === 'date') {
      const date = readDate(text);
      if (date.error) this.refuse(`"${text}", which is not a date for @${field.name}`);
      return date;
    }
    const number = swiftInt(text);
    if (number === null || text.startsWith('+')) this.refuse(`"${text}", which is not a whole number for @${field.name}`);
    return number;
  }
}

/** Int(text) as Swift reads it: an optional sign and digits, within 64 bits; else null. */
function swiftInt(text) {
  if (!/^[+-]?[0-9]+$/.test(text)) return null;
  const value = BigInt(text);
  if (value < -(2n ** 63n) || value >= 2n ** 63n) return null;
  return Number(value);
}

// ---- Matching (SearchMatcher.swift, RuleSemantics.swift, CompiledClauses.swift)

const dateKey = (date, precision) => {
  if (precision.month === undefined) return date.year;
  if (precision.day === undefined) return date.year * 100 + (date.month ?? 1);
  return date.year * 10000 + (date.month ?? 1) * 100 + (date.day ?? 1);
};

function compare(value, comparison, operand) {
  switch (comparison) {
    case 'less': return value < operand;
    case 'lessOrEqual': return value <= operand;
    case 'greater': return value > operand;
    case 'greaterOrEqual': return value >= operand;
    default: return value === operand;
  }
}

function textOf(field, album) {
  const value = album[field.name];
  if (field.name === 'notes') return value && !/^\p{White_Space}*$/u.test(value) ? value : null;
  return typeof value === 'string' ? value : value == null ? null : String(value);
}

function releaseDate(album) {
  if (!album.released) return null;
  const date = readDate(album.released);
  return date.error ? null : date;
}

function numberOf(field, album) {
  switch (field.name) {
    case 'year': { const date = releaseDate(album); return date ? date.year : null; }
    case 'tracks': return (album.tracks || []).length;
    default: { const text = textOf(field, album); return text == null ? null : swiftInt(text); }
  }
}

function isPresent(field, album) {
  switch (field.name) {
    case 'year': return releaseDate(album) !== null;
    case 'tracks': return (album.tracks || []).length > 0;
    default: { const text = textOf(field, album); return text != null && text !== ''; }
  }
}

/** Whether `album` passes the test of one `@field` rule. */
function holds({ field, test }, album) {
  switch (field.rule_kind) {
    case 'presence': return album[field.name] != null;
    case 'tags': {
      const tags = album.tags || [];
      if (test.present) return tags.length > 0;
      if (test.contains !== undefined) return tags.some((t) => fold(t).includes(test.contains));
      return tags.some((t) => fold(t) === test.equals);
    }
    case 'text': {
      const text = textOf(field, album);
      if (!text) return false;
      if (test.present) return true;
      const held = field.name === 'barcode' ? barcodeHolds(test, text) : null;
      if (held !== null) return held;
      if (test.contains !== undefined) return fold(text).includes(test.contains);
      return fold(text) === test.equals;
    }
    case 'number': {
      if (test.present) return isPresent(field, album);
      const value = numberOf(field, album);
      if (value === null) return false;
      if (test.range) return test.range[0] <= value && value <= test.range[1];
      return compare(value, test.compare, test.operand);
    }
    case 'date': {
      if (test.present) return isPresent(field, album);
      const text = album[field.name];
      const date = text ? readDate(text) : null;
      if (!date || date.error) return false;
      if (test.range) {
        const [low, high] = test.range;
        return dateKey(low, low) <= dateKey(date, low) && dateKey(date, high) <= dateKey(high, high);
      }
      const operand = test.operand;
      if (test.compare === 'exact') return date.year === operand.year && date.month === operand.month && date.day === operand.day;
      return compare(dateKey(date, operand), test.compare, dateKey(operand, operand));
    }
    default: return false;
  }
}

/** The digits of a barcode written with spaces or hyphens (at least `least`), else null (BarcodeDigits.swift). */
function digitsOf(text, least = 1) {
  if (!/^[0-9 -]+$/.test(text)) return null;
  const digits = text.replace(/[ -]/g, '');
  return digits.length >= least && digits.length < text.length ? digits : null;
}

/** A barcode rule whose text is digits compares digits (`7 20642-44251 7` is `720642442517`); null: match it as text. */
function barcodeHolds(test, text) {
  const needle = test.contains ?? test.equals;
  const wanted = needle === undefined ? null : digitsOf(needle) ?? (/^[0-9]+$/.test(needle) ? needle : null);
  if (wanted === null) return null;
  const value = text.replace(/[^0-9]/g, '');
  return test.contains !== undefined ? value.includes(wanted) : value === wanted;
}

const satisfied = (clause, album) => clause.rules.some((rule) => (rule.tag !== undefined ? (album.tags || []).includes(rule.tag) : holds(rule, album)));

/**
 * A test of the offline copy's albums for a query within the searched fields (`scope`:
 * SearchField names; empty for the library's defaults), as the server would run it.
 * Throws a SearchError for what only the server can run or explain.
 */
export function compile(query, scope, schema = catalogue) {
  // Plain terms and #tags need no catalogue; @field rules do.
  const fields = schema ? new Map(schema.fields.filter((f) => f.rule_kind).map((f) => [f.name, f])) : null;
  const { terms, clauses } = new QueryReader(query, fields).parse();
  const list = clauses.flatMap((c) => c.rules).find((r) => r.list !== undefined);
  if (list) throw new SearchError(`@${list.list} is a smart list, which is read on the server`);
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
