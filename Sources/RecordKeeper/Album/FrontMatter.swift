import Yams

/// The YAML front matter of an `album.md`, as ordered top-level entries.
///
/// Files in the canonical form (and most hand-written ones) are read by a fast
/// scanner that understands exactly the YAML subset `rk` writes; anything else
/// goes to Yams with the `.basic` resolver, so every value is text. Both read
/// lines the same way: a line ends at `\n`, `\r\n` or a lone `\r`, and U+0085,
/// U+2028 and U+2029 are ordinary characters inside a value (YAML 1.2), so
/// line numbers and values never depend on which reader ran.
struct FrontMatter {
  struct Entry {
    var key: String
    var value: Value
    /// The 1-based line of the key within the whole file.
    var line: Int
    /// The entry's own lines, as indices into ``FrontMatter/lines``: the key
    /// line up to its last value line, without the blank lines and
    /// column-0 comments that follow it.
    var lines: Range<Int> = 0..<0
    /// The entry's YAML lines as written, each ending in a newline; kept as
    /// bytes until asked for, since only extra keys need them.
    var source: Source = .text("")
    /// The file line of each list item, when the value is a list.
    var itemLines: [Int] = []

    enum Source {
      case text(String)
      case bytes(ArraySlice<UInt8>)
    }

    /// The entry's lines as written, each ending in `\n`.
    var yaml: String {
      switch source {
      case .text(let text): return text
      case .bytes(let bytes):
        var lines = LineScanner(bytes)
        var text = ""
        while let line = lines.next() { text += string(bytes[line.content]) + "\n" }
        return text
      }
    }
  }

  enum Value: Equatable {
    case text(String)
    case list([String])
    /// A mapping, or a list holding more than text.
    case other(JSONValue)

    var json: JSONValue {
      switch self {
      case .text(let text): .string(text)
      case .list(let items): .array(items.map(JSONValue.string))
      case .other(let value): value
      }
    }
  }

  /// Every line of the front matter, with indices into the file's bytes.
  var lines: [LineScanner.Line] = []
  var entries: [Entry]
  /// Whether the front matter is one `{…}` flow mapping rather than
  /// `key: value` lines; such entries have no lines of their own.
  var isFlowMapping = false

  /// Parses front-matter lines, each ending in a line break; `firstLine` is
  /// the file line of the first one.
  static func parse(_ bytes: ArraySlice<UInt8>, firstLine: Int) throws(AlbumFileError) -> FrontMatter {
    if let fast = FastScanner.scan(bytes, firstLine: firstLine) { return fast }
    return try parseWithYams(bytes, firstLine: firstLine)
  }

  /// Reads `text` with Yams, as ``parse(_:firstLine:)`` does when the fast
  /// scanner declines.
  static func parseWithYams(_ text: String, firstLine: Int) throws(AlbumFileError) -> FrontMatter {
    try parseWithYams(Array(text.utf8)[...], firstLine: firstLine)
  }

  static func parseWithYams(_ bytes: ArraySlice<UInt8>, firstLine: Int) throws(AlbumFileError) -> FrontMatter {
    let breaks = YAML11Breaks(bytes)
    let root: Node?
    // The parser owns the anchors, which nodes hold weakly: it must live
    // until the alias check below is done.
    let parser: Parser
    do {
      parser = try Parser(yaml: breaks.yaml, resolver: .basic)
      root = try parser.singleRoot()
    } catch let error as YamlError {
      let (line, problem) = error.lineAndProblem(firstLine: firstLine)
      throw AlbumFileError.yaml(line: line, problem: breaks.restore(problem))
    } catch {
      throw .yaml(line: firstLine, problem: "\(error)")
    }
    var frontMatter = FrontMatter(lines: Array(sequence(state: LineScanner(bytes)) { $0.next() }), entries: [])
    guard let root else { return frontMatter }
    guard case .mapping(let mapping) = root else {
      throw .yaml(line: firstLine + max(0, (root.mark?.line ?? 1) - 1), problem: "the front matter must be a list of `key: value` lines")
    }
    // Before anything walks the values: an alias makes a tree that is
    // exponentially larger than the file ("billion laughs").
    try withExtendedLifetime(parser) { () throws(AlbumFileError) in try refuseAliases(root, bytes: bytes, firstLine: firstLine) }
    frontMatter.isFlowMapping = mapping.style == .flow || bytes.firstNonCommentByte == UInt8(ascii: "{")
    for (keyNode, valueNode) in mapping {
      let key = breaks.restore(keyNode.string ?? String(describing: keyNode))
      var entry = Entry(key: key, value: value(of: valueNode, breaks), line: firstLine + max(0, (keyNode.mark?.line ?? 1) - 1))
      if case .sequence(let sequence) = valueNode {
        entry.itemLines = sequence.map { firstLine + max(0, ($0.mark?.line ?? 1) - 1) }
      }
      if frontMatter.isFlowMapping {
        entry.source = .text(
          (try? Yams.serialize(node: .mapping(Node.Mapping([(keyNode, valueNode)])))).map(breaks.restore)
            ?? "\(key): \(entry.value.json)\n")
      }
      frontMatter.entries.append(entry)
    }
    frontMatter.assignLines(bytes, firstLine: firstLine)
    return frontMatter
  }

