import Foundation
import RecordKeeper
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `rk serve` end to end: the built `rk` runs the built `rk-serve`.
@Suite("rk serve")
struct ServeCommandTests {
  /// A running `rk serve`, stopped with SIGINT as Ctrl-C would.
  final class Server {
    let process = Process()
    let output = Pipe()
    /// The address it printed.
    private(set) var url = ""

    init(collection: String, arguments: [String] = []) throws {
      process.executableURL = rkBinary
      process.arguments = ["-C", collection, "serve", "--port", "0"] + arguments
      process.environment = hermeticEnvironment
      process.standardOutput = output
      process.standardError = FileHandle.standardError
      try process.run()
      // A server that never says its address is killed, failing the test.
      let text = try process.bounded(within: 120) { [output] in
        var text = ""
        while !text.contains("\n") {
          let data = output.fileHandleForReading.availableData
          guard !data.isEmpty else { break }
          text += String(decoding: data, as: UTF8.self)
        }
        return text
      }
      url = text.firstMatch(of: /http:\/\/\S+/).map { String($0.output) } ?? ""
    }

    var port: Int { Int(url.firstMatch(of: /:(\d+)\//)?.output.1 ?? "") ?? 0 }

    /// A test that failed before ``stop()`` leaves no server running.
    deinit {
      guard process.isRunning else { return }
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }

    /// Sends SIGINT and waits for the exit status; one that ignores it is
    /// killed after a minute, failing the test.
    func stop() throws -> Int32 {
      kill(process.processIdentifier, SIGINT)
      try process.waitForExit(within: 60)
      return process.terminationStatus
    }
  }

  /// One HTTP/1.1 request on loopback; the status line and the headers.
  func request(_ path: String, port: Int, method: String = "GET") throws -> String {
    let fd = try connectLoopback(port: port)
    defer { close(fd) }
    let text = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n"
    _ = text.withCString { send(fd, $0, strlen($0), 0) }
    var received = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = recv(fd, &buffer, buffer.count, 0)
      if count <= 0 { break }
      received += buffer[..<count]
    }
    return String(decoding: received, as: UTF8.self)
  }

  func collection() throws -> TemporaryCollection {
    let collection = try TemporaryCollection(albums: ["albums/radiohead-ok-computer": albumText(title: "OK Computer", artist: "Radiohead")])
    try collection.initializeGit()
    return collection
  }

  @Test func servesTheAppAndTheAPIOnLoopbackAndStopsOnCtrlC() throws {
    let collection = try collection()
    let server = try Server(collection: collection.path)
    #expect(server.url.hasPrefix("http://127.0.0.1:") && !server.url.contains("token"))
    let status = try request("/api/status", port: server.port)
    #expect(status.hasPrefix("HTTP/1.1 200"), "\(status)")
    #expect(status.contains("\"count\": 1"))
    let page = try request("/", port: server.port)
    #expect(page.hasPrefix("HTTP/1.1 200") && page.contains("Record Keeper"))
    #expect(try server.stop() == 0)
  }

  @Test func anyOtherAddressPrintsATokenAndNeedsIt() throws {
    let collection = try collection()
    let server = try Server(collection: collection.path, arguments: ["--host", "0.0.0.0"])
    let token = String(server.url.firstMatch(of: /\?token=([0-9a-f]{64})$/)?.output.1 ?? "")
    #expect(!token.isEmpty, "\(server.url)")
    #expect(try request("/api/status", port: server.port).hasPrefix("HTTP/1.1 401"))
    let answer = try request("/?token=\(token)", port: server.port)
    #expect(answer.hasPrefix("HTTP/1.1 303"), "\(answer)")
    #expect(answer.contains("HttpOnly") && answer.contains("SameSite=Strict"))
    #expect(try server.stop() == 0)
  }

  /// `rk serve` becomes rk-serve as every program rk runs is started
  /// (Subprocess); one that cannot run is named, with what to check.
  @Test func aServerProgramThatCannotRunIsNamed() throws {
    let collection = try collection()
    let result = try runRK(["-C", collection.path, "serve"], environment: ["RK_SERVE": "/nowhere/rk-serve"])
    #expect(result.status == 1)
    #expect(
      result.stderr.contains("cannot run /nowhere/rk-serve: No such file or directory; check that it is installed and on $PATH"),
      "\(result.stderr)")
  }

  @Test func refusesABadPortAsUsage() throws {
    let result = try runRK(["serve", "--port", "70000"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("--port"))
  }
}

extension ServeCommandTests {
  /// A busy port is named with what to do, not SwiftNIO's
  /// `bind(descriptor:ptr:bytes:): Address already in use`.
  @Test func aPortInUseIsNamedWithWhatToDo() throws {
    let collection = try collection()
    let (socket, port) = try bindLoopback()
    defer { close(socket) }
    #expect(listen(socket, 1) == 0)
    let result = try runRK(["-C", collection.path, "serve", "--port", String(port)])
    #expect(result.status == 1)
    #expect(result.stderr.contains("rk serve: port \(port) on 127.0.0.1 is already in use"), "\(result.stderr)")
    #expect(result.stderr.contains("--port 0 takes any free port"))
    #expect(!result.stderr.contains("bind(descriptor"))
  }
}
