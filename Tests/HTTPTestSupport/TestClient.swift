import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOEmbedded
import ServiceLifecycle
import Synchronization

#if canImport(FoundationNetworking)
  // URLSession on Linux: the system's libcurl, no TLS library to compile.
  import FoundationNetworking
#endif

/// A response as a test sees it: head and the whole body.
public struct TestResponse: Sendable {
  public let head: HTTPResponse
  public var status: HTTPResponse.Status { head.status }
  public var headers: HTTPFields { head.headerFields }
  public let body: ByteBuffer
  public let trailerHeaders: HTTPFields?
}

/// What a test talks to: an application in process (no port) or listening
/// on loopback (its port).
public protocol TestClientProtocol: Sendable {
  func executeRequest(uri: String, method: HTTPRequest.Method, headers: HTTPFields, body: ByteBuffer?) async throws -> TestResponse
  /// The loopback port of a live server; nil in process.
  var port: Int? { get }
}

extension TestClientProtocol {
  /// Sends one request and hands its response to `check`.
  public func execute<Return>(
    uri: String, method: HTTPRequest.Method, headers: HTTPFields = [:], body: ByteBuffer? = nil,
    testCallback check: @escaping (TestResponse) async throws -> Return = { $0 }
  ) async throws -> Return {
    try await check(try await executeRequest(uri: uri, method: method, headers: headers, body: body))
  }
}

/// How ``Hummingbird/ApplicationProtocol/test(_:_:)`` runs the application.
public enum TestingSetup: Sendable {
  /// The application's responder called in process: no socket, no server.
  case router
  /// The whole server listening on loopback at a free port.
  case live
}

/// Why a test could not reach the application.
public enum TestClientError: Error, CustomStringConvertible {
  case servicesNotRun(count: Int)
  case serverDidNotStart
  case notHTTP(uri: String)

  public var description: String {
    switch self {
    case .servicesNotRun(let count):
      "The application has \(count) services, which .router does not run: test it with .live."
    case .serverDidNotStart: "The server stopped before it listened: see its log above."
    case .notHTTP(let uri): "\(uri) did not answer with an HTTP response."
    }
  }
}

extension ApplicationProtocol {
  /// Runs `test` with a client of this application, in process or live.
  public func test<Value>(_ setup: TestingSetup, _ test: @Sendable (any TestClientProtocol) async throws -> Value) async throws -> Value {
    switch setup {
    case .router:
      guard services.isEmpty else { throw TestClientError.servicesNotRun(count: services.count) }
      for process in processesRunBeforeServerStart { try await process() }
      let logger = logger
      return try await test(
        RouterClient(responder: try await responder) { Context(source: .init(channel: NIOAsyncTestingChannel(), logger: logger)) })
    case .live:
      return try await runLive(test)
    }
  }

  private func runLive<Value>(_ test: @Sendable (any TestClientProtocol) async throws -> Value) async throws -> Value {
    let (ports, announce) = AsyncStream.makeStream(of: Int.self)
    let application = AnnouncingApplication(base: self, announce: announce)
    let server = ServiceGroup(configuration: .init(services: [application], logger: logger))
    return try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask(executorPreference: ServerThread.shared) {
        // A server that fails to start ends the stream, so the wait below ends.
        defer { announce.finish() }
        try await server.run()
      }
      var iterator = ports.makeAsyncIterator()
      guard let port = await iterator.next() else {
        try await group.next()
        throw TestClientError.serverDidNotStart
      }
      let result = await Result { try await test(LiveClient(port: port)) }
      await server.triggerGracefulShutdown()
      try await group.next()
      return try result.get()
    }
  }
}

extension Result where Failure == any Error {
  fileprivate init(catching body: () async throws -> Success) async {
    do { self = .success(try await body()) } catch { self = .failure(error) }
  }
}

/// Calls the responder with a request made here, as the server would after
/// parsing one, and collects the whole response.
struct RouterClient<Responder: HTTPResponder>: TestClientProtocol {
  let responder: Responder
  let makeContext: @Sendable () -> Responder.Context

  var port: Int? { nil }

  func executeRequest(uri: String, method: HTTPRequest.Method, headers: HTTPFields, body: ByteBuffer?) async throws -> TestResponse {
    var headers = headers
    if let body { headers[.contentLength] = String(body.readableBytes) }
    let request = Request(
      head: HTTPRequest(method: method, scheme: "http", authority: "localhost", path: uri, headerFields: headers),
      body: RequestBody(buffer: body ?? ByteBuffer()))
    let response: Response
    do {
      response = try await responder.respond(to: request, context: makeContext())
    } catch {
      // What the server itself answers to an error no middleware turned into a response.
      response = Response(status: .internalServerError)
    }
    let collected = Collected()
    try await response.body.write(CollectingWriter(collected: collected))
    return collected.parts.withLock { TestResponse(head: response.head, body: $0.body, trailerHeaders: $0.trailers) }
  }
}

