import CLibGit2
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An index entry as a plain value: what a change records to put the index
/// back after an interruption.
struct GitIndexEntry: Codable, Equatable, Sendable {
  /// Relative to the work tree.
  var path: String
  /// The blob id, 40 hexadecimal digits.
  var id: String
  var mode: UInt32
}

extension GitRepository {
  /// Commits exactly `paths` as they are in the work tree, on top of HEAD (or
  /// as the first commit of an unborn branch), and moves the branch to it.
  ///
  /// Each path is relative to ``workingDirectory`` (absolute paths inside it
  /// are accepted) and names a file or a whole folder; "" or "." is the whole
  /// work tree. Files present there are added or updated, missing ones are
  /// removed; a folder stands for every file below it in HEAD and in the work
  /// tree. Files git ignores are left out unless they are tracked already.
  ///
  /// The tree is HEAD's tree with only these paths replaced (blobs from the
  /// work-tree files), so whatever a person has staged or changed elsewhere
  /// is neither committed nor disturbed. The repository's own index entries
  /// for these paths are set to what is committed, so `git status` shows them
  /// clean.
  ///
  /// The index and the branch move together or not at all: the commit object
  /// is written first, then the index (under `index.lock`), then the branch
  /// is moved only if it still points where it did; if the branch cannot
  /// move, the index is put back as it was and the error thrown. So a thrown
  /// error always means HEAD and the index are as they were, and a returned
  /// commit means both hold it.
  ///
  /// The author and committer are found as git finds them
  /// (``GitIdentity``), else `Record Keeper <rk@localhost>` for whichever is
  /// missing.
  ///
  /// `contents` gives, for files below `paths` (relative to the work tree),
  /// the bytes to commit instead of what the file holds now: the bytes rk
  /// wrote and checked, so that a person's editor halfway through saving
  /// the file never puts half a file into history (docs/commands.md, "Changes and commits").
  ///
  /// - Returns: The new commit, or `nil` when the tree would equal HEAD's, in
  ///   which case nothing is committed.
  /// - Throws: ``GitError/unfinishedOperation(_:)`` or ``GitError/conflicts``
  ///   as ``ensureReadyToCommit()`` does, ``GitError/outsideWorkTree(_:)``,
  ///   ``GitError/locked(_:)`` when another program holds the index or the
  ///   branch, or the libgit2 failure.
  @discardableResult
  public func commit(paths: [String], message: String, contents: [String: [UInt8]] = [:]) throws(GitError) -> GitCommit? {
    try ensureReadyToCommit()
    var relativePaths: [String] = []
    for path in paths {
      let path = try relativePath(path)
      if !relativePaths.contains(path) { relativePaths.append(path) }
    }
    if relativePaths.contains("") { relativePaths = [""] }

    let head = try headCommit()
    let headTree = try head.map { (head) throws(GitError) in try tree(of: head) }
    let index = try repositoryIndex()

    // What HEAD has at these paths, and what the work tree has there now.
    var headFiles: [String: UInt32] = [:]
    if let headTree {
      for path in relativePaths { try headFiles.merge(files(under: path, in: headTree).mapValues(\.mode)) { old, _ in old } }
    }
    let headFolders = Set(headFiles.keys.flatMap(Self.folders(above:)))
    let keepModes = try !fileModesAreTracked()
    let indexWritten = indexWriteTime(index)
    var found: [String: WorkTreeFile] = [:]
    for path in relativePaths {
      let present = workTreeFiles(
        under: path,
        isTracked: { file in
          headFiles[file] != nil || index.withPointer { git_index_get_bypath($0, file, 0) != nil }
        },
        holdsTracked: { folder in headFolders.contains(folder) || Self.index(index, holdsEntriesUnder: folder) })
      for file in present where found[file] == nil && contents[file] == nil {
        found[file] = try workTreeFile(file, index: index, indexWritten: indexWritten, headModes: keepModes ? headFiles : nil)
      }
    }
    for (file, bytes) in contents {
      let file = try relativePath(file)
      guard relativePaths.contains(where: { $0.isEmpty || file == $0 || file.hasPrefix($0 + "/") }) else { continue }
      found[file] = try writtenFile(file, bytes: bytes, headModes: keepModes ? headFiles : nil)
    }

    // A file the sparse checkout leaves out is missing because git did not
    // check it out, not because it was deleted: it stays as committed. One
    // written there anyway is outside what this clone checks out: refused.
    let notCheckedOut = Self.entries(under: relativePaths, in: index).filter(\.isSkipWorktree)
    if let written = notCheckedOut.first(where: { found[$0.path] != nil }) { throw .outsideSparseCheckout(written.path) }
    let kept = Set(notCheckedOut.map(\.path))

    // HEAD's tree edited along the changed paths only. (An in-memory index,
    // `git_index_read_tree` then `git_index_write_tree_to`, took 100 ms a
    // commit in a folder of 10,000 albums: libgit2 finds each cached subtree
    // of a folder by a linear search.)
    let treeID = try updatedTree(
      headTree, upserting: found.values.sorted { $0.path < $1.path },
      removing: headFiles.keys.filter { found[$0] == nil && !kept.contains($0) }.sorted())
    if let headTree, headTree.withPointer({ git_tree_id($0).pointee.isSame(as: treeID) }) { return nil }
    let files = found.values.sorted { $0.path < $1.path }

    // The commit object first, without moving the branch: until the branch
    // moves nothing a person sees has changed.
    let commitID = try createCommit(tree: treeID, parent: head, message: message)

    // Then the index, so that the branch never holds a commit the index does
    // not (a later `git commit` would silently revert it).
    let saved = Self.entries(under: relativePaths, in: index)
    do {
      for path in relativePaths { try Self.removeEntries(under: path, from: index) }
      for file in files { try file.add(to: index, withStatus: true) }
      for entry in notCheckedOut { try entry.add(to: index) }
      try writeIndex(index)
    } catch {
      _ = index.withPointer { git_index_read($0, 1) }
      throw error
    }

    // Last the branch, only from where it was.
    do {
      try moveHead(to: commitID, from: head.map { $0.withPointer { git_commit_id($0).pointee } }, message: message)
    } catch {
      // Put the index back, so that HEAD and the index still agree.
      do {
        for path in relativePaths { try Self.removeEntries(under: path, from: index) }
        for entry in saved { try entry.add(to: index) }
        try writeIndex(index)
      } catch {
        _ = index.withPointer { git_index_read($0, 1) }
      }
      throw error
    }
    return Self.copy(try lookupCommit(commitID))
  }

