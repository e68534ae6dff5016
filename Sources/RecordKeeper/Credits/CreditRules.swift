import Yams

/// How an album's artist credits other artists (docs/commands.md, "Credited artists",
/// seed 003's Parsing): `A feat. B`, `A featuring B`, `A ft. B` and `A with
/// B` credit B as well ("basic", the default); `A, B & C` is split at `,`,
/// `&` and `and` in "aggressive" mode, and only into names that are each
/// the artist of some album in the collection (``ArtistCredits``), so
/// `Simon & Garfunkel` stays one act unless Simon and Garfunkel both have
/// albums; an artist listed under `always` is split at each of them
/// whatever the mode; one (or a part of one) listed under `never` is never
/// split.
///
/// A bracket is kept whole: `A (feat. B)` credits A and B, but `A & B (C)`
/// never becomes `A & B (C`, and `A (feat. B) (Live)` credits `A (Live)`
/// and B.
///
/// Credits are worked out from the artist when asked for, never written
/// into `album.md`: a query that does not use them costs nothing more.
public struct CreditRules: Hashable, Sendable {
  /// Which separators split an artist.
  public enum Mode: String, Hashable, Sendable, CaseIterable {
    /// `feat.`, `featuring`, `ft.`, `with`.
    case basic
    /// Those and `,`, `&`, `and`, into names the collection has albums by.
    case aggressive
  }

  public var mode: Mode
  /// Artists (whole, folded) split at every separator whatever the mode; in
  /// aggressive mode a part listed here counts as a name of its own too.
  public var always: Set<[UInt8]>
  /// Artists and parts (whole, folded) never split.
  public var never: Set<[UInt8]>

  public init(mode: Mode = .basic, always: [String] = [], never: [String] = []) {
    self.mode = mode
    self.always = Set(always.map(TextFolding.foldedBytes))
    self.never = Set(never.map(TextFolding.foldedBytes))
  }

  /// The names `artist` credits, in the order written, each once (folded
  /// alike counts as once): the artist itself when nothing splits it. In
  /// aggressive mode `isName` says whether a folded name is the artist of
  /// some album: an artist splits at `,`, `&` and `and` only into such
  /// names (or names listed under `always`).
  func credits(of artist: String, isName: ([UInt8]) -> Bool) -> [String] {
    let whole = artist.trimmed
    guard !whole.isEmpty else { return [] }
    // Most artists hold no separator at all: no folding, no splitting.
    guard Self.mightSplit(whole) else { return [whole] }
    let folded = TextFolding.foldedBytes(whole)
    if never.contains(folded) { return [whole] }
    let splitsAll = always.contains(folded)
    var names: [String] = []
    var seen: Set<[UInt8]> = []
    for part in Self.featuringParts(of: whole[...]) {
      for piece in joiningParts(of: part, splitsAll: splitsAll, isName: isName)
      where seen.insert(TextFolding.foldedBytes(piece)).inserted {
        names.append(piece)
      }
    }
    return names.isEmpty ? [whole] : names
  }

  /// `part` (no featuring word in it) split at `,`, `&` and `and`: at every
  /// one when `splitsAll` or `always` lists it; in aggressive mode into the
  /// most names that are each a name (`isName` or `always`); else whole.
  private func joiningParts(of part: String, splitsAll: Bool, isName: ([UInt8]) -> Bool) -> [String] {
    let folded = TextFolding.foldedBytes(part)
    guard !never.contains(folded) else { return [part] }
    let everywhere = splitsAll || always.contains(folded)
    guard everywhere || mode == .aggressive else { return [part] }
    let pieces = Self.pieces(of: part[...], at: Self.joining)
    guard pieces.count > 1 else { return [part] }
    if everywhere { return pieces.map(String.init) }
    // most[i]: the most names tokens i... make, each a name (nil: none);
    // end[i]: where the first of them ends.
    let count = pieces.count
    var most = [Int?](repeating: nil, count: count + 1)
    var end = [Int](repeating: count, count: count + 1)
    most[count] = 0
    for first in stride(from: count - 1, through: 0, by: -1) {
      for next in (first + 1)...count {
        guard let rest = most[next], rest + 1 > (most[first] ?? 0) else { continue }
        let name = TextFolding.foldedBytes(String(part[pieces[first].startIndex..<pieces[next - 1].endIndex]))
        guard isName(name) || always.contains(name) else { continue }
        most[first] = rest + 1
        end[first] = next
      }
    }
    guard let names = most[0], names > 1 else { return [part] }
    var result: [String] = []
    var first = 0
    while first < count {
      result.append(String(part[pieces[first].startIndex..<pieces[end[first] - 1].endIndex]))
      first = end[first]
    }
    return result
  }

