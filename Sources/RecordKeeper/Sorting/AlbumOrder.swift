/// A total, machine-independent order of albums for one sort mode
/// (PRODUCT.md §2 "Sort").
///
/// Text compares folded (case- and diacritic-insensitive) by character code,
/// so digits come before letters; remaining ties fall back to the exact text
/// and then the id.
public struct AlbumOrder: Sendable {
  public let mode: SortMode
  /// The stored shuffle of `random` mode.
  public let seed: UInt64

  public init(mode: SortMode, seed: UInt64 = 0) {
    self.mode = mode
    self.seed = seed
  }

  /// `albums` in this order.
  public func sorted(_ albums: [Album]) -> [Album] {
    let keys = albums.map(Key.init)
    let order = keys.indices.sorted { precedes(keys[$0], keys[$1]) }
    return order.map { albums[$0] }
  }

  /// Whether `a` comes before `b`.
  public func precedes(_ a: Album, _ b: Album) -> Bool { precedes(Key(a), Key(b)) }

  /// What a mode compares, in order (seed §3.2): folded text and dates
  /// first, then the exact text of the same fields to break ties.
  private enum Criterion {
    case artist, title, date, exactArtist, exactTitle
  }

  private var criteria: [Criterion] {
    switch mode {
    case .artistYear: [.artist, .date, .title, .exactArtist, .exactTitle]
    case .artistTitle: [.artist, .title, .exactArtist, .exactTitle]
    case .title: [.title, .artist, .date, .exactTitle, .exactArtist]
    case .year: [.date, .artist, .title, .exactArtist, .exactTitle]
    case .random: []
    }
  }

  private func precedes(_ a: Key, _ b: Key) -> Bool {
    var result = mode == .random ? compare(shuffleKey(a.album.id), shuffleKey(b.album.id)) : 0
    for criterion in criteria where result == 0 {
      switch criterion {
      case .artist: result = compare(a.artist, b.artist)
      case .title: result = compare(a.title, b.title)
      case .date: result = compare(a.date, b.date)
      case .exactArtist: result = exact(a.album.effectiveSortArtist, b.album.effectiveSortArtist)
      case .exactTitle: result = exact(a.album.title, b.album.title)
      }
    }
    if result == 0 { result = exact(a.album.id, b.album.id) }
    return result < 0
  }

  /// The sort fields of one album, folded once rather than per comparison.
  private struct Key {
    let album: Album
    let artist: [UInt8]
    let title: [UInt8]
    let date: Int

    init(_ album: Album) {
      self.album = album
      artist = TextFolding.foldedBytes(album.effectiveSortArtist)
      title = TextFolding.foldedBytes(album.title)
      date = album.releaseDate?.sortKey ?? ReleaseDate.missingSortKey
    }
  }

  private func compare(_ a: [UInt8], _ b: [UInt8]) -> Int {
    for (x, y) in zip(a, b) where x != y { return x < y ? -1 : 1 }
    return a.count - b.count
  }

  private func compare<T: Comparable>(_ a: T, _ b: T) -> Int { a < b ? -1 : a == b ? 0 : 1 }

  private func exact(_ a: String, _ b: String) -> Int {
    a == b ? 0 : a.utf8.lexicographicallyPrecedes(b.utf8) ? -1 : 1
  }

  /// A position in the stored shuffle: the same for an id on every machine,
  /// and new albums fall into place without reshuffling the others.
  func shuffleKey(_ id: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in id.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }
    var mixed = (hash ^ seed) &+ 0x9E37_79B9_7F4A_7C15
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }

  /// The sticky heading an album falls under in this mode: a letter A–Z or
  /// `#` in the artist and title modes, the year (or `Undated`) in `year`
  /// mode, and none in `random` mode.
  public func group(of album: Album) -> String? {
    switch mode {
    case .artistYear, .artistTitle: Self.letterGroup(album.effectiveSortArtist)
    case .title: Self.letterGroup(album.title)
    case .year: album.releaseDate.map { String($0.year) } ?? "Undated"
    case .random: nil
    }
  }

  static func letterGroup(_ text: String) -> String {
    guard let first = TextFolding.fold(text).unicodeScalars.first, ("a"..."z").contains(first) else { return "#" }
    return String(first).uppercased()
  }
}