  /// HEAD's tree with `upserts` put in and `removals` taken out (folders left
  /// empty disappear), written without reading the rest of the tree: only the
  /// trees along the changed paths are rewritten.
  ///
  /// `git_tree_create_updated` refuses to turn a file into a folder or a
  /// folder into a file in one go, so when that happens the removals are
  /// applied first, as a tree of their own.
  private func updatedTree(
    _ baseline: GitHandle?, upserting upserts: [WorkTreeFile], removing removals: [String]
  ) throws(GitError) -> git_oid {
    let upsertPaths = Set(upserts.map(\.path))
    let removalPaths = Set(removals)
    let changesType =
      upserts.contains { Self.folders(above: $0.path).contains(where: removalPaths.contains) }
      || removals.contains { Self.folders(above: $0).contains(where: upsertPaths.contains) }
    if changesType && !removals.isEmpty && !upserts.isEmpty {
      var removedID = try updatedTree(baseline, upserting: [], removing: removals)
      let removed = try GitHandle.make("git_tree_lookup", free: git_tree_free) {
        git_tree_lookup($0, repository, &removedID)
      }
      return try updatedTree(removed, upserting: upserts, removing: [])
    }
    let paths = upserts.map { strdup($0.path) } + removals.map { strdup($0) }
    defer { for path in paths { free(path) } }
    var updates: [git_tree_update] = []
    for (offset, file) in upserts.enumerated() {
      updates.append(
        git_tree_update(
          action: GIT_TREE_UPDATE_UPSERT, id: file.id, filemode: git_filemode_t(rawValue: file.mode),
          path: paths[offset]))
    }
    for offset in removals.indices {
      updates.append(
        git_tree_update(
          action: GIT_TREE_UPDATE_REMOVE, id: git_oid(), filemode: GIT_FILEMODE_UNREADABLE,
          path: paths[upserts.count + offset]))
    }
    var treeID = git_oid()
    let result: Int32
    if let baseline {
      result = baseline.withPointer { git_tree_create_updated(&treeID, repository, $0, updates.count, updates) }
    } else {
      result = git_tree_create_updated(&treeID, repository, nil, updates.count, updates)
    }
    try LibGit2.check(result, "git_tree_create_updated")
    return treeID
  }

