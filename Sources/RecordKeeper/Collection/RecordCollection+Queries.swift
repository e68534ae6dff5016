extension RecordCollection {
  /// The albums `query` matches within `fields`, its `@NAME` rules read
  /// from `lists`, in no particular order: the search of `rk list`, `rk set
  /// --where` and the web app. Throws when a rule names a list that cannot
  /// be used.
  public func albums(
    matching query: SearchQuery, in fields: Set<SearchField> = SearchField.defaults, lists: SmartLists = SmartLists(),
    credits: ArtistCredits = ArtistCredits()
  ) throws(SearchQueryError) -> [Album] {
    albums(matching: try SearchMatcher(query: query, fields: fields, lists: lists, credits: credits))
  }

  /// The albums that match, in no particular order; large collections are
  /// searched on every core.
  public func albums(matching matcher: SearchMatcher) -> [Album] {
    guard !matcher.query.isEmpty else { return albums }
    let chunkCount = albums.count < 2_000 ? 1 : System.coreCount * 4
    let chunkSize = (albums.count + chunkCount - 1) / chunkCount
    let albums = self.albums
    let matched = System.concurrentMap(chunkCount) { chunk in
      let range = min(chunk * chunkSize, albums.count)..<min((chunk + 1) * chunkSize, albums.count)
      var scratch: [UInt8] = []
      scratch.reserveCapacity(1024)
      return albums[range].filter { matcher.matches($0, scratch: &scratch) }
    }.flatMap { $0 }
    return matched
  }

  /// The albums in the smart list `list`, whose `@NAME` rules are read
  /// from `lists`, in no particular order.
  public func albums(in list: SmartList, lists: SmartLists) throws(SearchQueryError) -> [Album] {
    try albums(matching: SearchQuery(clauses: list.clauses), lists: lists)
  }

  /// Distinct artists, sort artists and the artists they credit
  /// (``ArtistCredits``), case-insensitively, in alphabetical order: the
  /// source of the seed's artist autocomplete (§3.9). With a prefix, only
  /// names starting with it (folded, so "bjo" finds Björk).
  public func artists(prefix: String = "", credits: ArtistCredits = ArtistCredits()) -> [String] {
    // Of spellings that differ only in case, the one most albums use, then
    // the one of the first album by id: the same on every machine.
    var spellings: [String: [String: (count: Int, firstID: String)]] = [:]
    for album in albums {
      for name in [album.artist, album.sortArtist].compactMap({ $0 }) + credits.otherCredits(of: album.artist) where !name.isEmpty {
        let seen = spellings[name.lowercased(), default: [:]][name]
        let firstID = seen.map { $0.firstID.utf8.lexicographicallyPrecedes(album.id.utf8) ? $0.firstID : album.id } ?? album.id
        spellings[name.lowercased(), default: [:]][name] = ((seen?.count ?? 0) + 1, firstID)
      }
    }
    let names = spellings.values.compactMap { variants in
      variants.max { a, b in
        a.value.count != b.value.count
          ? a.value.count < b.value.count : b.value.firstID.utf8.lexicographicallyPrecedes(a.value.firstID.utf8)
      }?.key
    }
    let folded = TextFolding.fold(prefix)
    return
      names
      .map { (name: $0, key: TextFolding.foldedBytes($0)) }
      .filter { folded.isEmpty || $0.key.starts(with: folded.utf8) }
      .sorted { $0.key == $1.key ? $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) : $0.key.lexicographicallyPrecedes($1.key) }
      .map(\.name)
  }

  /// Every tag with the number of albums carrying it, alphabetically.
  public func tagCounts() -> [(tag: String, count: Int)] {
    var counts: [String: Int] = [:]
    for album in albums {
      for tag in album.tags { counts[tag, default: 0] += 1 }
    }
    return
      counts
      .map { (tag: $0.key, count: $0.value, key: TextFolding.foldedBytes($0.key)) }
      .sorted { $0.key == $1.key ? $0.tag.utf8.lexicographicallyPrecedes($1.tag.utf8) : $0.key.lexicographicallyPrecedes($1.key) }
      .map { (tag: $0.tag, count: $0.count) }
  }
}
