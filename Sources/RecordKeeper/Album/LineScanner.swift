/// Iterates the lines of a byte buffer: each line's range without its line
/// break, and where the next line starts.
///
/// A line ends at `\n`, `\r\n` or a lone `\r`, the breaks both CommonMark and
/// YAML accept, so a file saved on Windows or an old Mac reads with the same
/// lines as one saved on Linux. (YAML 1.1 readers such as libyaml also break
/// lines at U+0085, U+2028 and U+2029; `rk` does not, and says so where it
/// hands text to such a reader.)
struct LineScanner: IteratorProtocol {
  struct Line {
    /// Where the line starts.
    var start: Int
    /// The line without its line break.
    var content: Range<Int>
    /// Where the next line starts (after the line break).
    var end: Int
    /// The 1-based line number within the scanned buffer.
    var number: Int

    /// The line break's bytes: `contentEnd..<end` (empty on a last line without one).
    var lineBreak: Range<Int> { content.upperBound..<end }
  }

  private let bytes: ArraySlice<UInt8>
  private var position: Int
  private var number = 0

  init(_ bytes: ArraySlice<UInt8>) {
    self.bytes = bytes
    position = bytes.startIndex
  }

  mutating func next() -> Line? {
    guard position < bytes.endIndex else { return nil }
    let start = position
    let lineBreak = bytes[start...].firstIndex { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }
    let contentEnd = lineBreak ?? bytes.endIndex
    if let lineBreak {
      let isCRLF = bytes[lineBreak] == UInt8(ascii: "\r") && lineBreak + 1 < bytes.endIndex && bytes[lineBreak + 1] == UInt8(ascii: "\n")
      position = lineBreak + (isCRLF ? 2 : 1)
    } else {
      position = bytes.endIndex
    }
    number += 1
    return Line(start: start, content: start..<contentEnd, end: position, number: number)
  }
}

/// The line-break convention of a file, so that lines `rk` writes into it
/// match the lines around them.
enum LineEnding: String, Sendable {
  case lf = "\n"
  case crlf = "\r\n"
  case cr = "\r"

  /// The convention of the first line break in `bytes`; `.lf` when there is none.
  init(of bytes: ArraySlice<UInt8>) {
    var lines = LineScanner(bytes)
    guard let first = lines.next() else {
      self = .lf
      return
    }
    switch bytes[first.lineBreak].count {
    case 2: self = .crlf
    case 1 where bytes[first.lineBreak.lowerBound] == UInt8(ascii: "\r"): self = .cr
    default: self = .lf
    }
  }
}

@inline(__always) func isBlank(_ byte: UInt8) -> Bool {
  byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
}

@inline(__always) func string(_ bytes: ArraySlice<UInt8>) -> String {
  String(decoding: bytes, as: UTF8.self)
}
