import Hummingbird
import RecordKeeper

/// JSON responses, written by the same ``JSONValue`` writer as `rk list --json`.
enum JSONResponse {
  static func make(_ value: JSONValue, status: HTTPResponse.Status = .ok) -> Response {
    var buffer = ByteBuffer()
    buffer.writeString(value.serialized())
    buffer.writeString("\n")
    return Response(
      status: status,
      headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
      body: ResponseBody(byteBuffer: buffer))
  }
}

/// The query string of a request, read as browsers write it: `+` is a
/// space and `%XX` a byte of UTF-8 (Hummingbird leaves `+` alone).
struct QueryString {
  private var values: [String: String] = [:]

  init(_ query: String?) {
    for part in (query ?? "").split(separator: "&") {
      let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard let key = pair.first.flatMap({ Self.decode($0) }) else { continue }
      let value = pair.count > 1 ? Self.decode(pair[1]) ?? "" : ""
      if values[key] == nil { values[key] = value }
    }
  }

  subscript(key: String) -> String? { values[key] }

  /// A whole number parameter within `range`, or `fallback` when absent.
  func integer(_ key: String, in range: ClosedRange<Int>, default fallback: Int) throws(APIError) -> Int {
    guard let text = values[key], !text.isEmpty else { return fallback }
    guard let value = Int(text), range.contains(value) else {
      throw APIError(
        .badRequest, "\(key) must be a whole number from \(range.lowerBound) to \(range.upperBound), not \"\(text)\"", field: key)
    }
    return value
  }

  static func decode(_ text: Substring) -> String? {
    PathPart.decode(text.replacingOccurrences(of: "+", with: " "))
  }
}

/// One part of a URL path, percent-decoded.
enum PathPart {
  /// `text` with `%XX` escapes decoded as UTF-8; `nil` when an escape is
  /// malformed or the bytes are not UTF-8.
  static func decode(_ text: some StringProtocol) -> String? {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    var iterator = text.utf8.makeIterator()
    while let byte = iterator.next() {
      if byte == UInt8(ascii: "%") {
        guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
        bytes.append(high << 4 | low)
      } else {
        bytes.append(byte)
      }
    }
    return String(validating: bytes, as: UTF8.self)
  }

  /// `text` escaped for one path part (an album id keeps no `/`).
  static func encode(_ text: String) -> String {
    var output = ""
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
        UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
        output.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let hex = String(byte, radix: 16, uppercase: true)
        output += "%" + (hex.count == 1 ? "0" : "") + hex
      }
    }
    return output
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
