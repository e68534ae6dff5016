extension RecordCollection {
  /// The albums that already are the album of a MusicBrainz release: the
  /// same release id, or the same artist and title (folded, as
  /// ``SleeveIdentification/key(artist:title:)`` compares them). The one
  /// rule by which `rk identify --add`, `rk add --musicbrainz` and the app
  /// refuse to add an album twice.
  public func albums(sameAs release: String?, artists: [String], title titles: [String]) -> [Album] {
    let keys = Set(zip(artists, titles).map { SleeveIdentification.key(artist: $0, title: $1) })
    let id = release?.lowercased()
    return albums.filter { album in
      (id != nil && album.musicbrainz?.lowercased() == id)
        || keys.contains(SleeveIdentification.key(artist: album.artist, title: album.title))
    }
  }
}

extension Album {
  /// The MusicBrainz release `rk set --fill` fills this album from: the one
  /// given, else the album's own `musicbrainz`.
  public func releaseToFill(given: String?) -> String? {
    given ?? musicbrainz
  }
}
