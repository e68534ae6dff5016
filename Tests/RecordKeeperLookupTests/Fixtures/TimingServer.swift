import Foundation
import Synchronization
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A minimal HTTP/1.1 server on loopback for the tests that assert when
/// requests arrived. It notes the time of each connection on a thread of
/// its own as `accept` returns it: the Hummingbird fixture answers on Swift's
/// concurrency threads, which other tests running in parallel may hold, so
/// the times it notes can be late and bunch together.
///
/// Every request gets `answer(n)` for the n-th request (from 0); the server
/// closes each connection after its answer.
final class TimingServer: Sendable {
  /// An answer: status, extra header lines, body.
  typealias Answer = (status: Int, headers: [String], body: String)

  let port: Int
  private let socket: Int32
  private let times = Arrivals()

  /// The arrival times, shared with the accepting thread.
  private final class Arrivals: Sendable {
    let list = Mutex<[Double]>([])
  }

  init(answer: @escaping @Sendable (Int) -> Answer) throws {
    let (fd, port) = try bindLoopback()
    guard listen(fd, 16) == 0 else {
      close(fd)
      throw POSIXError(.EADDRINUSE)
    }
    socket = fd
    self.port = port
    let times = times
    Thread.detachNewThread { [fd] in
      var count = 0
      while true {
        let connection = accept(fd, nil, nil)
        // Shut down by stop(). The socket is closed here, not there: closed
        // while this thread was still on its way to `accept`, its number
        // could go to the next test's server, whose connections this thread
        // would then take and answer in its place.
        guard connection >= 0 else {
          close(fd)
          return
        }
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        times.list.withLock { $0.append(Double(now.tv_sec) + Double(now.tv_nsec) / 1e9) }
        let reply = answer(count)
        count += 1
        Thread.detachNewThread { Self.serve(connection, reply) }
      }
    }
  }

  /// Reads the request head, writes the answer, closes.
  private static func serve(_ connection: Int32, _ reply: Answer) {
    var head: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while !head.suffix(4).elementsEqual([13, 10, 13, 10]) {
      let count = read(connection, &buffer, buffer.count)
      if count <= 0 { break }
      head += buffer[..<count]
    }
    let body = Array(reply.body.utf8)
    let text =
      (["HTTP/1.1 \(reply.status) Fixture", "Content-Type: application/json", "Content-Length: \(body.count)", "Connection: close"]
      + reply.headers).joined(separator: "\r\n") + "\r\n\r\n"
    let bytes = Array(text.utf8) + body
    var written = 0
    while written < bytes.count {
      let count = bytes[written...].withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
      if count <= 0 { break }
      written += count
    }
    close(connection)
  }

  var url: String { "http://127.0.0.1:\(port)" }

  /// When each connection arrived, in order (wall-clock seconds).
  var arrivals: [Double] { times.list.withLock { $0 } }

  /// Stops listening (a connection is refused from now on); the accepting
  /// thread, woken by this, closes the socket.
  func stop() {
    shutdown(socket, Int32(SHUT_RDWR))
  }
}
