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
  /// The names of the tracks, in order, without their lengths: worked out
  /// from ``trackList`` (kept once: albums are loaded by the hundred thousand).
  ///
  /// Setting it keeps the side and length of each track whose name stays;
  /// a name that ends in a length (`Airbag (4:44)`) gives the track that length.
  public var tracks: [String] {
    get { trackList.map(\.name) }
    set { trackList = Album.trackList(newValue, replacing: trackList) }
  }
  /// The tracks with their positions, sides and lengths (docs/album-format.md, "Sides and durations").
  public var trackList: [Track] {
    didSet { Album.number(&trackList) }
  }
  /// Tags in the order they were entered.
  public var tags: [String]
  // The collector's fields (docs/album-format.md), as written (trimmed); see ``CollectorField``.
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
  /// How many times the album was played (``PlayHistory``): filled in only
  /// when a command needs plays (``RecordCollection/withPlays(_:)``), else 0.
  public var plays = 0
  /// When the album was last played; `nil` when never, or plays not read.
  public var lastPlayed: PlayTime? = nil

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
    var list = Album.trackList(tracks, replacing: [])
    Album.number(&list)
    self.trackList = list
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

  /// The album's length in seconds: the sum of its tracks' lengths when
  /// every track has one, else `nil` (also for an album without tracks).
  public var duration: Int? {
    guard !trackList.isEmpty else { return nil }
    var total = 0
    for track in trackList {
      guard let seconds = track.duration else { return nil }
      total += seconds
    }
    return total
  }

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

extension Album {
  /// One track of the track list (docs/album-format.md, "Sides and durations").
  public struct Track: Hashable, Sendable {
    /// The name, without its length.
    public var name: String
    /// The text of the `###` heading the track is under (`Side A`), or `nil`
    /// before any heading.
    public var side: String?
    // Numbers in 32 bits: a loaded collection holds millions of tracks, and
    // a track took 72 bytes with them as Int, 48 now.
    /// The length in seconds; `-1` for none.
    private var seconds: Int32
    private var storedSideIndex: Int32
    /// The number within its side, from 1; set by ``Album/number(_:)``.
    fileprivate var number: Int32 = 0
    /// Whether the line ends in ` ★`: one of the collector's favourite tracks (docs/album-format.md, "Favourite tracks").
    public var favourite: Bool

    /// The length in seconds, from `(m:ss)` or `(h:mm:ss)` after the name.
    public var duration: Int? {
      get { seconds < 0 ? nil : Int(seconds) }
      set { seconds = newValue.map { Int32(clamping: max(0, $0)) } ?? -1 }
    }
    /// Which heading the track is under: 0 before the first `###` heading of
    /// the track list, 1 under the first, and so on. A number past the
    /// body's headings puts the track under a new `### side` heading at the
    /// end of the list.
    public var sideIndex: Int {
      get { Int(storedSideIndex) }
      set { storedSideIndex = Int32(clamping: newValue) }
    }
    /// `A1`, `B2` under a `Side X` heading, else the number alone; numbers
    /// start again at 1 under each heading. Kept up to date by ``Album``.
    public var position: String {
      Track.sideLetter(side).map { "\($0)\(number)" } ?? String(number)
    }

    public init(name: String, duration: Int? = nil, side: String? = nil, sideIndex: Int = 0, favourite: Bool = false) {
      self.name = name
      self.side = side
      self.seconds = duration.map { Int32(clamping: max(0, $0)) } ?? -1
      self.storedSideIndex = Int32(clamping: sideIndex)
      self.favourite = favourite
    }

    /// The item's text as `album.md` has it: `Airbag (4:44) ★`.
    public var text: String {
      favourite ? nameAndLength + FavouriteStar.suffix : nameAndLength
    }

    /// The name and its length without the favourite star: `Airbag (4:44)`,
    /// what tells a track apart when merging (the star merges on its own).
    public var nameAndLength: String {
      guard let duration else { return name }
      return "\(name) (\(TrackDuration.text(duration)))"
    }

    /// The letter of a `Side X` heading (`X`), or `nil` for any other heading.
    static func sideLetter(_ side: String?) -> Substring? {
      guard let letter = side.flatMap({ SideName.afterWord($0) }), !letter.isEmpty, !letter.contains(" ") else { return nil }
      return letter[...]
    }
  }

  /// Gives each track its position: numbers from 1 again under each heading.
  static func number(_ list: inout [Track]) {
    var number = 0
    var side = -1
    for index in list.indices {
      if list[index].sideIndex != side {
        side = list[index].sideIndex
        number = 0
      }
      number += 1
      if list[index].number != Int32(clamping: number) { list[index].number = Int32(clamping: number) }
    }
  }

  /// A track list with these names, taking from `old` the side and length of
  /// each track whose name stays. With as many names as before, the sides go
  /// by position (a rename or reorder never moves a track to another side);
  /// otherwise a new name joins the side of the track before it. A name
  /// ending in a length gives its track that length; one ending in ` ★`
  /// makes it a favourite, and one without makes it none.
  static func trackList(_ names: [String], replacing old: [Track]) -> [Track] {
    let parsed = names.map(FavouriteStar.splitTrack)
    let oldNames = old.map(\.name)
    if parsed.count == old.count {
      var unused = Dictionary(grouping: old.indices, by: { oldNames[$0] })
      return parsed.enumerated().map { index, entry in
        var track = old[index]
        track.name = entry.name
        // The length goes with the name (a reorder), else stays at its place (a rename).
        let same = unused[entry.name]?.first
        if same != nil { unused[entry.name]?.removeFirst() }
        track.duration = entry.seconds ?? old[same ?? index].duration
        track.favourite = entry.favourite
        return track
      }
    }
    var kept: [Int: Int] = [:]  // new offset → old offset
    let difference = parsed.map(\.name).difference(from: oldNames)
    var removed = Set<Int>()
    var inserted = Set<Int>()
    for change in difference {
      switch change {
      case .remove(let offset, _, _): removed.insert(offset)
      case .insert(let offset, _, _): inserted.insert(offset)
      }
    }
    var oldIndex = 0
    for newIndex in parsed.indices where !inserted.contains(newIndex) {
      while removed.contains(oldIndex) { oldIndex += 1 }
      kept[newIndex] = oldIndex
      oldIndex += 1
    }
    var list: [Track] = []
    for (index, entry) in parsed.enumerated() {
      if let from = kept[index] {
        var track = old[from]
        track.duration = entry.seconds ?? track.duration
        track.favourite = entry.favourite
        list.append(track)
        continue
      }
      // A new track joins the side of the track before it (or after it, first).
      let neighbour = list.last ?? (index + 1..<parsed.count).lazy.compactMap { kept[$0].map { old[$0] } }.first
      list.append(
        Track(
          name: entry.name, duration: entry.seconds, side: neighbour?.side, sideIndex: neighbour?.sideIndex ?? 0, favourite: entry.favourite
        ))
    }
    return list
  }
}
