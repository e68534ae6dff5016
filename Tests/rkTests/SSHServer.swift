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
  /// sshd's process id, from its PidFile.
  private let pid: pid_t

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
      try FileManager.default.createDirectory(
        atPath: "/run/sshd", withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
    }
    let pid = try spawnServer(Self.program, ["-D", "-e", "-f", folder + "/sshd_config"])
    self.pid = pid
    for _ in 0..<200 {
      if let socket = try? connectLoopback(port: port) {
        close(socket)
        return
      }
      usleep(50_000)
    }
    stopServer(pid)
    throw ServerDidNotStart(port: port)
  }

  deinit { stopServer(pid) }

  struct ServerDidNotStart: Error, CustomStringConvertible {
    var port: Int
    var description: String { "sshd did not start listening on 127.0.0.1:\(port)" }
  }

  /// A TCP port on 127.0.0.1 that nothing listens on just now.
  static func freePort() throws -> Int {
    let (fd, port) = try bindLoopback()
    close(fd)
    return port
  }
}

/// Makes an ed25519 key pair without a passphrase at `path` and `path.pub`.
func sshKeygen(_ path: String) throws {
  try FileManager.default.createDirectory(
    atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
  let result = try runProcess(URL(fileURLWithPath: "/usr/bin/ssh-keygen"), ["-q", "-t", "ed25519", "-N", "", "-C", "rk-test", "-f", path])
  guard result.status == 0 else { throw CommandFailed(result: result) }
}

/// Starts `program` with `arguments` in ``hermeticEnvironment``, its
/// standard input and output on /dev/null, and returns its process id.
///
/// Servers are started with posix_spawn rather than Foundation's Process:
/// while a long-lived Process child runs, Foundation (swift-corelibs) stops
/// reaping the short-lived ones (`rk`, `ssh-keygen`) a test starts beside it,
/// and their waitUntilExit never returns.
func spawnServer(_ program: String, _ arguments: [String]) throws -> pid_t {
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  for descriptor in [Int32(0), 1, 2] {
    posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
  }
  let argv = ([program] + arguments).map { strdup($0) } + [nil]
  let envp = hermeticEnvironment.map { strdup("\($0.key)=\($0.value)") } + [nil]
  defer { for pointer in argv + envp { free(pointer) } }
  var pid: pid_t = 0
  let result = posix_spawn(&pid, program, &actions, nil, argv, envp)
  guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EPERM) }
  return pid
}

/// Stops a server ``spawnServer(_:_:)`` started, and waits for it.
///
/// SIGKILL, as the server inherits the test thread's signal mask, which may
/// block SIGTERM.
func stopServer(_ pid: pid_t) {
  kill(pid, SIGKILL)
  var status: Int32 = 0
  waitpid(pid, &status, 0)
}
