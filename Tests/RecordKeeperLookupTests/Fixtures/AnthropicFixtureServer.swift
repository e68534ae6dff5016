import Foundation
import HTTPTestSupport
import HTTPTypes
import Hummingbird

/// A local server on loopback that answers `POST /v1/messages` as
/// Anthropic's Messages API documents it (https://docs.anthropic.com/en/api/messages,
/// /en/api/errors): a message `{"type": "message", "content": [{"type":
/// "text", "text": …}], …}`, or `{"type": "error", "error": {"type", "message"}}`
/// with the documented status.
///
/// The API key chooses what it answers, so one server serves every case:
/// - `good`: the sleeve is Kind of Blue; the review is seed 001's JSON.
/// - `prose`: both answers wrapped in words, the review in a ```json fence.
/// - `unknown`: the model cannot tell (`album_title` null).
/// - `malformed`: the review's rating is "great".
/// - `nomatch`: an album MusicBrainz does not have.
/// - `overloaded-once`: 529 `overloaded_error` once, then as `good`.
/// - `overloaded`: always 529.
/// - anything else: 401 `authentication_error`.
///
/// A request that breaks the API's rules (no `anthropic-version`, no model,
/// an image that is not base64 WebP) gets the 400 `invalid_request_error`
/// the API would give, so the client's requests are checked too.
struct AnthropicFixtureServer {
  /// What a request held, as the tests check it.
  struct Seen: Sendable {
    var key: String
    var model: String
    /// The image's media type and decoded bytes, when the turn held one.
    var image: (mediaType: String, bytes: [UInt8])?
    var text: String
  }

  actor Log {
    private(set) var requests: [Seen] = []
    func record(_ seen: Seen) { requests.append(seen) }
    func count(key: String) -> Int { requests.filter { $0.key == key }.count }
  }

  static let identification = #"{"album_title": "Kind of Blue", "artist_name": "Miles Davis", "release_year": "1959"}"#

  static let review = """
    {"album_title": "Kind of Blue", "artist_name": "Miles Davis", "release_year": "1959",
     "genres": ["jazz", "modal jazz"], "record_label": "Columbia",
     "context_summary": "The best-selling jazz album of all time, and the record that made modal jazz a language. Every musician on it became a legend.",
     "context_bullets": ["Rolling Stone and DownBeat: five stars", "Certified 5× platinum in the US", "Bill Evans' voicings shaped a generation of pianists"],
     "rating": 10, "recommendation": "ESSENTIAL", "key_tracks": ["So What", "Blue in Green", "All Blues"]}
    """

  /// The text the model answers for `key`, given whether the turn held the photo.
  static func answer(key: String, photo: Bool) -> String {
    switch (key, photo) {
    case ("unknown", true): #"{"album_title": null, "artist_name": null, "release_year": null}"#
    case ("prose", true): "The sleeve shows a famous jazz record: \(identification)"
    case ("prose", false): "Here is the review you asked for.\n\n```json\n\(review)\n```\n\nI hope this helps!"
    case ("malformed", false): review.replacingOccurrences(of: "\"rating\": 10", with: "\"rating\": \"great\"")
    case ("nomatch", true): #"{"album_title": "Unheard Tapes", "artist_name": "Nobody Known", "release_year": "1971"}"#
    case ("nomatch", false):
      review.replacingOccurrences(of: "Kind of Blue", with: "Unheard Tapes").replacingOccurrences(of: "Miles Davis", with: "Nobody Known")
        .replacingOccurrences(of: "ESSENTIAL", with: "SKIP").replacingOccurrences(of: "\"rating\": 10", with: "\"rating\": 4")
    case (_, true): identification
    case (_, false): review
    }
  }

  static func run<T: Sendable>(_ body: @escaping @Sendable (_ url: String, _ log: Log) async throws -> T) async throws -> T {
    let log = Log()
    let router = Router()
    router.post("/v1/messages") { request, context -> Response in
      let key = request.headers[HTTPField.Name("x-api-key")!] ?? ""
      guard request.headers[HTTPField.Name("anthropic-version")!] == "2023-06-01" else {
        return error(.badRequest, "invalid_request_error", "anthropic-version: header is required")
      }
      let buffer = try await request.body.collect(upTo: 40_000_000)
      guard let object = try? JSONSerialization.jsonObject(with: Data(buffer.readableBytesView)) as? [String: Any],
        let model = object["model"] as? String, !model.isEmpty, object["max_tokens"] as? Int != nil,
        let messages = object["messages"] as? [[String: Any]], messages.first?["role"] as? String == "user",
        let content = messages.first?["content"] as? [[String: Any]]
      else { return error(.badRequest, "invalid_request_error", "messages: field required") }
      var seen = Seen(key: key, model: model, image: nil, text: "")
      for block in content {
        switch block["type"] as? String {
        case "image":
          guard let source = block["source"] as? [String: Any], source["type"] as? String == "base64",
            let mediaType = source["media_type"] as? String, ["image/jpeg", "image/png", "image/gif", "image/webp"].contains(mediaType),
            let data = (source["data"] as? String).flatMap({ Data(base64Encoded: $0) })
          else { return error(.badRequest, "invalid_request_error", "messages.0.content.0.image.source: invalid image") }
          seen.image = (mediaType, Array(data))
        case "text": seen.text += block["text"] as? String ?? ""
        default: return error(.badRequest, "invalid_request_error", "messages.0.content: unknown block type")
        }
      }
      let earlier = await log.count(key: key)
      await log.record(seen)
      switch key {
      case "good", "prose", "unknown", "malformed", "nomatch": break
      case "overloaded-once" where earlier > 0: break
      case "overloaded", "overloaded-once":
        return error(HTTPResponse.Status(code: 529, reasonPhrase: "Overloaded"), "overloaded_error", "Overloaded", retryAfter: "0")
      default: return error(.unauthorized, "authentication_error", "invalid x-api-key")
      }
      let message: [String: Any] = [
        "id": "msg_01XFDUDYJgAACzvnptvVoYEL", "type": "message", "role": "assistant", "model": model,
        "content": [["type": "text", "text": answer(key: key, photo: seen.image != nil)]],
        "stop_reason": "end_turn", "stop_sequence": NSNull(), "usage": ["input_tokens": 1_520, "output_tokens": 320],
      ]
      return Response(
        status: .ok, headers: [.contentType: "application/json", HTTPField.Name("request-id")!: "req_018EeWyXxfu5pfWkrYcMdjWG"],
        body: .init(byteBuffer: ByteBuffer(bytes: Array((try? JSONSerialization.data(withJSONObject: message)) ?? Data()))))
    }
    let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
    return try await app.test(.live) { client in
      guard let port = client.port else { throw CancellationError() }
      return try await body("http://127.0.0.1:\(port)", log)
    }
  }

  /// The API's error JSON with its status.
  static func error(_ status: HTTPResponse.Status, _ type: String, _ message: String, retryAfter: String? = nil) -> Response {
    var headers: HTTPFields = [.contentType: "application/json"]
    if let retryAfter { headers[HTTPField.Name("retry-after")!] = retryAfter }
    let text = #"{"type": "error", "error": {"type": "\#(type)", "message": "\#(message)"}, "request_id": "req_011CSHoEeqs5C35K2UUqR7Fy"}"#
    return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
  }
}
