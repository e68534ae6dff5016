/// One record in the collection: what its `album.md` says, plus where it lives.
///
/// Values are kept as the collector wrote them (trimmed), even when they break
/// a rule, so that rewriting an album never drops text; ``problems`` says what
/// is wrong with them.
public struct Album: Hashable, Sendable {
  /// The folder path relative to the collection root, e.g. `albums/radiohead-ok-computer`.
  public var id: String
  public var title: String
  public var artist: String
  /// The name to sort by ("Beatles, The"); `nil` sorts by ``artist``.
  public var sortArtist: String?
  /// The release date as written (`1997-05-21`); see ``releaseDate``.
  public var released: String?
  public var wikipedia: String?
  public var tracks: [String]
  /// Tags in the order they were entered.
  public var tags: [String]
  // The collector's fields of PRODUCT.md §1.1, as written (trimmed); see ``CollectorField``.
  public var format: String? = nil
  public var label: String? = nil
  public var catalogNumber: String? = nil
  public var barcode: String? = nil
  public var country: String? = nil
  /// A Goldmine grade (`VG+`).
  public var mediaCondition: String? = nil
  /// A Goldmine grade (`VG+`).
  public var sleeveCondition: String? = nil
  /// 1 to 5.
  public var rating: String? = nil
  public var location: String? = nil
  /// The purchase date, written like ``released``.
  public var purchased: String? = nil
  public var price: String? = nil
  /// `owned` or `wanted`.
  public var status: String? = nil
  /// The Discogs release id (digits).
  public var discogs: String? = nil
  /// The MusicBrainz release id (a UUID).
  public var musicbrainz: String? = nil
  /// Front-matter keys `rk` does not know, kept in their order and as written.
  public var extra: [ExtraField]
  /// Everything in `album.md` after the front matter except the track list.
  public var body: AlbumBody
  /// Which cover images sit in the album folder.
  public var covers: CoverFiles

  public init(
    id: String, title: String, artist: String, sortArtist: String? = nil, released: String? = nil,
    wikipedia: String? = nil, tracks: [String] = [], tags: [String] = [], extra: [ExtraField] = [],
    body: AlbumBody = AlbumBody(), covers: CoverFiles = CoverFiles()
  ) {
    self.id = id
    self.title = title
    self.artist = artist
    self.sortArtist = sortArtist
    self.released = released
    self.wikipedia = wikipedia
    self.tracks = tracks
    self.tags = tags
    self.extra = extra
    self.body = body
    self.covers = covers
  }

  /// The release date, or `nil` when there is none or it breaks a rule.
  public var releaseDate: ReleaseDate? {
    guard let released else { return nil }
    return try? ReleaseDate(parsing: released)
  }

  /// The name the artist sort modes use: the sort artist, else the artist.
  public var effectiveSortArtist: String { sortArtist ?? artist }

  /// The folder name, the last part of ``id``.
  public var folderName: Substring { AlbumReference.folderName(of: id) }
}

/// A front-matter key that `rk` does not interpret (label, catalog number …).
public struct ExtraField: Hashable, Sendable {
  public var key: String
  /// The YAML lines of this key exactly as written, each ending in a newline.
  public var yaml: String
  /// The value, for JSON output.
  public var value: JSONValue

  public init(key: String, yaml: String, value: JSONValue) {
    self.key = key
    self.yaml = yaml
    self.value = value
  }
}

/// The cover images present in an album folder.
public struct CoverFiles: Hashable, Sendable {
  public var cover: Bool
  public var thumbnail: Bool

  public init(cover: Bool = false, thumbnail: Bool = false) {
    self.cover = cover
    self.thumbnail = thumbnail
  }

  public static let coverName = "cover.webp"
  public static let thumbnailName = "cover-thumb.webp"
  /// The side of `cover.webp` in pixels (seed §3.8).
  public static let coverSize = 400
  /// The side of `cover-thumb.webp` in pixels.
  public static let thumbnailSize = 100
}
