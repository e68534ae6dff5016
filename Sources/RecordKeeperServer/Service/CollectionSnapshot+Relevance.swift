import RecordKeeper

extension CollectionSnapshot {
  /// One page of the albums `matcher` matches, best match first
  /// (``RelevanceOrder``), and how many match: `?sort=relevance` with words
  /// to rank by. Every match is found in the default order's listing (kept
  /// for the default order, so no listing of its own), then only the
  /// matches are scored, where they are in the table: only the page's
  /// albums are copied out (a one-letter query matches most of them).
  func relevancePage(matching matcher: SearchMatcher, offset: Int, limit: Int) -> (albums: [Album], count: Int) {
    let (ids, _) = matches(of: matcher, in: listing(AlbumOrder(mode: .default)), atMost: Int.max)
    let places = ids.compactMap { albums.place(of: $0) }
    let relevance = RelevanceOrder(query: matcher.query, fields: matcher.fields)
    let ranking = relevance.ranking(of: albums.values, among: places, collectionSize: albums.count)
    return (ranking.dropFirst(offset).prefix(limit).map { albums.values[places[$0]] }, places.count)
  }
}
