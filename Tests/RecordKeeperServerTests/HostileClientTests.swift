import Foundation
import HTTPTestSupport
import Hummingbird
import RecordKeeper
import RecordKeeperServer
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A client without the token cannot hold the server (issue 18, point 7):
/// half-sent requests and idle connections are closed, and the manifest and
/// icons, which "Add to Home Screen" fetches without the cookie, are public.
@Suite("Server: hostile clients", .serialized)
struct HostileClientTests {
  /// Whether the server closes `socket` within `bound` seconds (a bound for
  /// a busy machine, not a speed), reading and dropping what it sends. Runs
  /// on a Dispatch thread: a blocking read on the cooperative pool could
  /// hold up the server it waits for.
  static func closedByServer(_ socket: Int32, within bound: Int = 30) async -> Bool {
    await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        var limit = timeval(tv_sec: bound, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
          let count = recv(socket, &buffer, buffer.count, 0)
          if count > 0 { continue }
          // 0: the server closed it; a reset is a close too; a timeout is not.
          continuation.resume(returning: count == 0 || errno == ECONNRESET)
          return
        }
      }
    }
  }

  static func send(_ text: String, on socket: Int32) {
    _ = text.withCString { Glibc.send(socket, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
  }

  /// The whole server, listening on a free loopback port, for `body`.
  /// Requests go over plain sockets: a test client's own connection would
  /// be closed by the very timeouts under test.
  func live(headerTimeout: Duration, idleTimeout: Duration, _ body: @Sendable (Int) async throws -> Void) async throws {
    let fixture = try await ServerFixture()
    var configuration = ServerConfiguration(host: "127.0.0.1", port: 0)
    configuration.headerTimeout = headerTimeout
    configuration.idleTimeout = idleTimeout
    let (ports, announce) = AsyncStream.makeStream(of: Int.self)
    let app = buildApplication(service: fixture.service, configuration: configuration) { announce.yield($0) }
    let server = Task { try await app.runService(gracefulShutdownSignals: []) }
    defer { server.cancel() }
    var iterator = ports.makeAsyncIterator()
    let port = try #require(await iterator.next())
    try await body(port)
    server.cancel()
    _ = await server.result
  }

  /// The answer to a whole request on a new connection, read to its end.
  static func answer(_ request: String, port: Int) async throws -> String {
    let socket = try connectLoopback(port: port, timeout: 30)
    defer { close(socket) }
    send(request, on: socket)
    return await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
          let count = recv(socket, &buffer, buffer.count, 0)
          guard count > 0 else { break }
          received += buffer[..<count]
        }
        continuation.resume(returning: String(decoding: received, as: UTF8.self))
      }
    }
  }

  static let status = "GET /api/status HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"

  @Test func aConnectionThatSendsHalfAHeaderIsClosed() async throws {
    try await live(headerTimeout: .milliseconds(300), idleTimeout: .seconds(600)) { port in
      let socket = try connectLoopback(port: port)
      defer { close(socket) }
      Self.send("GET / HTTP/1.1\r\nHost: x\r\n", on: socket)
      #expect(await Self.closedByServer(socket))
    }
  }

  @Test func anIdleConnectionIsClosedAfterItsResponse() async throws {
    try await live(headerTimeout: .seconds(600), idleTimeout: .milliseconds(300)) { port in
      let socket = try connectLoopback(port: port)
      defer { close(socket) }
      Self.send(Self.status.replacingOccurrences(of: "Connection: close\r\n", with: ""), on: socket)
      #expect(await Self.closedByServer(socket))
    }
  }

  @Test func manyHalfSentRequestsDoNotStarveTheCollector() async throws {
    try await live(headerTimeout: .milliseconds(500), idleTimeout: .seconds(600)) { port in
      // Bounded for the test process, which holds both ends of each connection.
      var sockets: [Int32] = []
      defer { for socket in sockets { close(socket) } }
      for _ in 0..<200 {
        let socket = try connectLoopback(port: port)
        sockets.append(socket)
        Self.send("GET / HTTP/1.1\r\nHost: x\r\n", on: socket)
      }
      #expect(try await Self.answer(Self.status, port: port).hasPrefix("HTTP/1.1 200 OK"))
      var closed = 0
      for socket in sockets where await Self.closedByServer(socket) { closed += 1 }
      #expect(closed == sockets.count)
    }
  }

  @Test func theManifestAndIconsArePublicAndNothingElse() async throws {
    let fixture = try await ServerFixture()
    let configuration = ServerConfiguration(host: "0.0.0.0", port: 0)
    let router = buildRouter(service: fixture.service, configuration: configuration)
    try await Application(router: router).test(.router) { client in
      for uri in ["/manifest.webmanifest", "/icons/icon-192.png", "/icons/icon-512.png", "/icons/icon.svg"] {
        try await client.execute(uri: uri, method: .get) { response in
          #expect(response.status == .ok, "\(uri)")
          #expect(response.headers[.xContentTypeOptions] == "nosniff")
        }
      }
      for uri in [
        "/", "/index.html", "/app.js", "/sw.js", "/api/status", "/api/albums", "/api/problems", "/icons/../index.html",
        "/icons/%2e%2e/index.html", "/manifest.webmanifest/../index.html", "//manifest.webmanifest", "/icons/",
      ] {
        try await client.execute(uri: uri, method: .get) { response in
          #expect(response.status == .unauthorized, "\(uri)")
        }
      }
      try await client.execute(uri: "/manifest.webmanifest", method: .put, headers: sameOrigin, body: ByteBuffer(string: "{}")) {
        response in
        #expect(response.status == .unauthorized)
      }
    }
  }
}
