import CLibGit2

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Keeping `.git` small. libgit2 writes every object as its own zlib file and
/// never packs them.
///
/// Where git is installed, that is git's work: after a change rk runs `git
/// maintenance run --auto`, as `git commit` does, which packs (in the
/// background, `gc.autoDetach`) when git's own thresholds say so and honours
/// whatever maintenance the person set up (multi-pack-index, bitmaps,
/// commit-graph, `.keep` packs, `maintenance.auto=false`).
///
/// Without git, rk packs the loose objects itself into a new pack, and never
/// deletes, folds or rewrites a pack: every pack may be named by a
/// multi-pack-index or bitmap that git wrote earlier, and one deleted under
/// them leaves a repository git cannot read. Packs then only add up, one per
/// thousand objects or 8 MB; git folds them once it is installed.
extension GitRepository {
  /// Pack when there are more loose objects than this …
  public static let defaultLooseObjectLimit = 1000
  /// … or when they take more bytes on disk than this.
  public static let defaultLooseByteLimit = 8 << 20

  /// Keeps `.git` small after a change: `git maintenance run --auto` where
  /// git is installed, else ``packIfNeeded(looseObjectLimit:looseByteLimit:)``.
  /// Saving room only: a failure here never undoes the change.
  public func tidyUp() {
    switch Self.runGitMaintenance(gitDirectory: gitDirectory) {
    case .ran: return
    case .noGit: _ = try? packIfNeeded()
    }
  }

  enum MaintenanceRun { case ran, noGit }

  /// `git --git-dir=… maintenance run --auto --quiet`; `.noGit` when there is
  /// no git to run. git checks its thresholds in a few milliseconds and
  /// detaches for the packing itself.
  static func runGitMaintenance(gitDirectory: String) -> MaintenanceRun {
    do {
      _ = try Subprocess.run("git", ["--git-dir=" + gitDirectory, "maintenance", "run", "--auto", "--quiet"])
      return .ran
    } catch .cannotStart(_, let code) where code == ENOENT {
      return .noGit
    } catch {
      // git is there but could not run its maintenance: its business.
      return .ran
    }
  }

  /// Packs the loose objects when there are many, as `git gc --auto` does,
  /// for machines without git.
  ///
  /// Nothing happens while the loose objects number at most
  /// `looseObjectLimit` and take at most `looseByteLimit` bytes on disk.
  /// Past either, they are written into a new pack (libgit2's packbuilder
  /// stores similar objects as deltas of each other). No pack is ever
  /// deleted (see above).
  ///
  /// Crash safety comes from the order of the steps, so that a `SIGKILL` at
  /// any moment leaves a repository git can use and loses nothing:
  /// 1. the new pack and its index are written in full and flushed to disk
  ///    (files and folder) before anything is deleted; until libgit2 links
  ///    them into place they are `pack_git2_*` files that git ignores;
  /// 2. a loose object is deleted only once the new pack's index, read back
  ///    from disk, lists it;
  /// 3. `objects/info/packs` is rewritten last, atomically.
  ///
  /// Callers hold the collection lock (`.git/rk.lock`), as `CollectionStore`
  /// does, so that no other `rk` packs at the same time; see
  /// ``removeStaleTemporaryFiles(in:modifiedBefore:)`` for the files of
  /// killed runs this then removes.
  ///
  /// - Returns: Whether it packed.
  @discardableResult
  public func packIfNeeded(
    looseObjectLimit: Int = defaultLooseObjectLimit,
    looseByteLimit: Int = defaultLooseByteLimit
  ) throws(GitError) -> Bool {
    let objects = try objectsDirectory()
    let packFolder = objects + "/pack"
    Self.removeStaleTemporaryFiles(in: packFolder, modifiedBefore: Self.staleBefore())
    let loose = Self.looseObjects(in: objects)
    guard loose.ids.count > looseObjectLimit || loose.bytes > looseByteLimit else { return false }
    let written = try writePack(to: packFolder, of: loose.ids.compactMap { try? git_oid.parse($0) })
    let newPack = try PackIndex(path: written + ".idx")
    for id in loose.ids where newPack.contains(id) {
      unlink(objects + "/" + id.prefix(2) + "/" + id.dropFirst(2))
    }
    for folder in Set(loose.ids.map { $0.prefix(2) }) { rmdir(objects + "/" + folder) }
    Self.updatePackList(objects: objects)
    let odb = try GitHandle.make("git_repository_odb", free: git_odb_free) { git_repository_odb($0, repository) }
    try LibGit2.check(odb.withPointer { git_odb_refresh($0) }, "git_odb_refresh")
    return true
  }

  /// The object folder (shared by every work tree of the repository).
  func objectsDirectory() throws(GitError) -> String {
    var buffer = git_buf()
    defer { git_buf_dispose(&buffer) }
    try LibGit2.check(
      git_repository_item_path(&buffer, repository, GIT_REPOSITORY_ITEM_OBJECTS), "git_repository_item_path")
    guard let pointer = buffer.ptr else { return gitDirectory + "/objects" }
    let path = String(cString: pointer)
    return path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
  }