  /// Every name (folded) `artist` could credit under these rules, whichever
  /// albums the collection holds: the whole artist, its featuring parts and,
  /// when aggressive splitting may apply, every run of their `,`/`&`/`and`
  /// pieces. A superset of ``ArtistCredits/credits(of:)``, so an index kept
  /// by these names stays right as albums come and go.
  func possibleNames(of artist: String) -> Set<[UInt8]> {
    let whole = artist.trimmed
    var names: Set<[UInt8]> = [TextFolding.foldedBytes(whole)]
    guard Self.mightSplit(whole) else { return names }
    for part in Self.featuringParts(of: whole[...]) {
      names.insert(TextFolding.foldedBytes(part))
      guard mode == .aggressive || !always.isEmpty else { continue }
      let pieces = Self.pieces(of: part[...], at: Self.joining)
      for first in pieces.indices {
        for last in first..<pieces.count {
          names.insert(TextFolding.foldedBytes(String(part[pieces[first].startIndex..<pieces[last].endIndex])))
        }
      }
    }
    return names
  }

  /// Whether `text` holds a letter sequence any separator begins with.
  static func mightSplit(_ text: String) -> Bool {
    let lower = text.lowercased()
    return lower.contains("f") || lower.contains("with") || lower.contains(",") || lower.contains("&") || lower.contains("and")
  }

  /// Separators of basic mode, as whole words (ignoring case).
  static let featuring = ["feat.", "feat", "featuring", "ft.", "ft", "with"]
  /// Separators aggressive mode adds.
  static let joining = [",", "&", "and"]
  static let openers: Set<Character> = ["(", "[", "{"]
  static let closers: Set<Character> = [")", "]", "}"]

  /// `text` split at its featuring words outside brackets, and each
  /// bracketed clause a featuring word opens (`(feat. B)`) taken out as
  /// names of its own, after the text around it: `A (feat. B) (Live)` is
  /// `A (Live)` and `B`. Other brackets stay whole in their part. A
  /// separator with nothing before it is a word like any other.
  static func featuringParts(of text: Substring) -> [String] {
    var parts: [(text: String, clauses: [String])] = [("", [])]
    var depth = 0
    let words = Self.words(of: text)
    var index = 0
    while index < words.count {
      let word = words[index]
      let current = parts[parts.count - 1].text
      if depth == 0, !current.isBlank, let opener = word.first, openers.contains(opener),
        featuring.contains(word.dropFirst().lowercased()), let close = closingWord(in: words, from: index)
      {
        // The clause's text between its featuring word and its closing bracket.
        let inside = text[word.endIndex..<words[close].index(before: words[close].endIndex)]
        parts[parts.count - 1].text = current.trimmed
        parts[parts.count - 1].clauses += featuringParts(of: inside)
        index = close + 1
        continue
      }
      if depth == 0, featuring.contains(word.lowercased()), !current.isBlank {
        parts.append(("", []))
      } else {
        parts[parts.count - 1].text += word
        for character in word {
          if openers.contains(character) { depth += 1 } else if closers.contains(character) { depth = max(depth - 1, 0) }
        }
      }
      index += 1
    }
    return parts.flatMap { [$0.text.trimmed] + $0.clauses }.filter { !$0.isEmpty }
  }

  /// The word of `words` whose last character closes the bracket that
  /// `words[start]` opens, nil when none does (an unclosed bracket, or one
  /// closed inside a word).
  static func closingWord(in words: [Substring], from start: Int) -> Int? {
    var depth = 0
    for index in start..<words.count {
      for position in words[index].indices {
        let character = words[index][position]
        if openers.contains(character) { depth += 1 } else if closers.contains(character) { depth -= 1 }
        if depth == 0 { return words[index].index(after: position) == words[index].endIndex ? index : nil }
      }
    }
    return nil
  }

  /// The pieces of `text` between its `separators` standing as words of
  /// their own outside brackets (a comma may end the word before it), each
  /// trimmed; a separator with no piece before or after it is part of its
  /// neighbour.
  static func pieces(of text: Substring, at separators: [String]) -> [Substring] {
    var pieces: [Substring] = []
    var start: String.Index?
    var end = text.startIndex
    var depth = 0
    for word in Self.words(of: text) where word != " " {
      if depth == 0, start != nil, separators.contains(word.lowercased()) {
        if let first = start { pieces.append(text[first..<end]) }
        start = nil
        continue
      }
      if start == nil { start = word.startIndex }
      end = word.endIndex
      for character in word {
        if openers.contains(character) { depth += 1 } else if closers.contains(character) { depth = max(depth - 1, 0) }
      }
    }
    if let first = start {
      pieces.append(text[first..<end])
    } else if let last = pieces.popLast() {
      // A separator at the end belongs to the piece before it.
      pieces.append(text[last.startIndex..<text.endIndex])
    }
    return pieces
  }

  /// Words and the spaces and commas between them, so that the text can be
  /// put back as written.
  static func words(of text: Substring) -> [Substring] {
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
    return words
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
