/// Decides whether an album matches a query within a set of fields.
public struct SearchMatcher: Sendable {
  public let query: SearchQuery
  public let fields: Set<SearchField>
  private let plain: [[UInt8]]
  private let required: [[UInt8]]
  private let excluded: [[UInt8]]

  public init(query: SearchQuery, fields: Set<SearchField> = Set(SearchField.allCases)) {
    self.query = query
    self.fields = fields.isEmpty ? Set(SearchField.allCases) : fields
    plain = query.terms.filter { $0.kind == .plain }.map(\.folded)
    required = query.terms.filter { $0.kind == .required }.map(\.folded)
    excluded = query.terms.filter { $0.kind == .excluded }.map(\.folded)
  }

  /// Whether `album` passes every rule of seed §3.3.
  public func matches(_ album: Album) -> Bool {
    guard !query.isEmpty else { return true }
    let texts = searchedTexts(of: album)
    func appears(_ term: [UInt8]) -> Bool { texts.contains { Self.contains($0, term) } }
    for term in excluded where appears(term) { return false }
    for term in required where !appears(term) { return false }
    return plain.isEmpty || plain.contains(where: appears)
  }

  /// The texts of the searched fields; each track and tag on its own, so a
  /// term never matches across two of them.
  private func searchedTexts(of album: Album) -> [String] {
    var texts: [String] = []
    for field in SearchField.allCases where fields.contains(field) {
      switch field {
      case .artist: texts.append(album.artist)
      case .title: texts.append(album.title)
      case .released: if let released = album.released { texts.append(album.releaseDate?.text ?? released) }
      case .tracks: texts += album.tracks
      case .sortArtist: if let sortArtist = album.sortArtist { texts.append(sortArtist) }
      case .tags: texts += album.tags
      }
    }
    return texts
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