  /// The files (blobs and symbolic links, not submodules) at or below `path`
  /// in `tree`, with their modes.
  private func files(under path: String, in tree: GitHandle) throws(GitError) -> [String: (mode: UInt32, id: git_oid)] {
    let folder: GitHandle
    if path.isEmpty {
      folder = tree
    } else {
      guard let entry = try entry(at: path, in: tree) else { return [:] }
      guard entry.type == GIT_OBJECT_TREE else {
        guard entry.type == GIT_OBJECT_BLOB else { return [:] }
        let mode = try GitHandle.make("git_tree_entry_bypath", free: git_tree_entry_free) { out in
          tree.withPointer { git_tree_entry_bypath(out, $0, path) }
        }.withPointer { git_tree_entry_filemode($0).rawValue }
        return [path: (mode, entry.id)]
      }
      var id = entry.id
      folder = try GitHandle.make("git_tree_lookup", free: git_tree_free) { git_tree_lookup($0, repository, &id) }
    }
    final class Collector {
      var prefix: String
      var files: [String: (mode: UInt32, id: git_oid)] = [:]
      init(prefix: String) { self.prefix = prefix }
    }
    let collector = Collector(prefix: path.isEmpty ? "" : path + "/")
    let result = withExtendedLifetime(collector) {
      folder.withPointer { folder in
        git_tree_walk(
          folder, GIT_TREEWALK_PRE,
          { root, entry, payload in
            guard let entry, let payload, git_tree_entry_type(entry) == GIT_OBJECT_BLOB else { return 0 }
            let collector = Unmanaged<Collector>.fromOpaque(payload).takeUnretainedValue()
            let name = String(cString: git_tree_entry_name(entry))
            let path = collector.prefix + (root.map { String(cString: $0) } ?? "") + name
            collector.files[path] = (git_tree_entry_filemode(entry).rawValue, git_tree_entry_id(entry).pointee)
            return 0
          }, Unmanaged.passUnretained(collector).toOpaque())
      }
    }
    try LibGit2.check(result, "git_tree_walk")
    return collector.files
  }

  /// The folders holding `path`: `a` and `a/b` for `a/b/c`.
  private static func folders(above path: String) -> [String] {
    var folders: [String] = []
    var end = path.startIndex
    while let slash = path[end...].firstIndex(of: "/") {
      folders.append(String(path[..<slash]))
      end = path.index(after: slash)
    }
    return folders
  }

  /// Whether `index` has entries below `folder`.
  private static func index(_ index: GitHandle, holdsEntriesUnder folder: String) -> Bool {
    index.withPointer { index in
      var position = 0
      if git_index_find_prefix(&position, index, folder + "/") == 0 { return true }
      LibGit2.clearError()
      return false
    }
  }

  /// Writes a commit of the tree `treeID` with `parent` (if any), without
  /// moving any branch.
  private func createCommit(tree treeID: git_oid, parent: GitHandle?, message: String) throws(GitError) -> git_oid {
    try createCommit(tree: treeID, parentHandles: parent.map { [$0] } ?? [], message: message)
  }

  /// Moves HEAD's branch (HEAD itself when detached) to `commitID`, only if
  /// it still points at `parent` (is still unborn when `parent` is `nil`),
  /// with a reflog entry as `git commit` writes.
  private func moveHead(to commitID: git_oid, from parent: git_oid?, message: String) throws(GitError) {
    let name = try headReferenceName()
    let summary = message.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
    var target = commitID
    var reference: OpaquePointer?
    defer { if let reference { git_reference_free(reference) } }
    let result: Int32
    if var parent {
      result = git_reference_create_matching(&reference, repository, name, &target, 1, &parent, "commit: \(summary)")
    } else {
      result = git_reference_create(&reference, repository, name, &target, 0, "commit (initial): \(summary)")
    }
    if result == GIT_ELOCKED.rawValue {
      LibGit2.clearError()
      throw .locked(referenceLockPath(name))
    }
    try LibGit2.check(result, name == "HEAD" ? "git_reference_create_matching (HEAD)" : "git_reference_create_matching")
  }

