/// The first answer of a scan: which album the photo shows, as the vision
/// model read the sleeve (`{"album_title", "artist_name", "release_year"}`),
/// or that it could not tell (`album_title` or `artist_name` null or blank,
/// or `"identified": false`).
public struct SleeveIdentification: Hashable, Sendable {
  public var albumTitle: String
  public var artistName: String
  public var releaseYear: String?

  public init(albumTitle: String, artistName: String, releaseYear: String? = nil) {
    self.albumTitle = albumTitle
    self.artistName = artistName
    self.releaseYear = releaseYear
  }

  /// Reads the model's answer text; ``IdentifyError/notIdentified`` when
  /// it could not tell, ``IdentifyError/malformedAnswer(_:)`` when it is not
  /// the JSON asked for.
  public static func parse(modelText text: String) throws(IdentifyError) -> SleeveIdentification {
    let object = try ModelJSON.object(in: text, withOneOf: ["album_title", "identified"])
    if let identified = object["identified"] as? Bool, !identified { throw .notIdentified }
    guard let title = try ModelJSON.text(object, "album_title"), let artist = try ModelJSON.text(object, "artist_name") else {
      throw .notIdentified
    }
    return SleeveIdentification(albumTitle: title, artistName: artist, releaseYear: try ModelJSON.text(object, "release_year"))
  }

  /// What makes two scans "the same album" (docs/commands.md, "Identifying a sleeve from a photo": a scan of an
  /// album already scanned reuses the stored answer): artist and title
  /// folded as search folds them, with everything but letters and digits
  /// left out and a leading "the" of the artist dropped, so "The Beatles –
  /// Abbey Road" and "beatles - abbey road!" are one album.
  public var key: String { Self.key(artist: artistName, title: albumTitle) }

  public static func key(artist: String, title: String) -> String {
    var artist = AlbumMatching.normalized(artist)
    if artist.hasPrefix("the "), artist.count > 4 { artist.removeFirst(4) }
    return artist + "\u{1F}" + AlbumMatching.normalized(title)
  }
}

/// Comparing album names loosely, as the scan history and the choice of a
/// MusicBrainz release do.
enum AlbumMatching {
  /// Folded, letters and digits only, words separated by one space.
  static func normalized(_ text: String) -> String {
    TextFolding.fold(text).split { !($0.isLetter || $0.isNumber) }.joined(separator: " ")
  }
}
