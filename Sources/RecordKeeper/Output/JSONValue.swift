/// A JSON value whose objects keep their keys in order, so `rk`'s JSON reads in
/// the order PRODUCT.md lists the fields.
public enum JSONValue: Hashable, Sendable {
  case null
  case bool(Bool)
  case number(Int)
  case string(String)
  case array([JSONValue])
  case object([(String, JSONValue)])

  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case (.bool(let a), .bool(let b)): a == b
    case (.number(let a), .number(let b)): a == b
    case (.string(let a), .string(let b)): a == b
    case (.array(let a), .array(let b)): a == b
    case (.object(let a), .object(let b)): a.map(\.0) == b.map(\.0) && a.map(\.1) == b.map(\.1)
    default: false
    }
  }

  public func hash(into hasher: inout Hasher) {
    switch self {
    case .null: hasher.combine(0)
    case .bool(let value): hasher.combine(value)
    case .number(let value): hasher.combine(value)
    case .string(let value): hasher.combine(value)
    case .array(let values): hasher.combine(values)
    case .object(let pairs):
      for (key, value) in pairs {
        hasher.combine(key)
        hasher.combine(value)
      }
    }
  }

  /// `value` as a JSON string, or `null` when it is `nil`.
  public static func optional(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }

  /// A one-line rendering for people and `--format`: text as is, lists
  /// joined with commas, mappings as `key: value`, null as nothing.
  public var inline: String {
    switch self {
    case .null: ""
    case .bool(let value): String(value)
    case .number(let value): String(value)
    case .string(let value): value
    case .array(let values): values.map(\.inline).joined(separator: ", ")
    case .object(let pairs): pairs.map { "\($0.0): \($0.1.inline)" }.joined(separator: ", ")
    }
  }

  /// The value serialised with two-space indentation.
  public func serialized(indent: Int = 0) -> String {
    String(decoding: serializedBytes(indent: indent), as: UTF8.self)
  }

  /// The value serialised with two-space indentation, as UTF-8.
  ///
  /// Written byte by byte into one buffer: `rk list --json` and the web API
  /// write megabytes of it, and appending to a `String` scalar by scalar cost
  /// several times the reading of the collection.
  public func serializedBytes(indent: Int = 0) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(256)
    write(to: &output, indent: indent)
    return output
  }

  /// A JSON array of `items` as UTF-8: the same bytes as
  /// `.array(items.map(element)).serializedBytes()`, made in chunks on every
  /// core, each element's tree built and freed in turn (10,000 albums' trees
  /// at once cost more to build and free than to write).
  public static func serializedArray<Item: Sendable>(
    _ items: [Item], element: @Sendable (Item) -> JSONValue
  ) -> [UInt8] {
    guard !items.isEmpty else { return Array("[]".utf8) }
    let chunkSize = 256
    let chunks = System.concurrentMap((items.count + chunkSize - 1) / chunkSize) { chunk in
      var output: [UInt8] = []
      output.reserveCapacity(chunkSize * 1024)
      for index in chunk * chunkSize..<min(items.count, (chunk + 1) * chunkSize) {
        writeIndent(2, to: &output)
        element(items[index]).write(to: &output, indent: 2)
        output += (index == items.count - 1 ? "\n" : ",\n").utf8
      }
      return output
    }
    var output: [UInt8] = []
    output.reserveCapacity(chunks.reduce(2) { $0 + $1.count })
    output += "[\n".utf8
    for chunk in chunks { output += chunk }
    output.append(UInt8(ascii: "]"))
    return output
  }

  /// Appends the serialised value to `output`.
  public func write(to output: inout [UInt8], indent: Int = 0) {
    switch self {
    case .null: output += "null".utf8
    case .bool(let value): output += (value ? "true" : "false").utf8
    case .number(let value): output += String(value).utf8
    case .string(let value): JSONValue.writeString(value, to: &output)
    case .array(let values):
      guard !values.isEmpty else { output += "[]".utf8; return }
      output += "[\n".utf8
      for (index, value) in values.enumerated() {
        JSONValue.writeIndent(indent + 2, to: &output)
        value.write(to: &output, indent: indent + 2)
        output += (index == values.count - 1 ? "\n" : ",\n").utf8
      }
      JSONValue.writeIndent(indent, to: &output)
      output.append(UInt8(ascii: "]"))
    case .object(let pairs):
      guard !pairs.isEmpty else { output += "{}".utf8; return }
      output += "{\n".utf8
      for (index, (key, value)) in pairs.enumerated() {
        JSONValue.writeIndent(indent + 2, to: &output)
        JSONValue.writeString(key, to: &output)
        output += ": ".utf8
        value.write(to: &output, indent: indent + 2)
        output += (index == pairs.count - 1 ? "\n" : ",\n").utf8
      }
      JSONValue.writeIndent(indent, to: &output)
      output.append(UInt8(ascii: "}"))
    }
  }

  private static func writeIndent(_ count: Int, to output: inout [UInt8]) {
    output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count))
  }

  /// Appends `value` as a JSON string. Runs of bytes that need no escape are
  /// copied whole; only `"`, `\\`, C0, DEL and the lead bytes of C1 controls,
  /// line separators and bidi controls (0xC2, 0xE2) are looked at further.
  private static func writeString(_ value: String, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    var value = value
    value.withUTF8 { bytes in
      var runStart = 0
      var index = 0
      while index < bytes.count {
        let byte = bytes[index]
        guard byte == 0x22 || byte == 0x5C || byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xE2 else {
          index += 1
          continue
        }
        let (scalar, length) = decodeScalar(bytes, at: index)
        guard let escape = escape(scalar) else {
          index += length
          continue
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
        output += escape.utf8
        index += length
        runStart = index
      }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
    }
    output.append(UInt8(ascii: "\""))
  }

  /// The scalar starting at `index` of valid UTF-8 and its length in bytes.
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

  private static func escape(_ scalar: UInt32) -> String? {
    switch scalar {
    case 0x22: return "\\\""
    case 0x5C: return "\\\\"
    case 0x0A: return "\\n"
    case 0x0D: return "\\r"
    case 0x09: return "\\t"
    // C0, DEL, C1, line separators and bidi controls are escaped too: the
    // value stays exact, and JSON printed on a terminal cannot drive it.
    case 0..<0x20, 0x7F...0x9F, 0x2028...0x202E, 0x2066...0x2069:
      let hex = String(scalar, radix: 16)
      return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    default:
      return nil
    }
  }
}
