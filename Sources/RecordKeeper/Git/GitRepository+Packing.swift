import CLibGit2

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Keeping `.git` small. libgit2 writes every object as its own zlib file and
/// never packs them, so `rk` does what `git gc --auto` does.
///
/// Git keeps files beside packs that name them: a multi-pack-index lists
/// packs by name and its bitmap and reverse index describe them, a pack's
/// `.bitmap`, `.rev` and `.mtimes` (cruft packs) belong to it, `.keep` and
/// `.promisor` mark packs that must stay, and `objects/info/packs` lists them
/// for dumb HTTP. Deleting a pack that a multi-pack-index names leaves a
/// repository git cannot read (`fsck`: "failed to load pack entry"). So the
/// rule is: **rk replaces only plain packs, and leaves every pack git marked
/// alone.** A pack is rk's to fold only when no multi-pack-index names it and
/// it has no `.keep`, `.promisor`, `.bitmap` or `.mtimes`; when a
/// multi-pack-index exists that rk cannot read, no pack is folded. Packs
/// `git gc` or `git repack` wrote without those marks are plain packs too:
/// nothing refers to them by name but their own `.rev`, which goes with
/// them, and `objects/info/packs`, which is rewritten. The commit-graph (one
/// file or a chain) names commits, not packs, and rk never removes an
/// object, so it stays valid as it is. Marked packs, multi-pack-indexes and
/// their bitmaps are never written, moved or deleted; git's own maintenance
/// (`git maintenance`, `git gc`) folds rk's packs into them later.
extension GitRepository {
  /// Pack when there are more loose objects than this …
  public static let defaultLooseObjectLimit = 1000
  /// … or when they take more bytes on disk than this.
  public static let defaultLooseByteLimit = 8 << 20
  /// Fold packs together when packing would leave more than this many of
  /// rk's own (plain) packs.
  static let maximumPacks = 8

