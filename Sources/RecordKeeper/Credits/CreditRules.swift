import Yams

/// How an album's artist credits other artists (PRODUCT.md §1.4 "Credits",
/// seed 003's Parsing): `A feat. B`, `A featuring B`, `A ft. B` and `A with
/// B` credit B as well ("basic", the default); `A, B & C` is split into A, B
/// and C only in "aggressive" mode or when the whole artist is listed under
/// `always`; an artist (or a part of one) listed under `never` is never
/// split, so `Simon & Garfunkel` stays one act in basic mode, and in
/// aggressive mode when listed there.
///
/// Credits are worked out from the artist when asked for, never written
/// into `album.md`: a query that does not use them costs nothing more.
public struct CreditRules: Hashable, Sendable {
  /// Which separators split an artist.
  public enum Mode: String, Hashable, Sendable, CaseIterable {
    /// `feat.`, `featuring`, `ft.`, `with`.
    case basic
    /// Those and `,`, `&`, `and`.
    case aggressive
  }

  public var mode: Mode
  /// Artists (whole, folded) split aggressively whatever the mode.
  public var always: Set<[UInt8]>
  /// Artists and parts (whole, folded) never split.
  public var never: Set<[UInt8]>

  public init(mode: Mode = .basic, always: [String] = [], never: [String] = []) {
    self.mode = mode
    self.always = Set(always.map(TextFolding.foldedBytes))
    self.never = Set(never.map(TextFolding.foldedBytes))
  }

  /// The names `artist` credits, in the order written, each once (folded
  /// alike counts as once): the artist itself when nothing splits it.
  public func credits(of artist: String) -> [String] {
    let whole = artist.trimmed
    guard !whole.isEmpty else { return [] }
    // Most artists hold no separator at all: no folding, no splitting.
    guard Self.mightSplit(whole) else { return [whole] }
    let folded = TextFolding.foldedBytes(whole)
    if never.contains(folded) { return [whole] }
    let aggressive = mode == .aggressive || always.contains(folded)
    var names: [String] = []
    var seen: Set<[UInt8]> = []
    for part in Self.split(whole, at: Self.featuring) {
      let pieces = aggressive && !never.contains(TextFolding.foldedBytes(part)) ? Self.split(part, at: Self.joining) : [part]
      for piece in pieces where seen.insert(TextFolding.foldedBytes(piece)).inserted { names.append(piece) }
    }
    return names.isEmpty ? [whole] : names
  }

  /// The names credited besides the artist as written (empty when nothing
  /// splits it): what `credits` in an album object holds.
  public func otherCredits(of artist: String) -> [String] {
    let names = credits(of: artist)
    return names == [artist.trimmed] ? [] : names
  }

  /// Whether `text` holds a letter sequence any separator begins with.
  static func mightSplit(_ text: String) -> Bool {
    let lower = text.lowercased()
    return lower.contains("f") || lower.contains("with") || lower.contains(",") || lower.contains("&") || lower.contains("and")
  }

  /// Separators of basic mode, as whole words (ignoring case); a credit in
  /// brackets, `A (feat. B)`, loses its brackets.
  static let featuring = ["feat.", "feat", "featuring", "ft.", "ft", "with"]
  /// Separators aggressive mode adds.
  static let joining = [",", "&", "and"]

  /// `text` split at each of `separators` standing as a word of its own
  /// (a comma may end the word before it); the parts trimmed, brackets
  /// around a part dropped, empty parts left out.
  static func split(_ text: String, at separators: [String]) -> [String] {
    var parts: [String] = []
    var current = ""
    func close() {
      var part = current.trimmed
      while let first = part.first, "([".contains(first) { part = String(part.dropFirst()).trimmed }
      while let last = part.last, ")]".contains(last) { part = String(part.dropLast()).trimmed }
      if !part.isEmpty { parts.append(part) }
      current = ""
    }
    // Words and the spaces between them, so the text is put back as written.
    var words: [Substring] = []
    var start = text.startIndex
    var index = text.startIndex
    while index < text.endIndex {
      if text[index] == " " || text[index] == "," {
        if start < index { words.append(text[start..<index]) }
        words.append(text[index...index])
        start = text.index(after: index)
      }
      index = text.index(after: index)
    }
    if start < text.endIndex { words.append(text[start...]) }
    for word in words {
      var bare = word.lowercased()
      while let first = bare.first, "([".contains(first) { bare.removeFirst() }
      if separators.contains(bare), !current.trimmed.isEmpty {
        close()
      } else {
        current += word
      }
    }
    close()
    return parts
  }

