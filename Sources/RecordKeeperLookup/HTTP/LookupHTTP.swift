import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import RecordKeeper

/// The HTTP side of lookups: async-http-client with a timeout, redirects
/// followed (the Cover Art Archive answers with one to the image), the
/// User-Agent on every request, and errors that name the service.
public final class LookupHTTP: Sendable {
  /// One answer: its status, headers and whole body.
  public struct Answer: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]

    /// The first value of header `name`, compared case-insensitively.
    public func header(_ name: String) -> String? {
      headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
  }

  let client: HTTPClient
  public let configuration: LookupConfiguration

  public init(configuration: LookupConfiguration) {
    self.configuration = configuration
    let seconds = Int64(configuration.timeout)
    var settings = HTTPClient.Configuration(
      redirectConfiguration: .follow(max: 5, allowCycles: false),
      timeout: .init(connect: .seconds(seconds), read: .seconds(seconds)))
    // Left on, a refused connection or an unknown host is tried again and
    // again until the timeout (30 s of silence): it fails at once instead,
    // and ``send`` makes the one quick retry PRODUCT.md §7 allows.
    settings.connectionPool.retryConnectionEstablishment = false
    client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: settings)
  }

  /// Ends the client's connections; call once, when done.
  public func shutdown() async {
    try? await client.shutdown()
  }

  /// GETs `url`, reading at most `limit` bytes of body, within the
  /// configuration's timeout (connecting, waiting and reading together).
  public func get(_ url: String, service: LookupService, accept: String, limit: Int) async throws(LookupError) -> Answer {
    try await send(url, service: service, accept: accept, limit: limit)
  }

  /// POSTs `body` to `url` with `headers` (the Messages API of
  /// `rk identify`), otherwise as ``get(_:service:accept:limit:)``.
  public func post(
    _ url: String, service: LookupService, headers: [(name: String, value: String)], body: [UInt8], accept: String, limit: Int
  ) async throws(LookupError) -> Answer {
    try await send(url, method: .POST, service: service, headers: headers, body: body, accept: accept, limit: limit)
  }

  private func send(
    _ url: String, method: HTTPMethod = .GET, service: LookupService, headers: [(name: String, value: String)] = [], body: [UInt8]? = nil,
    accept: String, limit: Int
  ) async throws(LookupError) -> Answer {
    do {
      return try await sendOnce(url, method: method, service: service, headers: headers, body: body, accept: accept, limit: limit)
    } catch .unreachable {
      // One quick retry: a network that blinked, not one that is down.
      do { try await Task.sleep(nanoseconds: 500_000_000) } catch { throw .timedOut(service: service, url: url, seconds: configuration.timeout) }
      return try await sendOnce(url, method: method, service: service, headers: headers, body: body, accept: accept, limit: limit)
    }
  }

  private func sendOnce(
    _ url: String, method: HTTPMethod, service: LookupService, headers: [(name: String, value: String)], body: [UInt8]?,
    accept: String, limit: Int
  ) async throws(LookupError) -> Answer {
    var request = HTTPClientRequest(url: url)
    request.method = method
    request.headers.add(name: "User-Agent", value: configuration.userAgent)
    request.headers.add(name: "Accept", value: accept)
    for header in headers { request.headers.add(name: header.name, value: header.value) }
    if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
    let seconds = configuration.timeout
    do {
      let response = try await client.execute(request, timeout: .seconds(Int64(seconds)))
      let body = try await response.body.collect(upTo: limit)
      return Answer(
        status: Int(response.status.code), headers: response.headers.map { ($0.name, $0.value) },
        body: Array(body.readableBytesView))
    } catch let error as HTTPClientError {
      switch error {
      case .deadlineExceeded, .readTimeout, .connectTimeout, .writeTimeout:
        throw .timedOut(service: service, url: url, seconds: seconds)
      case .redirectCycleDetected, .redirectLimitReached:
        throw .malformed(service: service, "\(url) redirects without end")
      default:
        throw .unreachable(service: service, url: url, reason: Self.reason(error))
      }
    } catch is CancellationError {
      throw .timedOut(service: service, url: url, seconds: seconds)
    } catch where String(describing: type(of: error)).contains("TooManyBytes") {
      // NIO's NIOTooManyBytesError, from collect(upTo:).
      throw .malformed(service: service, "the answer to \(url) is larger than \(limit / 1_000_000) MB")
    } catch {
      throw .unreachable(service: service, url: url, reason: Self.reason(error))
    }
  }

  /// A connection error as a person reads it.
  private static func reason(_ error: any Error) -> String {
    let text = String(describing: error)
    if text.contains("connectionRefused") || text.contains("Connection refused") { return "the connection was refused" }
    if text.contains("NIODNSError") || text.contains("resolution") || text.contains("Name or service not known")
      || text.contains("nodename nor servname")
    {
      return "the host name is unknown"
    }
    if text.contains("timeout") || text.contains("Timeout") { return "the connection timed out" }
    return text
  }

  /// `text` percent-encoded for a query parameter's value.
  static func queryValue(_ text: String) -> String {
    var allowed = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: "\u{0}"..."\u{7F}"))
    allowed.insert(charactersIn: "-._~")
    return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
  }
}
