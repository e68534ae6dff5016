/// How `rk` writes a text value in front matter: plain when YAML reads it back
/// as the same text, double-quoted otherwise.
enum YAMLScalar {
  /// How a scalar is written.
  enum Style {
    case plain, singleQuoted, doubleQuoted
  }

  /// `text` as a YAML scalar that reads back as exactly `text`.
  static func quoted(_ text: String) -> String {
    needsQuotes(text) ? doubleQuoted(text) : text
  }

  /// `text` written in `style` when that reads back as exactly `text`, else
  /// double-quoted. Inside a flow list (`[a, b]`) a plain value also must
  /// not hold `,[]{}`.
  static func styled(_ text: String, like style: Style, inFlow: Bool = false) -> String {
    switch style {
    case .plain:
      if needsQuotes(text) || (inFlow && text.contains(where: { ",[]{}".contains($0) })) { return doubleQuoted(text) }
      return text
    case .singleQuoted:
      // A single-quoted scalar has no escapes, and folds line breaks.
      guard text.unicodeScalars.allSatisfy({ !needsEscape($0) }) else { return doubleQuoted(text) }
      return "'" + text.replacing("'", with: "''") + "'"
    case .doubleQuoted:
      return doubleQuoted(text)
    }
  }

  /// Words other YAML readers take for null or booleans; quoted so a script
  /// reading the collection sees text.
  private static let reserved: Set<String> = ["~", "null", "true", "false", "yes", "no", "on", "off", "y", "n"]
  private static let leadingIndicators: Set<Character> = [
    "-", "?", ":", ",", "[", "]", "{", "}", "#", "&", "*", "!", "|", ">", "'", "\"", "%", "@", "`",
  ]

  static func needsQuotes(_ text: String) -> Bool {
    guard let first = text.first, let last = text.last else { return true }
    if first.isWhitespace || last.isWhitespace || last == ":" || leadingIndicators.contains(first) { return true }
    if reserved.contains(text.lowercased()) { return true }
    if text.contains(": ") || text.contains(" #") || text.contains(":\t") || text.contains("\t#") { return true }
    return text.unicodeScalars.contains(where: needsEscape)
  }

  /// Control characters, which YAML refuses unescaped; byte-order marks and
  /// the characters YAML 1.1 readers take for line breaks (NEL, U+2028,
  /// U+2029), which would change the lines other readers see; and the two
  /// noncharacters U+FFFE and U+FFFF.
  private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0..<0x20, 0x7F...0x9F, 0xFEFF, 0x2028, 0x2029, 0xFFFE, 0xFFFF: true
    default: false
    }
  }

  static func doubleQuoted(_ text: String) -> String {
    var output = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\t": output += "\\t"
      case "\r": output += "\\r"
      case _ where needsEscape(scalar):
        let hex = String(scalar.value, radix: 16, uppercase: true)
        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: output.unicodeScalars.append(scalar)
      }
    }
    return output + "\""
  }
}

