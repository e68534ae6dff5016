/// One rule of a smart list or query (docs/commands.md, "Rules and smart lists"; seed 003's taglists).
public enum SearchRule: Hashable, Sendable, CustomStringConvertible {
  /// `#tag`: the album carries exactly this tag (case-sensitive).
  case tag(String)
  /// `@field…`: a test of one field.
  case field(RuleField, RuleTest)
  /// `@NAME`: the album is in the smart list NAME.
  case list(String)
  /// `count(#PREFIX:) <= N`: how many of the album's tags start with the
  /// prefix (seed 003), compared as `@tracks:<=N` compares.
  case tagCount(prefix: String, RuleComparison, Int)

  /// The rule as it is written in a query: `#hip-hop`, `@year:>2010`,
  /// `@artist:="Miles Davis"`.
  public var description: String {
    switch self {
    case .tag(let tag): "#" + RuleText.quotedIfNeeded(tag)
    case .list(let name): "@" + name
    case .field(let field, let test): "@" + field.name + test.description
    case .tagCount(let prefix, let comparison, let count):
      "count(#\(RuleText.quotedIfNeeded(prefix))) \(comparison == .equal ? "=" : comparison.rawValue) \(count)"
    }
  }
}

/// What an `@field` rule asks of the field.
public enum RuleTest: Hashable, Sendable, CustomStringConvertible {
  /// `@field`: the field has a value (a tag, a track, a cover).
  case present
  /// `@field:text`: the field contains the text, ignoring case and diacritics.
  case contains(String)
  /// `@field:=text`: the whole value is the text, ignoring case and diacritics.
  case equals(String)
  /// `@field:N`, `:=N`, `:>N`, `:<N`, `:>=N`, `:<=N` on a number or date.
  case compare(RuleComparison, RuleOperand)
  /// `@field:A..B`: from A to B, both included.
  case range(RuleOperand, RuleOperand)

  /// The test after the field's name: `:>2010`, `:="Miles Davis"`.
  public var description: String {
    switch self {
    case .present: ""
    case .contains(let text): ":" + RuleText.quotedIfNeeded(text)
    case .equals(let text): ":=" + RuleText.quotedIfNeeded(text)
    case .compare(let comparison, let operand): ":" + comparison.rawValue + operand.description
    case .range(let low, let high): ":\(low)..\(high)"
    }
  }
}

/// How a number or date is compared with the operand.
public enum RuleComparison: String, Hashable, Sendable {
  /// `:N`: equal; a date at the operand's precision (`@released:1997` is any day of 1997).
  case equal = ""
  /// `:=N`: equal; a date with the same precision too.
  case exact = "="
  case less = "<"
  case lessOrEqual = "<="
  case greater = ">"
  case greaterOrEqual = ">="
}

/// The number or date a rule compares with.
public enum RuleOperand: Hashable, Sendable, CustomStringConvertible {
  case number(Int)
  case date(ReleaseDate)

  public var description: String {
    switch self {
    case .number(let number): String(number)
    case .date(let date): date.text
    }
  }
}

/// A clause: a list of rules, satisfied when any of them holds (seed 003).
public struct SearchClause: Hashable, Sendable, CustomStringConvertible {
  /// Whether this is a `-(…)` clause, which takes albums out when it holds
  /// together with every other negative clause.
  public var isNegative: Bool
  public var rules: [SearchRule]

  public init(isNegative: Bool = false, _ rules: [SearchRule]) {
    self.isNegative = isNegative
    self.rules = rules
  }

  /// `#jazz`, `-#live`, `+(#dance, #pop)`, `-(#japanese, #korean)`.
  public var description: String {
    let sign = isNegative ? "-" : "+"
    if rules.count == 1, let rule = rules.first { return (isNegative ? "-" : "") + rule.description }
    return sign + "(" + rules.map(\.description).joined(separator: ", ") + ")"
  }
}

/// Quoting values inside rules.
enum RuleText {
  /// Characters that end or split a rule's value unless it is quoted.
  static let special: Set<Character> = [" ", ",", "(", ")", "\"", "\\"]

  /// `text`, in double quotes (with `\"` and `\\`) when it would otherwise
  /// read back differently: empty, holding a special character or `..`, or
  /// starting with a comparison sign.
  static func quotedIfNeeded(_ text: String) -> String {
    let needsQuotes =
      text.isEmpty || text.contains(where: { special.contains($0) || $0.isWhitespace }) || text.contains("..")
      || text.first.map { "=<>".contains($0) } == true
    guard needsQuotes else { return text }
    var quoted = "\""
    for character in text {
      if character == "\"" || character == "\\" { quoted.append("\\") }
      quoted.append(character)
    }
    return quoted + "\""
  }
}
