import Foundation

/// Where `rk serve` listens and who may use it (docs/app.md, "Safe by default").
public struct ServerConfiguration: Sendable {
  /// The address to listen on; loopback unless the collector says otherwise.
  public var host: String
  public var port: Int
  /// The access token every request must carry; `nil` on loopback, where
  /// only this machine can connect.
  public var token: String?
  /// How long a connection may take to send a request's header; then it is
  /// closed (a client holding many half-sent requests starves no one).
  public var headerTimeout: Duration = .seconds(10)
  /// How long a connection may stay idle between requests, or stall in a
  /// request's body, before it is closed.
  public var idleTimeout: Duration = .seconds(60)

  public static let defaultHost = "127.0.0.1"
  public static let defaultPort = 8080
  /// The most bytes an uploaded cover or photo may have.
  public static let uploadLimit = 20 << 20
  /// The most bytes any other request body may have (an album is a few KB).
  public static let bodyLimit = 1 << 20

  /// A configuration for `host`; a token is drawn when the host is not loopback.
  public init(host: String = defaultHost, port: Int = defaultPort, token: String? = nil) {
    self.host = host
    self.port = port
    self.token = token ?? (Self.isLoopback(host) ? nil : AccessToken.make())
  }

  /// Whether `host` reaches this machine only: `localhost`, 127.0.0.0/8, `::1`.
  public static func isLoopback(_ host: String) -> Bool {
    let host = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
    if host == "localhost" || host == "::1" || host == "0:0:0:0:0:0:0:1" { return true }
    let parts = host.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
  }

  /// The address a person opens, with the token when one is needed.
  public func url(port actualPort: Int? = nil) -> String {
    urls(port: actualPort)[0]
  }

  /// Every address a person can open: on `0.0.0.0` (or `::`) one per
  /// network address of this machine, so a phone has one it can reach.
  public func urls(port actualPort: Int? = nil) -> [String] {
    let hosts = host == "0.0.0.0" || host == "::" ? Self.networkAddresses() : [host]
    return (hosts.isEmpty ? [host] : hosts).map { shown in
      let hostPart = shown.contains(":") ? "[\(shown)]" : shown
      return "http://\(hostPart):\(actualPort ?? port)/" + (token.map { "?token=" + $0 } ?? "")
    }
  }

  /// This machine's IPv4 addresses other than loopback.
  private static func networkAddresses() -> [String] {
    var list: UnsafeMutablePointer<ifaddrs>?
    guard getifaddrs(&list) == 0, let first = list else { return [] }
    defer { freeifaddrs(list) }
    var addresses: [String] = []
    var next: UnsafeMutablePointer<ifaddrs>? = first
    while let entry = next {
      defer { next = entry.pointee.ifa_next }
      guard let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET) else { continue }
      var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
      let ok = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { ipv4 in
        var raw = ipv4.pointee.sin_addr
        return inet_ntop(AF_INET, &raw, &text, socklen_t(text.count)) != nil
      }
      let name = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      if ok && !isLoopback(name) && !addresses.contains(name) { addresses.append(name) }
    }
    return addresses
  }
}

/// The random token that guards a server on a network address.
enum AccessToken {
  /// 32 random bytes from the system's generator, as 64 hex digits.
  static func make() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<32).map { _ in
      let byte = UInt8.random(in: 0...255, using: &generator)
      return (byte < 16 ? "0" : "") + String(byte, radix: 16)
    }.joined()
  }

  /// Compares in time that does not depend on where the texts differ.
  static func matches(_ given: some StringProtocol, _ token: String) -> Bool {
    let a = Array(given.utf8)
    let b = Array(token.utf8)
    guard a.count == b.count else { return false }
    var difference: UInt8 = 0
    for (x, y) in zip(a, b) { difference |= x ^ y }
    return difference == 0
  }
}