  /// The reference a commit moves: the branch HEAD names, or "HEAD" when
  /// HEAD is detached.
  func headReferenceName() throws(GitError) -> String {
    let head = try GitHandle.make("git_reference_lookup", free: git_reference_free) {
      git_reference_lookup($0, repository, "HEAD")
    }
    return head.withPointer { head in
      guard git_reference_type(head) == GIT_REFERENCE_SYMBOLIC, let target = git_reference_symbolic_target(head) else {
        return "HEAD"
      }
      return String(cString: target)
    }
  }

  /// The lock file git and libgit2 take to change the reference `name`.
  func referenceLockPath(_ name: String) -> String {
    // HEAD lives beside the index; branches in the common folder, shared by
    // linked work trees.
    let folder = name == "HEAD" ? gitDirectory : git_repository_commondir(repository).map { String(cString: $0) } ?? gitDirectory
    return (folder.hasSuffix("/") ? folder : folder + "/") + name + ".lock"
  }

  /// The lock file of the repository's index.
  var indexLockPath: String { gitDirectory + "/index.lock" }

  /// The lock files a commit takes: the index's and HEAD's branch's.
  func commitLockPaths() throws(GitError) -> [String] {
    [indexLockPath, referenceLockPath(try headReferenceName())]
  }

  /// Writes `index` to disk, reporting a lock held by another program as
  /// ``GitError/locked(_:)``.
  private func writeIndex(_ index: GitHandle) throws(GitError) {
    let result = index.withPointer { git_index_write($0) }
    if result == GIT_ELOCKED.rawValue {
      LibGit2.clearError()
      throw .locked(indexLockPath)
    }
    try LibGit2.check(result, "git_index_write")
  }

  /// The id of `commit`'s first parent, or `nil` for a root commit.
  func firstParentID(of commit: GitCommit) throws(GitError) -> String? {
    try firstParent(of: try lookupCommit(try git_oid.parse(commit.id)))?.withPointer { git_commit_id($0).pointee.hex }
  }

