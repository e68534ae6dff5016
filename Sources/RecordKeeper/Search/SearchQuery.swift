/// A parsed search query (seed §3.3; docs/commands.md, "Searching"), with the
/// smart-list rules and clauses it may hold (docs/commands.md, "Rules and smart lists").
public struct SearchQuery: Hashable, Sendable {
  /// One term of a query.
  public struct Term: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
      /// At least one plain term must appear.
      case plain
      /// A `+term`: must appear.
      case required
      /// A `-term`: must not appear.
      case excluded
    }

    public var kind: Kind
    /// The text to look for, without its `+` or `-`.
    public var text: String
    /// ``text`` folded, the form matching uses.
    let folded: [UInt8]

    public init(_ kind: Kind, _ text: String) {
      self.kind = kind
      self.text = text
      folded = TextFolding.foldedBytes(text)
    }
  }

  /// The plain terms, matched as seed §3.3 says.
  public var terms: [Term]
  /// The rules' clauses, in the order written; an album must also pass
  /// them (see ``SearchClauses``).
  public var clauses: [SearchClause]

  public init(terms: [Term] = [], clauses: [SearchClause] = []) {
    self.terms = terms
    self.clauses = clauses
  }

  /// Parses the text of the search bar.
  ///
  /// Terms are split at spaces; `"…"` groups words into one literal term;
  /// `\"` and `\\` stand for a quote and a backslash. A `+` or `-` that starts
  /// a term outside quotes makes it required or excluded; alone it is ignored.
  ///
  /// An unquoted term starting with `#` or `@` is a rule (`#jazz`,
  /// `@year:>2010`, `@favourites`), and `+(…)` / `-(…)` a clause of rules
  /// separated by commas (a space may come before the parenthesis); `-#live`
  /// is a negative clause of one rule. Throws when a rule is malformed or
  /// names no field; a name that is not a field (`@favourites`) is taken as
  /// a smart list, checked when the query is matched.
  public init(parsing text: String) throws(SearchQueryError) {
    var parser = QueryParser(text)
    try parser.parse()
    self.init(terms: parser.terms, clauses: parser.clauses)
  }

  /// For a query that matched nothing: when a text rule's value was cut at
  /// a space and the words after it became terms of their own
  /// (`@artist:=Miles Davis`), what to write instead
  /// (`@artist:="Miles Davis"`); `nil` for any other query.
  public static func quotingHint(_ text: String) -> String? {
    var parser = QueryParser(text)
    guard (try? parser.parse()) != nil, let cut = parser.cutValue else { return nil }
    let whole = ([cut.value] + cut.words).joined(separator: " ")
    let meant = SearchRule.field(cut.field, cut.exact ? .equals(whole) : .contains(whole))
    let words = cut.words.map { "\"\($0)\"" }.joined(separator: ", ")
    return "a rule's value ends at a space, so \(cut.rule) looked for \"\(cut.value)\" alone, and \(words) "
      + (cut.words.count == 1 ? "was searched as a word of its own" : "were searched as words of their own")
      + "; quote a value with spaces: \(meant)"
  }

  /// Whether the query has no terms or rules and so matches every album.
  public var isEmpty: Bool { terms.isEmpty && clauses.isEmpty }

  /// The smart lists the query's rules name, in the order written.
  public var listNames: [String] {
    var names: [String] = []
    for clause in clauses {
      for case .list(let name) in clause.rules where !names.contains(name) { names.append(name) }
    }
    return names
  }
}