  /// Writes a pack into `folder` holding `ids` and flushes it to disk.
  ///
  /// - Returns: The new pack's path without `.pack`.
  private func writePack(to folder: String, of ids: [git_oid]) throws(GitError) -> String {
    let builder = try GitHandle.make("git_packbuilder_new", free: git_packbuilder_free) {
      git_packbuilder_new($0, repository)
    }
    _ = builder.withPointer { git_packbuilder_set_threads($0, 0) }
    for var id in ids {
      try LibGit2.check(builder.withPointer { git_packbuilder_insert($0, &id, nil) }, "git_packbuilder_insert")
    }
    try LibGit2.check(builder.withPointer { git_packbuilder_write($0, folder, 0, nil, nil) }, "git_packbuilder_write")
    guard let name = builder.withPointer({ git_packbuilder_name($0) }).map({ String(cString: $0) }) else {
      throw .libgit2(function: "git_packbuilder_name", code: -1, message: "the new pack has no name")
    }
    let path = folder + "/pack-" + name
    try Self.flush(path + ".pack")
    try Self.flush(path + ".idx")
    try Self.flush(folder)
    return path
  }

  /// Forces a file or folder's contents (a folder's entries) onto the disk.
  private static func flush(_ path: String) throws(GitError) {
    let descriptor = openReadOnly(path)
    guard descriptor >= 0 else {
      throw .file(FileSystemError(path: path, operation: "open", code: errno))
    }
    defer { close(descriptor) }
    guard fsync(descriptor) == 0 else {
      throw .file(FileSystemError(path: path, operation: "flush to disk", code: errno))
    }
  }

  // MARK: What is on disk

  /// The loose objects: their ids and the bytes they take on disk.
  struct LooseObjects {
    var ids: [String] = []
    var bytes = 0
  }

  static func looseObjects(in objects: String) -> LooseObjects {
    var loose = LooseObjects()
    var status = stat()
    for folder in (try? FileSystem.list(objects)) ?? [] where folder.name.count == 2 && isHex(folder.name) {
      let path = objects + "/" + folder.name
      for file in (try? FileSystem.list(path)) ?? [] where file.name.count == 38 && isHex(file.name) {
        loose.ids.append(folder.name + file.name)
        if lstat(path + "/" + file.name, &status) == 0 { loose.bytes += Int(status.st_blocks) * 512 }
      }
    }
    return loose
  }

  private static func isHex(_ name: String) -> Bool {
    name.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
  }

  /// The packs of `folder` that have an index (git and libgit2 ignore the
  /// others), by name without `.pack`.
  static func packNames(in folder: String) -> [String] {
    let names = Set(((try? FileSystem.list(folder)) ?? []).map(\.name))
    return names.filter { $0.hasPrefix("pack-") && $0.hasSuffix(".pack") }.map { String($0.dropLast(5)) }
      .filter { names.contains($0 + ".idx") }.sorted()
  }

  // MARK: Files of killed runs

  /// How long a temporary file of libgit2's must have been left untouched
  /// before it counts as stale: an hour, far longer than a packing or fetch
  /// that is still writing it leaves it alone.
  static let staleAge: time_t = 3600

  /// When packing was first asked for in this process: no file older than
  /// that was written by this process's packing.
  private static let firstPackingInThisProcess = time(nil)

  /// The modification time before which temporary files are stale.
  static func staleBefore() -> time_t { min(firstPackingInThisProcess, time(nil) - staleAge) }

  /// Removes what a packing run (rk's, or another libgit2 program's) that
  /// was killed leaves in `folder`, once provably stale.
  ///
  /// libgit2 (1.5) writes a new pack as `pack_git2_<random>` and its index
  /// as `pack_git2_<random>idx.lock`, then links the index into place as
  /// `pack-<hash>.idx`, then the pack, and unlinks the temporary names. A
  /// kill can leave temporary files (as large as the pack) and an index
  /// whose pack never arrived. Neither holds an object git or libgit2 can see.
  ///
  /// The rule: such a file is stale when it was last modified before
  /// `limit`, which is the earlier of when this process first packed and an
  /// hour ago (``staleAge``). Another rk cannot be writing it, because
  /// packing runs under the collection lock that the caller holds; this
  /// process was not writing it, because it is older than its first packing;
  /// and a libgit2 fetch of another program that is still running would have
  /// touched it within the hour. git's own temporary files (`tmp_pack_*`)
  /// are left to `git gc`.
  static func removeStaleTemporaryFiles(in folder: String, modifiedBefore limit: time_t) {
    guard let entries = try? FileSystem.list(folder) else { return }
    let names = Set(entries.map(\.name))
    var status = stat()
    for name in names {
      let isTemporary = name.hasPrefix("pack_git2_")
      let isOrphanIndex = name.hasPrefix("pack-") && name.hasSuffix(".idx") && !names.contains(String(name.dropLast(4)) + ".pack")
      guard isTemporary || isOrphanIndex, lstat(folder + "/" + name, &status) == 0,
        (status.st_mode & S_IFMT) == S_IFREG, modificationTime(status) < limit
      else { continue }
      unlink(folder + "/" + name)
    }
  }

