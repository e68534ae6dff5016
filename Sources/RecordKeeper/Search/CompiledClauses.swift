/// Clauses made ready for matching many albums: text folded once, and each
/// `@NAME` replaced by that list's own clauses.
///
/// An album is included when every positive clause holds and it is not the
/// case that there is a negative clause and every negative clause holds
/// (seed 003: "include all songs that are included and not excluded").
struct CompiledClauses: Sendable {
  private var positive: [[Rule]] = []
  private var negative: [[Rule]] = []

  private indirect enum Rule: Sendable {
    case tag(String)
    case field(RuleField, RuleSemantics.CompiledTest)
    case list(CompiledClauses)
    /// `@artist:=NAME`: the artist, or a name it credits, is NAME (folded).
    case credited([UInt8], ArtistCredits)
    case tagCount(prefix: String, RuleComparison, Int)
  }

  /// `clauses` compiled; the lists they name must be in `lists` and not
  /// lead round in a circle (``SmartLists/checkReferences(in:trail:)``);
  /// a list that is not there matches nothing. `@artist:=` sees the
  /// artists `credits` credits.
  init(_ clauses: [SearchClause], lists: SmartLists, credits: ArtistCredits = ArtistCredits()) {
    for clause in clauses {
      let rules = clause.rules.map { rule -> Rule in
        switch rule {
        case .tag(let tag): .tag(tag)
        case .tagCount(let prefix, let comparison, let count): .tagCount(prefix: prefix, comparison, count)
        case .field(.artist, .equals(let name)): .credited(TextFolding.foldedBytes(name), credits)
        case .field(let field, let test): .field(field, RuleSemantics.CompiledTest(test))
        case .list(let name):
          .list(lists[name].map { CompiledClauses($0.clauses, lists: lists, credits: credits) } ?? CompiledClauses.nothing)
        }
      }
      if clause.isNegative { negative.append(rules) } else { positive.append(rules) }
    }
  }

  private init() {}

  /// Clauses no album passes: one positive clause of no rules.
  private static var nothing: CompiledClauses {
    var clauses = CompiledClauses()
    clauses.positive = [[]]
    return clauses
  }

  var isEmpty: Bool { positive.isEmpty && negative.isEmpty }

  /// Whether `album` is included.
  func includes(_ album: Album, scratch: inout [UInt8]) -> Bool {
    for clause in positive where !Self.satisfied(clause, by: album, scratch: &scratch) { return false }
    guard !negative.isEmpty else { return true }
    for clause in negative where !Self.satisfied(clause, by: album, scratch: &scratch) { return true }
    return false
  }

  /// Whether any rule of `clause` holds for `album`.
  private static func satisfied(_ clause: [Rule], by album: Album, scratch: inout [UInt8]) -> Bool {
    for rule in clause {
      switch rule {
      case .tag(let tag): if album.tags.contains(tag) { return true }
      case .field(let field, let test): if RuleSemantics.holds(test, of: field, for: album, scratch: &scratch) { return true }
      case .list(let list): if list.includes(album, scratch: &scratch) { return true }
      case .tagCount(let prefix, let comparison, let count):
        // Prefixed as `#tag` matches: exactly, case and all.
        let tagged = album.tags.count { $0.hasPrefix(prefix) }
        if RuleSemantics.compare(tagged, comparison, count) { return true }
      case .credited(let name, let credits):
        if RuleSemantics.holds(.equals(name), of: .artist, for: album, scratch: &scratch) { return true }
        // Only an artist that splits is worked out further.
        if credits.credits(of: album.artist).contains(where: { TextFolding.foldedBytes($0) == name }) { return true }
      }
    }
    return false
  }
}
