extension RecordCollection {
  /// The collection with every album's ``Album/plays`` and
  /// ``Album/lastPlayed`` taken from `history`.
  public func withPlays(_ history: PlayHistory) -> RecordCollection {
    var albums = self.albums
    for index in albums.indices {
      albums[index].plays = history.count(of: albums[index].id)
      albums[index].lastPlayed = history.lastPlayed(of: albums[index].id)
    }
    return RecordCollection(location: location, albums: albums, unreadable: unreadable, problems: problems)
  }

  /// The collection with its plays read from `plays/*.md` (see ``withPlays(_:)``).
  public func withPlays() -> RecordCollection { withPlays(PlayHistory.load(location)) }
}

extension SearchQuery {
  /// Whether matching needs plays: a `@plays` or `@last_played` rule, or a
  /// smart list, which may hold one. Plays are read only then.
  public var needsPlays: Bool {
    clauses.contains { clause in
      clause.rules.contains { rule in
        switch rule {
        case .field(.plays, _), .field(.lastPlayed, _), .list: true
        case .field, .tag, .tagCount: false
        }
      }
    }
  }
}
