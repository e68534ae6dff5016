import Foundation
import RecordKeeper

/// What the terminal on standard output can show.
struct Terminal: Sendable {
  /// Whether standard output is a terminal.
  var isInteractive: Bool
  /// Whether to use colour: only on a terminal, never with `NO_COLOR` nor
  /// on one that says it takes no escape codes (`TERM=dumb`).
  var usesColor: Bool
  /// The width in columns; `nil` when not a terminal.
  var width: Int?
  /// The height in lines; `nil` when not a terminal.
  var height: Int?

  static func standardOutput(environment: [String: String] = ProcessInfo.processInfo.environment) -> Terminal {
    let interactive = isatty(STDOUT_FILENO) == 1
    let noColor = (environment["NO_COLOR"].map { !$0.isEmpty } ?? false) || environment["TERM"] == "dumb"
    var width: Int?
    var height: Int?
    if interactive {
      var size = winsize()
      if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 {
        if size.ws_col > 0 { width = Int(size.ws_col) }
        if size.ws_row > 0 { height = Int(size.ws_row) }
      }
      width = width ?? environment["COLUMNS"].flatMap(Int.init) ?? 80
      height = height ?? environment["LINES"].flatMap(Int.init) ?? 24
    }
    return Terminal(isInteractive: interactive, usesColor: interactive && !noColor, width: width, height: height)
  }

  /// Prints a warning on standard error, control characters made visible.
  static func warn(_ message: String) {
    FileHandle.standardError.write(Data("rk: warning: \(Visible.lines(message))\n".utf8))
  }

  /// Writes text to standard output in one piece.
  static func write(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
  }

  /// Writes a JSON value and a newline, straight from its UTF-8 bytes.
  static func write(_ json: JSONValue) {
    var output = JSONOutput()
    json.write(to: &output)
    write(json: [output.finish()])
  }

  /// Writes serialised JSON, given in chunks, and a newline: each chunk
  /// straight from its buffer with write(2), without copying them into one.
  static func write(json chunks: [JSONChunk]) {
    for chunk in chunks where !write(jsonChunk: chunk) { return }
    finishJSON()
  }

  /// Writes one chunk of serialised JSON (`rk list --json` writes tens of
  /// megabytes at 100k albums, chunk by chunk as they are made); false when
  /// the reader closed the pipe: it has what it wanted.
  static func write(jsonChunk chunk: JSONChunk) -> Bool {
    check(chunk.withUnsafeBytes(writeAll))
  }

  /// The newline after written JSON.
  static func finishJSON() {
    _ = check([UInt8(ascii: "\n")].withUnsafeBytes(writeAll))
  }

  /// True after a write that worked, false after one to a closed pipe; any
  /// other failure is reported and ends rk.
  private static func check(_ failure: Int32) -> Bool {
    guard failure != 0 else { return true }
    if failure == EPIPE { return false }
    FileHandle.standardError.write(Data("rk: cannot write to standard output: \(String(cString: strerror(failure)))\n".utf8))
    exit(1)
  }

  /// Writes all of `bytes` to standard output; 0, or the errno of the write that failed.
  private static func writeAll(_ bytes: UnsafeRawBufferPointer) -> Int32 {
    var offset = 0
    while offset < bytes.count {
      let written = Glibc.write(STDOUT_FILENO, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        return errno
      }
      offset += written
    }
    return 0
  }
}

/// ANSI styles, used only when the terminal takes colour.
struct Style {
  let enabled: Bool

  static let banner = RGB(0x47, 0x98, 0xF6)
  static let heading = RGB(0xC8, 0xC8, 0xC8)

  struct RGB {
    var r, g, b: Int
    init(_ r: Int, _ g: Int, _ b: Int) { (self.r, self.g, self.b) = (r, g, b) }
  }

  func apply(_ text: String, _ codes: String) -> String {
    enabled ? "\u{1B}[\(codes)m\(text)\u{1B}[0m" : text
  }

  func bold(_ text: String) -> String { apply(text, "1") }
  func dim(_ text: String) -> String { apply(text, "2") }
  func link(_ text: String) -> String { apply(text, "4") }

  static func foreground(_ color: RGB) -> String { "38;2;\(color.r);\(color.g);\(color.b)" }
  static func background(_ color: RGB) -> String { "48;2;\(color.r);\(color.g);\(color.b)" }

  /// A pixel of the seed's cover placeholder: a diagonal gradient from
  /// #8e8e8e at the bottom left to #e0e0e0 at the top right.
  static func placeholder(_ x: Int, _ y: Int, size: Int) -> RGB {
    let t = Double(x + (size - 1 - y)) / Double(2 * (size - 1))
    let value = Int((0x8E + (0xE0 - 0x8E) * t).rounded())
    return RGB(value, value, value)
  }

  /// A tag as the seed draws it: white text on the banner colour.
  func chip(_ tag: String) -> String {
    enabled ? apply(" \(tag) ", Style.background(Style.banner) + ";" + Style.foreground(RGB(255, 255, 255))) : "[\(tag)]"
  }

  /// How many columns `chip(tag)` takes.
  static func chipWidth(_ tag: String) -> Int { DisplayWidth.of(tag) + 2 }
}

/// Columns a text takes in a terminal: wide East Asian characters take two,
/// combining marks none.
enum DisplayWidth {
  static func of(_ text: String) -> Int {
    text.reduce(0) { $0 + of($1) }
  }

  static func of(_ character: Character) -> Int {
    guard let scalar = character.unicodeScalars.first else { return 0 }
    switch scalar.value {
    case 0..<0x20, 0x7F: return 0
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
      0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
      0x1F900...0x1F9FF, 0x20000...0x3FFFD:
      return 2
    default: return scalar.properties.generalCategory == .nonspacingMark ? 0 : 1
    }
  }

  /// `text` cut to at most `width` columns, ending in "…" when cut.
  static func truncate(_ text: String, to width: Int) -> String {
    guard of(text) > width else { return text }
    var result = ""
    var used = 0
    for character in text {
      let next = of(character)
      if used + next > width - 1 { break }
      result.append(character)
      used += next
    }
    return result + "…"
  }
}

/// Collection text made safe to print (the rule lives in the library, which
/// also keeps it out of commit messages).
typealias Visible = VisibleText
