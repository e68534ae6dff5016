import Foundation
import Testing

@testable import RecordKeeper

/// rk's front-matter reading checked against the yaml-test-suite cases that
/// fit in front matter (Fixtures/yaml-test-suite, MIT licence): a valid case
/// must read as its `in.json` says, every scalar compared as text; an error
/// case must be refused with an error naming a line of the file.
@Suite("album.md: the YAML test suite")
struct YAMLTestSuiteTests {
  /// Cases where rk and the suite differ, with why. The test fails when this
  /// list is no longer exact, so that a change of agreement is seen.
  static let knownDifferences: [String: String] = {
    let alias = "an alias: rk refuses aliases by design (billion laughs)"
    let refused = "libyaml (YAML 1.1) refuses this valid YAML 1.2"
    let accepted = "libyaml accepts this invalid YAML"
    var known: [String: String] = [:]
    for id in ["26DV", "3GZX", "CUP7", "E76Z", "HMQ5", "JS2J"] { known[id] = alias }
    for id in [
      "2SXE", "4MUZ-00", "4MUZ-01", "4MUZ-02", "58MP", "96NN-00", "96NN-01", "A2M4", "DK95-00", "DK95-03", "DK95-04", "Q5MG",
      "VJP3-01", "W5VH", "Y79Y-001",
    ] { known[id] = refused }
    for id in ["DK95-01", "S98Z", "SU5Z", "X4QW"] { known[id] = accepted }
    known["652Z"] = "libyaml reads the flow key `?foo` as `foo`"
    return known
  }()

  @Test func frontMatterAgreesWithTheSuite() throws {
    let cases = try YAMLSuiteCase.all()
    try #require(cases.count > 100)
    var differences: [String: String] = [:]
    for suiteCase in cases {
      if let difference = suiteCase.difference() { differences[suiteCase.id] = difference }
    }
    let agreeing = cases.count - differences.count
    print("yaml-test-suite: \(agreeing) of \(cases.count) cases agree (\(cases.filter(\.isError).count) error cases)")
    for (id, difference) in differences.sorted(by: { $0.key < $1.key }) {
      print("  \(id) \(cases.first { $0.id == id }?.name ?? ""): \(difference)")
    }
    #expect(Set(differences.keys) == Set(Self.knownDifferences.keys))
  }
}

/// One case of the suite as vendored.
private struct YAMLSuiteCase {
  var id: String
  var name: String
  var yaml: [UInt8]
  /// `nil` for an error case.
  var json: JSON?
  var isError: Bool { json == nil }

  static func all() throws -> [YAMLSuiteCase] {
    guard let resources = Bundle.module.resourceURL else { throw CocoaError(.fileNoSuchFile) }
    let folder = resources.appending(path: "Fixtures/yaml-test-suite")
    let ids = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
      FileManager.default.fileExists(atPath: folder.appending(path: "\($0)/in.yaml").path)
    }
    return try ids.sorted().map { id in
      let caseFolder = folder.appending(path: id)
      let name = (try? String(contentsOf: caseFolder.appending(path: "==="), encoding: .utf8))?.trimmed ?? ""
      let yaml = try [UInt8](Data(contentsOf: caseFolder.appending(path: "in.yaml")))
      let isError = FileManager.default.fileExists(atPath: caseFolder.appending(path: "error").path)
      var json: JSON?
      if !isError {
        let text = try [UInt8](Data(contentsOf: caseFolder.appending(path: "in.json")))
        var reader = JSONReader(bytes: text)
        json = try reader.read()
      }
      return YAMLSuiteCase(id: id, name: name, yaml: yaml, json: json)
    }
  }

  /// Why rk disagrees with the case, or `nil` when it agrees.
  func difference() -> String? {
    var file = Array("---\n".utf8) + yaml
    if let last = yaml.last, last != UInt8(ascii: "\n") && last != UInt8(ascii: "\r") { file += Array("\n".utf8) }
    file += Array("---\n".utf8)
    let lineCount = LineScanner(file[...]).count
    let frontMatter: FrontMatter
    do {
      frontMatter = try AlbumFile.read(file, id: "a", covers: CoverFiles()).layout.frontMatter
    } catch {
      guard isError else { return "refused a valid case: \(error)" }
      // A clear message: a line of the file, and words.
      return (1...lineCount).contains(error.line) && !error.description.isEmpty ? nil : "unclear error: line \(error.line), \(error)"
    }
    let body = file[4..<(file.count - 4)]
    let fast = FastScanner.scan(body, firstLine: 2)
    let reader = fast == nil ? "Yams" : "the fast scanner"
    if let fast {
      // The two readers agree wherever the fast one reads.
      let yams = try? FrontMatter.parseWithYams(body, firstLine: 2)
      guard let yams, yams.entries.map(\.value) == fast.entries.map(\.value), yams.entries.map(\.line) == fast.entries.map(\.line)
      else { return "the fast scanner and Yams read this differently (\(String(describing: yams?.entries.map(\.value))))" }
    }
    guard let json else { return "\(reader) accepted an error case" }
    let read = JSONValue.object(frontMatter.entries.map { ($0.key, $0.value.json) })
    return json.matches(read) ? nil : "\(reader) read \(read.serialized()) but the suite says \(json)"
  }
}

extension LineScanner {
  fileprivate var count: Int {
    var copy = self
    var count = 0
    while copy.next() != nil { count += 1 }
    return count
  }
}

