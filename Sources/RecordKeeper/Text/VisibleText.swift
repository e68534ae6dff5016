/// Collection text made safe to print: escape, bell and the other control
/// characters a hand-edited file may hold (C0, DEL, C1, line separators and
/// bidi overrides) never reach the terminal raw, where they could clear the
/// screen, retitle the window or reorder what is shown. They are shown as
/// `^[` (C0 and DEL, caret notation) or `<U+202E>`.
public enum VisibleText {
  /// One line of text: line breaks and tabs are shown too.
  public static func text(_ text: String) -> String { escape(text, keepingLines: false) }

  /// Text of several lines (notes, messages): line breaks and tabs are kept,
  /// a CR before a line break is dropped.
  public static func lines(_ text: String) -> String { escape(text, keepingLines: true) }

  private static func escape(_ text: String, keepingLines: Bool) -> String {
    // Every character escaped starts with a byte below 0x20, 0x7F, 0xC2 (C1)
    // or 0xE2 (U+2028…U+2069) in UTF-8: most text is returned untouched.
    guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 }) else { return text }
    var output = String.UnicodeScalarView()
    let scalars = Array(text.unicodeScalars)
    for (index, scalar) in scalars.enumerated() {
      let value = scalar.value
      switch value {
      case 0x0A where keepingLines, 0x09 where keepingLines: output.append(scalar)
      case 0x0D where keepingLines && index + 1 < scalars.count && scalars[index + 1] == "\n": continue
      case 0..<0x20: output.append(contentsOf: "^\(Character(Unicode.Scalar(UInt8(value + 0x40))))".unicodeScalars)
      case 0x7F: output.append(contentsOf: "^?".unicodeScalars)
      case 0x80...0x9F, 0x2028...0x202E, 0x2066...0x2069:
        let hex = String(value, radix: 16, uppercase: true)
        output.append(contentsOf: "<U+\(String(repeating: "0", count: max(0, 4 - hex.count)))\(hex)>".unicodeScalars)
      default: output.append(scalar)
      }
    }
    return String(output)
  }
}
