/// A JSON value whose objects keep their keys in order, so `rk`'s JSON reads in
/// the order docs/commands.md ("Output: JSON, --format and the terminal") lists the fields.
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

  /// The value serialised in `layout`: two-space indentation unless told.
  public func serialized(indent: Int = 0, layout: JSONLayout = .pretty) -> String {
    String(decoding: serializedBytes(indent: indent, layout: layout), as: UTF8.self)
  }

  /// The value serialised in `layout`, as UTF-8.
  public func serializedBytes(indent: Int = 0, layout: JSONLayout = .pretty) -> [UInt8] {
    var output = JSONOutput()
    write(to: &output, indent: indent, layout: layout)
    return output.bytes
  }

  /// A JSON array of `count` elements in chunks that, one after another, are
  /// the array (without a final newline): made on every core, element
  /// `index` appended by `write(index, &output, indent, layout)` at that
  /// indent in that layout.
  ///
  /// Pretty, the array is ``JSONValue/array(_:)``'s. In the line layout
  /// the brackets are on lines of their own and each element on one line
  /// between them, `,` ending every line but the last element's: a reader
  /// can take the array line by line, and a JSON reader whole.
  ///
  /// Albums go straight to bytes this way (``Album/writeJSON(group:to:indent:layout:)``,
  /// each read in place by its index rather than copied out of an array),
  /// and the chunks straight to a file, one write each, without being
  /// copied into one buffer.
  ///
  /// The chunks are handed to `sink` in order, a few per core at a time, so
  /// a long array is never whole in memory (175 MB at 100k albums). `sink`
  /// returns false to stop (a reader that went away).
  public static func streamArrayChunks(
    count: Int, layout: JSONLayout = .pretty, chunkSize: Int = 256,
    write: @Sendable (Int, inout JSONOutput, Int, JSONLayout) -> Void, to sink: (JSONChunk) -> Bool
  ) {
    guard count > 0 else {
      var output = JSONOutput(capacity: 2)
      output.append("[]")
      _ = sink(output.finish())
      return
    }
    let chunkSize = max(1, chunkSize)
    let indent = layout == .pretty ? 2 : 0
    let chunkCount = (count + chunkSize - 1) / chunkSize
    let batch = System.coreCount * 4
    for first in stride(from: 0, to: chunkCount, by: batch) {
      let chunks = System.concurrentMap(min(batch, chunkCount - first)) { offset in
        let chunk = first + offset
        let range = chunk * chunkSize..<min(count, (chunk + 1) * chunkSize)
        // About what an album takes; grown by doubling when short.
        var output = JSONOutput(capacity: range.count * 3072)
        if chunk == 0 { output.append("[\n") }
        for index in range {
          output.indent(indent)
          write(index, &output, indent, layout)
          output.append(index == count - 1 ? "\n]" : ",\n")
        }
        return output.finish()
      }
      for chunk in chunks where !sink(chunk) { return }
    }
  }

  /// Appends the value serialised in `layout` (at `indent`, when pretty) to `output`.
  public func write(to output: inout JSONOutput, indent: Int = 0, layout: JSONLayout = .pretty) {
    switch self {
    case .null: output.append("null")
    case .bool(let value): output.append(value ? "true" : "false")
    case .number(let value): JSONBytes.number(value, to: &output)
    case .string(let value): JSONBytes.string(value, to: &output)
    case .array(let values):
      var array = JSONBytes.array(indent: indent, layout: layout)
      for value in values {
        array.element(to: &output)
        value.write(to: &output, indent: indent + 2, layout: layout)
      }
      array.close(to: &output)
    case .object(let pairs):
      var object = JSONBytes.object(indent: indent, layout: layout)
      for (key, value) in pairs {
        object.member(named: key, to: &output)
        value.write(to: &output, indent: indent + 2, layout: layout)
      }
      object.close(to: &output)
    }
  }
}
