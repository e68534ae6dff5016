/// Favourite tracks (seed 004, docs/album-format.md, "Favourite tracks"): a track item ending in
/// ` ★` is one of the collector's favourites; ``FavouriteStar`` reads and
/// writes the star.
extension Album {
  /// Marks track `number` (1-based, across all sides) as a favourite, or
  /// not; returns whether the album changed.
  @discardableResult
  public mutating func setFavourite(_ number: Int, _ favourite: Bool) throws(AlbumEditError) -> Bool {
    let index = try trackIndex(number)
    guard trackList[index].favourite != favourite else { return false }
    trackList[index].favourite = favourite
    return true
  }

  /// Whether any of the album's tracks is a favourite.
  public var hasFavourites: Bool { trackList.contains(where: \.favourite) }
}

/// One favourite track with its album, as `rk favourites` lists it.
public struct FavouriteTrack: Hashable, Sendable {
  public var album: Album
  /// The track's number as track commands count it, 1…N across all sides.
  public var number: Int
  public var track: Album.Track
}

extension RecordCollection {
  /// Every favourite track with its album: albums in the order of `order`,
  /// tracks in the album's order.
  public func favouriteTracks(order: AlbumOrder = AlbumOrder(mode: .default)) -> [FavouriteTrack] {
    order.sorted(albums.filter(\.hasFavourites)).flatMap { album in
      album.trackList.enumerated().filter { $0.element.favourite }.map {
        FavouriteTrack(album: album, number: $0.offset + 1, track: $0.element)
      }
    }
  }
}

extension FavouriteTrack {
  /// `{"album", "title", "artist", "number", "position", "name", "side",
  /// "duration"}`: the album's id, title and artist, then the track as
  /// `track_list` gives it, with its number for `rk track unfav`.
  public var json: JSONValue {
    .object([
      ("album", .string(album.id)),
      ("title", .string(album.title)),
      ("artist", .string(album.artist)),
      ("number", .number(number)),
      ("position", .string(track.position)),
      ("name", .string(track.name)),
      ("side", .optional(track.side)),
      ("duration", track.duration.map(JSONValue.number) ?? .null),
    ])
  }
}
