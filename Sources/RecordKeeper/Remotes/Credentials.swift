import Foundation

/// One way of proving who we are to a remote, tried in the order
/// ``Credentials/ssh(environment:)`` and ``Credentials/https(url:environment:)`` give.
enum Credential: Equatable {
  /// The keys ssh-agent holds (`SSH_AUTH_SOCK`).
  case sshAgent
  /// A private key file, with its `.pub` beside it when there is one.
  case sshKey(privateKey: String, publicKey: String?)
  /// A user name and password or token.
  case userPassword(user: String, password: String, source: String)

  /// How a message names this way to a person.
  var name: String {
    switch self {
    case .sshAgent: "ssh-agent"
    case .sshKey(let privateKey, _): privateKey
    case .userPassword(_, _, let source): source
    }
  }
}

/// Where rk finds credentials (docs/sharing.md, "How a sync talks to the remote").
enum Credentials {
  /// The environment variable holding a token for https remotes.
  static let tokenVariable = "RK_GIT_TOKEN"

  /// For ssh: the agent when `SSH_AUTH_SOCK` is set, then `~/.ssh/id_ed25519`
  /// and `~/.ssh/id_rsa` when they exist.
  static func ssh(environment: [String: String]) -> [Credential] {
    var ways: [Credential] = []
    if let socket = environment["SSH_AUTH_SOCK"], !socket.isEmpty { ways.append(.sshAgent) }
    if let home = environment["HOME"], !home.isEmpty {
      for name in ["id_ed25519", "id_rsa"] {
        let key = home + "/.ssh/" + name
        guard FileManager.default.fileExists(atPath: key) else { continue }
        let publicKey = key + ".pub"
        ways.append(.sshKey(privateKey: key, publicKey: FileManager.default.fileExists(atPath: publicKey) ? publicKey : nil))
      }
    }
    return ways
  }

  /// For https: the token in `RK_GIT_TOKEN` when set (with the URL's user,
  /// else `git`, which servers taking tokens accept), else what git's
  /// credential helper gives (`git credential fill`), asked only when reached.
  static func https(url: RemoteURL, environment: [String: String]) -> [() -> Credential?] {
    var ways: [() -> Credential?] = []
    if let token = environment[tokenVariable], !token.isEmpty {
      ways.append { .userPassword(user: url.user ?? "git", password: token, source: "the token in \(tokenVariable)") }
    }
    ways.append { credentialHelper(url: url, environment: environment) }
    return ways
  }

  /// Asks git's credential helper (`git credential fill`) for the user and
  /// password of `url`. Git may ask on the terminal when no helper knows
  /// them; without a terminal it fails, and so does this, with `nil`.
  static func credentialHelper(url: RemoteURL, environment: [String: String]) -> Credential? {
    var request =
      "protocol=\(url.scheme)\nhost=\(url.host)\((url.scheme == "https" && url.port == 443) || (url.scheme == "http" && url.port == 80) ? "" : ":\(url.port)")\n"
    if !url.path.isEmpty { request += "path=\(url.path)\n" }
    if let user = url.user { request += "username=\(user)\n" }
    request += "\n"
    // Its complaint when no helper knows the host and there is no terminal
    // (kept apart as its standard error) would break rk's one-line message;
    // prompts go to /dev/tty, not there.
    guard let result = try? Subprocess.run("git", ["credential", "fill"], environment: environment, input: Array(request.utf8)),
      result.termination == .exited(0)
    else { return nil }
    var fields: [String: String] = [:]
    for line in String(decoding: result.output, as: UTF8.self).split(separator: "\n") {
      guard let equals = line.firstIndex(of: "=") else { continue }
      fields[String(line[..<equals])] = String(line[line.index(after: equals)...])
    }
    guard let user = fields["username"], let password = fields["password"] else { return nil }
    return .userPassword(user: user, password: password, source: "git's credential helper")
  }
}
