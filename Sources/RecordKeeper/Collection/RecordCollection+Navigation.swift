/// Seed 003's linked navigation: from an album to its artist's other albums,
/// and the counts behind the artist and tag lists.
extension Album {
  /// The other albums of this album's artist among `albums`: every album
  /// whose artist equals it once folded (case and diacritics ignored, whole
  /// value, so "Prince" is not "Prince and the Revolution"), oldest first,
  /// then by title.
  public func otherAlbumsByArtist(in albums: some Sequence<Album>) -> [Album] {
    let artist = TextFolding.foldedBytes(self.artist)
    guard !artist.isEmpty else { return [] }
    let others = albums.filter { $0.id != id && TextFolding.foldedBytes($0.artist) == artist }
    // The year mode orders by release date (undated last), then title.
    return AlbumOrder(mode: .year).sorted(others)
  }

  /// The album object of the details view (`rk show --json`, the web API's
  /// one album): ``json(group:)`` and `other_albums`, the ids of `others`.
  public func detailsJSON(others: [Album], group: String?? = nil) -> JSONValue {
    guard case .object(var pairs) = json(group: group) else { return json(group: group) }
    pairs.append(("other_albums", .array(others.map { .string($0.id) })))
    return .object(pairs)
  }
}

extension RecordCollection {
  /// ``Album/otherAlbumsByArtist(in:)`` in the whole collection.
  public func otherAlbums(byArtistOf album: Album) -> [Album] { album.otherAlbumsByArtist(in: albums) }

  /// ``Album/detailsJSON(others:group:)`` with the artist's other albums.
  public func detailsJSON(of album: Album) -> JSONValue { album.detailsJSON(others: otherAlbums(byArtistOf: album)) }

  /// Each name ``artists(prefix:)`` lists, in its order, with the number of
  /// albums whose artist or sort artist it is (ignoring case, as that list
  /// does); an album counts once even when both fields name the artist.
  public func artistCounts(prefix: String = "") -> [(name: String, albums: Int)] {
    var counts: [String: Int] = [:]
    for album in albums {
      let artist = album.artist.lowercased()
      if !artist.isEmpty { counts[artist, default: 0] += 1 }
      if let sortArtist = album.sortArtist?.lowercased(), !sortArtist.isEmpty, sortArtist != artist {
        counts[sortArtist, default: 0] += 1
      }
    }
    return artists(prefix: prefix).map { (name: $0, albums: counts[$0.lowercased()] ?? 0) }
  }
}
