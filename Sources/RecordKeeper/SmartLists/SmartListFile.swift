/// The file of one smart list, `.recordkeeper/lists/NAME.yaml`: a
/// `description:` (optional) and a `rules:` list of clauses, each a quoted
/// string, since YAML takes an unquoted `#` for a comment.
///
/// ```yaml
/// description: Recent pop, not from Japan or Korea
/// rules:
/// - "+(#dance, #pop, #hip-hop)"
/// - "@year:>2010"
/// - "-(#japanese, #korean)"
/// sort: custom
/// order:
/// - albums/daft-punk-discovery
/// - albums/robyn-honey
/// ```
///
/// `sort:` (optional) is the list's own order: a sort mode, or `custom`,
/// the order of `order:`, where new matches go to the end and albums that
/// no longer match are left out (see ``SmartList/arranged(_:)``).
public enum SmartListFile {
  /// The folder of the list files, relative to the collection root.
  public static let folder = CollectionLocation.markerFolder + "/lists"
  /// The ending of a list file's name.
  public static let fileExtension = ".yaml"

  /// The path of the list `name`'s file, relative to the collection root.
  public static func path(of name: String) -> String { folder + "/" + name + fileExtension }

  /// The file's text: written by `rk lists save`, readable by a person.
  public static func render(_ list: SmartList) -> String {
    var text = "# rk list @\(list.name): an album is in this list when every + clause holds and not every - clause does.\n"
    if let description = list.description, !description.isBlank {
      text += "description: \(YAMLScalar.quoted(description))\n"
    }
    text += "rules:\n"
    for rule in list.rules { text += "- \(YAMLScalar.quoted(rule))\n" }
    if let sort = list.sort { text += sortLine(sort) }
    if !list.order.isEmpty { text += orderLines(list.order) }
    return text
  }

  /// The `sort:` line.
  static func sortLine(_ sort: SmartListSort) -> String { "sort: \(sort)\n" }

  /// The `order:` key and its ids, one a line.
  static func orderLines(_ ids: [String]) -> String {
    "order:\n" + ids.map { "- \(YAMLScalar.quoted($0))\n" }.joined()
  }

  /// Reads the list `name` from its file's bytes; or says, by line, what
  /// is wrong with it.
  public static func parse(_ bytes: [UInt8], name: String) -> Result<SmartList, SmartListIssue> {
    func issue(_ line: Int, _ field: String, _ message: String) -> Result<SmartList, SmartListIssue> {
      .failure(SmartListIssue(name: name, line: line, field: field, message: message))
    }
    guard let text = String(validating: bytes, as: UTF8.self) else { return issue(0, "file", "is not UTF-8 text; save it as UTF-8") }
    var body = Array(text.utf8)[...]
    if let last = body.last, last != UInt8(ascii: "\n") { body = (Array(body) + [UInt8(ascii: "\n")])[...] }
    let frontMatter: FrontMatter
    do {
      frontMatter = try FrontMatter.parse(body, firstLine: 1)
    } catch {
      return issue(error.line, "file", error.description)
    }
    var description: String?
    var rules: (line: Int, items: [String], itemLines: [Int])?
    var sort: SmartListSort?
    var order: [String] = []
    for entry in frontMatter.entries {
      switch (entry.key, entry.value) {
      case ("description", .text(let text)): description = text.isBlank ? nil : text
      case ("description", _): return issue(entry.line, "description", "write the description as one line of text")
      case ("rules", .list(let items)): rules = (entry.line, items, entry.itemLines)
      case ("rules", .text(let text)): rules = (entry.line, text.isBlank ? [] : [text], [entry.line])
      case ("rules", _): return issue(entry.line, "rules", "write the rules as a list, one quoted clause a line: - \"#jazz\"")
      case ("sort", .text(let text)):
        guard let value = SmartListSort(name: text.trimmed) else {
          return issue(
            entry.line, "sort",
            "\"\(text)\" is not an order; write custom or one of \(SortMode.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        sort = value
      case ("sort", _): return issue(entry.line, "sort", "write the order as one word: sort: title, or sort: custom")
      case ("order", .list(let items)):
        for (index, id) in items.enumerated() where !OrderedListEntry.isAlbumID(id) {
          let line = index < entry.itemLines.count ? entry.itemLines[index] : entry.line
          return issue(
            line, "order", "\"\(id)\" is not an album id; write the album's folder from the collection root, as in - albums/kind-of-blue")
        }
        order = items
      case ("order", .text(let text)) where text.isBlank: order = []
      case ("order", _): return issue(entry.line, "order", "write the order as a list, one album id a line: - albums/kind-of-blue")
      default:
        return issue(entry.line, entry.key, "a smart list has only description:, rules:, sort: and order:; remove this key")
      }
    }
    guard let rules, !rules.items.isEmpty else {
      return issue(rules?.line ?? 1, "rules", "the list has no rules; add them as rules: followed by lines like - \"#jazz\"")
    }
    var clauses: [SearchClause] = []
    for (index, rule) in rules.items.enumerated() {
      let line = index < rules.itemLines.count ? rules.itemLines[index] : rules.line
      guard !rule.isBlank else {
        return issue(line, "rules", "the rule is empty; YAML reads an unquoted # as a comment, so quote each rule: - \"#jazz\"")
      }
      do throws(SmartListError) {
        clauses += try SmartList.clauses(of: rule)
      } catch {
        return issue(line, "rules", error.description)
      }
    }
    return .success(SmartList(name: name, description: description, clauses: clauses, sort: sort, order: order))
  }
}

/// Something wrong with a smart list's file: the problem as `rk check`
/// lists it (its id is the list's file), and the list's name, which
/// commands suggest from. `line`, `field` and `message` are the issue's.
@dynamicMemberLookup
public struct SmartListIssue: Error, Hashable, Sendable {
  /// The list's name (its file's, without `.yaml`).
  public var name: String
  public var albumIssue: AlbumIssue

  public init(name: String, line: Int, field: String, message: String) {
    self.name = name
    albumIssue = AlbumIssue(id: SmartListFile.path(of: name), line: line, field: field, message: message)
  }

  public subscript<Value>(dynamicMember part: KeyPath<AlbumIssue, Value>) -> Value { albumIssue[keyPath: part] }

  /// The file's path relative to the collection root.
  public var path: String { albumIssue.id }

  /// `PATH:LINE: field: message`, with the path as `location` shows it.
  public func formatted(in location: CollectionLocation) -> String { albumIssue.formatted(in: location) }
}
