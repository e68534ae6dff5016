/// Seed 003's linked navigation: from an album to its artist's other albums,
/// and the counts behind the artist and tag lists.
extension Album {
  /// The other albums of this album's artist among `albums`: every album
  /// whose artist equals it once folded (case and diacritics ignored, whole
  /// value, so "Prince" is not "Prince and the Revolution"), or that shares
  /// a name with it among the artists each credits (`A feat. B` is by A and
  /// by B, ``ArtistCredits``), oldest first, then by title.
  public func otherAlbumsByArtist(in albums: some Sequence<Album>, credits: ArtistCredits = ArtistCredits()) -> [Album] {
    let names = ArtistNames(artist, credits: credits)
    guard !names.whole.isEmpty else { return [] }
    let all = names.all
    let others = albums.filter { other in
      other.id != id && names.includes(ArtistNames(other.artist, credits: credits), among: all)
    }
    // The year mode orders by release date (undated last), then title.
    return AlbumOrder(mode: .year).sorted(others)
  }

  /// The album object of the details view (`rk show --json`, the web API's
  /// one album): ``json(group:)``, `credits` (the names its artist credits,
  /// ``ArtistCredits/credits(of:)``) and `other_albums`, the ids of `others`.
  public func detailsJSON(others: [Album], group: String?? = nil, credits: ArtistCredits = ArtistCredits()) -> JSONValue {
    guard case .object(var pairs) = json(group: group) else { return json(group: group) }
    pairs.append(("credits", .array(credits.credits(of: artist).map(JSONValue.string))))
    pairs.append(("other_albums", .array(others.map { .string($0.id) })))
    return .object(pairs)
  }
}

extension RecordCollection {
  /// ``Album/otherAlbumsByArtist(in:credits:)`` in the whole collection.
  public func otherAlbums(byArtistOf album: Album, credits: ArtistCredits = ArtistCredits()) -> [Album] {
    album.otherAlbumsByArtist(in: albums, credits: credits)
  }

  /// ``Album/detailsJSON(others:group:credits:)`` with the artist's other albums.
  public func detailsJSON(of album: Album, credits: ArtistCredits = ArtistCredits()) -> JSONValue {
    album.detailsJSON(others: otherAlbums(byArtistOf: album, credits: credits), credits: credits)
  }

  /// Each name ``artists(prefix:)`` lists, in its order, with the number of
  /// albums whose artist or sort artist it is or whose artist credits it
  /// (ignoring case, as that list does); an album counts once even when
  /// several of those name the artist.
  public func artistCounts(prefix: String = "", credits: ArtistCredits = ArtistCredits()) -> [(name: String, albums: Int)] {
    var counts: [String: Int] = [:]
    for album in albums {
      var names = Set<String>()
      for name in [album.artist, album.sortArtist].compactMap({ $0 }) + credits.otherCredits(of: album.artist) where !name.isEmpty {
        names.insert(name.lowercased())
      }
      for name in names { counts[name, default: 0] += 1 }
    }
    return artists(prefix: prefix, credits: credits).map { (name: $0, albums: counts[$0.lowercased()] ?? 0) }
  }
}
