// Search within the last loaded collection when there is no signal (PRODUCT §2 Search,
// seed §3.3). Online, the server searches; this is only the read-only fallback.

/** Case- and diacritic-insensitive form of a text ("Björk" → "bjork"). */
export function fold(text) {
  return String(text ?? '').normalize('NFD').replace(/\p{Mn}/gu, '').toLowerCase();
}

/** Splits a query into terms: spaces separate, "…" groups, \" and \\ escape. */
export function terms(query) {
  const out = [];
  let current = '', quoted = false, inQuotes = false, started = false;
  for (let i = 0; i < query.length; i++) {
    const c = query[i];
    if (c === '\\' && (query[i + 1] === '"' || query[i + 1] === '\\')) {
      current += query[++i]; started = true;
    } else if (c === '"') {
      inQuotes = !inQuotes; quoted = true; started = true;
    } else if (c === ' ' && !inQuotes) {
      if (started) out.push({ text: current, quoted });
      current = ''; quoted = false; started = false;
    } else {
      current += c; started = true;
    }
  }
  if (started) out.push({ text: current, quoted });
  return out;
}

function fieldTexts(album, scope) {
  const texts = [];
  for (const field of scope) {
    switch (field) {
      case 'artist': texts.push(album.artist); break;
      case 'title': texts.push(album.title); break;
      case 'released': texts.push(album.released); break;
      case 'tracks': texts.push(...(album.tracks || [])); break;
      case 'sort-artist': texts.push(album.sort_artist); break;
      case 'tags': texts.push(...(album.tags || [])); break;
      case 'label': texts.push(album.label, album.catalog_number, album.barcode); break;
      case 'notes': texts.push(album.notes); break;
    }
  }
  return texts.filter((t) => t != null && t !== '').map(fold);
}

// The smart-list rules the offline copy understands: #tag, @field, @field:value, @field:=value.
function ruleHolds(album, rule) {
  if (rule.startsWith('#')) return (album.tags || []).includes(rule.slice(1));
  const m = /^@([a-z_-]+)(?::(=?)(.*))?$/i.exec(rule);
  if (!m) return true;
  const key = m[1].replace(/-/g, '_');
  const raw = key === 'year' ? (album.released || '').slice(0, 4) : album[key];
  const value = Array.isArray(raw) ? raw.join('\n') : raw == null ? '' : String(raw);
  if (m[3] === undefined) return value !== '';
  return m[2] === '=' ? value === m[3] : fold(value).includes(fold(m[3]));
}

/** Whether an album matches a query within the searched fields. */
export function matches(album, query, scope) {
  const texts = fieldTexts(album, scope);
  const has = (t) => texts.some((text) => text.includes(t));
  let plain = 0, plainHit = false;
  for (const { text, quoted } of terms(query)) {
    if (!quoted && /^[-+]?[#@]/.test(text)) {
      const negative = text.startsWith('-');
      const rule = text.replace(/^[-+]/, '');
      if (ruleHolds(album, rule) === negative) return false;
      continue;
    }
    if (!quoted && (text === '+' || text === '-')) continue;
    if (!quoted && text.startsWith('-')) { if (has(fold(text.slice(1)))) return false; continue; }
    if (!quoted && text.startsWith('+')) { if (!has(fold(text.slice(1)))) return false; continue; }
    plain++;
    if (has(fold(text))) plainHit = true;
  }
  return plain === 0 || plainHit;
}