  /// Gives each entry its own lines: from its key line up to the next key's
  /// line, less the blank lines and the comments indented no deeper than
  /// the key in between, which belong to no entry.
  mutating func assignLines(_ bytes: ArraySlice<UInt8>, firstLine: Int) {
    guard !isFlowMapping else { return }
    let starts = entries.map { min(max(0, $0.line - firstLine), lines.count) }
    for index in entries.indices {
      let start = starts[index]
      var end = index + 1 < starts.count ? max(start, starts[index + 1]) : lines.count
      let keyIndent = start < lines.count ? bytes[lines[start].content].prefix { $0 == UInt8(ascii: " ") }.count : 0
      while end > start + 1 {
        let content = bytes[lines[end - 1].content]
        let indent = content.prefix { $0 == UInt8(ascii: " ") }.count
        guard content.allSatisfy(isBlank) || (indent <= keyIndent && content.dropFirst(indent).first == UInt8(ascii: "#")) else { break }
        end -= 1
      }
      entries[index].lines = start..<end
      if start < end { entries[index].source = .bytes(bytes[lines[start].start..<lines[end - 1].end]) }
    }
  }

  private static func value(of node: Node, _ breaks: YAML11Breaks) -> Value {
    switch node {
    case .scalar(let scalar): return .text(breaks.restore(scalar.string))
    case .sequence(let sequence):
      let items = sequence.compactMap { item -> String? in
        if case .scalar(let scalar) = item { return breaks.restore(scalar.string) } else { return nil }
      }
      return items.count == sequence.count ? .list(items) : .other(json(of: node, breaks))
    default: return .other(json(of: node, breaks))
    }
  }

  private static func json(of node: Node, _ breaks: YAML11Breaks) -> JSONValue {
    switch node {
    case .scalar(let scalar): .string(breaks.restore(scalar.string))
    case .sequence(let sequence): .array(sequence.map { json(of: $0, breaks) })
    case .mapping(let mapping):
      .object(mapping.map { (breaks.restore($0.key.string ?? String(describing: $0.key)), json(of: $0.value, breaks)) })
    case .alias(let alias): .string("*" + alias.anchor.rawValue)
    }
  }

  /// Throws when the tree holds an alias (`*name`). Yams resolves an alias to
  /// the very node its anchor names, so an alias shows as a second visit to
  /// an anchored node; the walk stops there, having seen each node of the
  /// file at most once.
  private static func refuseAliases(_ root: Node, bytes: ArraySlice<UInt8>, firstLine: Int) throws(AlbumFileError) {
    var seen = Set<String>()
    var pending = [root]
    while let node = pending.popLast() {
      if let anchor = node.anchor {
        let mark = node.mark
        guard seen.insert("\(anchor.rawValue)@\(mark?.line ?? 0):\(mark?.column ?? 0)").inserted else {
          let name = anchor.rawValue
          let line = aliasLine(name, in: bytes) ?? (mark?.line ?? 1)
          throw .alias(line: firstLine + line - 1, name: name)
        }
      }
      switch node {
      // Pushed in reverse so that the walk goes in document order and the
      // first alias written is the one reported.
      case .mapping(let mapping):
        for (key, value) in mapping.reversed() {
          pending.append(value)
          pending.append(key)
        }
      case .sequence(let sequence): pending.append(contentsOf: sequence.reversed())
      case .alias(let alias): throw .alias(line: firstLine + (alias.mark?.line ?? 1) - 1, name: alias.anchor.rawValue)
      case .scalar: break
      }
    }
  }

