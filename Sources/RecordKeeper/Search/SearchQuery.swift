/// A parsed search query (seed §3.3; PRODUCT.md §2 "Search").
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

  public var terms: [Term]

  public init(terms: [Term]) { self.terms = terms }

  /// Parses the text of the search bar.
  ///
  /// Terms are split at spaces; `"…"` groups words into one literal term;
  /// `\"` and `\\` stand for a quote and a backslash. A `+` or `-` that starts
  /// a term outside quotes makes it required or excluded; alone it is ignored.
  public init(parsing text: String) {
    var terms: [Term] = []
    var current = ""
    var inQuotes = false
    var hasTerm = false
    // A sign counts only when it is the term's first character, unquoted.
    var signCandidate = true
    var sign: Term.Kind = .plain

    func finish() {
      defer {
        current = ""
        hasTerm = false
        signCandidate = true
        sign = .plain
      }
      guard hasTerm, !current.isEmpty else { return }
      terms.append(Term(sign, current))
    }

    let characters = Array(text)
    var index = 0
    while index < characters.count {
      let character = characters[index]
      index += 1
      switch character {
      case "\\" where index < characters.count && (characters[index] == "\"" || characters[index] == "\\"):
        current.append(characters[index])
        index += 1
        hasTerm = true
        signCandidate = false
      case "\"":
        inQuotes.toggle()
        hasTerm = true
        signCandidate = false
      case " " where !inQuotes:
        finish()
      case "+" where signCandidate, "-" where signCandidate:
        sign = character == "+" ? .required : .excluded
        signCandidate = false
      default:
        current.append(character)
        hasTerm = true
        signCandidate = false
      }
    }
    finish()
    self.terms = terms
  }

  /// Whether the query has no terms and so matches every album.
  public var isEmpty: Bool { terms.isEmpty }
}