/// Why a query, rule or clause was refused; each message names the rule and
/// says what to write instead.
public enum SearchQueryError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The rule (as written) cannot be read; `advice` says how to write it.
  case malformedRule(rule: String, advice: String)
  /// `@name:…` names no field; `suggestion` is the closest one.
  case unknownField(name: String, rule: String, suggestion: String?)
  /// `@name` names neither a field nor a smart list.
  case unknownList(name: String, suggestion: String?, lists: [String])
  /// The smart list `name` cannot be used: its file has a problem.
  case brokenList(name: String, problem: String)
  /// Smart lists that name each other in a circle (`a`, `b`, `a`).
  case listCycle([String])
  /// A `+(` or `-(` (the clause as written so far) has no closing `)`.
  case unclosedClause(String)
  /// Something inside a clause that is not a rule.
  case notARule(clause: String, item: String)

  public var description: String {
    switch self {
    case .malformedRule(let rule, let advice): "\"\(rule)\" is not a rule: \(advice)"
    case .unknownField(let name, let rule, let suggestion):
      "\"\(rule)\": there is no field \"\(name)\"\(suggestion.map { "; did you mean @\($0)?" } ?? ".") Rules may test \(RuleField.namesList)."
    case .unknownList(let name, let suggestion, let lists):
      "@\(name) is neither a field nor a smart list\(suggestion.map { "; did you mean @\($0)?" } ?? ".") Fields: \(RuleField.namesList); "
        + (lists.isEmpty ? "there are no smart lists yet (rk lists save NAME RULES…)" : "smart lists: \(lists.joined(separator: ", "))")
    case .brokenList(let name, let problem):
      "the smart list @\(name) cannot be used: \(problem); fix its file or save it again with rk lists save"
    case .listCycle(let names):
      "smart lists cannot include each other in a circle: " + names.map { "@" + $0 }.joined(separator: " → ") + "; change one of them"
    case .unclosedClause(let clause): "the clause \"\(clause)\" has no closing parenthesis: write it as +(#a, #b) or -(#a, #b)"
    case .notARule(let clause, let item):
      "\"\(item)\" in \"\(clause)\" is not a rule: a clause holds rules starting with # or @, separated by commas, as in +(#dance, @year:>2010); quote text with spaces: @artist:=\"Miles Davis\""
    }
  }
}

/// Reads a query character by character: terms, rules and clauses.
private struct QueryParser {
  let characters: [Character]
  var index = 0
  var terms: [SearchQuery.Term] = []
  var clauses: [SearchClause] = []
  /// The first text rule outside a clause whose unquoted value was
  /// followed by plain words (`@artist:=Miles Davis`): the rule as written,
  /// its field, whether it is exact, its value and those words, for
  /// ``SearchQuery/quotingHint(_:)``.
  var cutValue: (rule: String, field: RuleField, exact: Bool, value: String, words: [String])?

  init(_ text: String) { characters = Array(text) }

  private var current: Character? { index < characters.count ? characters[index] : nil }

  mutating func parse() throws(SearchQueryError) {
    while true {
      while current == " " { index += 1 }
      guard let first = current else { return }
      if first == "+" || first == "-" {
        // `+(…)`, `+ (…)`, `-#jazz`, `- #jazz`; a sign alone is ignored,
        // and anything else is a `+term` or `-term`.
        var next = index + 1
        while next < characters.count, characters[next] == " " { next += 1 }
        if next < characters.count, characters[next] == "(", startsClause(at: next + 1) {
          let start = index
          index = next + 1
          clauses.append(try clause(negative: first == "-", start: start))
          continue
        }
        if next < characters.count, characters[next] == "#" || characters[next] == "@" || startsTagCount(at: next) {
          index = next
          clauses.append(SearchClause(isNegative: first == "-", [try rule(inClause: false)]))
          continue
        }
      } else if first == "#" || first == "@" || startsTagCount(at: index) {
        let start = index
        clauses.append(SearchClause([try rule(inClause: false)]))
        noteCutValue(of: start)
        continue
      }
      plainTerm()
    }
  }

  /// Records ``cutValue`` when the rule just read from `start` is
  /// `@field:text` or `@field:=text`, unquoted, and plain words follow it.
  private mutating func noteCutValue(of start: Int) {
    guard cutValue == nil, case .field(let field, let test)? = clauses.last?.rules.first else { return }
    let rule = written(from: start)
    guard !rule.contains("\"") else { return }
    let (exact, value): (Bool, String)
    switch test {
    case .contains(let text): (exact, value) = (false, text)
    case .equals(let text): (exact, value) = (true, text)
    default: return
    }
    var words: [String] = []
    var next = index
    while next < characters.count {
      while next < characters.count, characters[next] == " " { next += 1 }
      guard next < characters.count, !"#@+-\"(".contains(characters[next]) else { break }
      let end = characters[next...].firstIndex(of: " ") ?? characters.count
      words.append(String(characters[next..<end]))
      next = end
    }
    if !words.isEmpty { cutValue = (rule, field, exact, value, words) }
  }

