import Foundation

/// Which albums changed since an earlier snapshot, so that a device's
/// offline copy is kept current by what changed, not fetched whole again
/// (`GET /api/changes`, issue 30).
///
/// A version names one snapshot of one run of the server: `RUN.VERSION`.
/// Another run, or a version from before the last change that affects
/// every album (preferences, credit rules), cannot be followed: the device
/// starts again from the whole copy.
struct ChangeLog: Sendable {
  /// This run of the server.
  let run: String
  /// The first snapshot version changes are known from.
  let base: Int
  /// The snapshot version at which each album last changed (appeared,
  /// changed or went away) since `base`.
  private(set) var touched: [String: Int] = [:]

  init(run: String = String(UUID().uuidString.prefix(8)).lowercased(), base: Int) {
    self.run = run
    self.base = base
  }

  /// The log once `ids` changed in snapshot `version`.
  func recording(_ ids: some Sequence<String>, at version: Int) -> ChangeLog {
    var next = self
    for id in ids { next.touched[id] = version }
    return next
  }

  /// A log that starts again at `version`: no earlier version can be followed.
  func restarting(at version: Int) -> ChangeLog { ChangeLog(run: run, base: version) }

  /// The version text of snapshot `version`.
  func token(_ version: Int) -> String { "\(run).\(version)" }

  /// The ids changed after the version `token` names, up to `current`;
  /// `nil` when `token` cannot be followed (another run, too old, unknown).
  func changed(since token: String, current: Int) -> Set<String>? {
    let parts = token.split(separator: ".", maxSplits: 1)
    guard parts.count == 2, parts[0] == run, let version = Int(parts[1]), version >= base, version <= current else { return nil }
    return Set(touched.compactMap { $0.value > version ? $0.key : nil })
  }
}
