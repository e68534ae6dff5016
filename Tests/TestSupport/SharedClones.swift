import Foundation

/// Two collectors sharing one collection: the bare repository
/// `ORIGIN-remote.git` cloned from `origin`, and its clones `ORIGIN-alice`
/// and `ORIGIN-bob`, each with its own git identity (docs/sharing.md).
public struct SharedClones: Sendable {
  public let remote: String
  public let alice: String
  public let bob: String

  public init(of origin: String) throws {
    remote = origin + "-remote.git"
    alice = origin + "-alice"
    bob = origin + "-bob"
    try git(["clone", "-q", "--bare", origin, remote], in: NSTemporaryDirectory())
    for (clone, name) in [(alice, "Alice"), (bob, "Bob")] {
      try git(["clone", "-q", remote, clone], in: NSTemporaryDirectory())
      try git(["config", "user.name", name], in: clone)
      try git(["config", "user.email", "\(name.lowercased())@example.com"], in: clone)
    }
  }

  /// Deletes the remote and both clones.
  public func remove() {
    for folder in [remote, alice, bob] { try? FileManager.default.removeItem(atPath: folder) }
  }
}
