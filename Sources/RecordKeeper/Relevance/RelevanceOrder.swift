#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The albums a search matched, best match first (PRODUCT.md §1.4
/// "Relevance", seed 003's global search ordered by relevance).
///
/// Three keys, each deciding only when the ones before it tie:
/// 1. the phrase (the query's words as typed, in order) found in a field,
///    a field that is exactly the phrase counting double, weighted by the
///    field: so a phrase or whole-field match is above any match of words;
/// 2. how many of the query's words the album holds;
/// 3. a BM25-like score: each word weighs by its rarity (inverse document
///    frequency) times, in each field holding it, the field's weight and
///    its saturating count there.
/// Field weights: title and artist (and sort artist) above tags, label and
/// date, above tracks, above notes. Remaining ties keep the default order.
///
/// Only the matches are scored (a query costs about what a plain one
/// does), so a word's document frequency is counted among them: every
/// album holding a plain word is a match unless `+`, `-` or a rule left it
/// out, so this is the collection's count for a plain query.
public struct RelevanceOrder: Sendable {
  /// The plain and `+` words, folded as search folds them, each once.
  let words: [[UInt8]]
  /// The words joined by single spaces, folded.
  let phrase: [UInt8]
  let fields: [SearchField]

  /// The relevance of matches to `query` searched within `fields`; its
  /// `-` words and rules do not rank.
  public init(query: SearchQuery, fields: Set<SearchField> = SearchField.defaults) {
    let ranked = query.terms.filter { $0.kind != .excluded }
    var words: [[UInt8]] = []
    for term in ranked {
      let folded = BarcodeDigits.searchTerm(term.folded)
      if !folded.isEmpty, !words.contains(folded) { words.append(folded) }
    }
    self.words = words
    phrase = BarcodeDigits.searchTerm(TextFolding.foldedBytes(ranked.map(\.text).joined(separator: " ")))
    self.fields = SearchField.allCases.filter((fields.isEmpty ? SearchField.defaults : fields).contains)
  }

  /// Whether there is nothing to rank by (no plain or `+` words): then
  /// relevance is the default order.
  public var isEmpty: Bool { words.isEmpty }

  /// How much a match in `field` counts.
  static func weight(_ field: SearchField) -> Double {
    switch field {
    case .title, .artist, .sortArtist: 8
    case .tags, .label, .released: 4
    case .tracks: 2
    case .notes: 1
    }
  }

  /// `albums` arranged best match first, without headings (a heading of
  /// letters means nothing in this order); ties in the default order. A
  /// query with nothing to rank by is arranged in the default order.
  ///
  /// `collectionSize` is the number of albums searched, for rarity.
  public func arrangement(of albums: [Album], collectionSize: Int) -> AlbumOrder.Arrangement {
    let byDefault = AlbumOrder(mode: .default).arrangement(of: albums)
    guard !isEmpty else { return byDefault }
    let inDefaultOrder = byDefault.positions.map { albums[$0] }
    let positions = ranking(of: inDefaultOrder, collectionSize: collectionSize).map { byDefault.positions[$0] }
    return AlbumOrder.Arrangement(positions: positions, groups: Array(repeating: nil, count: positions.count))
  }

  /// Positions in `albums`, which are in the default order already, best
  /// match first: equal matches keep their order. Large lists are scored
  /// on every core.
  public func ranking(of albums: [Album], collectionSize: Int) -> [Int] {
    ranking(of: albums, among: Array(albums.indices), collectionSize: collectionSize)
  }

  /// Positions in `indices`, the matches among `albums` in the default
  /// order, best match first: the matches ranked where they are, not
  /// copied out (a copy of 100,000 albums is some 45 MB).
  public func ranking(of albums: [Album], among indices: [Int], collectionSize: Int) -> [Int] {
    let count = indices.count
    let chunkCount = count < 2_000 ? 1 : System.coreCount * 4
    let chunkSize = (count + chunkCount - 1) / max(chunkCount, 1)
    let parts = System.concurrentMap(chunkCount) { chunk in
      var scratch = Scratch()
      let range = min(chunk * chunkSize, count)..<min((chunk + 1) * chunkSize, count)
      return range.map { measure(albums[indices[$0]], scratch: &scratch) }
    }
    let measures = Array(parts.joined())
    // Document frequency of each word among the matches, then its BM25 idf.
    let total = Double(max(collectionSize, count))
    let rarity: [Double] = words.indices.map { word in
      let frequency = Double(measures.reduce(0) { $0 + ($1.perWord[word] > 0 ? 1 : 0) })
      return log(1 + (total - frequency + 0.5) / (frequency + 0.5))
    }
    let keys = measures.map { measure in
      (
        phrase: measure.phrase, words: measure.perWord.count { $0 > 0 },
        score: zip(rarity, measure.perWord).reduce(0) { $0 + $1.0 * $1.1 }
      )
    }
    return indices.indices.sorted { a, b in
      let x = keys[a]
      let y = keys[b]
      if x.phrase != y.phrase { return x.phrase > y.phrase }
      if x.words != y.words { return x.words > y.words }
      if x.score != y.score { return x.score > y.score }
      return a < b
    }
  }