  /// Whether the text after a `+(` or `-(` begins a clause: a rule or the
  /// closing parenthesis. Otherwise (`-(live)`) the sign and parenthesis
  /// start a plain term, as they did before rules existed.
  private func startsClause(at start: Int) -> Bool {
    guard let offset = characters[start...].firstIndex(where: { !$0.isWhitespace }) else { return true }
    let first = characters[offset]
    return first == "#" || first == "@" || first == ")" || startsTagCount(at: offset)
  }

  /// Whether a `count(#PREFIX:)` rule starts at `start`; `count(` before
  /// anything but a `#` is plain text.
  private func startsTagCount(at start: Int) -> Bool {
    let opening = "count("
    guard String(characters[start...].prefix(opening.count)).lowercased() == opening else { return false }
    return characters[(start + opening.count)...].first { !$0.isWhitespace } == "#"
  }

  /// A term of seed §3.3, up to the next unquoted space.
  private mutating func plainTerm() {
    var text = ""
    var inQuotes = false
    var hasTerm = false
    // A sign counts only when it is the term's first character, unquoted.
    var signCandidate = true
    var sign: SearchQuery.Term.Kind = .plain
    while let character = current {
      index += 1
      switch character {
      case "\\" where current == "\"" || current == "\\":
        if let escaped = current { text.append(escaped) }
        index += 1
        hasTerm = true
        signCandidate = false
      case "\"":
        inQuotes.toggle()
        hasTerm = true
        signCandidate = false
      case " " where !inQuotes:
        if hasTerm, !text.isEmpty { terms.append(.init(sign, text)) }
        return
      case "+" where signCandidate, "-" where signCandidate:
        sign = character == "+" ? .required : .excluded
        signCandidate = false
      default:
        text.append(character)
        hasTerm = true
        signCandidate = false
      }
    }
    if hasTerm, !text.isEmpty { terms.append(.init(sign, text)) }
  }

  /// The rules of a clause, from just after its `(` to its `)`.
  private mutating func clause(negative: Bool, start: Int) throws(SearchQueryError) -> SearchClause {
    var rules: [SearchRule] = []
    while true {
      while let character = current, character.isWhitespace { index += 1 }
      guard let character = current else { throw .unclosedClause(written(from: start)) }
      if character == ")", rules.isEmpty {
        throw .malformedRule(rule: written(from: start) + ")", advice: "a clause needs at least one rule, as in +(#jazz)")
      }
      guard character == "#" || character == "@" || startsTagCount(at: index) else {
        throw .notARule(clause: clauseText(from: start), item: item())
      }
      rules.append(try rule(inClause: true))
      while let character = current, character.isWhitespace { index += 1 }
      switch current {
      case ")":
        index += 1
        return SearchClause(isNegative: negative, rules)
      case ",":
        index += 1
      case nil:
        throw .unclosedClause(written(from: start))
      default:
        throw .notARule(clause: clauseText(from: start), item: item())
      }
    }
  }

  /// One rule, from its `#`, `@` or `count(`.
  private mutating func rule(inClause: Bool) throws(SearchQueryError) -> SearchRule {
    if startsTagCount(at: index) { return try tagCount(inClause: inClause) }
    let start = index
    let marker = characters[index]
    index += 1
    if marker == "#" {
      let (tag, _) = try value(inClause: inClause, start: start)
      guard !tag.isEmpty else {
        throw .malformedRule(
          rule: written(from: start), advice: "write the tag after #, as in #jazz; quote a tag with spaces: #\"hip hop\"")
      }
      return .tag(tag)
    }
    var name = ""
    while let character = current, character.isLetter || character.isNumber || character == "_" || character == "-" {
      name.append(character)
      index += 1
    }
    guard !name.isEmpty else {
      throw .malformedRule(rule: written(from: start), advice: "write a field or a smart list after @, as in @year:>2010 or @favourites")
    }
    guard let next = current, !endsRule(next, inClause: inClause) else {
      return RuleField(name: name).map { .field($0, .present) } ?? .list(name)
    }
    guard let field = RuleField(name: name) else {
      let rest = written(from: start) + String(characters[index...].prefix { !endsRule($0, inClause: inClause) })
      throw .unknownField(name: name, rule: rest, suggestion: Suggestion.closest(to: name, among: RuleField.allCases.map(\.name)))
    }
    let comparison: String
    let operand: String
    let quoted: Bool
    if next == ":" {
      index += 1
      comparison = readComparison()
      (operand, quoted) = try value(inClause: inClause, start: start)
    } else if next == "(" {
      // Seed 003 writes `@year(>2010)` for `@year:>2010`.
      index += 1
      comparison = readComparison()
      (operand, quoted) = try value(inClause: inClause, start: start, closingParenthesis: true)
      guard current == ")" else {
        throw .malformedRule(rule: written(from: start), advice: "close the parenthesis, as in @\(field.name)(>2010)")
      }
      index += 1
    } else {
      throw .malformedRule(
        rule: written(from: start) + String(characters[index...].prefix { !endsRule($0, inClause: inClause) }),
        advice: "write : and the value after @\(field.name), as in @\(field.name):VALUE, @\(field.name):=VALUE or @\(field.name):>VALUE")
    }
    return .field(
      field, try RuleSemantics.make(field, comparison: comparison, operand: operand, quoted: quoted, rule: written(from: start)))
  }

