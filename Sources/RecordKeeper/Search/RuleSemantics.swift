/// What each kind of field allows after `@field:`, and what each test means
/// for an album (docs/commands.md, "Rules and smart lists").
enum RuleSemantics {
  /// The test `@field:` + `comparison` + `operand` asks for; `quoted` when
  /// the operand was written in quotes (so `..` in it is text, not a range).
  static func make(
    _ field: RuleField, comparison: String, operand: String, quoted: Bool, rule: String
  ) throws(SearchQueryError) -> RuleTest {
    let name = field.name
    switch field.kind {
    case .presence:
      throw .malformedRule(rule: rule, advice: "@\(name) can only be present or not: write @\(name), or -@\(name) for albums without one")
    case .text, .tags:
      guard !operand.isEmpty else {
        throw .malformedRule(rule: rule, advice: "write the text to look for, as in @\(name):TEXT or @\(name):=\"WHOLE VALUE\"")
      }
      switch comparison {
      case "": return .contains(operand)
      case "=": return .equals(operand)
      default:
        throw .malformedRule(
          rule: rule,
          advice:
            "\(name) is text: write @\(name):TEXT (contains) or @\(name):=TEXT (the whole value); <, >, and ranges work on \(comparableNames)"
        )
      }
    case .number, .date:
      if comparison.isEmpty, !quoted, let range = operand.range(of: "..") {
        let low = try self.operand(String(operand[..<range.lowerBound]), for: field, rule: rule)
        let high = try self.operand(String(operand[range.upperBound...]), for: field, rule: rule)
        return .range(low, high)
      }
      let value = try self.operand(operand, for: field, rule: rule)
      return .compare(comparisons[comparison] ?? .equal, value)
    }
  }

  private static let comparisons: [String: RuleComparison] = [
    "": .equal, "=": .exact, "<": .less, "<=": .lessOrEqual, ">": .greater, ">=": .greaterOrEqual,
  ]

  /// The comparison of `count(#PREFIX:) <= N` (`comparison` is `<=`,
  /// `operand` is `N`), read as a number rule's: the sign is required, since
  /// the rule may be written with spaces around it.
  static func tagCount(comparison: String, operand: String, rule: String) throws(SearchQueryError) -> (RuleComparison, Int) {
    guard !comparison.isEmpty, let kind = comparisons[comparison], let count = wholeNumber(operand) else {
      throw .malformedRule(
        rule: rule, advice: "compare the number of tags with =, <, <=, > or >= and a whole number, as in count(#instruments:) <= 2")
    }
    return (kind, count)
  }

  /// `text` as a whole number (`-3`, `42`, not `+3`).
  private static func wholeNumber(_ text: String) -> Int? { text.hasPrefix("+") ? nil : Int(text) }

  private static var comparableNames: String {
    RuleField.allCases.filter { $0.kind == .number || $0.kind == .date }.map(\.name).joined(separator: ", ")
  }

  private static func operand(_ text: String, for field: RuleField, rule: String) throws(SearchQueryError) -> RuleOperand {
    let name = field.name
    if field.kind == .date {
      guard let date = try? ReleaseDate(parsing: text) else {
        throw .malformedRule(
          rule: rule, advice: "\(name) is a date: write YYYY, YYYY-MM or YYYY-MM-DD, as in @\(name):>=1969-06 or @\(name):1970..1979")
      }
      return .date(date)
    }
    guard let number = wholeNumber(text) else {
      throw .malformedRule(rule: rule, advice: "\(name) is a whole number: write @\(name):N, @\(name):>N, @\(name):<=N or @\(name):A..B")
    }
    return .number(number)
  }

  // MARK: Matching

  /// Whether `album` passes `test` of `field`. A field the album lacks, or
  /// holds in a form that is not a number or date, passes no test but
  /// ``RuleTest/present`` (which it passes when it has text).
  static func holds(_ test: CompiledTest, of field: RuleField, for album: Album, scratch: inout [UInt8]) -> Bool {
    switch field.kind {
    case .presence:
      return isPresent(field, in: album)
    case .tags:
      switch test {
      case .present: return isPresent(field, in: album)
      case .contains(let needle): return album.tags.contains { contains(needle, in: $0, scratch: &scratch) }
      case .equals(let whole): return album.tags.contains { equals(whole, $0, scratch: &scratch) }
      default: return false
      }
    case .text:
      if case .present = test { return isPresent(field, in: album) }
      guard let text = text(of: field, in: album), !text.isEmpty else { return false }
      if field == .collector(.barcode), let held = barcodeHolds(test, text) { return held }
      switch test {
      case .present: return true
      case .contains(let needle): return contains(needle, in: text, scratch: &scratch)
      case .equals(let whole): return equals(whole, text, scratch: &scratch)
      default: return false
      }
    case .number:
      if case .present = test { return isPresent(field, in: album) }
      guard let value = number(of: field, in: album) else { return false }
      switch test {
      case .compare(let comparison, .number(let operand)): return compare(value, comparison, operand)
      case .range(.number(let low), .number(let high)): return low <= value && value <= high
      default: return false
      }
    case .date:
      if case .present = test { return isPresent(field, in: album) }
      guard let date = date(of: field, in: album) else { return false }
      switch test {
      case .compare(.exact, .date(let operand)): return date == operand
      case .compare(let comparison, .date(let operand)):
        return compare(key(of: date, at: operand), comparison, key(of: operand, at: operand))
      case .range(.date(let low), .date(let high)):
        return key(of: low, at: low) <= key(of: date, at: low) && key(of: date, at: high) <= key(of: high, at: high)
      default: return false
      }
    }
  }

