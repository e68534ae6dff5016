/// How serialised JSON is laid out. Keys, values and their order are the
/// same in both; only the whitespace differs.
public enum JSONLayout: Sendable {
  /// Two-space indentation, each member and element on a line of its own:
  /// `rk show --json`, the web API, one value a person reads.
  case pretty
  /// All on one line, `", "` between members and elements and `": "` after
  /// each key, as Python's `json.dumps` writes: each album of `rk list
  /// --json` and `rk export json` on a line of its own, which is a third
  /// fewer bytes than indenting it and still matches `"title": "X"`.
  case line
}

/// The pieces of ``JSONValue``'s layouts (``JSONLayout``), written straight
/// into a ``JSONOutput``.
///
/// `rk list --json` and the web API write every album this way rather than
/// building a ``JSONValue`` tree per album and then walking it: building and
/// freeing the trees cost more than writing the bytes.
enum JSONBytes {
  /// Appends `value` in decimal, without making a `String` of it.
  static func number(_ value: Int, to output: inout JSONOutput) {
    // 20 digits hold UInt.max; digits come from the magnitude, so Int.min has them too.
    let target = output.reserve(21)
    var magnitude = value.magnitude
    var length = 0
    if value < 0 {
      target[0] = UInt8(ascii: "-")
      length = 1
    }
    var digits = 1
    var rest = magnitude / 10
    while rest > 0 {
      digits += 1
      rest /= 10
    }
    length += digits
    var position = length
    repeat {
      position -= 1
      target[position] = UInt8(ascii: "0") + UInt8(magnitude % 10)
      magnitude /= 10
    } while magnitude > 0
    output.advance(by: length)
  }

  /// Appends `date` as the JSON string of its ``ReleaseDate/text``
  /// (`"1997-05-21"`), without making the `String`.
  static func date(_ date: ReleaseDate, to output: inout JSONOutput) {
    let target = output.reserve(12)
    target[0] = UInt8(ascii: "\"")
    var length = 1
    func digits(_ value: Int, _ width: Int) {
      var value = value
      for position in (0..<width).reversed() {
        target[length + position] = UInt8(ascii: "0") + UInt8(value % 10)
        value /= 10
      }
      length += width
    }
    // ReleaseDate holds years 1 to 9999, months 1 to 12 and days 1 to 31.
    digits(date.year, 4)
    if let month = date.month {
      target[length] = UInt8(ascii: "-")
      length += 1
      digits(month, 2)
    }
    if let day = date.day {
      target[length] = UInt8(ascii: "-")
      length += 1
      digits(day, 2)
    }
    target[length] = UInt8(ascii: "\"")
    output.advance(by: length + 1)
  }

  /// Appends `value` as a JSON string, or `null`.
  @inline(__always)
  static func string(_ value: String?, to output: inout JSONOutput) {
    if let value { string(value, to: &output) } else { output.append("null") }
  }

  /// Appends `value` as a JSON string: `"`, `\`, C0, DEL, C1, the line
  /// separators and the bidi controls escaped (the value stays exact, and
  /// JSON printed on a terminal cannot drive it), everything else as is.
  static func string(_ value: String, to output: inout JSONOutput) {
    // At most six bytes (`\u001f`) for each byte of the text, and the quotes.
    let target = output.reserve(value.utf8.count * 6 + 2)
    let written =
      value.utf8.withContiguousStorageIfAvailable { escape($0, into: target) }
      ?? Array(value.utf8).withUnsafeBufferPointer { escape($0, into: target) }
    output.advance(by: written)
  }

