#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Decides whether an album matches a query within a set of fields: its
/// plain terms as seed §3.3 says, and its rules and clauses (docs/commands.md, "Rules and smart lists").
public struct SearchMatcher: Sendable {
  public let query: SearchQuery
  public let fields: Set<SearchField>
  private let plain: [[UInt8]]
  private let required: [[UInt8]]
  private let excluded: [[UInt8]]
  private let hasTerms: Bool
  private let clauses: CompiledClauses
  private let searchesArtist, searchesTitle, searchesReleased, searchesTracks, searchesSortArtist, searchesTags, searchesLabel,
    searchesNotes: Bool
  /// The searched fields' places in a ``SearchText``, in order.
  private let textFields: [Int]

  /// A matcher for `query`; the smart lists its `@NAME` rules name come
  /// from `lists`; `@artist:=NAME` also finds the albums `credits` says
  /// credit NAME.
  ///
  /// Throws when a rule names a list that `lists` does not hold, one whose
  /// file is broken, or lists that include each other in a circle.
  public init(
    query: SearchQuery, fields: Set<SearchField> = SearchField.defaults, lists: SmartLists = SmartLists(),
    credits: ArtistCredits = ArtistCredits()
  )
    throws(SearchQueryError)
  {
    self.query = query
    self.fields = fields.isEmpty ? SearchField.defaults : fields
    plain = query.terms.filter { $0.kind == .plain }.map { BarcodeDigits.searchTerm($0.folded) }
    required = query.terms.filter { $0.kind == .required }.map { BarcodeDigits.searchTerm($0.folded) }
    excluded = query.terms.filter { $0.kind == .excluded }.map { BarcodeDigits.searchTerm($0.folded) }
    hasTerms = !query.terms.isEmpty
    try lists.checkReferences(in: query.clauses)
    clauses = CompiledClauses(query.clauses, lists: lists, credits: credits)
    searchesArtist = self.fields.contains(.artist)
    searchesTitle = self.fields.contains(.title)
    searchesReleased = self.fields.contains(.released)
    searchesTracks = self.fields.contains(.tracks)
    searchesSortArtist = self.fields.contains(.sortArtist)
    searchesTags = self.fields.contains(.tags)
    searchesLabel = self.fields.contains(.label)
    searchesNotes = self.fields.contains(.notes)
    textFields = SearchText.order.filter(self.fields.contains).map(\.index)
  }

  /// Whether `album` passes every rule of seed §3.3 and every clause.
  public func matches(_ album: Album) -> Bool {
    // Room for an album's usual text at once, rather than growing it six times.
    var scratch: [UInt8] = []
    scratch.reserveCapacity(1024)
    return matches(album, scratch: &scratch)
  }

  /// Like ``matches(_:)``, reusing `scratch` for the folded text, so a
  /// search over many albums allocates once.
  ///
  /// The searched fields are folded once into one buffer, each track and tag
  /// followed by a zero byte, so a term (which never holds one) cannot match
  /// across two of them. Clauses are tried first: they are cheaper.
  public func matches(_ album: Album, scratch: inout [UInt8]) -> Bool {
    if !clauses.isEmpty, !clauses.includes(album, scratch: &scratch) { return false }
    guard hasTerms else { return true }
    scratch.removeAll(keepingCapacity: true)
    if searchesArtist { Self.appendFolded(album.artist, to: &scratch) }
    if searchesTitle { Self.appendFolded(album.title, to: &scratch) }
    if searchesReleased, let released = album.released { Self.appendFolded(album.releaseDate?.text ?? released, to: &scratch) }
    if searchesSortArtist, let sortArtist = album.sortArtist { Self.appendFolded(sortArtist, to: &scratch) }
    if searchesTags { for tag in album.tags { Self.appendFolded(tag, to: &scratch) } }
    if searchesLabel {
      for text in [album.label, album.catalogNumber] { if let text { Self.appendFolded(text, to: &scratch) } }
      if let barcode = album.barcode { BarcodeDigits.appendFolded(barcode, to: &scratch) }
    }
    if searchesTracks { for track in album.trackList { Self.appendFolded(track.name, to: &scratch) } }
    if searchesNotes { Self.appendFolded(album.body.notes, to: &scratch) }
    return scratch.withUnsafeBufferPointer(matches(folded:))
  }

