#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The albums a search matched, best match first (docs/commands.md,
/// "Sorting", seed 003's global search ordered by relevance).
///
/// Three keys, each deciding only when the ones before it tie:
/// 1. the phrase (the query's words as typed, in order) found in a field,
///    weighted by the field and by how it stands there (a whole word, a
///    word's start, or inside a word), a field that is exactly the phrase
///    counting double: so a phrase or whole-field match is above any match
///    of words;
/// 2. how many of the query's words the album holds;
/// 3. a BM25F score: each word weighs by its rarity (inverse document
///    frequency) times its saturated count, summed over the fields holding
///    it, each occurrence weighted by its field and how it stands, and each
///    field's count divided by how long the field is against its average
///    among the matches (in words), so a short field beats a long one.
/// Field weights: title and artist (and sort artist) above tags, label and
/// date, above tracks, above notes; an occurrence counts 1 as a whole word,
/// 0.6 as a word's start, 0.3 inside a word. Remaining ties keep the
/// default order.
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

  /// BM25's saturation and how much field length counts.
  static let k1 = 1.2
  static let lengthWeight = 0.75

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
    let fieldCount = fields.count
    // Each field's average length among the matches, in words.
    var averages = [Double](repeating: 0, count: fieldCount)
    for measure in measures {
      for field in 0..<fieldCount { averages[field] += measure.counts[words.count * fieldCount + field] }
    }
    averages = averages.map { $0 / Double(max(measures.count, 1)) }
    // Document frequency of each word among the matches, then its BM25 idf.
    let total = Double(max(collectionSize, count))
    let rarity: [Double] = words.indices.map { word in
      let frequency = Double(measures.reduce(0) { $0 + ($1.holds(word, fields: fieldCount) ? 1 : 0) })
      return log(1 + (total - frequency + 0.5) / (frequency + 0.5))
    }
    let weights = fields.map(Self.weight)
    let keys = measures.map { measure in
      var score = 0.0
      var held = 0
      for word in words.indices {
        var count = 0.0
        for field in 0..<fieldCount {
          let found = measure.counts[word * fieldCount + field]
          guard found > 0 else { continue }
          let length = measure.counts[words.count * fieldCount + field]
          let relative = averages[field] > 0 ? length / averages[field] : 1
          count += weights[field] * found / (1 - Self.lengthWeight + Self.lengthWeight * relative)
        }
        guard count > 0 else { continue }
        held += 1
        score += rarity[word] * count * (Self.k1 + 1) / (count + Self.k1)
      }
      return (phrase: measure.phrase, words: held, score: score)
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

  /// What scoring needs of one album before rarity and average lengths
  /// are known.
  struct Measure {
    /// The best weight of the phrase in a field (field × how it stands,
    /// doubled when the field is exactly the phrase), 0 when no field
    /// holds it.
    var phrase: Double
    /// One array per album: for each word, for each field, its count
    /// there (each occurrence weighted by how it stands); then each
    /// field's length in words.
    var counts: [Double]

    /// Whether some field holds word number `word`.
    func holds(_ word: Int, fields: Int) -> Bool {
      counts[(word * fields)..<((word + 1) * fields)].contains { $0 > 0 }
    }
  }

  /// The folded values of one album, reused from album to album.
  struct Scratch {
    var bytes: [UInt8] = []
    var values: [(field: Int, range: Range<Int>)] = []
  }

  func measure(_ album: Album, scratch: inout Scratch) -> Measure {
    scratch.bytes.removeAll(keepingCapacity: true)
    scratch.values.removeAll(keepingCapacity: true)
    func add(_ text: String?, _ field: Int) {
      guard let text else { return }
      let start = scratch.bytes.count
      SearchMatcher.appendFolded(text, to: &scratch.bytes)
      // appendFolded ends each value with a zero byte, which no word holds.
      scratch.values.append((field, start..<scratch.bytes.count - 1))
    }
    for (place, field) in fields.enumerated() {
      switch field {
      case .artist: add(album.artist, place)
      case .title: add(album.title, place)
      case .released: add(album.released.map { album.releaseDate?.text ?? $0 }, place)
      case .sortArtist: add(album.sortArtist, place)
      case .tags: for tag in album.tags { add(tag, place) }
      case .label:
        add(album.label, place)
        add(album.catalogNumber, place)
        add(album.barcode, place)
        if let barcode = album.barcode, let digits = BarcodeDigits.of(Array(barcode.utf8)) {
          add(String(decoding: digits, as: UTF8.self), place)
        }
      case .tracks: for track in album.tracks { add(track, place) }
      case .notes: add(album.body.notes, place)
      }
    }
    let fieldCount = fields.count
    var result = Measure(phrase: 0, counts: Array(repeating: 0, count: (words.count + 1) * fieldCount))
    scratch.bytes.withUnsafeBufferPointer { bytes in
      for value in scratch.values {
        let text = UnsafeBufferPointer(rebasing: bytes[value.range])
        let weight = Self.weight(fields[value.field])
        result.counts[words.count * fieldCount + value.field] += Double(Self.wordCount(text))
        let phraseFound = Self.occurrences(of: phrase, in: text, atMost: 1)
        if phraseFound.best > 0 {
          let whole = text.count == phrase.count
          result.phrase = max(result.phrase, weight * phraseFound.best * (whole ? 2 : 1))
        }
        for (index, word) in words.enumerated() {
          result.counts[index * fieldCount + value.field] += Self.occurrences(of: word, in: text, atMost: 8).weighted
        }
      }
    }
    return result
  }

  /// Whether `byte` (folded UTF-8) is part of a word: a letter or digit,
  /// or any byte of a character beyond ASCII.
  static func isWordByte(_ byte: UInt8) -> Bool {
    byte >= 0x80 || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
  }

  /// How many words `text` holds.
  static func wordCount(_ text: UnsafeBufferPointer<UInt8>) -> Int {
    var count = 0
    var inWord = false
    for byte in text {
      let isWord = isWordByte(byte)
      if isWord && !inWord { count += 1 }
      inWord = isWord
    }
    return count
  }

  /// How an occurrence of `needle` at `offset` in `text` stands: 1 as a
  /// whole word, 0.6 as a word's start, 0.3 inside a word (or at its end).
  /// A needle beginning or ending with a character that is no letter (`-`,
  /// a space) is at a word's edge there.
  static func standing(of needle: [UInt8], at offset: Int, in text: UnsafeBufferPointer<UInt8>) -> Double {
    let starts = offset == 0 || !isWordByte(text[offset - 1]) || !isWordByte(needle[0])
    let end = offset + needle.count
    let ends = end == text.count || !isWordByte(text[end]) || !isWordByte(needle[needle.count - 1])
    return starts ? (ends ? 1 : 0.6) : 0.3
  }

  /// The occurrences of `needle` in `text` (up to `limit`, not
  /// overlapping): their count, each weighted by how it stands
  /// (``standing(of:at:in:)``), and the best of them (0: none).
  static func occurrences(
    of needle: [UInt8], in text: UnsafeBufferPointer<UInt8>, atMost limit: Int
  ) -> (weighted: Double, best: Double) {
    guard let first = needle.first, let base = text.baseAddress, text.count >= needle.count else { return (0, 0) }
    return needle.withUnsafeBufferPointer { needleBytes in
      guard let needleBase = needleBytes.baseAddress else { return (0, 0) }
      let lastStart = text.count - needle.count
      var found = 0
      var weighted = 0.0
      var best = 0.0
      var start = 0
      while found < limit, start <= lastStart {
        guard let hit = memchr(base + start, Int32(first), lastStart - start + 1) else { break }
        let offset = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
        if needle.count == 1 || memcmp(base + offset + 1, needleBase + 1, needle.count - 1) == 0 {
          found += 1
          let standing = standing(of: needle, at: offset, in: text)
          weighted += standing
          best = max(best, standing)
          start = offset + needle.count
        } else {
          start = offset + 1
        }
      }
      return (weighted, best)
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
