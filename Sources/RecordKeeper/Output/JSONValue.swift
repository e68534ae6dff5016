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
  public func serializedBytes(indent: Int = 0) -> [UInt8] {
    var output = JSONOutput()
    write(to: &output, indent: indent)
    return output.bytes
  }

  /// A JSON array of `items` as UTF-8: the same bytes as
  /// `.array(items.map(element)).serializedBytes()`, made in chunks on every
  /// core, each element's tree built and freed in turn.
  public static func serializedArray<Item: Sendable>(
    _ items: [Item], element: @Sendable (Item) -> JSONValue
  ) -> [UInt8] {
    serializedArrayChunks(count: items.count) { index, output, indent in
      element(items[index]).write(to: &output, indent: indent)
    }.flatMap(\.bytes)
  }

  /// A JSON array of `count` elements in chunks that, one after another, are
  /// the array (without a final newline): made on every core, element
  /// `index` appended by `write(index, &output, indent)` at that indent.
  ///
  /// Albums go straight to bytes this way (``Album/writeJSON(group:to:indent:)``,
  /// each read in place by its index rather than copied out of an array),
  /// and the chunks straight to a file, one write each, without being
  /// copied into one buffer.
  public static func serializedArrayChunks(
    count: Int, chunkSize: Int = 256, write: @Sendable (Int, inout JSONOutput, Int) -> Void
  ) -> [JSONChunk] {
    guard count > 0 else {
      var output = JSONOutput(capacity: 2)
      output.append("[]")
      return [output.finish()]
    }
    let chunkSize = max(1, chunkSize)
    return System.concurrentMap((count + chunkSize - 1) / chunkSize) { chunk in
      let range = chunk * chunkSize..<min(count, (chunk + 1) * chunkSize)
      // About what an album takes; grown by doubling when short.
      var output = JSONOutput(capacity: range.count * 3072)
      if chunk == 0 { output.append("[\n") }
      for index in range {
        output.indent(2)
        write(index, &output, 2)
        output.append(index == count - 1 ? "\n]" : ",\n")
      }
      return output.finish()
    }
  }

  /// Appends the serialised value to `output`.
  public func write(to output: inout JSONOutput, indent: Int = 0) {
    switch self {
    case .null: output.append("null")
    case .bool(let value): output.append(value ? "true" : "false")
    case .number(let value): JSONBytes.number(value, to: &output)
    case .string(let value): JSONBytes.string(value, to: &output)
    case .array(let values):
      guard !values.isEmpty else { return output.append("[]") }
      output.append("[\n")
      for (index, value) in values.enumerated() {
        output.indent(indent + 2)
        value.write(to: &output, indent: indent + 2)
        output.append(index == values.count - 1 ? "\n" : ",\n")
      }
      output.indent(indent)
      output.append(UInt8(ascii: "]"))
    case .object(let pairs):
      var object = JSONBytes.Object(indent: indent)
      for (key, value) in pairs {
        object.member(named: key, to: &output)
        value.write(to: &output, indent: indent + 2)
      }
      object.close(to: &output)
    }
  }
}