  /// Writes `bytes`, valid UTF-8, quoted and escaped at `target`; how many
  /// bytes that took. Runs that need no escape are copied whole, eight plain
  /// ASCII bytes tested at once; only `"`, `\`, C0, DEL and the lead bytes of
  /// C1 controls, line separators and bidi controls (0xC2, 0xE2) are looked
  /// at further.
  private static func escape(_ bytes: UnsafeBufferPointer<UInt8>, into target: UnsafeMutablePointer<UInt8>) -> Int {
    target[0] = UInt8(ascii: "\"")
    var written = 1
    guard let base = bytes.baseAddress else {
      target[1] = UInt8(ascii: "\"")
      return 2
    }
    let count = bytes.count
    var runStart = 0
    var index = 0
    func copyRun(to end: Int) {
      (target + written).update(from: base + runStart, count: end - runStart)
      written += end - runStart
    }
    while index < count {
      if index + 8 <= count, isPlainASCII(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) {
        index += 8
        continue
      }
      let byte = base[index]
      guard byte == 0x22 || byte == 0x5C || byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xE2 else {
        index += 1
        continue
      }
      let (scalar, length) = decodeScalar(bytes, at: index)
      let escaped = escape(scalar, into: target + written + (index - runStart))
      guard escaped > 0 else {
        index += length
        continue
      }
      copyRun(to: index)
      written += escaped
      index += length
      runStart = index
    }
    copyRun(to: count)
    target[written] = UInt8(ascii: "\"")
    return written + 1
  }

  /// Whether none of the eight bytes of `word` is below 0x20, `"`, `\`, or
  /// 0x7F and above: bit tricks that are exact for "any byte", which is all
  /// that is asked (Hacker's Delight, "find a zero byte").
  @inline(__always)
  private static func isPlainASCII(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let high: UInt64 = 0x8080_8080_8080_8080
    func hasZeroByte(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & high }
    let below20 = (word &- ones &* 0x20) & ~word & high
    // 0x7F + 1 sets the high bit; a byte of 0x80 and above has it already
    // (and is the only kind whose carry could spill into the next byte).
    let highOrDEL = (word | (word &+ ones)) & high
    return (below20 | highOrDEL | hasZeroByte(word ^ (ones &* 0x22)) | hasZeroByte(word ^ (ones &* 0x5C))) == 0
  }

  /// The scalar starting at `index` of valid UTF-8 and its length in bytes,
  /// for the lead bytes the escaper looks at.
  private static func decodeScalar(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int) {
    let lead = UInt32(bytes[index])
    switch lead {
    case 0xC2 where index + 1 < bytes.count:
      return (((lead & 0x1F) << 6) | (UInt32(bytes[index + 1]) & 0x3F), 2)
    case 0xE2 where index + 2 < bytes.count:
      return (((lead & 0x0F) << 12) | ((UInt32(bytes[index + 1]) & 0x3F) << 6) | (UInt32(bytes[index + 2]) & 0x3F), 3)
    default:
      return (lead, 1)
    }
  }

  /// Writes the escape of `scalar` at `target` and returns its length, or 0
  /// when it needs none.
  private static func escape(_ scalar: UInt32, into target: UnsafeMutablePointer<UInt8>) -> Int {
    let short: UInt8
    switch scalar {
    case 0x22: short = UInt8(ascii: "\"")
    case 0x5C: short = UInt8(ascii: "\\")
    case 0x0A: short = UInt8(ascii: "n")
    case 0x0D: short = UInt8(ascii: "r")
    case 0x09: short = UInt8(ascii: "t")
    case 0..<0x20, 0x7F...0x9F, 0x2028...0x202E, 0x2066...0x2069:
      let hex: StaticString = "0123456789abcdef"
      target[0] = UInt8(ascii: "\\")
      target[1] = UInt8(ascii: "u")
      for digit in 0..<4 {
        target[2 + digit] = hex.utf8Start[Int((scalar >> (12 - 4 * UInt32(digit))) & 0xF)]
      }
      return 6
    default:
      return 0
    }
    target[0] = UInt8(ascii: "\\")
    target[1] = short
    return 2
  }

