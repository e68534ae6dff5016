import CLibGit2
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
  /// is neither committed nor disturbed. Afterwards the repository's own
  /// index entries for these paths are set to what was committed, so
  /// `git status` shows them clean. (Should writing the index fail after the
  /// commit was made, the commit stands and those paths merely show as
  /// changed in `git status`.)
  ///
  /// The author and committer are the repository's identity (`user.name`,
  /// `user.email`), else `Record Keeper <rk@localhost>` for whichever is
  /// missing.
  ///
  /// - Returns: The new commit, or `nil` when the tree would equal HEAD's, in
  ///   which case nothing is committed.
  /// - Throws: ``GitError/unfinishedOperation(_:)`` or ``GitError/conflicts``
  ///   as ``ensureReadyToCommit()`` does, ``GitError/outsideWorkTree(_:)``,
  ///   or the libgit2 failure.
  @discardableResult
  public func commit(paths: [String], message: String) throws(GitError) -> GitCommit? {
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
      for path in relativePaths { try headFiles.merge(files(under: path, in: headTree)) { old, _ in old } }
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
      for file in present where found[file] == nil {
        found[file] = try workTreeFile(file, index: index, indexWritten: indexWritten, headModes: keepModes ? headFiles : nil)
      }
    }

    // HEAD's tree edited along the changed paths only. (An in-memory index,
    // `git_index_read_tree` then `git_index_write_tree_to`, took 100 ms a
    // commit in a folder of 10,000 albums: libgit2 finds each cached subtree
    // of a folder by a linear search.)
    let treeID = try updatedTree(
      headTree, upserting: found.values.sorted { $0.path < $1.path },
      removing: headFiles.keys.filter { found[$0] == nil }.sorted())
    if let headTree, headTree.withPointer({ git_tree_id($0).pointee.isSame(as: treeID) }) { return nil }
    let files = found.values.sorted { $0.path < $1.path }

    // Prepare the repository's index in memory; it is written once the
    // commit exists, and read back from disk if the commit fails.
    do {
      for path in relativePaths { try Self.removeEntries(under: path, from: index) }
      for file in files { try file.add(to: index, withStatus: true) }
    } catch {
      _ = index.withPointer { git_index_read($0, 1) }
      throw error
    }

    let commitID: git_oid
    do {
      commitID = try createCommit(tree: treeID, parent: head, message: message)
    } catch {
      _ = index.withPointer { git_index_read($0, 1) }
      throw error
    }
    if index.withPointer({ git_index_write($0) }) < 0 {
      // The commit stands; the paths only show as changed until the next
      // commit or `git add`. Forget the unwritten changes.
      LibGit2.clearError()
      _ = index.withPointer { git_index_read($0, 1) }
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
  private func files(under path: String, in tree: GitHandle) throws(GitError) -> [String: UInt32] {
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
        return [path: mode]
      }
      var id = entry.id
      folder = try GitHandle.make("git_tree_lookup", free: git_tree_free) { git_tree_lookup($0, repository, &id) }
    }
    final class Collector {
      var prefix: String
      var files: [String: UInt32] = [:]
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
            collector.files[path] = git_tree_entry_filemode(entry).rawValue
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

  /// Writes a commit of the tree `treeID` with `parent` (if any) and moves
  /// HEAD's branch to it; libgit2 refuses if the branch moved meanwhile.
  private func createCommit(tree treeID: git_oid, parent: GitHandle?, message: String) throws(GitError) -> git_oid {
    var treeID = treeID
    let tree = try GitHandle.make("git_tree_lookup", free: git_tree_free) { git_tree_lookup($0, repository, &treeID) }
    let signature = try self.signature()
    var commitID = git_oid()
    let result = signature.withPointer { signature in
      tree.withPointer { tree in
        if let parent {
          parent.withPointer { parent in
            var parents: [OpaquePointer?] = [parent]
            return git_commit_create(&commitID, repository, "HEAD", signature, signature, nil, message, tree, 1, &parents)
          }
        } else {
          git_commit_create(&commitID, repository, "HEAD", signature, signature, nil, message, tree, 0, nil)
        }
      }
    }
    try LibGit2.check(result, "git_commit_create")
    return commitID
  }

  /// The repository's identity from its configuration, with
  /// `Record Keeper <rk@localhost>` standing in for a missing or empty name
  /// or email.
  private func signature() throws(GitError) -> GitSignature {
    let config = try GitHandle.make("git_repository_config_snapshot", free: git_config_free) {
      git_repository_config_snapshot($0, repository)
    }
    func value(_ name: String) -> String? {
      var pointer: UnsafePointer<CChar>?
      guard config.withPointer({ git_config_get_string(&pointer, $0, name) }) == 0, let pointer else {
        LibGit2.clearError()
        return nil
      }
      let text = String(cString: pointer).trimmingCharacters(in: .whitespaces)
      return text.isEmpty ? nil : text
    }
    var pointer: UnsafeMutablePointer<git_signature>?
    let name = value("user.name") ?? "Record Keeper"
    let email = value("user.email") ?? "rk@localhost"
    if git_signature_now(&pointer, name, email) == 0, let pointer { return GitSignature(pointer) }
    // A configured name or email git cannot use (one with `<` or `>`).
    LibGit2.clearError()
    try LibGit2.check(git_signature_now(&pointer, "Record Keeper", "rk@localhost"), "git_signature_now")
    guard let pointer else { throw .libgit2(function: "git_signature_now", code: -1, message: "no signature was returned") }
    return GitSignature(pointer)
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
      if withStatus {
        #if canImport(Darwin)
          entry.ctime = git_index_time(
            seconds: Int32(truncatingIfNeeded: status.st_ctimespec.tv_sec),
            nanoseconds: UInt32(truncatingIfNeeded: status.st_ctimespec.tv_nsec))
          entry.mtime = git_index_time(
            seconds: Int32(truncatingIfNeeded: status.st_mtimespec.tv_sec),
            nanoseconds: UInt32(truncatingIfNeeded: status.st_mtimespec.tv_nsec))
        #else
          entry.ctime = git_index_time(
            seconds: Int32(truncatingIfNeeded: status.st_ctim.tv_sec),
            nanoseconds: UInt32(truncatingIfNeeded: status.st_ctim.tv_nsec))
          entry.mtime = git_index_time(
            seconds: Int32(truncatingIfNeeded: status.st_mtim.tv_sec),
            nanoseconds: UInt32(truncatingIfNeeded: status.st_mtim.tv_nsec))
        #endif
        entry.dev = UInt32(truncatingIfNeeded: status.st_dev)
        entry.ino = UInt32(truncatingIfNeeded: status.st_ino)
        entry.uid = UInt32(truncatingIfNeeded: status.st_uid)
        entry.gid = UInt32(truncatingIfNeeded: status.st_gid)
        entry.file_size = UInt32(truncatingIfNeeded: status.st_size)
      }
      let result = path.withCString { path in
        entry.path = path
        return index.withPointer { git_index_add($0, &entry) }
      }
      try LibGit2.check(result, "git_index_add")
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
      throw .libgit2(function: "lstat", code: -1, message: "cannot read \(path): \(String(cString: strerror(errno)))")
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
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    #if canImport(Darwin)
      return status.st_mtimespec
    #else
      return status.st_mtim
    #endif
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
