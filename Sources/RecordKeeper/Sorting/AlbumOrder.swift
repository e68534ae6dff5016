#if canImport(Glibc)
  import Glibc
#endif

/// A total, machine-independent order of albums for one sort mode
/// (docs/commands.md, "Sorting").
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
    positions(of: albums).map { albums[$0] }
  }

  /// The indices of `albums` in this order.
  public func positions(of albums: [Album]) -> [Int] {
    positions(of: albums, keys: Keys(albums, mode: mode, seed: seed))
  }

  /// The albums of `albums` at `indices`, in this order, as indices of
  /// `albums`: some of a collection's albums ordered without copying them
  /// out (at 100,000 albums a copy is some 45 MB).
  public func positions(of albums: [Album], among indices: [Int]) -> [Int] {
    positions(of: albums, keys: Keys(albums, among: indices, mode: mode, seed: seed))
  }

  /// The first `count` of the albums at `indices` in this order, as
  /// indices of `albums`: ordered a few thousand at a time, the first
  /// `count` of each round carried into the next, so that memory stays
  /// small however many albums there are to choose from.
  public func first(_ count: Int, of albums: [Album], among indices: [Int]) -> [Int] {
    guard count > 0 else { return [] }
    let round = max(4_096, count)
    var kept: [Int] = []
    for start in stride(from: 0, to: indices.count, by: round) {
      kept = Array(positions(of: albums, among: kept + indices[start..<min(start + round, indices.count)]).prefix(count))
    }
    return kept
  }

  /// Where each album of a list goes in this order, and the heading it
  /// falls under there.
  public struct Arrangement: Sendable, Equatable {
    /// Positions in the albums arranged, in this order.
    public var positions: [Int]
    /// ``AlbumOrder/group(of:)`` of the album at each of ``positions``.
    public var groups: [String?]

    public init(positions: [Int], groups: [String?]) {
      self.positions = positions
      self.groups = groups
    }
  }

  /// `albums` arranged in this order with their headings, without copying
  /// an album: what `rk list --json` writes, each album read in place. The
  /// headings come from the text folded for sorting, not folded again.
  public func arrangement(of albums: [Album]) -> Arrangement {
    let keys = Keys(albums, mode: mode, seed: seed)
    let positions = positions(of: albums, keys: keys)
    let groups: [String?] = positions.map { index in
      switch mode {
      case .artistYear, .artistTitle, .relevance: keys.letterGroup(keys.entries[index].artist)
      case .title: keys.letterGroup(keys.entries[index].title)
      case .year, .random, .plays, .lastPlayed: group(of: albums[index])
      }
    }
    return Arrangement(positions: positions, groups: groups)
  }

  /// Whether `a` comes before `b`.
  public func precedes(_ a: Album, _ b: Album) -> Bool {
    let albums = [a, b]
    let keys = Keys(albums, mode: mode, seed: seed)
    return precedes(keys.entries[0], keys.entries[1], criteria: criteria, keys: keys, albums: albums)
  }

  private func positions(of albums: [Album], keys: Keys) -> [Int] {
    let criteria = self.criteria
    return keys.entries.sorted { precedes($0, $1, criteria: criteria, keys: keys, albums: albums) }.map(\.index)
  }

  /// What a mode compares, in order (seed §3.2): folded text and dates
  /// first, then the exact text of the same fields to break ties.
  private enum Criterion {
    case artist, title, date, exactArtist, exactTitle
    /// ``Key/listening``: plays or the last play, most first.
    case listening
  }

  private var criteria: [Criterion] {
    switch mode {
    // Relevance ranks matches by a query (RelevanceOrder); this is its
    // order without one, the default.
    case .artistYear, .relevance: [.artist, .date, .title, .exactArtist, .exactTitle]
    case .artistTitle: [.artist, .title, .exactArtist, .exactTitle]
    case .title: [.title, .artist, .date, .exactTitle, .exactArtist]
    case .year: [.date, .artist, .title, .exactArtist, .exactTitle]
    case .random: []
    case .plays, .lastPlayed: [.listening, .artist, .date, .title, .exactArtist, .exactTitle]
    }
  }

  private func precedes(_ a: Key, _ b: Key, criteria: [Criterion], keys: Keys, albums: [Album]) -> Bool {
    var result = compare(a.shuffle, b.shuffle)
    for criterion in criteria where result == 0 {
      switch criterion {
      case .artist: result = a.artistStart != b.artistStart ? compare(a.artistStart, b.artistStart) : keys.compare(a.artist, b.artist)
      case .title: result = a.titleStart != b.titleStart ? compare(a.titleStart, b.titleStart) : keys.compare(a.title, b.title)
      case .date: result = compare(a.date, b.date)
      case .listening: result = compare(b.listening, a.listening)
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
    var index: Int
    var artist: Range<Int>
    var title: Range<Int>
    /// The first eight bytes of the folded artist and title, big-endian and
    /// padded with zeros: when they differ they order the two texts as the
    /// whole texts would, without reading the buffer (most comparisons of a
    /// long sort).
    var artistStart: UInt64
    var titleStart: UInt64
    var date: Int
    /// The place in random mode's shuffle (0 in the other modes).
    var shuffle: UInt64
    /// What the plays modes order by, larger first: the number of plays, or
    /// the last play's time (-1 when never played); 0 in the other modes.
    var listening: Int
  }

  private struct Keys {
    private(set) var bytes: [UInt8] = []
    private(set) var entries: [Key] = []

    /// The keys of `albums` (of those at `indices` only, when given),
    /// folded on every core for a long list (folding was most of sorting),
    /// then put one after another.
    init(_ albums: [Album], among indices: [Int]? = nil, mode: SortMode, seed: UInt64) {
      let order = AlbumOrder(mode: mode, seed: seed)
      let count = indices?.count ?? albums.count
      let chunkCount = count < 2_000 ? 1 : System.coreCount * 4
      let chunkSize = (count + chunkCount - 1) / chunkCount
      let parts = System.concurrentMap(chunkCount) { chunk in
        var bytes: [UInt8] = []
        var entries: [Key] = []
        let range = min(chunk * chunkSize, count)..<min((chunk + 1) * chunkSize, count)
        entries.reserveCapacity(range.count)
        bytes.reserveCapacity(range.count * 32)
        for place in range {
          let index = indices?[place] ?? place
          let album = albums[index]
          let artist = Self.appendFolded(album.effectiveSortArtist, to: &bytes)
          let title = Self.appendFolded(album.title, to: &bytes)
          entries.append(
            Key(
              index: index, artist: artist, title: title, artistStart: Self.start(bytes[artist]), titleStart: Self.start(bytes[title]),
              date: album.releaseDate?.sortKey ?? ReleaseDate.missingSortKey, shuffle: mode == .random ? order.shuffleKey(album.id) : 0,
              listening: mode == .plays ? album.plays : mode == .lastPlayed ? album.lastPlayed?.key ?? -1 : 0))
        }
        return (bytes: bytes, entries: entries)
      }
      entries.reserveCapacity(count)
      for part in parts {
        let offset = bytes.count
        bytes += part.bytes
        for var key in part.entries {
          key.artist = key.artist.lowerBound + offset..<key.artist.upperBound + offset
          key.title = key.title.lowerBound + offset..<key.title.upperBound + offset
          entries.append(key)
        }
      }
    }

    /// Appends `text` folded (``TextFolding``); where it went. ASCII, most
    /// text, is only lowercased, as folding does, without making a string.
    private static func appendFolded(_ text: String, to bytes: inout [UInt8]) -> Range<Int> {
      let start = bytes.count
      for byte in text.utf8 {
        guard byte < 0x80 else {
          bytes.removeSubrange(start...)
          bytes += TextFolding.foldedBytes(text)
          break
        }
        bytes.append(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte)
      }
      return start..<bytes.count
    }

    /// The first eight bytes of `text`, big-endian, padded with zeros.
    private static func start(_ text: ArraySlice<UInt8>) -> UInt64 {
      var value: UInt64 = 0
      for (offset, byte) in text.prefix(8).enumerated() { value |= UInt64(byte) << (56 - 8 * offset) }
      return value
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

    /// ``AlbumOrder/letterGroup(_:)`` of the text folded at `range`.
    func letterGroup(_ range: Range<Int>) -> String {
      AlbumOrder.letterGroup(folded: range.isEmpty ? nil : bytes[range.lowerBound])
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
    case .artistYear, .artistTitle, .relevance: Self.letterGroup(album.effectiveSortArtist)
    case .title: Self.letterGroup(album.title)
    case .year: album.releaseDate.map { String($0.year) } ?? "Undated"
    case .random, .plays: nil
    case .lastPlayed: album.lastPlayed.map { String($0.date.year) } ?? "Never played"
    }
  }

  static func letterGroup(_ text: String) -> String {
    letterGroup(folded: TextFolding.foldedBytes(text).first)
  }

  /// The heading of text whose folded UTF-8 starts with `first`: its
  /// letter in capitals when it is `a` to `z` (a byte of a longer
  /// character never is), else `#`.
  private static func letterGroup(folded first: UInt8?) -> String {
    guard let first, first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z") else { return "#" }
    return letters[Int(first - UInt8(ascii: "a"))]
  }

  private static let letters = (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { String(UnicodeScalar($0)) }
}
