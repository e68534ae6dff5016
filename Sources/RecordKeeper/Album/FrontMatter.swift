import Yams

/// The YAML front matter of an `album.md`, as ordered top-level entries.
///
/// Files in the canonical form (and most hand-written ones) are read by a fast
/// scanner that understands exactly the YAML subset `rk` writes; anything else
/// goes to Yams with the `.basic` resolver, so every value is text.
struct FrontMatter {
  struct Entry {
    var key: String
    var value: Value
    /// The 1-based line of the key within the whole file.
    var line: Int
    /// The entry's YAML lines as written, each ending in a newline; kept as
    /// bytes until asked for, since only extra keys need them.
    var source: Source
    /// The file line of each list item, when the value is a list.
    var itemLines: [Int] = []

    enum Source {
      case text(String)
      case bytes(ArraySlice<UInt8>)
    }

    var yaml: String {
      switch source {
      case .text(let text): text
      case .bytes(let bytes): string(bytes)
      }
    }
  }

  enum Value: Equatable {
    case text(String)
    case list([String])
    /// A mapping, a list holding more than text, or an alias.
    case other(JSONValue)

    var json: JSONValue {
      switch self {
      case .text(let text): .string(text)
      case .list(let items): .array(items.map(JSONValue.string))
      case .other(let value): value
      }
    }
  }

  var entries: [Entry]

  /// Parses front-matter lines, each ending in a newline; `firstLine` is the
  /// file line of the first one.
  static func parse(_ bytes: ArraySlice<UInt8>, firstLine: Int) throws(AlbumFileError) -> FrontMatter {
    if let fast = FastScanner.scan(bytes, firstLine: firstLine) { return fast }
    return try parseWithYams(string(bytes), firstLine: firstLine)
  }

  static func parseWithYams(_ text: String, firstLine: Int) throws(AlbumFileError) -> FrontMatter {
    let root: Node?
    do {
      root = try Yams.compose(yaml: text, .basic)
    } catch let error as YamlError {
      let (line, problem) = error.lineAndProblem(firstLine: firstLine)
      throw AlbumFileError.yaml(line: line, problem: problem)
    } catch {
      throw .yaml(line: firstLine, problem: "\(error)")
    }
    guard let root else { return FrontMatter(entries: []) }
    guard case .mapping(let mapping) = root else {
      throw .yaml(line: firstLine, problem: "the front matter must be a list of `key: value` lines")
    }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let keyed = mapping.map { pair in (pair.key, pair.value, (pair.key.mark?.line ?? 1) - 1) }
    // Yams gives every mapping the style "any", so look at the text itself:
    // a flow mapping starts with `{`.
    let isBlock = text.split(separator: "\n").first { !$0.trimmed.isEmpty && !$0.trimmed.hasPrefix("#") }?.trimmed.hasPrefix("{") != true
    var entries: [Entry] = []
    for (index, (keyNode, valueNode, lineIndex)) in keyed.enumerated() {
      let key = keyNode.string ?? String(describing: keyNode)
      let yaml: String
      if isBlock {
        let next = index + 1 < keyed.count ? keyed[index + 1].2 : lines.count
        var slice = lines[lineIndex..<max(lineIndex + 1, next)]
        while slice.count > 1, let last = slice.last, last.allSatisfy({ $0 == " " || $0 == "\r" }) { slice.removeLast() }
        yaml = slice.joined(separator: "\n") + "\n"
      } else {
        yaml = (try? Yams.serialize(node: .mapping(Node.Mapping([(keyNode, valueNode)])))) ?? "\(key): \(valueNode.string ?? "")\n"
      }
      var entry = Entry(key: key, value: value(of: valueNode), line: firstLine + lineIndex, source: .text(yaml))
      if case .sequence(let sequence) = valueNode {
        entry.itemLines = sequence.map { firstLine + ($0.mark?.line ?? lineIndex + 1) - 1 }
      }
      entries.append(entry)
    }
    return FrontMatter(entries: entries)
  }

  private static func value(of node: Node) -> Value {
    switch node {
    case .scalar(let scalar): return .text(scalar.string)
    case .sequence(let sequence):
      let items = sequence.compactMap { item -> String? in
        if case .scalar(let scalar) = item { return scalar.string } else { return nil }
      }
      return items.count == sequence.count ? .list(items) : .other(json(of: node))
    default: return .other(json(of: node))
    }
  }

  private static func json(of node: Node) -> JSONValue {
    switch node {
    case .scalar(let scalar): .string(scalar.string)
    case .sequence(let sequence): .array(sequence.map(json(of:)))
    case .mapping(let mapping): .object(mapping.map { ($0.key.string ?? String(describing: $0.key), json(of: $0.value)) })
    default: .string(String(describing: node))
    }
  }
}

extension YamlError {
  fileprivate func lineAndProblem(firstLine: Int) -> (line: Int, problem: String) {
    switch self {
    case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
      .composer(let context, let problem, let mark, _):
      let detail = context.map { "\(problem) \($0.text)" } ?? problem
      return (firstLine + mark.line - 1, detail)
    case .duplicatedKeysInMapping(let duplicates, let context):
      return (firstLine + context.mark.line - 1, "the key \(duplicates.joined(separator: ", ")) appears more than once")
    default:
      return (firstLine, description)
    }
  }
}

/// Reads the YAML subset `rk` writes: `key: scalar` lines and block lists of
/// scalars. Returns `nil` for anything else, so that Yams decides.
private struct FastScanner {
  static func scan(_ bytes: ArraySlice<UInt8>, firstLine: Int) -> FrontMatter? {
    var entries: [FrontMatter.Entry] = []
    var seen = Set<String>()
    var lines = LineScanner(bytes)
    var entryStart = bytes.startIndex
    var expectingItems = false
    var items: [String] = []
    var itemLines: [Int] = []

    func close(at end: Int) {
      guard expectingItems, var last = entries.popLast() else { return }
      if !items.isEmpty { last.value = .list(items) }
      last.itemLines = itemLines
      itemLines = []
      last.source = .bytes(bytes[entryStart..<end])
      entries.append(last)
      expectingItems = false
      items = []
    }

    while let line = lines.next() {
      let content = bytes[line.content]
      guard let first = content.first else { continue }
      if first == UInt8(ascii: " ") || first == UInt8(ascii: "-") {
        // A list item under a key with no value of its own.
        let trimmed = content.drop(while: { $0 == UInt8(ascii: " ") })
        guard expectingItems, trimmed.first == UInt8(ascii: "-") else {
          if trimmed.isEmpty { continue }
          return nil
        }
        let rest = trimmed.dropFirst()
        itemLines.append(firstLine + line.number - 1)
        if rest.isEmpty { items.append(""); continue }
        guard rest.first == UInt8(ascii: " "), let item = scalar(rest.dropFirst()) else { return nil }
        items.append(item)
        continue
      }
      if first == UInt8(ascii: "#") || content.allSatisfy(isBlank) { continue }
      close(at: line.start)
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
        entryStart = line.start
      } else if rest.first == UInt8(ascii: " "), rest.dropFirst().drop(while: isBlank).elementsEqual("[]".utf8) {
        value = .list([])
      } else {
        guard rest.first == UInt8(ascii: " "), let text = scalar(rest.dropFirst()) else { return nil }
        value = .text(text)
      }
      entries.append(.init(key: key, value: value, line: firstLine + line.number - 1, source: .bytes(bytes[line.start..<line.end])))
    }
    close(at: bytes.endIndex)
    return FrontMatter(entries: entries)
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
