import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A TCP socket connected to `port` on 127.0.0.1 that gives up reading
/// after `timeout` seconds, for tests that talk to a real server. The caller
/// closes it.
public func connectLoopback(port: Int, timeout: Int = 10) throws -> Int32 {
  let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
  guard fd >= 0 else { throw POSIXError(.EMFILE) }
  var address = sockaddr_in()
  address.sin_family = sa_family_t(AF_INET)
  address.sin_port = in_port_t(UInt16(port).bigEndian)
  address.sin_addr.s_addr = inet_addr("127.0.0.1")
  var limit = timeval(tv_sec: timeout, tv_usec: 0)
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
  let connected = withUnsafePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
  }
  guard connected == 0 else {
    close(fd)
    throw POSIXError(.ECONNREFUSED)
  }
  return fd
}

/// A TCP socket bound to a port on 127.0.0.1 that the system chose free,
/// and that port. The caller listens on it, or closes it to name a port
/// nothing listens on.
public func bindLoopback() throws -> (socket: Int32, port: Int) {
  let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
  guard fd >= 0 else { throw POSIXError(.EMFILE) }
  var address = sockaddr_in()
  address.sin_family = sa_family_t(AF_INET)
  address.sin_port = 0
  address.sin_addr.s_addr = inet_addr("127.0.0.1")
  var length = socklen_t(MemoryLayout<sockaddr_in>.size)
  let bound = withUnsafeMutablePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
  }
  guard bound else {
    close(fd)
    throw POSIXError(.EADDRINUSE)
  }
  return (fd, Int(UInt16(bigEndian: address.sin_port)))
}
