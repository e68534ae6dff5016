import Foundation
import RecordKeeper
import Synchronization

#if canImport(FoundationNetworking)
  // URLSession on Linux: the system's libcurl, which ships with the
  // toolchain, so HTTPS costs no TLS library of rk's own to compile.
  import FoundationNetworking
#endif

/// The HTTP side of lookups: URLSession with a timeout, redirects followed
/// (the Cover Art Archive answers with one to the image), the User-Agent on
/// every request, a bound on the body, and errors that name the service.
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

  public let configuration: LookupConfiguration

  public init(configuration: LookupConfiguration) {
    self.configuration = configuration
  }

  /// Nothing is left open between requests (each has its own session); kept
  /// so that callers end a client the same way whatever it holds.
  public func shutdown() async {}

  /// GETs `url`, reading at most `limit` bytes of body, within the
  /// configuration's timeout (connecting, waiting and reading together).
  public func get(_ url: String, service: LookupService, accept: String, limit: Int) async throws(LookupError) -> Answer {
    try await send(url, method: "GET", service: service, accept: accept, limit: limit)
  }

  /// POSTs `body` to `url` with `headers` (the Messages API of
  /// `rk identify`), otherwise as ``get(_:service:accept:limit:)``.
  public func post(
    _ url: String, service: LookupService, headers: [(name: String, value: String)], body: [UInt8], accept: String, limit: Int
  ) async throws(LookupError) -> Answer {
    try await send(url, method: "POST", service: service, headers: headers, body: body, accept: accept, limit: limit)
  }

  private func send(
    _ url: String, method: String, service: LookupService, headers: [(name: String, value: String)] = [], body: [UInt8]? = nil,
    accept: String, limit: Int
  ) async throws(LookupError) -> Answer {
    guard let address = URL(string: url), address.scheme == "http" || address.scheme == "https" else {
      throw .unreachable(service: service, url: url, reason: "it is not an http or https address; check the service's URL setting")
    }
    var request = URLRequest(url: address)
    request.httpMethod = method
    request.setValue(configuration.userAgent, forHTTPHeaderField: "User-Agent")
    request.setValue(accept, forHTTPHeaderField: "Accept")
    for header in headers { request.setValue(header.value, forHTTPHeaderField: header.name) }
    if let body { request.httpBody = Data(body) }
    do {
      return try await sendOnce(request, url: url, service: service, limit: limit)
    } catch .unreachable {
      // One quick retry: a network that blinked, not one that is down.
      do { try await Task.sleep(nanoseconds: 500_000_000) } catch {
        throw .timedOut(service: service, url: url, seconds: configuration.timeout)
      }
      return try await sendOnce(request, url: url, service: service, limit: limit)
    }
  }

  private func sendOnce(_ request: URLRequest, url: String, service: LookupService, limit: Int) async throws(LookupError) -> Answer {
    let seconds = configuration.timeout
    let outcome = await Download.run(request, timeout: TimeInterval(seconds), limit: limit)
    switch outcome {
    case .answer(let status, let headers, let body):
      return Answer(status: status, headers: headers, body: body)
    case .tooLarge:
      throw .malformed(service: service, "the answer to \(url) is larger than \(limit / 1_000_000) MB")
    case .failed(let error):
      switch error.code {
      case .timedOut, .cancelled:
        throw .timedOut(service: service, url: url, seconds: seconds)
      case .httpTooManyRedirects, .redirectToNonExistentLocation:
        throw .malformed(service: service, "\(url) redirects without end")
      default:
        throw .unreachable(service: service, url: url, reason: Self.reason(error))
      }
    }
  }

  /// A connection error as a person reads it.
  private static func reason(_ error: URLError) -> String {
    switch error.code {
    case .cannotConnectToHost: "the connection was refused"
    case .cannotFindHost, .dnsLookupFailed: "the host name is unknown"
    case .networkConnectionLost: "the connection was lost"
    case .notConnectedToInternet: "this machine is not connected to a network"
    case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateNotYetValid,
      .serverCertificateHasUnknownRoot, .clientCertificateRejected:
      "the secure connection failed (\(error.localizedDescription)); check the machine's clock and CA certificates"
    default: error.localizedDescription
    }
  }

  /// `text` percent-encoded for a query parameter's value.
  static func queryValue(_ text: String) -> String {
    var allowed = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: "\u{0}"..."\u{7F}"))
    allowed.insert(charactersIn: "-._~")
    return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
  }
}

/// One request in a session of its own, whose delegate collects the body and
/// cancels it once it passes `limit` (URLSession's own `data(for:)` would
/// keep any size in memory).
private final class Download: NSObject, URLSessionDataDelegate, Sendable {
  enum Outcome: Sendable {
    case answer(status: Int, headers: [(name: String, value: String)], body: [UInt8])
    case tooLarge
    case failed(URLError)
  }

  private struct State {
    var body: [UInt8] = []
    var tooLarge = false
    var continuation: CheckedContinuation<Outcome, Never>?
  }

  private let limit: Int
  private let state = Mutex(State())

  private init(limit: Int) {
    self.limit = limit
  }

  static func run(_ request: URLRequest, timeout: TimeInterval, limit: Int) async -> Outcome {
    let settings = URLSessionConfiguration.ephemeral
    // Idle time and the whole request alike: connecting, waiting and reading
    // together stay within the timeout.
    settings.timeoutIntervalForRequest = timeout
    settings.timeoutIntervalForResource = timeout
    settings.requestCachePolicy = .reloadIgnoringLocalCacheData
    settings.urlCache = nil
    settings.httpShouldSetCookies = false
    let download = Download(limit: limit)
    let session = URLSession(configuration: settings, delegate: download, delegateQueue: nil)
    defer { session.finishTasksAndInvalidate() }
    let task = session.dataTask(with: request)
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        download.state.withLock { $0.continuation = continuation }
        task.resume()
      }
    } onCancel: {
      task.cancel()
    }
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let over = state.withLock { state in
      state.body.append(contentsOf: data)
      if state.body.count > limit { state.tooLarge = true }
      return state.tooLarge
    }
    if over { dataTask.cancel() }
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    let response = task.response as? HTTPURLResponse
    state.withLock { state in
      let outcome: Outcome
      if state.tooLarge {
        outcome = .tooLarge
      } else if let error {
        outcome = .failed(error as? URLError ?? URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: "\(error)"]))
      } else if let response {
        let headers = response.allHeaderFields.compactMap { name, value -> (name: String, value: String)? in
          guard let name = name as? String else { return nil }
          return (name, "\(value)")
        }
        outcome = .answer(status: response.statusCode, headers: headers, body: state.body)
      } else {
        outcome = .failed(URLError(.badServerResponse))
      }
      state.continuation?.resume(returning: outcome)
      state.continuation = nil
    }
  }
}
