/// How `rk` writes a text value in front matter: plain when YAML reads it back
/// as the same text, double-quoted otherwise.
enum YAMLScalar {
  /// `text` as a YAML scalar that reads back as exactly `text`.
  static func quoted(_ text: String) -> String {
    needsQuotes(text) ? doubleQuoted(text) : text
  }

  /// Words other YAML readers take for null or booleans; quoted so a script
  /// reading the collection sees text.
  private static let reserved: Set<String> = ["~", "null", "true", "false", "yes", "no", "on", "off", "y", "n"]
  private static let leadingIndicators: Set<Character> = ["-", "?", ":", ",", "[", "]", "{", "}", "#", "&", "*", "!", "|", ">", "'", "\"", "%", "@", "`"]

  static func needsQuotes(_ text: String) -> Bool {
    guard let first = text.first, let last = text.last else { return true }
    if first.isWhitespace || last.isWhitespace || last == ":" || leadingIndicators.contains(first) { return true }
    if reserved.contains(text.lowercased()) { return true }
    if text.contains(": ") || text.contains(" #") || text.contains(":\t") || text.contains("\t#") { return true }
    return text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || $0 == "\u{FEFF}" || $0 == "\u{2028}" || $0 == "\u{2029}" || $0 == "\u{85}" }
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
      case _ where scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{FEFF}" || scalar == "\u{2028}" || scalar == "\u{2029}" || scalar == "\u{85}":
        let hex = String(scalar.value, radix: 16, uppercase: true)
        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: output.unicodeScalars.append(scalar)
      }
    }
    return output + "\""
  }
}
