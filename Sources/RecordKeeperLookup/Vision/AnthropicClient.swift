import Foundation
import RecordKeeper

/// Anthropic's Messages API (`POST /v1/messages`): one user turn of content
/// blocks (an image as base64, text), the answer's text blocks joined.
///
/// Errors are the API's documented JSON (`{"type": "error", "error":
/// {"type": "authentication_error", "message": …}}`). 429 (rate limited),
/// 500 (api_error) and 529 (overloaded_error) are retried after the
/// `retry-after` header's seconds, else 1, 2, 4 … seconds; other errors are
/// not, since asking again would get the same answer.
public struct AnthropicClient: Sendable {
  let http: LookupHTTP
  public let configuration: VisionConfiguration

  public init(http: LookupHTTP, configuration: VisionConfiguration) {
    self.http = http
    self.configuration = configuration
  }

  /// A content block of the user's turn.
  public enum Block: Sendable {
    /// An image: its media type (`image/webp`) and bytes.
    case image(mediaType: String, bytes: [UInt8])
    case text(String)

    var json: JSONValue {
      switch self {
      case .image(let mediaType, let bytes):
        .object([
          ("type", .string("image")),
          (
            "source",
            .object([("type", .string("base64")), ("media_type", .string(mediaType)), ("data", .string(Data(bytes).base64EncodedString()))])
          ),
        ])
      case .text(let text): .object([("type", .string("text")), ("text", .string(text))])
      }
    }
  }

  /// The request's JSON body.
  func body(system: String, content: [Block], maxTokens: Int) -> [UInt8] {
    JSONValue.object([
      ("model", .string(configuration.model)), ("max_tokens", .number(maxTokens)), ("system", .string(system)),
      ("messages", .array([.object([("role", .string("user")), ("content", .array(content.map(\.json)))])])),
    ]).serializedBytes()
  }

  /// Sends one user turn and returns the text of the answer.
  public func message(system: String, content: [Block], maxTokens: Int) async throws(IdentifyError) -> String {
    let url = configuration.baseURL + "/v1/messages"
    let headers = [
      (name: "x-api-key", value: configuration.apiKey), (name: "anthropic-version", value: VisionConfiguration.apiVersion),
      (name: "content-type", value: "application/json"),
    ]
    let request = body(system: system, content: content, maxTokens: maxTokens)
    var lastStatus = 0
    for attempt in 1...configuration.attempts {
      let answer: LookupHTTP.Answer
      do {
        answer = try await http.post(
          url, service: .anthropic, headers: headers, body: request, accept: "application/json", limit: 4_000_000)
      } catch {
        throw .lookup(error)
      }
      switch answer.status {
      case 200:
        return try Self.text(of: answer.body)
      case 429, 500, 503, 529:
        lastStatus = answer.status
        guard attempt < configuration.attempts else { break }
        let asked = answer.header("retry-after").flatMap { Double($0.trimmed) } ?? Double(1 << (attempt - 1))
        let wait = min(max(asked, 0), configuration.longestWait)
        http.configuration.announce(wait: wait, "Anthropic's API is busy (HTTP \(answer.status)); retrying in \(Int(wait.rounded(.up))) s")
        do { try await Task.sleep(nanoseconds: UInt64(wait * 1_000_000_000)) } catch {
          throw .lookup(.timedOut(service: .anthropic, url: url, seconds: http.configuration.timeout))
        }
      default:
        throw Self.error(status: answer.status, body: answer.body)
      }
    }
    throw .overloaded(status: lastStatus, attempts: configuration.attempts)
  }

  /// The text blocks of a message, joined; an answer that is not a message
  /// is ``IdentifyError/malformedAnswer(_:)``.
  static func text(of body: [UInt8]) throws(IdentifyError) -> String {
    guard let object = (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any],
      let content = object["content"] as? [[String: Any]]
    else { throw .malformedAnswer("Anthropic's API sent something that is not a message") }
    let text = content.compactMap { $0["type"] as? String == "text" ? $0["text"] as? String : nil }.joined()
    if text.trimmed.isEmpty, object["stop_reason"] as? String == "refusal" { throw .notIdentified }
    return text
  }

  /// The API's error JSON as an ``IdentifyError``.
  static func error(status: Int, body: [UInt8]) -> IdentifyError {
    let object = (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any]
    let error = object?["error"] as? [String: Any]
    let message = (error?["message"] as? String) ?? String(decoding: body.prefix(200), as: UTF8.self).trimmed
    return .api(status: status, type: error?["type"] as? String, message: message)
  }
}
