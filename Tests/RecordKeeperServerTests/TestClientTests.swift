import Foundation
import HTTPTestSupport
import HTTPTypes
import Hummingbird
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The API tests' own client answers as the server would, in process and
/// over loopback.
@Suite("Test client")
struct TestClientTests {
  static func application(port: Int = 0) -> some ApplicationProtocol {
    let router = Router()
    router.post("/echo") { request, _ -> Response in
      let body = try await request.body.collect(upTo: 1 << 20)
      var headers: HTTPFields = [.contentType: request.headers[.contentType] ?? "none"]
      headers[HTTPField.Name("x-query")!] = request.uri.query ?? ""
      return Response(status: .created, headers: headers, body: .init(byteBuffer: body))
    }
    router.get("/away") { _, _ in Response(status: .seeOther, headers: [.location: "/echo"]) }
    router.get("/fails") { _, _ -> Response in throw HTTPError(.conflict, message: "taken") }
    return Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)))
  }

  @Test(arguments: [TestingSetup.router, .live])
  func aRequestAndItsAnswerGoThroughWhole(setup: TestingSetup) async throws {
    let text = String(repeating: "ünïcode ", count: 20_000)  // over one 64 KiB read
    try await Self.application().test(setup) { client in
      #expect((client.port != nil) == (setup == .live))
      try await client.execute(
        uri: "/echo?q=a%20b", method: .post, headers: [.contentType: "text/plain"], body: ByteBuffer(string: text)
      ) { response in
        #expect(response.status == .created)
        #expect(response.headers[.contentType] == "text/plain")
        #expect(response.headers[HTTPField.Name("x-query")!] == "q=a%20b")
        #expect(String(buffer: response.body) == text)
      }
    }
  }

  @Test(arguments: [TestingSetup.router, .live])
  func redirectsAndErrorsAreTheAnswer(setup: TestingSetup) async throws {
    try await Self.application().test(setup) { client in
      let away = try await client.execute(uri: "/away", method: .get)
      #expect(away.status == .seeOther)
      #expect(away.headers[.location] == "/echo")
      let fails = try await client.execute(uri: "/fails", method: .get)
      #expect(fails.status == .conflict)
      #expect(String(buffer: fails.body).contains("taken"))
      #expect(try await client.execute(uri: "/nothing", method: .get).status == .notFound)
    }
  }

  /// Tests that wait on `rk` block a thread of Swift's pool while `rk` asks
  /// a fixture server; the server must still answer.
  @Test func aLiveServerAnswersWhileEveryPoolThreadIsBlocked() async throws {
    try await Self.application().test(.live) { client in
      let port = try #require(client.port)
      let width = ProcessInfo.processInfo.activeProcessorCount
      let answered = DispatchSemaphore(value: 0)
      let answer = Mutex("")
      DispatchQueue.global().async {
        defer { for _ in 0..<width { answered.signal() } }
        guard let socket = try? connectLoopback(port: port, timeout: 30) else { return }
        defer { close(socket) }
        let request = "GET /away HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
        _ = request.withCString { send(socket, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        var buffer = [UInt8](repeating: 0, count: 1024)
        let count = recv(socket, &buffer, buffer.count, 0)
        answer.withLock { $0 = String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self) }
      }
      // A bound for a loaded machine, not a speed: without the server's own
      // thread the answer never comes while these hold the pool.
      let waits = await withTaskGroup(of: DispatchTimeoutResult.self) { group in
        for _ in 0..<width { group.addTask { answered.wait(timeout: .now() + 30) } }
        return await group.reduce(into: []) { $0.append($1) }
      }
      #expect(waits.allSatisfy { $0 == .success })
      #expect(answer.withLock { $0 }.hasPrefix("HTTP/1.1 303"))
    }
  }

  @Test func aServerThatCannotListenEndsTheTest() async throws {
    // Two servers on one port: the second cannot bind and must not hang.
    try await Self.application().test(.live) { client in
      let port = try #require(client.port)
      await #expect(throws: (any Error).self) {
        try await Self.application(port: port).test(.live) { _ in }
      }
    }
  }
}