  /// What scoring needs of one album before rarity is known.
  struct Measure {
    /// The best field weight holding the phrase (doubled when the field is
    /// exactly the phrase), 0 when no field holds it.
    var phrase: Double
    /// Per word: Σ over fields of weight × saturated count (0: absent).
    var perWord: [Double]
  }

  /// The folded values of one album, reused from album to album.
  struct Scratch {
    var bytes: [UInt8] = []
    var values: [(field: SearchField, range: Range<Int>)] = []
  }

  func measure(_ album: Album, scratch: inout Scratch) -> Measure {
    scratch.bytes.removeAll(keepingCapacity: true)
    scratch.values.removeAll(keepingCapacity: true)
    func add(_ text: String?, _ field: SearchField) {
      guard let text else { return }
      let start = scratch.bytes.count
      SearchMatcher.appendFolded(text, to: &scratch.bytes)
      // appendFolded ends each value with a zero byte, which no word holds.
      scratch.values.append((field, start..<scratch.bytes.count - 1))
    }
    for field in fields {
      switch field {
      case .artist: add(album.artist, field)
      case .title: add(album.title, field)
      case .released: add(album.released.map { album.releaseDate?.text ?? $0 }, field)
      case .sortArtist: add(album.sortArtist, field)
      case .tags: for tag in album.tags { add(tag, field) }
      case .label:
        add(album.label, field)
        add(album.catalogNumber, field)
        add(album.barcode, field)
        if let barcode = album.barcode, let digits = BarcodeDigits.of(Array(barcode.utf8)) {
          add(String(decoding: digits, as: UTF8.self), field)
        }
      case .tracks: for track in album.tracks { add(track, field) }
      case .notes: add(album.body.notes, field)
      }
    }
    var result = Measure(phrase: 0, perWord: Array(repeating: 0, count: words.count))
    var counts = [Int](repeating: 0, count: words.count)
    var field = fields.first ?? .artist
    func closeField() {
      for word in words.indices where counts[word] > 0 {
        // BM25's saturation (k1 = 1.2): a second mention adds less.
        let count = Double(counts[word])
        result.perWord[word] += Self.weight(field) * count * 2.2 / (count + 1.2)
        counts[word] = 0
      }
    }
    scratch.bytes.withUnsafeBufferPointer { bytes in
      for value in scratch.values {
        if value.field != field {
          closeField()
          field = value.field
        }
        let text = UnsafeBufferPointer(rebasing: bytes[value.range])
        if Self.occurrences(of: phrase, in: text, atMost: 1) > 0 {
          let whole = text.count == phrase.count
          result.phrase = max(result.phrase, Self.weight(value.field) * (whole ? 2 : 1))
        }
        for (index, word) in words.enumerated() { counts[index] += Self.occurrences(of: word, in: text, atMost: 8) }
      }
      closeField()
    }
    return result
  }

  /// How many times `needle` occurs in `text` (up to `limit`), not
  /// overlapping.
  static func occurrences(of needle: [UInt8], in text: UnsafeBufferPointer<UInt8>, atMost limit: Int) -> Int {
    guard let first = needle.first, let base = text.baseAddress, text.count >= needle.count else { return 0 }
    return needle.withUnsafeBufferPointer { needleBytes in
      guard let needleBase = needleBytes.baseAddress else { return 0 }
      let lastStart = text.count - needle.count
      var found = 0
      var start = 0
      while found < limit, start <= lastStart {
        guard let hit = memchr(base + start, Int32(first), lastStart - start + 1) else { break }
        let offset = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
        if needle.count == 1 || memcmp(base + offset + 1, needleBase + 1, needle.count - 1) == 0 {
          found += 1
          start = offset + needle.count
        } else {
          start = offset + 1
        }
      }
      return found
    }
  }
}

extension AlbumOrder {
  /// The albums `query` matched within `fields` arranged in this order:
  /// ranked by ``RelevanceOrder`` in `relevance` mode when the query has
  /// words, else as ``arrangement(of:)``. `collectionSize` is how many
  /// albums were searched.
  public func arrangement(
    of matches: [Album], query: SearchQuery, fields: Set<SearchField>, collectionSize: Int
  ) -> Arrangement {
    let relevance = RelevanceOrder(query: query, fields: fields)
    guard mode == .relevance, !relevance.isEmpty else { return arrangement(of: matches) }
    return relevance.arrangement(of: matches, collectionSize: collectionSize)
  }
}
