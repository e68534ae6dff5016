import Foundation
import NIOCore

extension ServerConfiguration {
  /// What to tell a person when the server cannot listen where asked, in
  /// place of SwiftNIO's `bind(descriptor:ptr:bytes:): Address already in
  /// use`; `nil` for any other error.
  public func listenFailure(_ error: any Error) -> String? {
    guard let error = error as? IOError else { return nil }
    switch error.errnoCode {
    case EADDRINUSE:
      return "port \(port) on \(host) is already in use (by another rk serve, or another program): "
        + "stop that one, or choose another port, such as rk serve --port \(port < 65535 ? port + 1 : 8080) (--port 0 takes any free port)"
    case EACCES:
      return
        "port \(port) may only be used by the system's administrator (ports below 1024 need root): choose another, such as rk serve --port 8080"
    case EADDRNOTAVAIL:
      return "\(host) is not an address of this machine: give one of its own with --host (127.0.0.1, or 0.0.0.0 for every network)"
    default:
      return nil
    }
  }
}