  /// How long a file a killed run left must have stood untouched before
  /// ``removeKilledTemporaryFiles(in:repository:)`` removes it.
  static let killedFileAge: time_t = 5

  /// Removes what a fetch, push or packing (rk's, or another libgit2
  /// program's) that was killed left in the pack folder `folder`, without
  /// waiting an hour: libgit2's `pack_git2_*` temporary files, an index
  /// whose pack never arrived, and `.lock` files. Returns their paths.
  ///
  /// A file goes once it has stood untouched ``killedFileAge`` seconds and
  /// no process on this machine holds it (``LockFile``: has it open, or,
  /// for a lock, is a git working in `repository`). A libgit2 writer keeps
  /// its temporary files open until it links them into place, so a living
  /// one is never robbed; on a system that cannot tell (no `/proc`), the
  /// hour of ``removeStaleTemporaryFiles(in:modifiedBefore:)`` still applies.
  @discardableResult
  static func removeKilledTemporaryFiles(in folder: String, repository: [String]) -> [String] {
    guard let entries = try? FileSystem.list(folder) else { return [] }
    let names = Set(entries.map(\.name))
    let now = time(nil)
    var status = stat()
    var removed: [String] = []
    for name in names.sorted() {
      let isLock = name.hasSuffix(".lock")
      let isTemporary = name.hasPrefix("pack_git2_")
      let isOrphanIndex = name.hasPrefix("pack-") && name.hasSuffix(".idx") && !names.contains(String(name.dropLast(4)) + ".pack")
      let path = folder + "/" + name
      guard isLock || isTemporary || isOrphanIndex, lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG,
        now - modificationTime(status) >= killedFileAge,
        LockFile.holders(of: path, repository: isLock ? repository : [])?.isEmpty == true, unlink(path) == 0
      else { continue }
      removed.append(path)
    }
    return removed
  }

  private static func modificationTime(_ status: stat) -> time_t {
    #if canImport(Darwin)
      status.st_mtimespec.tv_sec
    #else
      status.st_mtim.tv_sec
    #endif
  }

  /// Rewrites `objects/info/packs` (the pack list `git update-server-info`
  /// keeps for dumb HTTP) to name the packs there are now, when it exists.
  static func updatePackList(objects: String) {
    let path = objects + "/info/packs"
    guard FileSystem.exists(path) else { return }
    let lines = packNames(in: objects + "/pack").map { "P " + $0 + ".pack\n" }
    try? FileSystem.writeAtomically(Array((lines.joined() + "\n").utf8), to: path)
  }
}

/// `open(2)` for reading; at file scope, where `open` is not
/// ``GitRepository/open(containing:)``.
private func openReadOnly(_ path: String) -> Int32 { open(path, O_RDONLY | O_CLOEXEC) }

/// The object ids a pack index (`.idx`) lists, read through libgit2's
/// object database backend for one pack.
struct PackIndex {
  private(set) var ids: Set<String>

  init(path: String) throws(GitError) {
    ids = try OnePackBackend(indexPath: path).objectIDs()
  }

  func contains(_ id: String) -> Bool { ids.contains(id) }
}

/// The one owner of a libgit2 object database backend that reads a single
/// pack: made in `init`, freed (through the backend's own `free`) in
/// `deinit`, never handed to an object database that would free it too.
private final class OnePackBackend {
  private let backend: UnsafeMutablePointer<git_odb_backend>

  init(indexPath: String) throws(GitError) {
    var pointer: UnsafeMutablePointer<git_odb_backend>?
    try LibGit2.check(git_odb_backend_one_pack(&pointer, indexPath), "git_odb_backend_one_pack")
    guard let pointer else {
      throw .libgit2(function: "git_odb_backend_one_pack", code: -1, message: "no backend for \(indexPath)")
    }
    backend = pointer
  }

  deinit { backend.pointee.free?(backend) }

  /// Every object id of the pack.
  func objectIDs() throws(GitError) -> Set<String> {
    guard let foreach = backend.pointee.foreach else {
      throw .libgit2(function: "git_odb_backend.foreach", code: -1, message: "the pack backend cannot list objects")
    }
    final class Collector { var ids: Set<String> = [] }
    let collector = Collector()
    let result = withExtendedLifetime(collector) {
      foreach(
        backend,
        { id, payload in
          guard let id, let payload else { return 0 }
          Unmanaged<Collector>.fromOpaque(payload).takeUnretainedValue().ids.insert(id.pointee.hex)
          return 0
        }, Unmanaged.passUnretained(collector).toOpaque())
    }
    try LibGit2.check(result, "git_odb_backend.foreach")
    return collector.ids
  }
}
