// The sort menu's "Best match" (docs/commands.md, "Sorting"): offered while a query is typed, for that
// query only; the server ranks (`?sort=relevance`), the app keeps no rule of its own.

/**
 * The order to ask the server for: `relevance` while "Best match" is chosen (or kept by
 * `rk sort relevance`) and a query is typed; without a query, the kept mode, and the default
 * in place of a kept `relevance`, which means the default then.
 */
export function bestMatchSort(kept, bestMatch, query) {
  const typed = typeof query === 'string' && query.trim() !== '';
  if (typed && (bestMatch || kept === 'relevance')) return 'relevance';
  return kept === 'relevance' ? 'artist-year' : kept;
}