/// The body and trailers a response wrote; a class because the writer is
/// consumed by the body that writes it.
final class Collected: Sendable {
  let parts = Mutex<(body: ByteBuffer, trailers: HTTPFields?)>((ByteBuffer(), nil))
}

struct CollectingWriter: ResponseBodyWriter {
  let collected: Collected

  mutating func write(_ buffer: ByteBuffer) async throws {
    _ = collected.parts.withLock { $0.body.writeImmutableBuffer(buffer) }
  }

  consuming func finish(_ trailingHeaders: HTTPFields?) async throws {
    collected.parts.withLock { $0.trailers = trailingHeaders }
  }
}

/// The application as it is, except that it says its port once it listens.
struct AnnouncingApplication<Base: ApplicationProtocol>: ApplicationProtocol {
  typealias Responder = Base.Responder
  let base: Base
  let announce: AsyncStream<Int>.Continuation

  var responder: Responder { get async throws { try await base.responder } }
  var server: HTTPServerBuilder { base.server }
  var eventLoopGroup: any EventLoopGroup { base.eventLoopGroup }
  var configuration: ApplicationConfiguration { base.configuration }
  var logger: Logger { base.logger }
  var services: [any Service] { base.services }
  var processesRunBeforeServerStart: [@Sendable () async throws -> Void] { base.processesRunBeforeServerStart }

  @Sendable func onServerRunning(_ channel: any Channel) async {
    await base.onServerRunning(channel)
    if let port = channel.localAddress?.port { announce.yield(port) } else { announce.finish() }
  }
}

/// The thread live servers answer on. Their connections are tasks, which
/// would otherwise share Swift's cooperative pool (two threads here) with the
/// tests: tests blocked on subprocesses that ask this very server (`rk lookup`
/// against a fixture) left it unanswered for 30 s under load.
final class ServerThread: TaskExecutor {
  static let shared = ServerThread()
  private let queue = Mutex<[UnownedJob]>([])
  private let ready = DispatchSemaphore(value: 0)

  private init() {
    let thread = Thread { [self] in run() }
    thread.name = "test servers"
    thread.start()
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    queue.withLock { $0.append(job) }
    ready.signal()
  }

  private func run() {
    while true {
      ready.wait()
      queue.withLock { $0.removeFirst() }.runSynchronously(on: asUnownedTaskExecutor())
    }
  }
}

/// Requests over loopback with URLSession. Redirects are answered to the
/// test, not followed, as the in-process client does.
struct LiveClient: TestClientProtocol {
  let port: Int?

  func executeRequest(uri: String, method: HTTPRequest.Method, headers: HTTPFields, body: ByteBuffer?) async throws -> TestResponse {
    guard let port, let url = URL(string: "http://127.0.0.1:\(port)\(uri)") else { throw TestClientError.notHTTP(uri: uri) }
    var request = URLRequest(url: url, timeoutInterval: 30)  // a bound for a loaded machine, not a speed
    request.httpMethod = method.rawValue
    for field in headers { request.addValue(field.value, forHTTPHeaderField: field.name.rawName) }
    request.httpBody = body.map { Data($0.readableBytesView) }
    let (data, answer) = try await NoRedirects.load(request)
    guard let answer = answer as? HTTPURLResponse else { throw TestClientError.notHTTP(uri: uri) }
    var fields = HTTPFields()
    for case (let name as String, let value as String) in answer.allHeaderFields {
      if let name = HTTPField.Name(name) { fields.append(HTTPField(name: name, value: value)) }
    }
    return TestResponse(
      head: HTTPResponse(status: .init(code: answer.statusCode), headerFields: fields), body: ByteBuffer(bytes: data), trailerHeaders: nil)
  }
}

/// One URLSession task whose redirects are refused, so that the 3xx itself
/// is the answer.
final class NoRedirects: NSObject, URLSessionTaskDelegate, Sendable {
  static func load(_ request: URLRequest) async throws -> (Data, URLResponse?) {
    let session = URLSession(configuration: .ephemeral, delegate: NoRedirects(), delegateQueue: nil)
    defer { session.finishTasksAndInvalidate() }
    return try await withCheckedThrowingContinuation { continuation in
      session.dataTask(with: request) { data, response, error in
        if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: (data ?? Data(), response)) }
      }.resume()
    }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
    completionHandler: @escaping (URLRequest?) -> Void
  ) {
    completionHandler(nil)
  }
}
