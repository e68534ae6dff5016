/// Seed 003's linked navigation: from an album to its artist's other albums,
/// and the counts behind the artist and tag lists.
extension RecordCollection {
  /// The other albums of `album`'s artist: every album whose artist equals
  /// it once folded (case and diacritics ignored, whole value, so "Prince"
  /// is not "Prince and the Revolution"), oldest first, then by title.
  public func otherAlbums(byArtistOf album: Album) -> [Album] {
    let artist = TextFolding.foldedBytes(album.artist)
    guard !artist.isEmpty else { return [] }
    let others = albums.filter { $0.id != album.id && TextFolding.foldedBytes($0.artist) == artist }
    // The year mode orders by release date (undated last), then title.
    return AlbumOrder(mode: .year).sorted(others)
  }

  /// The album object of the details view (`rk show --json`): the album's
  /// JSON (``Album/json(group:)``) and `other_albums`, the ids of
  /// ``otherAlbums(byArtistOf:)`` in order.
  public func detailsJSON(of album: Album) -> JSONValue {
    let others = JSONValue.array(otherAlbums(byArtistOf: album).map { .string($0.id) })
    guard case .object(var pairs) = album.json() else { return album.json() }
    pairs.append(("other_albums", others))
    return .object(pairs)
  }

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
