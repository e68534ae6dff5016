import CLibGit2
import Foundation

/// Mending what a fetch or push killed part way leaves: a lock file on a
/// reference, here or in a bare repository on this machine, which makes
/// every later fetch or push fail until someone deletes it (docs/sharing.md, "Interrupted syncs, locks and partial clones").
extension GitRepository {
  /// The folder git keeps references in (shared by linked work trees).
  var commonDirectory: String {
    let folder = git_repository_commondir(repository).map { String(cString: $0) } ?? gitDirectory
    return folder.hasSuffix("/") ? String(folder.dropLast()) : folder
  }

  /// Removes the lock files a killed fetch from `remote` left here (its
  /// remote-tracking branches, `packed-refs`, `FETCH_HEAD`), when no
  /// process holds them, telling ``onRemovedLock``.
  func removeStaleFetchLocks(remote: String) {
    let candidates =
      LockFile.locks(under: commonDirectory + "/refs/remotes/" + remote)
      + [commonDirectory + "/packed-refs.lock", gitDirectory + "/FETCH_HEAD.lock"]
    for lock in candidates where LockFile.removeIfStale(lock, repository: [gitDirectory, workingDirectory]) {
      onRemovedLock?(RemovedLock(path: lock, leftBy: "a fetch from \(remote)"))
    }
  }

  /// Removes the lock files a killed push of `branch` left in the
  /// repository at the local `url` (remote `remote`), when no process
  /// holds them, telling ``onRemovedLock``. Remotes elsewhere are theirs to mend.
  func removeStalePushLocks(remote: String, url: String, branch: String) {
    guard let folder = Self.localGitDirectory(url) else { return }
    for lock in [folder + "/refs/heads/" + branch + ".lock", folder + "/packed-refs.lock"]
    where LockFile.removeIfStale(lock, repository: [folder]) {
      onRemovedLock?(RemovedLock(path: lock, leftBy: "a push to remote \(remote)"))
    }
    Self.removeKilledTemporaryFiles(in: folder + "/objects/pack", repository: [folder])
  }

  /// Removes the temporary files a killed fetch, push or packing left in
  /// this repository's pack folder (``removeKilledTemporaryFiles(in:repository:)``).
  func removeKilledPackFiles() {
    guard let objects = try? objectsDirectory() else { return }
    Self.removeKilledTemporaryFiles(in: objects + "/pack", repository: [gitDirectory, workingDirectory])
  }

  /// The git directory of the repository at a local `url` (a bare one, or
  /// a work tree's `.git`), or `nil` for a remote reached over a network.
  static func localGitDirectory(_ url: String) -> String? {
    guard RemoteURL(url).kind == .local else { return nil }
    var path = url.hasPrefix("file://") ? String(url.dropFirst("file://".count)) : url
    while path.count > 1, path.hasSuffix("/") { path.removeLast() }
    if FileSystem.exists(path + "/.git/HEAD") { return path + "/.git" }
    return FileSystem.exists(path + "/HEAD") ? path : nil
  }

  /// The lock file a libgit2 or git message names (`'…/main.lock'`), if any.
  static func lockPath(inMessage message: String) -> String? {
    for quote in ["'", "\""] {
      let parts = message.components(separatedBy: quote)
      if let path = parts.first(where: { $0.hasSuffix(".lock") && $0.hasPrefix("/") }) { return (path as NSString).standardizingPath }
    }
    return nil
  }
}