  /// The rules in `.recordkeeper/config.yaml`: `credits: basic` or
  /// `credits: aggressive`, or a mapping `credits: {mode: aggressive,
  /// always: [...], never: [...]}`. No file or no `credits` key: basic.
  public static func load(from location: CollectionLocation) throws(CreditRulesError) -> CreditRules {
    let relative = CollectionLocation.markerFolder + "/config.yaml"
    let path = location.path(relative)
    guard FileSystem.exists(path), let bytes = try? FileSystem.read(path) else { return CreditRules() }
    return try parse(String(decoding: bytes, as: UTF8.self), file: location.displayPath(relative))
  }

  /// The rules in the text of a `config.yaml`, `file` naming it in messages.
  public static func parse(_ text: String, file: String) throws(CreditRulesError) -> CreditRules {
    let root: Node?
    do { root = try Yams.compose(yaml: text) } catch {
      throw CreditRulesError(file: file, line: nil, key: "credits", problem: "the file is not YAML (\(error))")
    }
    guard let root, case .mapping = root, let value = root["credits"] else { return CreditRules() }
    let line = value.mark?.line
    func fail(_ key: String, _ problem: String, at node: Node? = nil) -> CreditRulesError {
      CreditRulesError(file: file, line: node?.mark?.line ?? line, key: key, problem: problem)
    }
    func mode(_ node: Node, key: String) throws(CreditRulesError) -> Mode {
      guard let text = node.string, let mode = Mode(rawValue: text.trimmed.lowercased()) else {
        throw fail(key, "write basic or aggressive", at: node)
      }
      return mode
    }
    func phrases(_ node: Node?, key: String) throws(CreditRulesError) -> [String] {
      guard let node else { return [] }
      guard case .sequence(let items) = node else {
        throw fail(key, "write a list of artists, as in \(key): [\"Simon & Garfunkel\"]", at: node)
      }
      var phrases: [String] = []
      for item in items {
        guard let text = item.string, !text.isBlank else { throw fail(key, "each item is an artist as written on albums", at: item) }
        phrases.append(text)
      }
      return phrases
    }
    switch value {
    case .scalar: return CreditRules(mode: try mode(value, key: "credits"))
    case .mapping(let options):
      for key in options.keys.compactMap(\.string) where !["mode", "always", "never"].contains(key) {
        throw fail("credits.\(key)", "credits takes mode, always and never")
      }
      return CreditRules(
        mode: try value["mode"].map { (node) throws(CreditRulesError) in try mode(node, key: "credits.mode") } ?? .basic,
        always: try phrases(value["always"], key: "credits.always"), never: try phrases(value["never"], key: "credits.never"))
    default:
      throw fail("credits", "write credits: basic, credits: aggressive, or credits: {always: [...], never: [...]}")
    }
  }
}

/// A `credits` setting in `.recordkeeper/config.yaml` that cannot be used.
public struct CreditRulesError: Error, Equatable, Sendable, CustomStringConvertible {
  public var file: String
  public var line: Int?
  /// The key as written, `credits.never` for one inside `credits`.
  public var key: String
  public var problem: String

  public var description: String {
    "\(file)\(line.map { ":\($0)" } ?? ""): \(key): \(problem); fix it (or remove it for basic credits: feat., featuring, ft., with)"
  }
}

extension SearchQuery {
  /// Whether matching may need credited artists: an `@artist:=` rule, or a
  /// smart list (which may hold one). Only then is config.yaml read.
  public var usesCredits: Bool {
    !listNames.isEmpty
      || clauses.contains { clause in
        clause.rules.contains { rule in
          if case .field(.artist, .equals) = rule { return true }
          return false
        }
      }
  }
}
