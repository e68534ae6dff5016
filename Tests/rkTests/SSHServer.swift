import Foundation
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Debian's OpenSSH server (`openssh-server`), run by a test on a free
/// loopback port with a host key made for it, letting in only the public
/// key given; stopped when the value goes away.
final class SSHServer {
  static let program = "/usr/sbin/sshd"
  /// Whether sshd is installed (`make test` installs it).
  static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: program) }

  let port: Int
  /// The host's public key, as a known_hosts line wants it: `ssh-ed25519 AAAA…`.
  let hostKey: String
  private let process: Process

  /// Starts sshd with its files in `folder`, letting in `authorizedKey`
  /// (the text of a `.pub` file).
  init(in folder: String, authorizing authorizedKey: String) throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try sshKeygen(folder + "/host_ed25519")
    hostKey = try String(contentsOfFile: folder + "/host_ed25519.pub", encoding: .utf8)
      .split(separator: " ").prefix(2).joined(separator: " ")
    try authorizedKey.write(toFile: folder + "/authorized_keys", atomically: false, encoding: .utf8)
    port = try Self.freePort()
    let config = """
      Port \(port)
      ListenAddress 127.0.0.1
      HostKey \(folder)/host_ed25519
      AuthorizedKeysFile \(folder)/authorized_keys
      PidFile \(folder)/sshd.pid
      StrictModes no
      UsePAM no
      PasswordAuthentication no
      KbdInteractiveAuthentication no
      PubkeyAuthentication yes
      PermitRootLogin prohibit-password
      LogLevel ERROR

      """
    try config.write(toFile: folder + "/sshd_config", atomically: false, encoding: .utf8)
    // Run as root, sshd insists on its privilege separation folder, which
    // a container may lack until the service has once been started.
    if geteuid() == 0, !FileManager.default.fileExists(atPath: "/run/sshd") {
      try FileManager.default.createDirectory(atPath: "/run/sshd", withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
    }
    process = Process()
    process.executableURL = URL(fileURLWithPath: Self.program)
    process.arguments = ["-D", "-e", "-f", folder + "/sshd_config"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle(forWritingAtPath: "/dev/null")
    try process.run()
    for _ in 0..<200 {
      if let socket = try? connectLoopback(port: port) {
        close(socket)
        return
      }
      guard process.isRunning else { break }
      usleep(50_000)
    }
    throw ServerDidNotStart(port: port)
  }

  deinit {
    process.terminate()
    process.waitUntilExit()
  }

  struct ServerDidNotStart: Error, CustomStringConvertible {
    var port: Int
    var description: String { "sshd did not start listening on 127.0.0.1:\(port)" }
  }

  /// A TCP port on 127.0.0.1 that nothing listens on just now.
  static func freePort() throws -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
    }
    guard bound else { throw POSIXError(.EADDRINUSE) }
    return Int(UInt16(bigEndian: address.sin_port))
  }
}

/// Makes an ed25519 key pair without a passphrase at `path` and `path.pub`.
func sshKeygen(_ path: String) throws {
  try FileManager.default.createDirectory(
    atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
  let result = try runProcess(URL(fileURLWithPath: "/usr/bin/ssh-keygen"), ["-q", "-t", "ed25519", "-N", "", "-C", "rk-test", "-f", path])
  guard result.status == 0 else { throw CommandFailed(result: result) }
}
