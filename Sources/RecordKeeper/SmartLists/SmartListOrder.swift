/// A smart list's own order (seed 003: "configured both globally and on a
/// per list basis"; issue 32): one of the collection's sort modes, or
/// `custom`, an order the collector keeps in the list's file.
public enum SmartListSort: Hashable, Sendable, CustomStringConvertible {
  case mode(SortMode)
  /// The order of the file's `order:`; new matches go to the end.
  case custom

  /// `custom` or a sort mode's name; `nil` for any other word.
  public init?(name: String) {
    if name.lowercased() == "custom" {
      self = .custom
    } else if let mode = try? SortMode(name: name) {
      self = .mode(mode)
    } else {
      return nil
    }
  }

  /// The word the file and `rk lists sort` use.
  public var description: String {
    switch self {
    case .mode(let mode): mode.rawValue
    case .custom: "custom"
    }
  }
}

extension SmartList {
  /// This list with `saved`'s kept order, and its sort too when `sort`.
  func keepingOrder(of saved: SmartList, sort: Bool) -> SmartList {
    var list = self
    if sort { list.sort = saved.sort }
    if list.order.isEmpty { list.order = saved.order }
    return list
  }

  /// `matches` (the list's albums in the collection's order) in the list's
  /// kept order: the ids of ``order`` that still match, once each, then
  /// the new matches as they came.
  public func kept<T>(_ matches: [T], id: (T) -> String) -> [T] {
    var byID: [String: Int] = [:]
    for (index, match) in matches.enumerated() where byID[id(match)] == nil { byID[id(match)] = index }
    var taken = Set<Int>()
    var result: [T] = []
    for album in order {
      guard let index = byID[album], taken.insert(index).inserted else { continue }
      result.append(matches[index])
    }
    for (index, match) in matches.enumerated() where !taken.contains(index) { result.append(match) }
    return result
  }

  /// The order `rk list @NAME` and the app show the list in, for the
  /// collection's `order`: the list's sort mode when it names one.
  public func order(from order: AlbumOrder) -> AlbumOrder {
    guard case .mode(let mode) = sort, mode != order.mode else { return order }
    return AlbumOrder(mode: mode, seed: order.seed)
  }
}

extension SmartLists {
  /// The smart list a query is, when it is `@NAME` alone and names one:
  /// only then does the list's own order apply.
  public static func listAlone(in query: SearchQuery) -> String? {
    guard query.terms.isEmpty, query.clauses.count == 1, let clause = query.clauses.first, !clause.isNegative,
      clause.rules.count == 1, case .list(let name) = clause.rules[0]
    else { return nil }
    return name
  }
}

extension SmartListFile {
  /// The file's bytes with its `sort:` line set to `sort` (taken out when
  /// `nil`), every other line as it was.
  static func setting(_ sort: SmartListSort?, in bytes: [UInt8]) -> [UInt8] {
    replacingEntry("sort", with: sort.map(sortLine), before: "order", in: bytes)
  }

  /// The file's bytes with its `order:` list set to `ids` (taken out when
  /// empty), every other line as it was.
  static func setting(order ids: [String], in bytes: [UInt8]) -> [UInt8] {
    replacingEntry("order", with: ids.isEmpty ? nil : orderLines(ids), before: nil, in: bytes)
  }

  /// Puts `text` in place of the lines of the entry `key` (comments and
  /// blank lines after it stay); without one, before the entry `before`,
  /// else at the end.
  private static func replacingEntry(_ key: String, with text: String?, before: String?, in original: [UInt8]) -> [UInt8] {
    var bytes = original
    let ending = LineEnding(of: bytes[...]).rawValue
    if let last = bytes.last, last != UInt8(ascii: "\n"), last != UInt8(ascii: "\r") { bytes += Array(ending.utf8) }
    let new = Array((text ?? "").replacingOccurrences(of: "\n", with: ending).utf8)
    guard let frontMatter = try? FrontMatter.parse(bytes[...], firstLine: 1) else { return original }
    func range(of key: String) -> Range<Int>? {
      guard let entry = frontMatter.entries.first(where: { $0.key == key }), !entry.lines.isEmpty else { return nil }
      return frontMatter.lines[entry.lines.lowerBound].start..<frontMatter.lines[entry.lines.upperBound - 1].end
    }
    if let range = range(of: key) {
      bytes.replaceSubrange(range, with: new)
    } else if let before, let range = range(of: before) {
      bytes.insert(contentsOf: new, at: range.lowerBound)
    } else {
      bytes += new
    }
    return bytes
  }
}