/// Finds the parts of one front-matter line, for changing a value in place.
/// Every function returns `nil` for what it does not fully understand, and
/// the caller then writes the whole entry anew.
enum YAMLLine {
  /// Where the value of a `key: value` line starts (after the blanks that
  /// follow the colon), for a plain or quoted key at the line's start.
  static func valueStart(ofKeyLine line: ArraySlice<UInt8>) -> Int? {
    guard let first = line.first else { return nil }
    var index = line.startIndex
    if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
      guard let end = quotedEnd(line, from: index) else { return nil }
      index = end
      while index < line.endIndex, isBlank(line[index]) { index += 1 }
      guard index < line.endIndex, line[index] == UInt8(ascii: ":") else { return nil }
    } else {
      while index < line.endIndex {
        if line[index] == UInt8(ascii: ":"), index + 1 == line.endIndex || isBlank(line[index + 1]) { break }
        if line[index] == UInt8(ascii: "#"), index > line.startIndex, isBlank(line[index - 1]) { return nil }
        index += 1
      }
      guard index < line.endIndex else { return nil }
    }
    index += 1
    guard index == line.endIndex || isBlank(line[index]) else { return nil }
    while index < line.endIndex, isBlank(line[index]) { index += 1 }
    return index
  }

  /// Where the value proper starts after a tag (`!!str`) and an anchor
  /// (`&name`), which stay as written.
  static func afterProperties(in line: ArraySlice<UInt8>, from start: Int) -> Int {
    var index = start
    while index < line.endIndex, line[index] == UInt8(ascii: "!") || line[index] == UInt8(ascii: "&") {
      guard let gap = line[index...].firstIndex(where: isBlank) else { return index }
      index = gap
      while index < line.endIndex, isBlank(line[index]) { index += 1 }
    }
    return index
  }

  /// The scalar starting at `start`, when it is a plain or quoted scalar
  /// followed by nothing but blanks and a comment. An empty range means the
  /// line has no value (only perhaps a comment).
  static func scalar(in line: ArraySlice<UInt8>, from start: Int) -> (range: Range<Int>, style: YAMLScalar.Style)? {
    guard start < line.endIndex, line[start] != UInt8(ascii: "#") else { return (start..<start, .plain) }
    let end: Int
    let style: YAMLScalar.Style
    switch line[start] {
    case UInt8(ascii: "\""), UInt8(ascii: "'"):
      guard let quoted = quotedEnd(line, from: start) else { return nil }
      end = quoted
      style = line[start] == UInt8(ascii: "'") ? .singleQuoted : .doubleQuoted
    case let first where ",[]{}#&*!|>%@`".utf8.contains(first):
      return nil
    case let first:
      if "-?:".utf8.contains(first), start + 1 == line.endIndex || isBlank(line[start + 1]) { return nil }
      var index = start + 1
      var last = start + 1
      while index < line.endIndex {
        let byte = line[index]
        if byte == UInt8(ascii: "#"), isBlank(line[index - 1]) { break }
        if byte == UInt8(ascii: ":"), index + 1 == line.endIndex || isBlank(line[index + 1]) { return nil }
        index += 1
        if !isBlank(byte) { last = index }
      }
      end = last
      style = .plain
    }
    let rest = line[end...].drop(while: isBlank)
    guard rest.isEmpty || rest.first == UInt8(ascii: "#") && end < rest.startIndex else { return nil }
    return (start..<end, style)
  }

  /// The line with the one-line flow list starting at `start` (`[a, b]`)
  /// replaced by `items`, keeping the quoting of its first item, its spacing
  /// and a trailing comment.
  static func flowList(in line: ArraySlice<UInt8>, from start: Int, replacedBy items: [String]) -> [UInt8]? {
    guard start < line.endIndex, line[start] == UInt8(ascii: "[") else { return nil }
    var index = start + 1
    var close: Int?
    var separator: String?
    while index < line.endIndex {
      switch line[index] {
      case UInt8(ascii: "\""), UInt8(ascii: "'"):
        guard let end = quotedEnd(line, from: index) else { return nil }
        index = end
        continue
      case UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: "#"): return nil
      case UInt8(ascii: ","):
        if separator == nil { separator = index + 1 < line.endIndex && isBlank(line[index + 1]) ? ", " : "," }
      case UInt8(ascii: "]"): close = index
      default: break
      }
      if close != nil { break }
      index += 1
    }
    guard let close else { return nil }
    let rest = line[(close + 1)...].drop(while: isBlank)
    guard rest.isEmpty || rest.first == UInt8(ascii: "#") && close + 1 < rest.startIndex else { return nil }
    let inside = line[(start + 1)..<close]
    let first = inside.first { !isBlank($0) }
    let style: YAMLScalar.Style = first == UInt8(ascii: "\"") ? .doubleQuoted : first == UInt8(ascii: "'") ? .singleQuoted : .plain
    let pad = inside.first == UInt8(ascii: " ") && first != nil ? " " : ""
    let list = items.map { YAMLScalar.styled($0, like: style, inFlow: true) }.joined(separator: separator ?? ", ")
    return Array(line[..<start]) + Array("[\(pad)\(list)\(pad)]".utf8) + line[(close + 1)...]
  }

  /// A comment among the lines of a value: the blanks before its `#`, and
  /// its text from the `#` to the end of the line.
  struct Comment {
    var spacing: ArraySlice<UInt8>
    var text: ArraySlice<UInt8>
    /// Whether nothing but blanks comes before it on its line.
    var isOwnLine: Bool
  }

  /// The comments among the lines of one front-matter entry (its key line
  /// first), in order. A `#` is a comment at the start of a line or after a
  /// blank, outside quotes; a quote opens a quoted scalar only where a
  /// scalar starts (after the key, `[`, `{`, `,`, `- `), so the `'` of
  /// `it's` is text. Lines of a block scalar (`|`, `>`) are its text.
  static func comments(in lines: [ArraySlice<UInt8>]) -> [Comment] {
    guard let keyLine = lines.first, let valueStart = valueStart(ofKeyLine: keyLine) else { return [] }
    var comments: [Comment] = []
    var quote: UInt8?
    var atScalarStart = true
    let start = afterProperties(in: keyLine, from: valueStart)
    let isBlockScalar = start < keyLine.endIndex && (keyLine[start] == UInt8(ascii: "|") || keyLine[start] == UInt8(ascii: ">"))
    for (number, line) in lines.enumerated() {
      if number > 0, isBlockScalar { break }
      var index = number == 0 ? start : line.startIndex
      while index < line.endIndex {
        if let open = quote {
          // A quoted scalar may go on over several lines.
          guard let end = closingQuote(open, in: line, from: index) else { break }
          quote = nil
          atScalarStart = false
          index = end
          continue
        }
        let byte = line[index]
        if byte == UInt8(ascii: "#"), index == line.startIndex || isBlank(line[index - 1]) {
          var spacingStart = index
          while spacingStart > line.startIndex, isBlank(line[spacingStart - 1]) { spacingStart -= 1 }
          var end = line.endIndex
          while end > index, isBlank(line[end - 1]) { end -= 1 }
          comments.append(Comment(spacing: line[spacingStart..<index], text: line[index..<end], isOwnLine: spacingStart == line.startIndex))
          break
        }
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'"), atScalarStart {
          quote = byte
        } else if "[{,".utf8.contains(byte) || (byte == UInt8(ascii: "-") && (index + 1 == line.endIndex || isBlank(line[index + 1]))) {
          atScalarStart = true
        } else if !isBlank(byte) {
          atScalarStart = false
        }
        index += 1
      }
    }
    return comments
  }

  /// The index after the closing quote of the quoted scalar at `start`, or
  /// `nil` when it does not close on this line.
  private static func quotedEnd(_ line: ArraySlice<UInt8>, from start: Int) -> Int? {
    closingQuote(line[start], in: line, from: start + 1)
  }

  /// The index after the `quote` that closes a scalar whose text goes on at
  /// `index` (`\"` and `''` escapes skipped), or `nil` when it does not
  /// close on this line.
  static func closingQuote(_ quote: UInt8, in line: ArraySlice<UInt8>, from index: Int) -> Int? {
    var index = index
    while index < line.endIndex {
      let byte = line[index]
      if quote == UInt8(ascii: "\""), byte == UInt8(ascii: "\\") {
        index += 2
        continue
      }
      if byte == quote {
        if quote == UInt8(ascii: "'"), index + 1 < line.endIndex, line[index + 1] == quote {
          index += 2
          continue
        }
        return index + 1
      }
      index += 1
    }
    return nil
  }
}
