import CLibGit2

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A fetch that leaves `objects/pack` clean at every instant (docs/sharing.md, "Interrupted syncs, locks and partial clones").
///
/// libgit2 writes a fetched pack in the pack folder as `pack_git2_*` (and its
/// index as a `.lock`) until it is complete, so a kill there leaves them
/// behind. Here the pack is downloaded into `objects/rk-incoming-PID-…/pack`
/// instead, a pack backend of that folder placed first in the object
/// database; once complete it is renamed into `objects/pack`, the pack
/// before its index (git sees a pack only through its index), and only then
/// are the remote-tracking branches moved to the new commits.
extension GitRepository {
  /// Fetches from `session`'s remote through libgit2, as `git_remote_fetch`
  /// does, with the pack downloaded aside first.
  func fetchThroughIncomingFolder(_ remote: GitHandle, _ session: RemoteSession) throws(RemoteError) {
    let objects: String
    do {
      objects = try objectsDirectory()
    } catch {
      throw .git(error)
    }
    Self.removeAbandonedIncomingFolders(in: objects)
    // Unique within this process too: the server may fetch on two threads.
    let incoming = objects + "/" + Self.incomingPrefix + "\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
    do throws(GitError) {
      do throws(FileSystemError) { try FileSystem.makeFolders(incoming + "/pack") } catch { throw .file(error) }
      try addIncomingBackend(incoming)
    } catch {
      FileSystem.removeTree(incoming)
      throw .git(error)
    }
    var downloaded = Result<Void, RemoteError>.success(())
    do {
      try session.run("git_remote_download") { callbacks in
        var options = git_fetch_options(callbacks: callbacks)
        return remote.withPointer { git_remote_download($0, nil, &options) }
      }
    } catch {
      downloaded = .failure(error)
    }
    _ = remote.withPointer { git_remote_disconnect($0) }
    if case .success = downloaded { Self.moveFinishedPacks(from: incoming + "/pack", to: objects + "/pack") }
    let reopened = Result { () throws(GitError) in try reopenObjectDatabase(objects) }
    FileSystem.removeTree(incoming)
    try downloaded.get()
    if case .failure(let error) = reopened { throw .git(error) }
    try session.run("git_remote_update_tips") { callbacks in
      var callbacks = callbacks
      return remote.withPointer { pointer in
        let moved = git_remote_update_tips(pointer, &callbacks, 1, GIT_REMOTE_DOWNLOAD_TAGS_UNSPECIFIED, "rk sync: fetch")
        guard moved >= 0, git_remote_prune_refs(pointer) != 0 else { return moved }
        return git_remote_prune(pointer, &callbacks)
      }
    }
  }

  /// The name of a fetch's own object folder, before its process id.
  static let incomingPrefix = "rk-incoming-"

  /// Puts a pack backend of `folder` first in the repository's object
  /// database, so that a fetch writes its pack there.
  private func addIncomingBackend(_ folder: String) throws(GitError) {
    let odb = try GitHandle.make("git_repository_odb", free: git_odb_free) { git_repository_odb($0, repository) }
    var backend: UnsafeMutablePointer<git_odb_backend>?
    try LibGit2.check(git_odb_backend_pack(&backend, folder), "git_odb_backend_pack")
    guard let backend else { throw .libgit2(function: "git_odb_backend_pack", code: -1, message: "no backend for \(folder)") }
    let added = odb.withPointer { git_odb_add_backend($0, backend, Int32.max) }
    if added < 0 { backend.pointee.free?(backend) }
    try LibGit2.check(added, "git_odb_add_backend")
  }

  /// Gives the repository a fresh object database of `objects`, without the
  /// fetch's backend (whose folder goes) and seeing the packs moved in.
  private func reopenObjectDatabase(_ objects: String) throws(GitError) {
    let odb = try GitHandle.make("git_odb_open", free: git_odb_free) { git_odb_open($0, objects) }
    try LibGit2.check(odb.withPointer { git_repository_set_odb(repository, $0) }, "git_repository_set_odb")
  }

  /// Renames the finished packs of `source` into `destination`: every other
  /// file first, each index last. A pack already there stays as it is.
  static func moveFinishedPacks(from source: String, to destination: String) {
    guard let entries = try? FileSystem.list(source) else { return }
    let names = entries.map(\.name).filter { $0.hasPrefix("pack-") }
    let ordered = names.filter { !$0.hasSuffix(".idx") }.sorted() + names.filter { $0.hasSuffix(".idx") }.sorted()
    for name in ordered where !FileSystem.exists(destination + "/" + name) {
      rename(source + "/" + name, destination + "/" + name)
    }
  }

  /// Removes the object folders (`rk-incoming-PID-RANDOM`) of fetches
  /// whose process is gone (killed).
  static func removeAbandonedIncomingFolders(in objects: String) {
    guard let entries = try? FileSystem.list(objects) else { return }
    for entry in entries where entry.name.hasPrefix(incomingPrefix) {
      let digits = entry.name.dropFirst(incomingPrefix.count).prefix { $0 != "-" }
      guard let pid = pid_t(digits), !FileSystem.processIsRunning(pid) else { continue }
      FileSystem.removeTree(objects + "/" + entry.name)
    }
  }
}
