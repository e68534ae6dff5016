/// A saved set of rules over the collection (docs/commands.md, "Rules and smart lists"; seed 003's
/// taglists), kept in `.recordkeeper/lists/NAME.yaml`.
///
/// An album is in the list when every positive clause holds and not every
/// negative clause does: with two negative clauses, an album is taken out
/// only when both hold.
public struct SmartList: Hashable, Sendable {
  /// The name `rk list @NAME` uses, also the file's name.
  public var name: String
  /// What the list is for, in the collector's words.
  public var description: String?
  /// The clauses, in the order written.
  public var clauses: [SearchClause]
  /// The list's own order (`sort:`), or `nil` for the collection's.
  public var sort: SmartListSort?
  /// The album ids of `order:`, the kept order of a `custom` list.
  public var order: [String]

  public init(name: String, description: String? = nil, clauses: [SearchClause], sort: SmartListSort? = nil, order: [String] = []) {
    self.name = name
    self.description = description
    self.clauses = clauses
    self.sort = sort
    self.order = order
  }

  /// A list of `rules`, each a clause or several as a query writes them
  /// (`+(#dance, #pop)`, `@year:>2010`, `-#live`).
  ///
  /// Throws when a rule cannot be read, or holds plain words, which belong
  /// in a search and not in a list.
  public init(name: String, description: String? = nil, rules: [String]) throws(SmartListError) {
    var clauses: [SearchClause] = []
    for rule in rules {
      clauses += try Self.clauses(of: rule)
    }
    guard !clauses.isEmpty else { throw .noRules(name) }
    self.init(name: name, description: description, clauses: clauses)
  }

  /// The rules as they are saved, one clause each.
  public var rules: [String] { clauses.map(\.description) }

  /// The clauses one saved rule holds.
  static func clauses(of rule: String) throws(SmartListError) -> [SearchClause] {
    let query: SearchQuery
    do {
      query = try SearchQuery(parsing: rule)
    } catch {
      throw .rule(error)
    }
    if let word = query.terms.first { throw .plainWords(rule: rule, word: word.text) }
    return query.clauses
  }

  /// The most characters a name may have.
  public static let nameLimit = 64

  /// What a name may hold, as the app's list editor and the refusal say it.
  public static let nameRule = "up to \(nameLimit) ASCII letters, digits, - and _, starting with a letter or digit"

  /// Refuses a name that is not a safe file name (letters, digits, `-` and
  /// `_`, starting with a letter or digit) or that is a field's name, which
  /// `@NAME` would mean instead.
  public static func validate(name: String) throws(SmartListError) {
    let allowed = name.unicodeScalars.allSatisfy {
      ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || $0 == "-" || $0 == "_"
    }
    guard !name.isEmpty, name.count <= nameLimit, allowed, let first = name.unicodeScalars.first, first != "-", first != "_" else {
      throw .badName(name)
    }
    if RuleField(name: name) != nil { throw .fieldName(name) }
  }
}

/// Why a smart list was not saved, removed or used. Nothing is written when
/// one is thrown.
public enum SmartListError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A rule cannot be read.
  case rule(SearchQueryError)
  /// A rule holds a plain word, which only a search may hold.
  case plainWords(rule: String, word: String)
  /// No rules were given.
  case noRules(String)
  /// The name is not a safe file name.
  case badName(String)
  /// The name is a field's, which `@NAME` would mean instead.
  case fieldName(String)
  /// There is no list by this name; `suggestion` is the closest one.
  case unknown(name: String, suggestion: String?)
  /// The list is named by these other lists, which would break without it.
  case inUse(name: String, by: [String])
  /// A list of this name exists already (a rename would replace it).
  case nameTaken(String)
  /// The list's file cannot be read: `PATH:LINE: field: message`.
  case unreadable(String)
  /// Only a list kept in a custom order has entries to move.
  case notCustom(name: String, sort: SmartListSort?)
  /// A place in the list that is not there.
  case outOfRange(name: String, place: Int, count: Int)
  /// The change could not be made.
  case store(StoreError)

  public var description: String {
    switch self {
    case .rule(let error): error.description
    case .plainWords(let rule, let word):
      "\"\(rule)\": \"\(word)\" is not a rule: a smart list holds only rules (#TAG, @FIELD:VALUE, @NAME) and clauses +(…) and -(…); did you mean #\(word) or @title:\(word)?"
    case .noRules(let name): "the smart list \(name) needs at least one rule, as in rk lists save \(name) '#jazz' '@year:1950..1969'"
    case .badName(let name):
      "\"\(name)\" cannot name a smart list: use \(SmartList.nameRule)"
    case .fieldName(let name):
      "\"\(name)\" is the name of a field, which @\(name) already means: choose another name for the smart list"
    case .unknown(let name, let suggestion):
      "there is no smart list \"\(name)\"" + (suggestion.map { "; did you mean \($0)?" } ?? ".") + " rk lists shows them all"
    case .inUse(let name, let others):
      "the smart list \(name) is used by \(others.map { "@" + $0 }.joined(separator: ", ")): change or remove \(others.count == 1 ? "that list" : "those lists") first"
    case .nameTaken(let name): "there is already a smart list \(name): choose another name, or change that list instead"
    case .unreadable(let problem): problem + "; correct the file, then try again"
    case .notCustom(let name, let sort):
      "the smart list \(name) is in \(sort.map { "the order \($0)" } ?? "the collection's order"): rk lists sort \(name) custom keeps an order of your own, then move its albums"
    case .outOfRange(let name, let place, let count):
      count == 0
        ? "the smart list \(name) has no albums, so it has no album \(place)"
        : "the smart list \(name) has no album \(place): give a number from 1 to \(count)"
    case .store(let error): error.description
    }
  }
}