  /// Appends an array of strings at `indent`, laid out as ``JSONValue/array(_:)``.
  static func strings(_ values: [String], indent: Int, layout: JSONLayout, to output: inout JSONOutput) {
    var array = array(indent: indent, layout: layout)
    for value in values {
      array.element(to: &output)
      string(value, to: &output)
    }
    array.close(to: &output)
  }

  /// Writes the elements of one array or the members of one object at
  /// `indent` in `layout`: ``element(to:)`` or ``member(_:to:)`` before each
  /// value, then ``close(to:)``.
  struct Container {
    let indent: Int
    let layout: JSONLayout
    private let open: UInt8
    private let closing: UInt8
    private var empty = true

    init(indent: Int, layout: JSONLayout, open: UInt8, close: UInt8) {
      self.indent = indent
      self.layout = layout
      self.open = open
      self.closing = close
    }

    /// Appends what comes before an element: the opening bracket or the
    /// separator, then (pretty) the newline and the indent.
    @inline(__always)
    mutating func element(to output: inout JSONOutput) {
      switch layout {
      case .pretty:
        if empty { output.append(open) } else { output.append(UInt8(ascii: ",")) }
        output.append(UInt8(ascii: "\n"))
        output.indent(indent + 2)
      case .line:
        if empty { output.append(open) } else { output.append(", ") }
      }
      empty = false
    }

    /// Appends what comes before the value of member `key`, a key that
    /// needs no escape: ``element(to:)``, then `"key": `.
    @inline(__always)
    mutating func member(_ key: StaticString, to output: inout JSONOutput) {
      element(to: &output)
      output.append(UInt8(ascii: "\""))
      output.append(key)
      output.append("\": ")
    }

    /// Member `key` with its value, a key that needs no escape.
    @inline(__always)
    mutating func member<Value: JSONScalar>(_ key: StaticString, _ value: Value, to output: inout JSONOutput) {
      member(key, to: &output)
      value.writeJSON(to: &output)
    }

    /// Like ``member(_:to:)`` for a key known only at run time, escaped.
    mutating func member(named key: String, to output: inout JSONOutput) {
      element(to: &output)
      JSONBytes.string(key, to: &output)
      output.append(": ")
    }

    /// Appends the closing bracket: (pretty) on its own line at `indent`,
    /// or right after the opening one when there is nothing inside.
    func close(to output: inout JSONOutput) {
      if empty {
        output.append(open)
      } else if layout == .pretty {
        output.append(UInt8(ascii: "\n"))
        output.indent(indent)
      }
      output.append(closing)
    }
  }

  /// A ``Container`` for an object's members.
  static func object(indent: Int, layout: JSONLayout) -> Container {
    Container(indent: indent, layout: layout, open: UInt8(ascii: "{"), close: UInt8(ascii: "}"))
  }

  /// A ``Container`` for an array's elements.
  static func array(indent: Int, layout: JSONLayout) -> Container {
    Container(indent: indent, layout: layout, open: UInt8(ascii: "["), close: UInt8(ascii: "]"))
  }
}

/// A value ``JSONBytes/Container/member(_:_:to:)`` writes as it is: text,
/// a number, true or false, or `null` for `nil`.
protocol JSONScalar {
  func writeJSON(to output: inout JSONOutput)
}

extension String: JSONScalar {
  @inline(__always) func writeJSON(to output: inout JSONOutput) { JSONBytes.string(self, to: &output) }
}

extension Int: JSONScalar {
  @inline(__always) func writeJSON(to output: inout JSONOutput) { JSONBytes.number(self, to: &output) }
}

extension Bool: JSONScalar {
  @inline(__always) func writeJSON(to output: inout JSONOutput) {
    if self { output.append("true") } else { output.append("false") }
  }
}

extension Optional: JSONScalar where Wrapped: JSONScalar {
  @inline(__always) func writeJSON(to output: inout JSONOutput) {
    guard let self else { return output.append("null") }
    self.writeJSON(to: &output)
  }
}
