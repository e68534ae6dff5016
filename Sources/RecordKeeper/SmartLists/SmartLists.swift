/// Every smart list of a collection, as read from `.recordkeeper/lists/`,
/// with what is wrong with the files that could not be read.
public struct SmartLists: Sendable {
  /// The lists that could be read, by name.
  public private(set) var lists: [SmartList]
  /// Files that could not be read; their lists cannot be used.
  public private(set) var issues: [SmartListIssue]

  public init(_ lists: [SmartList] = [], issues: [SmartListIssue] = []) {
    self.lists = lists.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
    self.issues = issues.sorted { ($0.name, $0.line) < ($1.name, $1.line) }
  }

  /// Reads every `NAME.yaml` in the collection's `.recordkeeper/lists/`.
  /// A broken file never stops the others from loading; it is listed in
  /// ``issues``. A collection without the folder has no lists.
  public static func load(from location: CollectionLocation) -> SmartLists {
    let folder = location.path(SmartListFile.folder)
    guard FileSystem.isDirectory(folder) else { return SmartLists() }
    var lists: [SmartList] = []
    var issues: [SmartListIssue] = []
    let entries: [FileSystem.Entry]
    do {
      entries = try FileSystem.list(folder)
    } catch {
      return SmartLists(issues: [
        SmartListIssue(name: "*", line: 0, field: "file", message: "cannot \(error.operation) the folder: \(error.explanation)")
      ])
    }
    for entry in entries where entry.name.hasSuffix(SmartListFile.fileExtension) && !entry.name.hasPrefix(".") {
      let name = String(entry.name.dropLast(SmartListFile.fileExtension.count))
      do throws(SmartListError) {
        try SmartList.validate(name: name)
      } catch {
        issues.append(SmartListIssue(name: name, line: 0, field: "file", message: "\(error); rename the file"))
        continue
      }
      let bytes: [UInt8]
      guard !entry.isLink else {
        // rk never reads through a link, which may lead out of the collection.
        issues.append(
          SmartListIssue(
            name: name, line: 0, field: "file", message: "is a symbolic link, which rk does not read; replace it with the file itself"))
        continue
      }
      do throws(FileSystemError) {
        // FileSystem.read refuses anything but a regular file of a sensible size.
        bytes = try FileSystem.read(location.path(SmartListFile.path(of: name)), limit: fileSizeLimit)
      } catch {
        issues.append(SmartListIssue(name: name, line: 0, field: "file", message: "cannot \(error.operation) it: \(error.explanation)"))
        continue
      }
      switch SmartListFile.parse(bytes, name: name) {
      case .success(let list): lists.append(list)
      case .failure(let issue): issues.append(issue)
      }
    }
    var loaded = SmartLists(lists, issues: issues)
    loaded.reportCycles()
    return loaded
  }

  /// The most bytes a list file may have.
  static let fileSizeLimit = 1 << 20

  /// The list called `name`, if it could be read.
  public subscript(name: String) -> SmartList? { lists.first { $0.name == name } }

  /// The names of the lists that could be read, in order.
  public var names: [String] { lists.map(\.name) }

  /// Adds or replaces `list`.
  public mutating func save(_ list: SmartList) {
    lists.removeAll { $0.name == list.name }
    issues.removeAll { $0.name == list.name }
    self = SmartLists(lists + [list], issues: issues)
  }

  /// The lists whose rules name `name`.
  public func lists(using name: String) -> [String] {
    lists.filter { list in list.clauses.contains { $0.rules.contains(.list(name)) } }.map(\.name)
  }

  /// Checks that the lists `clauses` name exist, can be read and do not
  /// lead back to a list in `trail`.
  func checkReferences(in clauses: [SearchClause], trail: [String] = []) throws(SearchQueryError) {
    for clause in clauses {
      for case .list(let name) in clause.rules {
        if let start = trail.firstIndex(of: name) { throw .listCycle(Array(trail[start...]) + [name]) }
        guard let list = self[name] else { throw unknown(name) }
        try checkReferences(in: list.clauses, trail: trail + [name])
      }
    }
  }

  /// Everything `rk check` reports: the files that could not be read, and
  /// lists naming a list that does not exist or cannot be read.
  public var problems: [SmartListIssue] {
    var problems = issues
    for list in lists {
      do throws(SearchQueryError) {
        try checkReferences(in: list.clauses, trail: [list.name])
      } catch {
        problems.append(SmartListIssue(name: list.name, line: 0, field: "rules", message: error.description))
      }
    }
    return problems.sorted { ($0.name, $0.line) < ($1.name, $1.line) }
  }

  /// Why `@name` cannot be used.
  func unknown(_ name: String) -> SearchQueryError {
    if let issue = issues.first(where: { $0.name == name }) {
      return .brokenList(name: name, problem: "\(issue.path)\(issue.line > 0 ? ":\(issue.line)" : ""): \(issue.field): \(issue.message)")
    }
    let candidates = names + issues.map(\.name) + RuleField.allCases.map(\.name)
    return .unknownList(name: name, suggestion: Suggestion.closest(to: name, among: candidates), lists: names)
  }

  /// Lists that name each other in a circle cannot be used: each is moved
  /// to ``issues``.
  private mutating func reportCycles() {
    var broken: [SmartListIssue] = []
    for list in lists {
      do throws(SearchQueryError) {
        try checkReferences(in: list.clauses, trail: [list.name])
      } catch {
        if case .listCycle = error { broken.append(SmartListIssue(name: list.name, line: 0, field: "rules", message: error.description)) }
      }
    }
    guard !broken.isEmpty else { return }
    let names = Set(broken.map(\.name))
    self = SmartLists(lists.filter { !names.contains($0.name) }, issues: issues + broken)
  }
}