  /// Packs the loose objects when there are many, as `git gc --auto` does.
  ///
  /// Nothing happens while the loose objects number at most
  /// `looseObjectLimit` and take at most `looseByteLimit` bytes on disk.
  /// Past either, they are written into a new pack (libgit2's packbuilder
  /// stores similar objects as deltas of each other). Once that would make
  /// more than ``maximumPacks`` plain packs, the new pack also takes in the
  /// small plain packs, keeping only large ones that each outweigh twice all
  /// smaller packs together (as `git repack --geometric=2` does), so that
  /// folding rarely rewrites the bulk of a collection (its cover images);
  /// when no pack is that large, every plain pack is folded into one. Packs
  /// git marked are never folded (see the rule above).
  ///
  /// Every object of the packs it replaces goes into the new pack, whether
  /// or not a branch reaches it (git's own `gc` prunes what nothing reaches;
  /// `rk` never drops objects).
  ///
  /// Crash safety comes from the order of the steps, so that a `SIGKILL` at
  /// any moment leaves a repository git can use and loses nothing:
  /// 1. the new pack and its index are written in full and flushed to disk
  ///    (files and folder) before anything is deleted; until libgit2 links
  ///    them into place they are `pack_git2_*` files that git ignores;
  /// 2. a loose object is deleted only once the new pack's index, read back
  ///    from disk, lists it;
  /// 3. an old pack is deleted only once that index lists every object of
  ///    the old one, its `.pack` first and its `.idx` last: an index without
  ///    its pack is ignored by git and libgit2 and provably useless, so a
  ///    later run removes it (a `.pack` without index could not be told from
  ///    one that holds the only copy of something);
  /// 4. `objects/info/packs` is rewritten last, atomically.
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
    try pack(looseObjectLimit: looseObjectLimit, looseByteLimit: looseByteLimit, maximumPacks: Self.maximumPacks)
  }

  /// ``packIfNeeded(looseObjectLimit:looseByteLimit:)`` with the number of
  /// plain packs to allow; 1 folds every plain pack every time.
  func pack(looseObjectLimit: Int, looseByteLimit: Int, maximumPacks: Int) throws(GitError) -> Bool {
    let objects = try objectsDirectory()
    let packFolder = objects + "/pack"
    Self.removeStaleTemporaryFiles(in: packFolder, modifiedBefore: Self.staleBefore())
    let loose = Self.looseObjects(in: objects)
    guard loose.ids.count > looseObjectLimit || loose.bytes > looseByteLimit else { return false }
    let allPacks = Self.packs(in: packFolder)
    let packs = allPacks.filter(\.replaceable)
    let folded = Self.packsToFold(packs, looseBytes: loose.bytes, maximumPacks: maximumPacks)

    let written: String
    // Packing "everything" walks the branches, which gives the packbuilder
    // paths to pick delta bases by, but it would also copy the objects of
    // marked packs and of alternates: only when there are none.
    let everything = !folded.isEmpty && folded.count == allPacks.count && !FileSystem.exists(objects + "/info/alternates")
    if everything {
      written = try writePack(to: packFolder, of: nil)
    } else {
      var ids = Set(loose.ids)
      for pack in folded { ids.formUnion((try? PackIndex(path: pack.path + ".idx"))?.ids ?? []) }
      written = try writePack(to: packFolder, of: ids.compactMap { try? git_oid.parse($0) })
    }

    let newPack = try PackIndex(path: written + ".idx")
    for id in loose.ids where newPack.contains(id) {
      unlink(objects + "/" + id.prefix(2) + "/" + id.dropFirst(2))
    }
    for folder in Set(loose.ids.map { $0.prefix(2) }) { rmdir(objects + "/" + folder) }
    for pack in folded where pack.path != written {
      guard let old = try? PackIndex(path: pack.path + ".idx"), old.ids.allSatisfy(newPack.contains) else { continue }
      for suffix in [".pack", ".rev", ".bitmap", ".mtimes", ".idx"] { unlink(pack.path + suffix) }
    }
    Self.updatePackList(objects: objects)
    let odb = try GitHandle.make("git_repository_odb", free: git_odb_free) { git_repository_odb($0, repository) }
    try LibGit2.check(odb.withPointer { git_odb_refresh($0) }, "git_odb_refresh")
    return true
  }

  /// The packs to fold into the new one: none while packing leaves at most
  /// `maximumPacks`; else all but the largest packs that each take at least
  /// twice the bytes of all smaller packs and the loose objects together,
  /// keeping few enough of those for the count to drop below the limit.
  static func packsToFold(_ packs: [Pack], looseBytes: Int, maximumPacks: Int) -> [Pack] {
    guard packs.count + 1 > maximumPacks else { return [] }
    let largestFirst = packs.sorted { $0.bytes > $1.bytes }
    var smaller = largestFirst.reduce(looseBytes) { $0 + $1.bytes }
    var kept = 0
    for pack in largestFirst {
      smaller -= pack.bytes
      guard pack.bytes >= 2 * smaller, kept + 2 < maximumPacks else { break }
      kept += 1
    }
    return Array(largestFirst[kept...])
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

  /// Writes a pack into `folder` holding `ids`, or every object of the
  /// repository when `ids` is `nil`, and flushes it to disk.
  ///
  /// - Returns: The new pack's path without `.pack`.
  private func writePack(to folder: String, of ids: [git_oid]?) throws(GitError) -> String {
    let builder = try GitHandle.make("git_packbuilder_new", free: git_packbuilder_free) {
      git_packbuilder_new($0, repository)
    }
    _ = builder.withPointer { git_packbuilder_set_threads($0, 0) }
    if let ids {
      for var id in ids {
        try LibGit2.check(builder.withPointer { git_packbuilder_insert($0, &id, nil) }, "git_packbuilder_insert")
      }
    } else {
      // Commits and trees from the branches first: walking them gives each
      // object its path, which helps the packbuilder pick delta bases.
      let walk = try GitHandle.make("git_revwalk_new", free: git_revwalk_free) { git_revwalk_new($0, repository) }
      if try headCommit() != nil {
        try LibGit2.check(walk.withPointer { git_revwalk_push_head($0) }, "git_revwalk_push_head")
      }
      try LibGit2.check(walk.withPointer { git_revwalk_push_glob($0, "*") }, "git_revwalk_push_glob")
      let result = builder.withPointer { builder in walk.withPointer { git_packbuilder_insert_walk(builder, $0) } }
      try LibGit2.check(result, "git_packbuilder_insert_walk")
      // Then everything else: staged blobs, stashes, unreachable objects.
      let odb = try GitHandle.make("git_repository_odb", free: git_odb_free) { git_repository_odb($0, repository) }
      for var id in try Self.objectIDs(in: odb) {
        try LibGit2.check(builder.withPointer { git_packbuilder_insert($0, &id, nil) }, "git_packbuilder_insert")
      }
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

  /// Every object id `odb` holds.
  private static func objectIDs(in odb: GitHandle) throws(GitError) -> [git_oid] {
    final class Collector { var ids: [git_oid] = [] }
    let collector = Collector()
    let result = withExtendedLifetime(collector) {
      odb.withPointer { odb in
        git_odb_foreach(
          odb,
          { id, payload in
            guard let id, let payload else { return 0 }
            Unmanaged<Collector>.fromOpaque(payload).takeUnretainedValue().ids.append(id.pointee)
            return 0
          }, Unmanaged.passUnretained(collector).toOpaque())
      }
    }
    try LibGit2.check(result, "git_odb_foreach")
    return collector.ids
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

  /// A pack in `objects/pack`.
  struct Pack {
    /// The path without `.pack`.
    var path: String
    /// The bytes the `.pack` file takes on disk.
    var bytes: Int
    /// Whether it is a plain pack rk may fold: no multi-pack-index names it
    /// and no `.keep`, `.promisor`, `.bitmap` or `.mtimes` marks it.
    var replaceable: Bool
  }

  /// The packs of `folder` that have an index (git and libgit2 ignore the others).
  static func packs(in folder: String) -> [Pack] {
    let names = Set(((try? FileSystem.list(folder)) ?? []).map(\.name))
    // `nil` when a multi-pack-index cannot be read: then no pack is plain.
    let named = packsNamedByMultiPackIndexes(in: folder, names: names)
    var status = stat()
    return names.filter { $0.hasPrefix("pack-") && $0.hasSuffix(".pack") }.sorted().compactMap { name in
      let stem = String(name.dropLast(5))
      guard names.contains(stem + ".idx"), lstat(folder + "/" + name, &status) == 0 else { return nil }
      let marked = [".keep", ".promisor", ".bitmap", ".mtimes"].contains { names.contains(stem + $0) }
      return Pack(
        path: folder + "/" + stem, bytes: Int(status.st_blocks) * 512,
        replaceable: !marked && named.map { !$0.contains(stem) } == true)
    }
  }

  /// The packs (`pack-…` without suffix) that the multi-pack-indexes in
  /// `folder` name: `multi-pack-index` and every layer in
  /// `multi-pack-index.d` (git 2.47's incremental chains; layers the chain
  /// no longer lists count too, which only keeps more). `nil` when one
  /// cannot be read.
  static func packsNamedByMultiPackIndexes(in folder: String, names: Set<String>) -> Set<String>? {
    var files = names.contains("multi-pack-index") ? [folder + "/multi-pack-index"] : []
    if names.contains("multi-pack-index.d") {
      guard let layers = try? FileSystem.list(folder + "/multi-pack-index.d") else { return nil }
      files += layers.filter { $0.name.hasSuffix(".midx") }.map { folder + "/multi-pack-index.d/" + $0.name }
    }
    var named: Set<String> = []
    for file in files {
      guard let bytes = try? FileSystem.read(file), let packs = packNames(inMultiPackIndex: bytes) else { return nil }
      named.formUnion(packs)
    }
    return named
  }

  /// The pack names of a multi-pack-index file (gitformat-pack(5): a header
  /// `MIDX`, version, hash version, chunk count, base count, pack count; a
  /// table of chunk ids and offsets; the `PNAM` chunk lists the packs' index
  /// names, each ending in a NUL), without `.idx`; `nil` when the file is
  /// not one git 2.39 to 2.47 writes.
  static func packNames(inMultiPackIndex bytes: [UInt8]) -> [String]? {
    func number(at offset: Int, size: Int) -> Int? {
      guard offset >= 0, offset + size <= bytes.count else { return nil }
      return bytes[offset..<offset + size].reduce(0) { $0 << 8 | Int($1) }
    }
    guard bytes.count >= 12, bytes.prefix(4).elementsEqual("MIDX".utf8), (1...2).contains(bytes[4]),
      let packCount = number(at: 8, size: 4)
    else { return nil }
    let chunkCount = Int(bytes[6])
    for row in 0..<chunkCount {
      let entry = 12 + row * 12
      guard bytes.count >= entry + 24 else { return nil }
      guard bytes[entry..<entry + 4].elementsEqual("PNAM".utf8) else { continue }
      guard let start = number(at: entry + 4, size: 8), let end = number(at: entry + 16, size: 8),
        start <= end, end <= bytes.count
      else { return nil }
      let names = bytes[start..<end].split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
      guard names.count == packCount else { return nil }
      return names.map { name in
        for suffix in [".idx", ".pack"] where name.hasSuffix(suffix) { return String(name.dropLast(suffix.count)) }
        return name
      }
    }
    return nil
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
  /// `pack-<hash>.idx`, then the pack, and unlinks the temporary names; rk
  /// deletes an old pack's `.pack` before its `.idx`. A kill can leave
  /// temporary files (as large as the pack) and an index whose pack is
  /// gone. Neither holds an object git or libgit2 can see.
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
    let lines = packs(in: objects + "/pack").map { "P " + ($0.path.split(separator: "/").last ?? "") + ".pack\n" }
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
