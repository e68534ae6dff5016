/// Decides whether an album matches a query within a set of fields.
public struct SearchMatcher: Sendable {
  public let query: SearchQuery
  public let fields: Set<SearchField>
  private let plain: [[UInt8]]
  private let required: [[UInt8]]
  private let excluded: [[UInt8]]
  private let searchesArtist, searchesTitle, searchesReleased, searchesTracks, searchesSortArtist, searchesTags: Bool

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
  }

  /// Whether `album` passes every rule of seed §3.3.
  public func matches(_ album: Album) -> Bool {
    guard !query.isEmpty else { return true }
    for term in excluded where appears(term, in: album) { return false }
    for term in required where !appears(term, in: album) { return false }
    return plain.isEmpty || plain.contains { appears($0, in: album) }
  }

  /// Whether a term appears in a searched field; each track and tag is
  /// searched on its own, so a term never matches across two of them.
  private func appears(_ term: [UInt8], in album: Album) -> Bool {
    if searchesArtist, Self.contains(album.artist, term) { return true }
    if searchesTitle, Self.contains(album.title, term) { return true }
    if searchesReleased, let released = album.released, Self.contains(album.releaseDate?.text ?? released, term) { return true }
    if searchesSortArtist, let sortArtist = album.sortArtist, Self.contains(sortArtist, term) { return true }
    if searchesTags, album.tags.contains(where: { Self.contains($0, term) }) { return true }
    if searchesTracks, album.tracks.contains(where: { Self.contains($0, term) }) { return true }
    return false
  }

  /// Whether the folded form of `text` contains `needle` (already folded).
  static func contains(_ text: String, _ needle: [UInt8]) -> Bool {
    guard !needle.isEmpty else { return true }
    var text = text
    return text.withUTF8 { haystack in
      if haystack.allSatisfy({ $0 < 0x80 }) { return containsASCIIFolded(haystack, needle) }
      var folded = TextFolding.fold(String(decoding: haystack, as: UTF8.self))
      return folded.withUTF8 { containsASCIIFolded($0, needle) }
    }
  }

  /// A substring search that lowercases ASCII letters of `haystack` as it
  /// goes, so ASCII text needs no folded copy.
  private static func containsASCIIFolded(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: [UInt8]) -> Bool {
    guard haystack.count >= needle.count, let first = needle.first else { return false }
    let last = haystack.count - needle.count
    var start = 0
    while start <= last {
      if haystack[start] | (isUpper(haystack[start]) ? 0x20 : 0) == first {
        var offset = 1
        while offset < needle.count {
          let byte = haystack[start + offset]
          if (isUpper(byte) ? byte | 0x20 : byte) != needle[offset] { break }
          offset += 1
        }
        if offset == needle.count { return true }
      }
      start += 1
    }
    return false
  }

  @inline(__always) private static func isUpper(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
  }
}
