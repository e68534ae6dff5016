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
    var output = ""
    write(to: &output, indent: indent)
    return output
  }

  private func write(to output: inout String, indent: Int) {
    switch self {
    case .null: output += "null"
    case .bool(let value): output += value ? "true" : "false"
    case .number(let value): output += String(value)
    case .string(let value): JSONValue.writeString(value, to: &output)
    case .array(let values):
      guard !values.isEmpty else { output += "[]"; return }
      output += "[\n"
      for (index, value) in values.enumerated() {
        output += String(repeating: " ", count: indent + 2)
        value.write(to: &output, indent: indent + 2)
        output += index == values.count - 1 ? "\n" : ",\n"
      }
      output += String(repeating: " ", count: indent) + "]"
    case .object(let pairs):
      guard !pairs.isEmpty else { output += "{}"; return }
      output += "{\n"
      for (index, (key, value)) in pairs.enumerated() {
        output += String(repeating: " ", count: indent + 2)
        JSONValue.writeString(key, to: &output)
        output += ": "
        value.write(to: &output, indent: indent + 2)
        output += index == pairs.count - 1 ? "\n" : ",\n"
      }
      output += String(repeating: " ", count: indent) + "}"
    }
  }

  private static func writeString(_ value: String, to output: inout String) {
    output += "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      // C0, DEL, C1, line separators and bidi controls are escaped too: the
      // value stays exact, and JSON printed on a terminal cannot drive it.
      case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || (0x2028...0x202E).contains(scalar.value)
        || (0x2066...0x2069).contains(scalar.value):
        let hex = String(scalar.value, radix: 16)
        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: output.unicodeScalars.append(scalar)
      }
    }
    output += "\""
  }
}
