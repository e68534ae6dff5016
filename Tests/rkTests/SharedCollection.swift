import Foundation
import TestSupport

/// A collection shared through a bare repository, in a fresh temporary
/// folder removed afterwards: `origin.git` holds one album, pushed there
/// by `rk sync` from `seed`; clones are made with ``clone(_:url:)``.
final class SharedCollection {
  let root: String
  /// The bare repository every clone syncs with.
  var origin: String { root + "/origin.git" }
  /// The HOME every `rk` here runs with, so keys and known_hosts stay the test's.
  let home: String
  /// The id of the one album, as `rk add` printed it.
  let album: String

  init() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("rk-shared-\(UUID().uuidString)").path
    let home = root + "/home"
    self.root = root
    self.home = home
    try FileManager.default.createDirectory(atPath: home + "/.config", withIntermediateDirectories: true)
    _ = FileManager.default.createFile(
      atPath: home + "/.gitconfig", contents: Data("[user]\n\tname = Test Collector\n\temail = collector@example.com\n".utf8))
    try git(["init", "-q", "--bare", root + "/origin.git"], in: root)
    let seed = root + "/seed"
    let environment = Self.environment(home: home)
    @discardableResult func rk(_ arguments: [String]) throws -> RKResult {
      try expectSuccess(runRK(arguments, environment: environment, in: root))
    }
    try rk(["init", seed])
    album = try rk(["-C", seed, "add", "--title", "Blue Train", "--artist", "John Coltrane", "--tag", "jazz"])
      .stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    try rk(["-C", seed, "remote", "add", "origin", root + "/origin.git"])
    try rk(["-C", seed, "sync"])
  }

  static func environment(home: String) -> [String: String] {
    ["HOME": home, "XDG_CONFIG_HOME": home + "/.config", "GIT_CONFIG_GLOBAL": home + "/.gitconfig"]
  }

  deinit { try? FileManager.default.removeItem(atPath: root) }

  /// The environment of every process here: the test's HOME and git config.
  var environment: [String: String] { Self.environment(home: home) }

  /// Runs `rk` with this HOME.
  func rk(_ arguments: [String], environment extra: [String: String] = [:]) throws -> RKResult {
    try runRK(arguments, environment: environment.merging(extra) { $1 }, in: root)
  }

  /// Clones `url` (the bare repository by default) into `name` and returns its path.
  @discardableResult
  func clone(_ name: String, url: String? = nil) throws -> String {
    try expectSuccess(rk(["clone", url ?? origin, name]))
    return root + "/" + name
  }

  /// The commit `revision` names in the repository at `path`.
  func revision(_ revision: String, in path: String) throws -> String {
    try git(["rev-parse", revision], in: path, environment: environment).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Every commit reachable from HEAD in the repository at `path`.
  func commits(in path: String) throws -> Set<String> {
    Set(try git(["rev-list", "HEAD"], in: path, environment: environment).split(separator: "\n").map(String.init))
  }

  /// The text of `album.md` of the one album in the clone at `path`.
  func albumText(in path: String) throws -> String {
    try String(contentsOfFile: path + "/" + album + "/album.md", encoding: .utf8)
  }
}

struct CommandFailed: Error, CustomStringConvertible {
  var result: RKResult
  var description: String { "exit \(result.status): \(result.stdout)\(result.stderr)" }
}

/// `result`, when its exit status is 0.
@discardableResult
func expectSuccess(_ result: RKResult) throws -> RKResult {
  guard result.status == 0 else { throw CommandFailed(result: result) }
  return result
}
