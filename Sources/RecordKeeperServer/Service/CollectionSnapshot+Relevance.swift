import RecordKeeper

extension CollectionSnapshot {
  /// One page of the albums `matcher` matches, best match first
  /// (``RelevanceOrder``), and how many match: `?sort=relevance` with words
  /// to rank by. Every match is found in the default order's listing (kept
  /// for the default order, so no listing of its own), then only the
  /// matches are scored.
  func relevancePage(matching matcher: SearchMatcher, offset: Int, limit: Int) -> (albums: [Album], count: Int) {
    let matches = page(matching: matcher, order: AlbumOrder(mode: .default), offset: 0, limit: Int.max).albums
    let relevance = RelevanceOrder(query: matcher.query, fields: matcher.fields)
    let ranking = relevance.ranking(of: matches, collectionSize: albums.count)
    return (Array(ranking.dropFirst(offset).prefix(limit).map { matches[$0] }), matches.count)
  }
}
