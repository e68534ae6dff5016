#if canImport(Glibc)
import Glibc
#endif

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
    let keys = Keys(albums)
    let criteria = self.criteria
    let order = keys.entries.sorted { precedes($0, $1, criteria: criteria, keys: keys, albums: albums) }
    return order.map { albums[$0.index] }
  }

  /// Whether `a` comes before `b`.
  public func precedes(_ a: Album, _ b: Album) -> Bool {
    let albums = [a, b]
    let keys = Keys(albums)
    return precedes(keys.entries[0], keys.entries[1], criteria: criteria, keys: keys, albums: albums)
  }

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

  private func precedes(_ a: Key, _ b: Key, criteria: [Criterion], keys: Keys, albums: [Album]) -> Bool {
    var result = mode == .random ? compare(shuffleKey(albums[a.index].id), shuffleKey(albums[b.index].id)) : 0
    for criterion in criteria where result == 0 {
      switch criterion {
      case .artist: result = keys.compare(a.artist, b.artist)
      case .title: result = keys.compare(a.title, b.title)
      case .date: result = compare(a.date, b.date)
      case .exactArtist: result = exact(albums[a.index].effectiveSortArtist, albums[b.index].effectiveSortArtist)
      case .exactTitle: result = exact(albums[a.index].title, albums[b.index].title)
      }
    }
    if result == 0 { result = exact(albums[a.index].id, albums[b.index].id) }
    return result < 0
  }

  /// The sort fields of one album, folded once rather than per comparison.
  /// Plain values pointing into one shared byte buffer, so the sort moves
  /// them without reference counting.
  private struct Key {
    let index: Int
    let artist: Range<Int>
    let title: Range<Int>
    let date: Int
  }

  private struct Keys {
    private(set) var bytes: [UInt8] = []
    private(set) var entries: [Key] = []

    init(_ albums: [Album]) {
      entries.reserveCapacity(albums.count)
      for (index, album) in albums.enumerated() {
        let artist = append(TextFolding.foldedBytes(album.effectiveSortArtist))
        let title = append(TextFolding.foldedBytes(album.title))
        entries.append(Key(index: index, artist: artist, title: title,
                           date: album.releaseDate?.sortKey ?? ReleaseDate.missingSortKey))
      }
    }

    private mutating func append(_ folded: [UInt8]) -> Range<Int> {
      let start = bytes.count
      bytes += folded
      return start..<bytes.count
    }

    /// Folded text compared by character code, a shorter prefix first.
    func compare(_ a: Range<Int>, _ b: Range<Int>) -> Int {
      bytes.withUnsafeBufferPointer { buffer in
        guard let base = buffer.baseAddress else { return 0 }
        let common = min(a.count, b.count)
        let order = common == 0 ? 0 : memcmp(base + a.lowerBound, base + b.lowerBound, common)
        return order != 0 ? Int(order) : a.count - b.count
      }
    }
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