  /// Like ``matches(_:scratch:)`` for an album whose text was folded
  /// beforehand (``SearchText``): a long-running server folds each album
  /// once, not once per keystroke. The clauses are tried on `album`.
  public func matches(_ text: SearchText, of album: Album, scratch: inout [UInt8]) -> Bool {
    // Notes are not in a SearchText (see its `order`).
    if searchesNotes { return matches(album, scratch: &scratch) }
    if !clauses.isEmpty, !clauses.includes(album, scratch: &scratch) { return false }
    return matchesTerms(text, scratch: &scratch)
  }

  /// Whether the query has clauses (rules, `@NAME`), which read the album
  /// itself; without them an album's ``SearchText`` is all a match needs.
  public var hasClauses: Bool { !clauses.isEmpty }

  /// The query's plain, `+` and `-` terms on an album's folded text, its
  /// clauses left out: the whole match when ``hasClauses`` is false. A
  /// server searching many albums calls this so as not to copy every album
  /// (two dozen strings to retain) only to pass it along unread. Notes are
  /// not in a SearchText: when they are searched, use ``matches(_:of:scratch:)``.
  public func matchesTerms(_ text: SearchText, scratch: inout [UInt8]) -> Bool {
    guard hasTerms else { return true }
    if searchesEveryField { return text.bytes.withUnsafeBufferPointer(matches(folded:)) }
    scratch.removeAll(keepingCapacity: true)
    for index in textFields { scratch += text.bytes[text.ranges[index]] }
    return scratch.withUnsafeBufferPointer(matches(folded:))
  }

  /// Whether every field of a ``SearchText`` is searched, and notes are
  /// not (the default): then the terms are matched against an album's
  /// whole ``SearchText/bytes``.
  public var searchesEveryField: Bool { !searchesNotes && textFields.count == SearchText.order.count }

  /// The query's terms on an album's whole ``SearchText/bytes``, wherever
  /// they are kept (a server keeps every album's one after another), when
  /// ``searchesEveryField`` and not ``hasClauses``.
  public func matchesTerms(folded text: UnsafeBufferPointer<UInt8>) -> Bool {
    hasTerms ? matches(folded: text) : true
  }

  /// Whether an album whose whole folded text (``SearchText/bytes``) is
  /// `text` could match: `false` only when ``matches(_:)`` would refuse it
  /// for its terms alone. Notes, or some fields only, searched: always `true`.
  public func mayMatch(folded text: UnsafeBufferPointer<UInt8>) -> Bool {
    searchesEveryField ? matchesTerms(folded: text) : true
  }

  /// ``mayMatch(folded:)``, when it can say no: for a load's ``AlbumSelection/matching(_:text:)``.
  public var textTest: (@Sendable (UnsafeBufferPointer<UInt8>) -> Bool)? {
    guard hasTerms && searchesEveryField else { return nil }
    return { text in mayMatch(folded: text) }
  }

  /// The albums this matcher matches, as a load keeps them: an album the
  /// load cache shows cannot match is not decoded.
  public var selection: AlbumSelection { .matching({ matches($0) }, text: textTest) }

  /// The rules of seed §3.3 on the searched fields' folded text.
  private func matches(folded text: UnsafeBufferPointer<UInt8>) -> Bool {
    for term in excluded where Self.find(term, in: text) { return false }
    for term in required where !Self.find(term, in: text) { return false }
    return plain.isEmpty || plain.contains { Self.find($0, in: text) }
  }

  /// Appends `text` folded, then a zero byte. ASCII is copied whole and
  /// lowercased in place; anything else goes through ``TextFolding``.
  static func appendFolded(_ text: String, to buffer: inout [UInt8]) {
    let start = buffer.count
    var text = text
    text.withUTF8 { buffer.append(contentsOf: $0) }
    let ascii = buffer.withUnsafeMutableBufferPointer { all -> Bool in
      for index in start..<all.count {
        let byte = all[index]
        if byte >= 0x80 { return false }
        if byte &- UInt8(ascii: "A") < 26 { all[index] = byte | 0x20 }
      }
      return true
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