  /// `count(#PREFIX:) <= N` (seed 003), from its `count(`; spaces may
  /// stand inside the parentheses and around the comparison.
  private mutating func tagCount(inClause: Bool) throws(SearchQueryError) -> SearchRule {
    let start = index
    let example = "count(#instruments:) <= 2"
    index += "count(".count
    while let character = current, character.isWhitespace { index += 1 }
    index += 1  // the `#`
    let (prefix, _) = try value(inClause: true, start: start)
    while let character = current, character.isWhitespace { index += 1 }
    guard current == ")" else {
      throw .malformedRule(rule: written(from: start), advice: "close the parenthesis after the tag's prefix, as in \(example)")
    }
    index += 1
    guard prefix.hasSuffix(":"), prefix.count > 1 else {
      throw .malformedRule(
        rule: written(from: start), advice: "count the tags of one prefix, which ends with a colon: write count(#PREFIX:), as in \(example)"
      )
    }
    while current == " " || (inClause && current?.isWhitespace == true) { index += 1 }
    let comparison = readComparison()
    while current == " " || (inClause && current?.isWhitespace == true) { index += 1 }
    let (operand, _) = try value(inClause: inClause, start: start)
    let (kind, count) = try RuleSemantics.tagCount(comparison: comparison, operand: operand, rule: written(from: start))
    return .tagCount(prefix: prefix, kind, count)
  }

  /// `>=`, `<=`, `>`, `<`, `=` or nothing.
  private mutating func readComparison() -> String {
    for sign in [">=", "<=", ">", "<", "="] where characters[index...].starts(with: sign) {
      index += sign.count
      return sign
    }
    return ""
  }

  /// A rule's value, up to a space (or a comma or parenthesis in a clause);
  /// quoted parts may hold anything, with `\"` and `\\`.
  private mutating func value(
    inClause: Bool, start: Int, closingParenthesis: Bool = false
  ) throws(SearchQueryError) -> (text: String, quoted: Bool) {
    var text = ""
    var quoted = false
    while let character = current {
      if character == "\"" {
        quoted = true
        index += 1
        while true {
          guard let inside = current else {
            throw .malformedRule(rule: written(from: start), advice: "close the quote: values in quotes end with \"")
          }
          index += 1
          if inside == "\"" { break }
          if inside == "\\", let escaped = current, escaped == "\"" || escaped == "\\" {
            text.append(escaped)
            index += 1
          } else {
            text.append(inside)
          }
        }
        continue
      }
      if endsRule(character, inClause: inClause) || (closingParenthesis && character == ")") { break }
      if character == "\\", index + 1 < characters.count, characters[index + 1] == "\"" || characters[index + 1] == "\\" {
        index += 1
      }
      text.append(characters[index])
      index += 1
    }
    return (text, quoted)
  }

  private func endsRule(_ character: Character, inClause: Bool) -> Bool {
    character == " " || (inClause && (character.isWhitespace || character == "," || character == ")"))
  }

  /// The query's text from `start` to the current position.
  private func written(from start: Int) -> String { String(characters[start..<min(index, characters.count)]) }

  /// The clause's text from `start` up to its `)`, for messages.
  private func clauseText(from start: Int) -> String {
    let end = characters[index...].firstIndex(of: ")").map { $0 + 1 } ?? characters.count
    return String(characters[start..<end])
  }

  /// The word at the current position inside a clause, for messages.
  private func item() -> String {
    let word = characters[index...].prefix { $0 != "," && $0 != ")" }
    return String(word).trimmed
  }
}