/// A JSON value as the suite writes it, numbers kept as written.
private indirect enum JSON: Equatable, CustomStringConvertible {
  case null
  case bool(Bool)
  case number(String)
  case string(String)
  case array([JSON])
  case object([(String, JSON)])

  static func == (a: JSON, b: JSON) -> Bool { a.description == b.description }

  var description: String {
    switch self {
    case .null: "null"
    case .bool(let value): "\(value)"
    case .number(let text): text
    case .string(let text): text.debugDescription
    case .array(let items): "[" + items.map(\.description).joined(separator: ", ") + "]"
    case .object(let pairs): "{" + pairs.map { "\($0.0.debugDescription): \($0.1)" }.joined(separator: ", ") + "}"
    }
  }

  /// Whether rk's reading says the same, every scalar as text: `1.0` matches
  /// the number 1, `true` and `null` (or nothing, or `~`) the JSON words.
  func matches(_ value: JSONValue) -> Bool {
    switch (self, value) {
    case (.string(let a), .string(let b)): return a == b
    case (.number(let a), .string(let b)): return a == b || number(b).map { $0 == Double(a) } == true
    case (.bool(let a), .string(let b)): return b.lowercased() == String(a)
    case (.null, .string(let b)): return ["", "~", "null"].contains(b.lowercased())
    case (.array(let a), .array(let b)): return a.count == b.count && zip(a, b).allSatisfy { $0.matches($1) }
    case (.object(let a), .object(let b)):
      guard a.count == b.count else { return false }
      let read = Dictionary(b, uniquingKeysWith: { first, _ in first })
      return a.allSatisfy { key, value in read[key].map(value.matches) == true }
    default: return false
    }
  }

  private func number(_ text: String) -> Double? {
    if text.hasPrefix("0x"), let value = Int(text.dropFirst(2), radix: 16) { return Double(value) }
    if text.hasPrefix("0o"), let value = Int(text.dropFirst(2), radix: 8) { return Double(value) }
    return Double(text)
  }
}

/// Just enough of a JSON reader for the suite's `in.json` files.
private struct JSONReader {
  struct Malformed: Error {}
  let bytes: [UInt8]
  var index = 0

  mutating func read() throws -> JSON {
    skipSpace()
    guard index < bytes.count else { throw Malformed() }
    switch bytes[index] {
    case UInt8(ascii: "{"):
      index += 1
      var pairs: [(String, JSON)] = []
      skipSpace()
      if peek(UInt8(ascii: "}")) { return .object(pairs) }
      repeat {
        skipSpace()
        guard case .string(let key) = try read() else { throw Malformed() }
        skipSpace()
        guard peek(UInt8(ascii: ":")) else { throw Malformed() }
        pairs.append((key, try read()))
        skipSpace()
      } while peek(UInt8(ascii: ","))
      guard peek(UInt8(ascii: "}")) else { throw Malformed() }
      return .object(pairs)
    case UInt8(ascii: "["):
      index += 1
      var items: [JSON] = []
      skipSpace()
      if peek(UInt8(ascii: "]")) { return .array(items) }
      repeat {
        items.append(try read())
        skipSpace()
      } while peek(UInt8(ascii: ","))
      guard peek(UInt8(ascii: "]")) else { throw Malformed() }
      return .array(items)
    case UInt8(ascii: "\""):
      return .string(try readString())
    default:
      let start = index
      while index < bytes.count, !",]} \t\r\n".utf8.contains(bytes[index]) { index += 1 }
      let word = String(decoding: bytes[start..<index], as: UTF8.self)
      switch word {
      case "true": return .bool(true)
      case "false": return .bool(false)
      case "null": return .null
      default:
        guard Double(word) != nil else { throw Malformed() }
        return .number(word)
      }
    }
  }

  private mutating func readString() throws -> String {
    index += 1
    var scalars = String.UnicodeScalarView()
    var literal: [UInt8] = []
    func flush() {
      scalars.append(contentsOf: String(decoding: literal, as: UTF8.self).unicodeScalars)
      literal = []
    }
    var pendingHigh: UInt32?
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      if byte == UInt8(ascii: "\"") {
        flush()
        return String(scalars)
      }
      guard byte == UInt8(ascii: "\\") else {
        literal.append(byte)
        continue
      }
      flush()
      guard index < bytes.count else { throw Malformed() }
      let escape = bytes[index]
      index += 1
      switch escape {
      case UInt8(ascii: "n"): scalars.append("\n")
      case UInt8(ascii: "t"): scalars.append("\t")
      case UInt8(ascii: "r"): scalars.append("\r")
      case UInt8(ascii: "b"): scalars.append("\u{8}")
      case UInt8(ascii: "f"): scalars.append("\u{C}")
      case UInt8(ascii: "u"):
        guard index + 4 <= bytes.count, let code = UInt32(String(decoding: bytes[index..<(index + 4)], as: UTF8.self), radix: 16)
        else { throw Malformed() }
        index += 4
        if (0xD800..<0xDC00).contains(code) {
          pendingHigh = code
        } else if let high = pendingHigh, (0xDC00..<0xE000).contains(code) {
          pendingHigh = nil
          guard let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (code - 0xDC00)) else { throw Malformed() }
          scalars.append(scalar)
        } else {
          guard let scalar = Unicode.Scalar(code) else { throw Malformed() }
          scalars.append(scalar)
        }
      default: scalars.append(Unicode.Scalar(escape))
      }
    }
    throw Malformed()
  }

  private mutating func skipSpace() {
    while index < bytes.count, " \t\r\n".utf8.contains(bytes[index]) { index += 1 }
  }

  private mutating func peek(_ byte: UInt8) -> Bool {
    guard index < bytes.count, bytes[index] == byte else { return false }
    index += 1
    return true
  }
}