  /// The 1-based line of the first `*name` in `bytes`, for the message.
  private static func aliasLine(_ name: String, in bytes: ArraySlice<UInt8>) -> Int? {
    let token = Array(("*" + name).utf8)
    var lines = LineScanner(bytes)
    while let line = lines.next() {
      let content = bytes[line.content]
      var index = content.startIndex
      while let star = content[index...].firstIndex(of: UInt8(ascii: "*")) {
        let end = star + token.count
        if end <= content.endIndex, content[star..<end].elementsEqual(token),
          end == content.endIndex || ",]} \t".utf8.contains(content[end])
        {
          return line.number
        }
        index = star + 1
      }
    }
    return nil
  }
}

extension ArraySlice<UInt8> {
  /// The first byte that is not blank, a line break or in a comment.
  fileprivate var firstNonCommentByte: UInt8? {
    var lines = LineScanner(self)
    while let line = lines.next() {
      guard let first = self[line.content].first(where: { !isBlank($0) }) else { continue }
      if first != UInt8(ascii: "#") { return first }
    }
    return nil
  }
}

/// The front matter as handed to libyaml, which follows YAML 1.1 and breaks
/// lines at U+0085, U+2028 and U+2029 too. Those three are swapped for
/// private-use characters the text does not contain, and swapped back in
/// everything read, so Yams sees the lines `LineScanner` sees and reads the
/// values the fast scanner reads.
private struct YAML11Breaks {
  let yaml: String
  private let swaps: [(original: Unicode.Scalar, standIn: Unicode.Scalar)]

  init(_ bytes: ArraySlice<UInt8>) {
    let text = string(bytes)
    // NEL is C2 85; LS and PS are E2 80 A8 and E2 80 A9.
    guard bytes.contains(0x85) || bytes.contains(0xA8) || bytes.contains(0xA9) else {
      yaml = text
      swaps = []
      return
    }
    let used = Set(text.unicodeScalars)
    let privateUse = [0xE000...0xF8FF, 0xF0000...0xFFFFD].joined()
    var free = privateUse.lazy.compactMap(Unicode.Scalar.init).filter { !used.contains($0) }.makeIterator()
    var swaps: [(Unicode.Scalar, Unicode.Scalar)] = []
    for original: Unicode.Scalar in ["\u{85}", "\u{2028}", "\u{2029}"] where used.contains(original) {
      // Only a text holding all 71,000 private-use characters has none
      // free; libyaml's own line breaks then apply to it.
      guard let standIn = free.next() else { break }
      swaps.append((original, standIn))
    }
    var view = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      view.append(swaps.first { $0.0 == scalar }?.1 ?? scalar)
    }
    yaml = String(view)
    self.swaps = swaps
  }

  func restore(_ text: String) -> String {
    guard !swaps.isEmpty else { return text }
    var view = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      view.append(swaps.first { $0.standIn == scalar }?.original ?? scalar)
    }
    return String(view)
  }
}

extension YamlError {
  fileprivate func lineAndProblem(firstLine: Int) -> (line: Int, problem: String) {
    switch self {
    case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
      .composer(let context, let problem, let mark, _):
      var detail = context.map { "\(problem) \($0.text)" } ?? problem
      if detail.contains("Maximum nesting level") { detail = "lists and mappings nested more than 1,000 deep" }
      return (firstLine + max(0, mark.line - 1), detail)
    case .reader(let problem, let offset, _, let yaml):
      // The offset counts from the start of the text Yams was given.
      let prefix = yaml.utf8.prefix(max(0, offset ?? 0))
      let line = prefix.count { $0 == UInt8(ascii: "\n") } + 1
      return (firstLine + line - 1, problem)
    case .duplicatedKeysInMapping(let duplicates, let context):
      return (firstLine + max(0, context.mark.line - 1), "the key \(duplicates.joined(separator: ", ")) appears more than once")
    default:
      return (firstLine, description)
    }
  }
}

