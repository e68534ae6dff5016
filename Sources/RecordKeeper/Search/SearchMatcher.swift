#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Decides whether an album matches a query within a set of fields.
public struct SearchMatcher: Sendable {
  public let query: SearchQuery
  public let fields: Set<SearchField>
  private let plain: [[UInt8]]
  private let required: [[UInt8]]
  private let excluded: [[UInt8]]
  private let searchesArtist, searchesTitle, searchesReleased, searchesTracks, searchesSortArtist, searchesTags, searchesLabel: Bool

  public init(query: SearchQuery, fields: Set<SearchField> = Set(SearchField.allCases)) {
    self.query = query
    self.fields = fields.isEmpty ? Set(SearchField.allCases) : fields
    plain = query.terms.filter { $0.kind == .plain }.map(\.folded)
    required = query.terms.filter { $0.kind == .required }.map(\.folded)
    excluded = query.terms.filter { $0.kind == .excluded }.map(\.folded)
    searchesArtist = self.fields.contains(.artist)
    searchesTitle = self.fields.contains(.title)
    searchesReleased = self.fields.contains(.released)
    searchesTracks = self.fields.contains(.tracks)
    searchesSortArtist = self.fields.contains(.sortArtist)
    searchesTags = self.fields.contains(.tags)
    searchesLabel = self.fields.contains(.label)
  }

  /// Whether `album` passes every rule of seed §3.3.
  public func matches(_ album: Album) -> Bool {
    var scratch: [UInt8] = []
    return matches(album, scratch: &scratch)
  }

  /// Like ``matches(_:)``, reusing `scratch` for the folded text, so a
  /// search over many albums allocates once.
  ///
  /// The searched fields are folded once into one buffer, each track and tag
  /// followed by a zero byte, so a term (which never holds one) cannot match
  /// across two of them.
  public func matches(_ album: Album, scratch: inout [UInt8]) -> Bool {
    guard !query.isEmpty else { return true }
    scratch.removeAll(keepingCapacity: true)
    if searchesArtist { Self.appendFolded(album.artist, to: &scratch) }
    if searchesTitle { Self.appendFolded(album.title, to: &scratch) }
    if searchesReleased, let released = album.released { Self.appendFolded(album.releaseDate?.text ?? released, to: &scratch) }
    if searchesSortArtist, let sortArtist = album.sortArtist { Self.appendFolded(sortArtist, to: &scratch) }
    if searchesTags { for tag in album.tags { Self.appendFolded(tag, to: &scratch) } }
    if searchesLabel {
      for text in [album.label, album.catalogNumber, album.barcode] { if let text { Self.appendFolded(text, to: &scratch) } }
    }
    if searchesTracks { for track in album.tracks { Self.appendFolded(track, to: &scratch) } }
    return scratch.withUnsafeBufferPointer(matches(folded:))
  }

  /// Like ``matches(_:scratch:)`` for an album whose text was folded
  /// beforehand (``SearchText``): a long-running server folds each album
  /// once, not once per keystroke.
  public func matches(_ text: SearchText, scratch: inout [UInt8]) -> Bool {
    guard !query.isEmpty else { return true }
    scratch.removeAll(keepingCapacity: true)
    for field in SearchText.order where fields.contains(field) { scratch += text.folded[field.index] }
    return scratch.withUnsafeBufferPointer(matches(folded:))
  }

  /// The rules of seed §3.3 on the searched fields' folded text.
  private func matches(folded text: UnsafeBufferPointer<UInt8>) -> Bool {
    for term in excluded where Self.find(term, in: text) { return false }
    for term in required where !Self.find(term, in: text) { return false }
    return plain.isEmpty || plain.contains { Self.find($0, in: text) }
  }

  /// Appends `text` folded, then a zero byte. ASCII is lowercased in place;
  /// anything else goes through ``TextFolding``.
  static func appendFolded(_ text: String, to buffer: inout [UInt8]) {
    let start = buffer.count
    var ascii = true
    for byte in text.utf8 {
      if byte >= 0x80 {
        ascii = false
        break
      }
      buffer.append(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte)
    }
    if !ascii {
      buffer.removeSubrange(start...)
      buffer.append(contentsOf: TextFolding.fold(text).utf8)
    }
    buffer.append(0)
  }

  /// Whether `needle` occurs in `text`.
  static func find(_ needle: [UInt8], in text: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let first = needle.first else { return true }
    guard let base = text.baseAddress, text.count >= needle.count else { return false }
    let lastStart = text.count - needle.count
    return needle.withUnsafeBufferPointer { needleBytes in
      guard let needleBase = needleBytes.baseAddress else { return true }
      var start = 0
      while start <= lastStart {
        guard let found = memchr(base + start, Int32(first), lastStart - start + 1) else { return false }
        let offset = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        if needle.count == 1 || memcmp(base + offset + 1, needleBase + 1, needle.count - 1) == 0 { return true }
        start = offset + 1
      }
      return false
    }
  }
}