  /// A barcode rule on digits when the rule's text is digits (with spaces
  /// or hyphens): `7 20642-44251 7` and `720642442517` are one barcode.
  /// `nil` for any other test, which is matched as text.
  private static func barcodeHolds(_ test: CompiledTest, _ text: String) -> Bool? {
    func digits(_ bytes: [UInt8]) -> [UInt8]? {
      BarcodeDigits.of(bytes) ?? (!bytes.isEmpty && bytes.allSatisfy { (0x30...0x39).contains($0) } ? bytes : nil)
    }
    let value = Array(text.utf8).filter { (0x30...0x39).contains($0) }
    switch test {
    case .contains(let needle):
      guard let wanted = digits(needle) else { return nil }
      return value.count >= wanted.count
        && (0...(value.count - wanted.count)).contains { value[$0..<$0 + wanted.count].elementsEqual(wanted) }
    case .equals(let whole):
      guard let wanted = digits(whole) else { return nil }
      return value == wanted
    default: return nil
    }
  }

  /// A test with its text folded once, before any album is looked at.
  enum CompiledTest: Sendable {
    case present
    case contains([UInt8])
    case equals([UInt8])
    case compare(RuleComparison, RuleOperand)
    case range(RuleOperand, RuleOperand)

    init(_ test: RuleTest) {
      switch test {
      case .present: self = .present
      case .contains(let text): self = .contains(TextFolding.foldedBytes(text))
      case .equals(let text): self = .equals(TextFolding.foldedBytes(text))
      case .compare(let comparison, let operand): self = .compare(comparison, operand)
      case .range(let low, let high): self = .range(low, high)
      }
    }
  }

  /// Whether `value` compares with `operand` as `comparison` asks; number
  /// fields and `count(#PREFIX:)` both use it.
  static func compare(_ value: Int, _ comparison: RuleComparison, _ operand: Int) -> Bool {
    switch comparison {
    case .equal, .exact: value == operand
    case .less: value < operand
    case .lessOrEqual: value <= operand
    case .greater: value > operand
    case .greaterOrEqual: value >= operand
    }
  }

  /// `date` as a number at the precision of `precision`'s date, so that
  /// `@purchased:>2024` compares years and `@released:>=1969-06` months. A
  /// part the album's date lacks counts as the first, as in sorting (docs/commands.md, "Sorting").
  private static func key(of date: ReleaseDate, at precision: ReleaseDate) -> Int {
    if precision.month == nil { return date.year }
    if precision.day == nil { return date.year * 100 + (date.month ?? 1) }
    return date.sortKey
  }

  static func text(of field: RuleField, in album: Album) -> String? {
    switch field {
    case .title: album.title
    case .artist: album.artist
    case .sortArtist: album.sortArtist
    case .wikipedia: album.wikipedia
    case .notes: album.body.notes.isBlank ? nil : album.body.notes
    // Missing means owned (docs/album-format.md, "The collector's fields").
    case .collector(.status): album.effectiveStatus
    case .collector(let collector): album[keyPath: collector.keyPath]
    case .released: album.released
    case .year, .tracks, .tags, .cover, .plays, .lastPlayed: nil
    }
  }

  static func number(of field: RuleField, in album: Album) -> Int? {
    switch field {
    case .year: album.releaseDate?.year
    case .tracks: album.tracks.count
    case .plays: album.plays
    case .collector(.rating): album.rating.flatMap { Int($0) }
    case .collector(.discogs): album.discogs.flatMap { Int($0) }
    default: nil
    }
  }

  /// The date a date field holds, `nil` when none or when it is not a date.
  static func date(of field: RuleField, in album: Album) -> ReleaseDate? {
    switch field {
    case .lastPlayed: album.lastPlayed?.date
    case .released: album.released.flatMap { try? ReleaseDate(parsing: $0) }
    case .collector(.purchased): album.purchased.flatMap { try? ReleaseDate(parsing: $0) }
    default: nil
    }
  }

  /// Whether a bare `@field` rule finds `field` in `album`.
  static func isPresent(_ field: RuleField, in album: Album) -> Bool {
    switch field {
    case .cover: album.covers.cover
    case .tags: !album.tags.isEmpty
    case .year: album.releaseDate != nil
    case .tracks: !album.tracks.isEmpty
    case .plays: album.plays > 0
    case .lastPlayed: album.lastPlayed != nil
    case .released: album.released.map { !$0.isEmpty } ?? false
    // Written in the file, though a missing status reads as owned.
    case .collector(.status): album.status.map { !$0.isEmpty } ?? false
    default: text(of: field, in: album).map { !$0.isEmpty } ?? false
    }
  }

  /// Whether `text`, folded, contains `needle` (already folded).
  private static func contains(_ needle: [UInt8], in text: String, scratch: inout [UInt8]) -> Bool {
    scratch.removeAll(keepingCapacity: true)
    SearchMatcher.appendFolded(text, to: &scratch)
    return scratch.withUnsafeBufferPointer { SearchMatcher.find(needle, in: $0) }
  }

  /// Whether `text`, folded, is `whole` (already folded).
  private static func equals(_ whole: [UInt8], _ text: String, scratch: inout [UInt8]) -> Bool {
    scratch.removeAll(keepingCapacity: true)
    SearchMatcher.appendFolded(text, to: &scratch)
    // appendFolded ends the text with a zero byte.
    return scratch.count == whole.count + 1 && scratch.starts(with: whole)
  }
}