/// Reads the YAML subset `rk` writes: `key: scalar` lines and block lists of
/// scalars. Returns `nil` for anything else, so that Yams decides.
struct FastScanner {
  static func scan(_ bytes: ArraySlice<UInt8>, firstLine: Int) -> FrontMatter? {
    // What libyaml refuses anywhere (control characters, DEL, C1 controls
    // but NEL, U+FFFE, U+FFFF) goes to Yams for its error message.
    guard isPrintable(bytes) else { return nil }
    var frontMatter = FrontMatter(entries: [])
    var seen = Set<String>()
    var lines = LineScanner(bytes)
    var expectingItems = false
    var items: [String] = []
    var itemLines: [Int] = []
    var itemIndent: Int?

    func close() {
      guard expectingItems, var last = frontMatter.entries.popLast() else { return }
      if !items.isEmpty { last.value = .list(items) }
      last.itemLines = itemLines
      frontMatter.entries.append(last)
      itemLines = []
      itemIndent = nil
      expectingItems = false
      items = []
    }

    while let line = lines.next() {
      frontMatter.lines.append(line)
      let content = bytes[line.content]
      guard let first = content.first else { continue }
      if first == UInt8(ascii: " ") || first == UInt8(ascii: "-") {
        // A list item under a key with no value of its own.
        let trimmed = content.drop(while: { $0 == UInt8(ascii: " ") })
        guard expectingItems, trimmed.first == UInt8(ascii: "-") else {
          if trimmed.isEmpty { continue }
          return nil
        }
        // Every item of a list is indented alike (yaml-test-suite 4HVU).
        let indent = content.count - trimmed.count
        if itemIndent == nil { itemIndent = indent }
        guard itemIndent == indent else { return nil }
        let rest = trimmed.dropFirst()
        itemLines.append(firstLine + line.number - 1)
        if rest.isEmpty {
          items.append("")
          continue
        }
        guard rest.first == UInt8(ascii: " "), let item = scalar(rest.dropFirst()) else { return nil }
        items.append(item)
        continue
      }
      if first == UInt8(ascii: "#") { continue }
      if content.allSatisfy(isBlank) {
        // libyaml refuses a blank line that starts with a tab
        // (yaml-test-suite DK95-04); Yams says so.
        guard first != UInt8(ascii: "\t") else { return nil }
        continue
      }
      close()
      guard let colon = content.firstIndex(of: UInt8(ascii: ":")),
        content[content.startIndex..<colon].allSatisfy(isKeyByte)
      else { return nil }
      let key = string(content[content.startIndex..<colon])
      guard seen.insert(key).inserted else { return nil }
      let rest = content[(colon + 1)...]
      let value: FrontMatter.Value
      if rest.allSatisfy(isBlank) {
        value = .text("")
        expectingItems = true
      } else if rest.first == UInt8(ascii: " "), rest.dropFirst().drop(while: isBlank).elementsEqual("[]".utf8) {
        value = .list([])
      } else {
        guard rest.first == UInt8(ascii: " "), let text = scalar(rest.dropFirst()) else { return nil }
        value = .text(text)
      }
      frontMatter.entries.append(.init(key: key, value: value, line: firstLine + line.number - 1))
    }
    close()
    frontMatter.assignLines(bytes, firstLine: firstLine)
    return frontMatter
  }

  /// Whether libyaml's reader accepts every character of `bytes` (valid
  /// UTF-8 is already checked).
  private static func isPrintable(_ bytes: ArraySlice<UInt8>) -> Bool {
    var previous: UInt8 = 0
    var beforePrevious: UInt8 = 0
    for byte in bytes {
      switch byte {
      case 0x09, 0x0A, 0x0D, 0x20...0x7E: break
      case 0x00...0x1F, 0x7F: return false
      // C1 controls are C2 80...C2 9F; NEL (C2 85) is allowed.
      case 0x80...0x9F where previous == 0xC2 && byte != 0x85: return false
      // U+FFFE and U+FFFF are EF BF BE and EF BF BF.
      case 0xBE...0xBF where previous == 0xBF && beforePrevious == 0xEF: return false
      default: break
      }
      beforePrevious = previous
      previous = byte
    }
    return true
  }