  /// The author and committer (``GitIdentity``: git's variables, else the
  /// repository's configuration, else `Record Keeper <rk@localhost>`).
  func signatures() throws(GitError) -> (author: GitSignature, committer: GitSignature) {
    let config = try GitHandle.make("git_repository_config_snapshot", free: git_config_free) {
      git_repository_config_snapshot($0, repository)
    }
    func value(_ name: String) -> String? {
      var pointer: UnsafePointer<CChar>?
      guard config.withPointer({ git_config_get_string(&pointer, $0, name) }) == 0, let pointer else {
        LibGit2.clearError()
        return nil
      }
      return String(cString: pointer)
    }
    func variable(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
    func signature(_ role: GitIdentity.Role) throws(GitError) -> GitSignature {
      let (identity, missing) = GitIdentity.resolve(role, environment: variable, config: value)
      if missing { GitIdentity.noticeMissing(marker: gitDirectory + "/rk/identity-noticed") }
      if let signature = identity.signature() { return signature }
      // A name or email git cannot use (one with `<` or `>`).
      var pointer: UnsafeMutablePointer<git_signature>?
      try LibGit2.check(git_signature_now(&pointer, GitIdentity.fallbackName, GitIdentity.fallbackEmail), "git_signature_now")
      guard let pointer else { throw .libgit2(function: "git_signature_now", code: -1, message: "no signature was returned") }
      return GitSignature(pointer)
    }
    return (try signature(.author), try signature(.committer))
  }

  /// Whether git records the executable bit (`core.fileMode`, true unless set
  /// otherwise); when it does not, a file keeps the mode HEAD has for it.
  private func fileModesAreTracked() throws(GitError) -> Bool {
    let config = try GitHandle.make("git_repository_config_snapshot", free: git_config_free) {
      git_repository_config_snapshot($0, repository)
    }
    var value: Int32 = 1
    if config.withPointer({ git_config_get_bool(&value, $0, "core.filemode") }) < 0 {
      LibGit2.clearError()
      return true
    }
    return value != 0
  }

  // MARK: Index entries

  /// Removes the entries at `path` and below it from `index` ("" for all),
  /// except submodules, which `rk` never changes.
  static func removeEntries(under path: String, from index: GitHandle) throws(GitError) {
    let doomed: [String] = index.withPointer { index in
      var doomed: [String] = []
      if !path.isEmpty, git_index_get_bypath(index, path, 0) != nil { doomed.append(path) }
      let count = git_index_entrycount(index)
      var position = 0
      if !path.isEmpty {
        if git_index_find_prefix(&position, index, path + "/") != 0 {
          LibGit2.clearError()
          position = count
        }
      }
      let prefix = path + "/"
      while position < count, let entry = git_index_get_byindex(index, position) {
        let name = String(cString: entry.pointee.path)
        if !path.isEmpty && !name.hasPrefix(prefix) { break }
        if entry.pointee.mode != GIT_FILEMODE_COMMIT.rawValue { doomed.append(name) }
        position += 1
      }
      return doomed
    }
    // From the end, so that each removal moves no other entries.
    for name in doomed.sorted().reversed() {
      try LibGit2.check(index.withPointer { git_index_remove_bypath($0, name) }, "git_index_remove_bypath")
    }
  }

  /// A copy of an index entry, stat data and all, to put back later.
  struct SavedIndexEntry {
    var path: String
    var entry: git_index_entry

    /// Whether the sparse checkout leaves the file out of the work tree.
    var isSkipWorktree: Bool { UInt32(entry.flags_extended) & GIT_INDEX_ENTRY_SKIP_WORKTREE.rawValue != 0 }

    /// Adds the entry back to `index`.
    func add(to index: GitHandle) throws(GitError) {
      var entry = entry
      let result = path.withCString { path in
        entry.path = path
        return index.withPointer { git_index_add($0, &entry) }
      }
      try LibGit2.check(result, "git_index_add")
    }
  }

  /// Copies of the entries of `index` at or below `paths` ("" for all),
  /// except submodules. Each path is found by binary search, so the cost
  /// follows the entries copied, not the size of the index.
  static func entries(under paths: [String], in index: GitHandle) -> [SavedIndexEntry] {
    index.withPointer { index in
      var saved: [String: SavedIndexEntry] = [:]
      let count = git_index_entrycount(index)
      func keep(_ entry: git_index_entry, _ name: String) {
        guard entry.mode != GIT_FILEMODE_COMMIT.rawValue else { return }
        var copy = entry
        copy.path = nil
        saved[name] = SavedIndexEntry(path: name, entry: copy)
      }
      for path in paths {
        if !path.isEmpty, let entry = git_index_get_bypath(index, path, 0)?.pointee { keep(entry, path) }
        var position = 0
        if !path.isEmpty && git_index_find_prefix(&position, index, path + "/") != 0 {
          LibGit2.clearError()
          continue
        }
        let prefix = path.isEmpty ? "" : path + "/"
        while position < count, let entry = git_index_get_byindex(index, position)?.pointee, let pointer = entry.path {
          let name = String(cString: pointer)
          guard name.hasPrefix(prefix) else { break }
          keep(entry, name)
          position += 1
        }
      }
      return saved.values.sorted { $0.path < $1.path }
    }
  }

  /// The repository's index entries at or below `paths` (relative to the
  /// work tree; "" for all), as plain values: path, blob id and mode.
  func indexEntries(under paths: [String]) throws(GitError) -> [GitIndexEntry] {
    var relativePaths: [String] = []
    for path in paths { relativePaths.append(try relativePath(path)) }
    return Self.entries(under: relativePaths, in: try repositoryIndex()).map {
      GitIndexEntry(path: $0.path, id: $0.entry.id.hex, mode: $0.entry.mode)
    }
  }

  /// The files of `commit`'s tree at or below `paths` (none when `commit`
  /// is `nil`, an unborn branch), as index entries.
  func treeEntries(under paths: [String], of commit: GitCommit?) throws(GitError) -> [GitIndexEntry] {
    guard let commit else { return [] }
    let tree = try tree(of: try lookupCommit(try git_oid.parse(commit.id)))
    var entries: [String: GitIndexEntry] = [:]
    for path in paths {
      for (file, value) in try files(under: try relativePath(path), in: tree) {
        entries[file] = GitIndexEntry(path: file, id: value.id.hex, mode: value.mode)
      }
    }
    return entries.values.sorted { $0.path < $1.path }
  }

  /// Makes the repository's index entries at or below `paths` exactly
  /// `entries`, and writes the index only if that changes anything. An entry
  /// whose work-tree file holds the same content gets the file's stat data,
  /// so `git status` need not read it again.
  ///
  /// - Returns: Whether the index was written.
  @discardableResult
  func resetIndex(under paths: [String], to entries: [GitIndexEntry]) throws(GitError) -> Bool {
    var relativePaths: [String] = []
    for path in paths { relativePaths.append(try relativePath(path)) }
    let index = try repositoryIndex()
    let current = Self.entries(under: relativePaths, in: index).map {
      GitIndexEntry(path: $0.path, id: $0.entry.id.hex, mode: $0.entry.mode)
    }
    guard current.sorted(by: { $0.path < $1.path }) != entries.sorted(by: { $0.path < $1.path }) else { return false }
    do {
      for path in relativePaths { try Self.removeEntries(under: path, from: index) }
      for wanted in entries {
        var entry = git_index_entry()
        entry.id = try git_oid.parse(wanted.id)
        entry.mode = wanted.mode
        var status = stat()
        var hashed = git_oid()
        if lstat(workingDirectory + "/" + wanted.path, &status) == 0,
          git_repository_hashfile(&hashed, repository, wanted.path, GIT_OBJECT_BLOB, nil) == 0,
          hashed.isSame(as: entry.id)
        {
          WorkTreeFile(path: wanted.path, id: entry.id, mode: wanted.mode, status: status).copyStatus(into: &entry)
        } else {
          LibGit2.clearError()
        }
        let result = wanted.path.withCString { path in
          entry.path = path
          return index.withPointer { git_index_add($0, &entry) }
        }
        try LibGit2.check(result, "git_index_add")
      }
      try writeIndex(index)
    } catch {
      _ = index.withPointer { git_index_read($0, 1) }
      throw error
    }
    return true
  }

  /// A work-tree file, hashed into the object database.
  struct WorkTreeFile {
    var path: String
    var id: git_oid
    var mode: UInt32
    /// `lstat` of the file taken before it was hashed, so a change made since
    /// shows in `git status` rather than hiding behind fresh timestamps.
    var status: stat

    /// Adds the file to `index`, with its `lstat` data when `withStatus`
    /// (for the repository's index, so git sees it unchanged).
    func add(to index: GitHandle, withStatus: Bool) throws(GitError) {
      var entry = git_index_entry()
      entry.id = id
      entry.mode = mode
      if withStatus { copyStatus(into: &entry) }
      let result = path.withCString { path in
        entry.path = path
        return index.withPointer { git_index_add($0, &entry) }
      }
      try LibGit2.check(result, "git_index_add")
    }

    /// Puts the file's `lstat` data into `entry`.
    func copyStatus(into entry: inout git_index_entry) {
      #if canImport(Darwin)
        entry.ctime = git_index_time(status.st_ctimespec)
        entry.mtime = git_index_time(status.st_mtimespec)
      #else
        entry.ctime = git_index_time(status.st_ctim)
        entry.mtime = git_index_time(status.st_mtim)
      #endif
      entry.dev = UInt32(truncatingIfNeeded: status.st_dev)
      entry.ino = UInt32(truncatingIfNeeded: status.st_ino)
      entry.uid = UInt32(truncatingIfNeeded: status.st_uid)
      entry.gid = UInt32(truncatingIfNeeded: status.st_gid)
      entry.file_size = UInt32(truncatingIfNeeded: status.st_size)
    }
  }

  /// Reads the work-tree file at `path` into the object database, as
  /// `git add` does (through git's filters).
  ///
  /// Like git, it trusts `index` when the file's `lstat` data matches the
  /// entry there and the entry is not racily clean (changed within the same
  /// instant the index was written): then the file is not read at all.
  /// Without `headModes`, the mode comes from the file; with it (when git
  /// ignores the executable bit), a regular file keeps the mode HEAD has for
  /// it.
  private func workTreeFile(
    _ path: String, index: GitHandle, indexWritten: timespec?, headModes: [String: UInt32]?
  ) throws(GitError) -> WorkTreeFile {
    var status = stat()
    guard lstat(workingDirectory + "/" + path, &status) == 0 else {
      throw .file(FileSystemError(path: workingDirectory + "/" + path, operation: "read", code: errno))
    }
    let isLink = (status.st_mode & S_IFMT) == S_IFLNK
    let mode: UInt32
    if isLink {
      mode = GIT_FILEMODE_LINK.rawValue
    } else if let headModes {
      let previous = headModes[path]
      mode = previous == GIT_FILEMODE_BLOB_EXECUTABLE.rawValue ? GIT_FILEMODE_BLOB_EXECUTABLE.rawValue : GIT_FILEMODE_BLOB.rawValue
    } else {
      mode = status.st_mode & S_IXUSR != 0 ? GIT_FILEMODE_BLOB_EXECUTABLE.rawValue : GIT_FILEMODE_BLOB.rawValue
    }
    let cached: git_oid? = index.withPointer { index in
      guard let entry = git_index_get_bypath(index, path, 0)?.pointee, let indexWritten,
        Self.matches(entry, status, linkOrNot: isLink), !Self.isRacy(entry.mtime, written: indexWritten)
      else { return nil }
      return entry.id
    }
    if let cached { return WorkTreeFile(path: path, id: cached, mode: mode, status: status) }

    var id = git_oid()
    try LibGit2.check(git_blob_create_from_workdir(&id, repository, path), "git_blob_create_from_workdir")
    return WorkTreeFile(path: path, id: id, mode: mode, status: status)
  }

  /// A file rk wrote, as `bytes` (through git's filters, as `git add`
  /// would read them), hashed into the object database.
  ///
  /// The entry gets the file's `lstat` data only when the file still holds
  /// exactly `bytes`: otherwise (a person saved since) `git status` would
  /// take the person's file for the committed one and hide their edit.
  private func writtenFile(_ path: String, bytes: [UInt8], headModes: [String: UInt32]?) throws(GitError) -> WorkTreeFile {
    let absolutePath = workingDirectory + "/" + path
    var status = stat()
    let exists = lstat(absolutePath, &status) == 0
    var after = stat()
    let unchanged =
      exists && (try? FileSystem.read(absolutePath)) == bytes && lstat(absolutePath, &after) == 0
      && Self.sameFile(status, after)
    let mode: UInt32
    if let headModes, headModes[path] == GIT_FILEMODE_BLOB_EXECUTABLE.rawValue {
      mode = GIT_FILEMODE_BLOB_EXECUTABLE.rawValue
    } else if headModes == nil, exists, status.st_mode & S_IXUSR != 0 {
      mode = GIT_FILEMODE_BLOB_EXECUTABLE.rawValue
    } else {
      mode = GIT_FILEMODE_BLOB.rawValue
    }
    return WorkTreeFile(path: path, id: try blobID(of: bytes, path: path), mode: mode, status: unchanged ? status : stat())
  }

  /// Writes `bytes` as the blob of the work-tree file `path`, through the
  /// filters git applies to that path (line endings, `ident`).
  private func blobID(of bytes: [UInt8], path: String) throws(GitError) -> git_oid {
    var filters: OpaquePointer?
    try LibGit2.check(git_filter_list_load(&filters, repository, nil, path, GIT_FILTER_TO_ODB, 0), "git_filter_list_load")
    defer { git_filter_list_free(filters) }
    var id = git_oid()
    guard let filters else {
      try LibGit2.check(
        bytes.withUnsafeBytes { git_blob_create_from_buffer(&id, repository, $0.baseAddress, $0.count) }, "git_blob_create_from_buffer")
      return id
    }
    var filtered = git_buf()
    defer { git_buf_dispose(&filtered) }
    try LibGit2.check(
      bytes.withUnsafeBytes { raw in
        raw.withMemoryRebound(to: CChar.self) { git_filter_list_apply_to_buffer(&filtered, filters, $0.baseAddress, $0.count) }
      }, "git_filter_list_apply_to_buffer")
    try LibGit2.check(git_blob_create_from_buffer(&id, repository, filtered.ptr, filtered.size), "git_blob_create_from_buffer")
    return id
  }

  /// Whether two `lstat`s describe the same unchanged file.
  private static func sameFile(_ first: stat, _ second: stat) -> Bool {
    #if canImport(Darwin)
      let (a, b) = (first.st_mtimespec, second.st_mtimespec)
    #else
      let (a, b) = (first.st_mtim, second.st_mtim)
    #endif
    return first.st_ino == second.st_ino && first.st_size == second.st_size && a.tv_sec == b.tv_sec && a.tv_nsec == b.tv_nsec
  }

  /// Whether an index entry's `lstat` data still describes the file.
  private static func matches(_ entry: git_index_entry, _ status: stat, linkOrNot isLink: Bool) -> Bool {
    #if canImport(Darwin)
      let mtime = status.st_mtimespec
      let ctime = status.st_ctimespec
    #else
      let mtime = status.st_mtim
      let ctime = status.st_ctim
    #endif
    let entryIsLink = entry.mode == GIT_FILEMODE_LINK.rawValue
    return entryIsLink == isLink
      && entry.mtime.seconds == Int32(truncatingIfNeeded: mtime.tv_sec)
      && entry.mtime.nanoseconds == UInt32(truncatingIfNeeded: mtime.tv_nsec)
      && entry.ctime.seconds == Int32(truncatingIfNeeded: ctime.tv_sec)
      && entry.ctime.nanoseconds == UInt32(truncatingIfNeeded: ctime.tv_nsec)
      && entry.file_size == UInt32(truncatingIfNeeded: status.st_size)
      && entry.ino == UInt32(truncatingIfNeeded: status.st_ino)
      && entry.file_size != 0
  }

  /// Whether a file modified at `mtime` may have changed again unseen after
  /// the index was written at `written` (git's "racy git" problem).
  private static func isRacy(_ mtime: git_index_time, written: timespec) -> Bool {
    let seconds = Int(mtime.seconds)
    return seconds > written.tv_sec || (seconds == written.tv_sec && Int(mtime.nanoseconds) >= written.tv_nsec)
  }

  /// When the repository's index file was last written, or `nil` if it has
  /// none yet.
  private func indexWriteTime(_ index: GitHandle) -> timespec? {
    guard let path = index.withPointer({ git_index_path($0) }).map({ String(cString: $0) }) else { return nil }
    return FileSystem.modificationTime(path)
  }

  // MARK: Walking the work tree

  /// The files at or below `path` ("" for the whole work tree) that git would
  /// add: regular files and symbolic links that are tracked already
  /// (`isTracked`) or not ignored. Folders holding another repository (a
  /// `.git`) are left out, as are ignored folders that hold nothing tracked.
  private func workTreeFiles(
    under path: String, isTracked: (String) -> Bool, holdsTracked: (String) -> Bool
  ) -> [String] {
    var status = stat()
    guard lstat(absolute(path), &status) == 0 else { return [] }
    guard (status.st_mode & S_IFMT) == S_IFDIR else {
      guard Self.isFile(status) else { return [] }
      return isTracked(path) || !isIgnored(path) ? [path] : []
    }
    if !path.isEmpty && FileSystem.exists(absolute(path) + "/.git") { return [] }
    // Whether git ignores a file is asked only for untracked ones, and of a
    // folder only when nothing in it is tracked (libgit2 answers for a file
    // inside an ignored folder too).
    var files: [String] = []
    var folders = [path]
    while let folder = folders.popLast() {
      for entry in (try? FileSystem.list(absolute(folder))) ?? [] where entry.name != ".git" {
        let relative = folder.isEmpty ? entry.name : folder + "/" + entry.name
        guard lstat(absolute(relative), &status) == 0 else { continue }
        if (status.st_mode & S_IFMT) == S_IFDIR {
          if FileSystem.exists(absolute(relative) + "/.git") { continue }
          if holdsTracked(relative) || !isIgnored(relative) { folders.append(relative) }
        } else if Self.isFile(status) {
          if isTracked(relative) || !isIgnored(relative) { files.append(relative) }
        }
      }
    }
    return files.sorted()
  }

  private func absolute(_ path: String) -> String {
    path.isEmpty ? workingDirectory : workingDirectory + "/" + path
  }

  private static func isFile(_ status: stat) -> Bool {
    (status.st_mode & S_IFMT) == S_IFREG || (status.st_mode & S_IFMT) == S_IFLNK
  }

  private func isIgnored(_ path: String) -> Bool {
    var ignored: Int32 = 0
    guard git_ignore_path_is_ignored(&ignored, repository, path) == 0 else {
      LibGit2.clearError()
      return false
    }
    return ignored != 0
  }
}

extension git_index_time {
  /// A file time as the index keeps it (seconds and nanoseconds, cut to 32 bits as git does).
  fileprivate init(_ time: timespec) {
    self.init(seconds: Int32(truncatingIfNeeded: time.tv_sec), nanoseconds: UInt32(truncatingIfNeeded: time.tv_nsec))
  }
}
