import Foundation
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
    String(text).removingPercentEncoding
  }

  /// `text` escaped for one path part (an album id keeps no `/`).
  static func encode(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
  }

  /// RFC 3986's unreserved characters, ASCII only (`.alphanumerics` has every script's letters).
  private static let unreserved = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.~")
}