  private static func isKeyByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
      true
    default: false
    }
  }

  /// A single-line scalar: plain, `"double"` or `'single'` quoted.
  static func scalar(_ raw: ArraySlice<UInt8>) -> String? {
    let text = raw.drop(while: isBlank)
    guard let end = text.lastIndex(where: { !isBlank($0) }) else { return "" }
    let value = text[text.startIndex...end]
    guard value.allSatisfy({ $0 >= 0x20 || $0 == UInt8(ascii: "\t") }), let first = value.first else { return nil }
    switch first {
    case UInt8(ascii: "\""): return doubleQuoted(value)
    case UInt8(ascii: "'"): return singleQuoted(value)
    default: return plain(value)
    }
  }

  private static func plain(_ value: ArraySlice<UInt8>) -> String? {
    guard let first = value.first, !Self.indicators.contains(first) else { return nil }
    if first == UInt8(ascii: "-") || first == UInt8(ascii: "?") || first == UInt8(ascii: ":") {
      guard value.count > 1, !isBlank(value[value.startIndex + 1]) else { return nil }
    }
    guard value.last != UInt8(ascii: ":") else { return nil }
    var previous = first
    for byte in value.dropFirst() {
      if byte == UInt8(ascii: "#") && isBlank(previous) { return nil }
      if isBlank(byte) && previous == UInt8(ascii: ":") { return nil }
      previous = byte
    }
    return string(value)
  }

  private static let indicators: Set<UInt8> = Set(",[]{}#&*!|>%@`\"'".utf8)

  private static func singleQuoted(_ value: ArraySlice<UInt8>) -> String? {
    guard value.count >= 2, value.last == UInt8(ascii: "'") else { return nil }
    var output: [UInt8] = []
    var index = value.startIndex + 1
    let end = value.endIndex - 1
    while index < end {
      let byte = value[index]
      if byte == UInt8(ascii: "'") {
        guard index + 1 < end, value[index + 1] == UInt8(ascii: "'") else { return nil }
        index += 1
      }
      output.append(byte)
      index += 1
    }
    return String(decoding: output, as: UTF8.self)
  }

  private static func doubleQuoted(_ value: ArraySlice<UInt8>) -> String? {
    guard value.count >= 2, value.last == UInt8(ascii: "\"") else { return nil }
    var output = String.UnicodeScalarView()
    var bytes = value.dropFirst().dropLast()
    var literalStart = bytes.startIndex
    func flush(upTo end: Int) {
      output.append(contentsOf: String(decoding: bytes[literalStart..<end], as: UTF8.self).unicodeScalars)
    }
    while let slash = bytes.firstIndex(where: { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "\"") }) {
      guard bytes[slash] == UInt8(ascii: "\\"), slash + 1 < bytes.endIndex else { return nil }
      flush(upTo: slash)
      let escape = bytes[slash + 1]
      var consumed = 2
      switch escape {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: " "):
        output.append(Unicode.Scalar(escape))
      case UInt8(ascii: "t"), 9: output.append("\t")
      case UInt8(ascii: "n"): output.append("\n")
      case UInt8(ascii: "r"): output.append("\r")
      case UInt8(ascii: "0"): output.append("\0")
      case UInt8(ascii: "x"), UInt8(ascii: "u"), UInt8(ascii: "U"):
        let width = escape == UInt8(ascii: "x") ? 2 : escape == UInt8(ascii: "u") ? 4 : 8
        guard slash + 2 + width <= bytes.endIndex,
          let code = UInt32(string(bytes[(slash + 2)..<(slash + 2 + width)]), radix: 16),
          let scalar = Unicode.Scalar(code)
        else { return nil }
        output.append(scalar)
        consumed += width
      default: return nil
      }
      bytes = bytes[(slash + consumed)...]
      literalStart = bytes.startIndex
    }
    flush(upTo: bytes.endIndex)
    return String(output)
  }
}
