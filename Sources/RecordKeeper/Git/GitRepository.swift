import CLibGit2

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A git repository, opened through libgit2.
///
/// `@unchecked Sendable`: libgit2 objects may move between threads but not be
/// used from two at once; `rk` uses a repository from one task at a time.
public final class GitRepository: @unchecked Sendable {
  private let handle: GitHandle
  /// The work tree, absolute, without a trailing slash.
  public let workingDirectory: String
  /// The `.git` folder, without a trailing slash.
  public let gitDirectory: String

  private init(_ handle: GitHandle) {
    self.handle = handle
    workingDirectory = git_repository_workdir(handle.pointer).map { String(cString: $0) }.map(Self.trimSlash) ?? ""
    gitDirectory = Self.trimSlash(String(cString: git_repository_path(handle.pointer)))
  }

  private static func trimSlash(_ path: String) -> String {
    path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
  }

  var pointer: OpaquePointer { handle.pointer }
  private var repository: OpaquePointer { handle.pointer }

  /// Opens the repository that holds `path`, searching upward from it.
  public static func open(containing path: String) throws(GitError) -> GitRepository {
    LibGit2.start()
    var pointer: OpaquePointer?
    let result = git_repository_open_ext(&pointer, path, 0, nil)
    if result == GIT_ENOTFOUND.rawValue { throw .notARepository(path) }
    try LibGit2.check(result, "git_repository_open_ext")
    guard let pointer else { throw .notARepository(path) }
    let repository = GitRepository(GitHandle(pointer, free: git_repository_free))
    guard !repository.workingDirectory.isEmpty else { throw .notARepository(path) }
    return repository
  }

  /// Makes a new repository with a work tree at `path`.
  public static func initialize(at path: String) throws(GitError) -> GitRepository {
    LibGit2.start()
    let handle = try GitHandle.make("git_repository_init", free: git_repository_free) { git_repository_init($0, path, 0) }
    return GitRepository(handle)
  }

  /// Refuses to go on while a merge, rebase or the like is unfinished, or the
  /// index has conflicts.
  public func ensureReadyToCommit() throws(GitError) {
    let state = git_repository_state(repository)
    switch git_repository_state_t(rawValue: UInt32(max(0, state))) {
    case GIT_REPOSITORY_STATE_NONE: break
    case GIT_REPOSITORY_STATE_MERGE: throw .unfinishedOperation("merge")
    case GIT_REPOSITORY_STATE_REVERT, GIT_REPOSITORY_STATE_REVERT_SEQUENCE: throw .unfinishedOperation("revert")
    case GIT_REPOSITORY_STATE_CHERRYPICK, GIT_REPOSITORY_STATE_CHERRYPICK_SEQUENCE: throw .unfinishedOperation("cherry-pick")
    case GIT_REPOSITORY_STATE_BISECT: throw .unfinishedOperation("bisect")
    default: throw .unfinishedOperation("rebase")
    }
    let index = try self.index()
    if git_index_has_conflicts(index.pointer) != 0 { throw .conflicts }
  }

  // MARK: Committing

  /// Commits exactly `paths` (files or folders, relative to the work tree;
  /// `.` for all of it) as they are in the work tree, on top of HEAD.
  ///
  /// The tree is HEAD's tree with only these paths replaced, built in an
  /// in-memory index, so whatever a person staged or changed elsewhere is
  /// neither committed nor disturbed. The repository's index entries for these
  /// paths are then updated to match. Returns `nil`, committing nothing, when
  /// the tree would equal HEAD's.
  @discardableResult
  public func commit(paths: [String], message: String) throws(GitError) -> GitCommit? {
    let head = try headCommit()
    let headTree = try head.map { (commit) throws(GitError) in try self.tree(of: commit) }
    let files = paths.flatMap { workTreeFiles(under: $0 == "." ? "" : $0) }
    var treeID: git_oid
    if let headTree, !paths.contains(where: { $0 == "." || $0.isEmpty }) {
      treeID = try updatedTree(headTree, paths: paths)
    } else {
      treeID = try indexedTree(headTree, paths: paths, files: files)
    }
    if let headTree, let headTreeID = git_tree_id(headTree.pointer), sameObject(treeID, headTreeID.pointee) { return nil }

    let tree = try GitHandle.make("git_tree_lookup", free: git_tree_free) { git_tree_lookup($0, repository, &treeID) }
    let signature = try self.signature()
    defer { git_signature_free(signature) }
    var commitID = git_oid()
    var parents: [OpaquePointer?] = head.map { [$0.pointer] } ?? []
    try LibGit2.check(
      git_commit_create(&commitID, repository, "HEAD", signature, signature, nil, message, tree.pointer, parents.count, &parents),
      "git_commit_create")

    try updateIndex(paths: paths, files: files)
    let created = try GitHandle.make("git_commit_lookup", free: git_commit_free) { git_commit_lookup($0, repository, &commitID) }
    return Self.copy(created.pointer)
  }

  /// HEAD's tree with `paths` replaced by the work tree's files, rewriting
  /// only the trees on the way to them, so a commit in a folder of 10,000
  /// albums does not rehash the other 9,999.
  private func updatedTree(_ base: GitHandle, paths: [String]) throws(GitError) -> git_oid {
    var updates: [(action: git_tree_update_t, id: git_oid, mode: git_filemode_t, path: String)] = []
    for path in paths {
      let current = workTreeFiles(under: path)
      for gone in Set(try filesInTree(base, under: path)).subtracting(current).sorted() {
        updates.append((GIT_TREE_UPDATE_REMOVE, git_oid(), GIT_FILEMODE_BLOB, gone))
      }
      for file in current {
        var id = git_oid()
        try LibGit2.check(git_blob_create_from_workdir(&id, repository, file), "git_blob_create_from_workdir")
        updates.append((GIT_TREE_UPDATE_UPSERT, id, isExecutable(file) ? GIT_FILEMODE_BLOB_EXECUTABLE : GIT_FILEMODE_BLOB, file))
      }
    }
    // The C structs point at the path strings, which must outlive the call.
    let cPaths = updates.map { strdup($0.path) }
    defer { cPaths.forEach { free($0) } }
    var structs = zip(updates, cPaths).map { update, path in
      git_tree_update(action: update.action, id: update.id, filemode: update.mode, path: path.map { UnsafePointer($0) })
    }
    var treeID = git_oid()
    try LibGit2.check(git_tree_create_updated(&treeID, repository, base.pointer, structs.count, &structs), "git_tree_create_updated")
    return treeID
  }

  /// A tree made from HEAD's tree read into an in-memory index with `paths`
  /// replaced: for a first commit, or one of the whole work tree.
  private func indexedTree(_ base: GitHandle?, paths: [String], files: [String]) throws(GitError) -> git_oid {
    let staging = try GitHandle.make("git_index_new", free: git_index_free) { git_index_new($0) }
    if let base { try LibGit2.check(git_index_read_tree(staging.pointer, base.pointer), "git_index_read_tree") }
    for path in paths { try removeEntries(under: path == "." ? "" : path, from: staging) }
    for file in files { try add(file, to: staging) }
    var treeID = git_oid()
    try LibGit2.check(git_index_write_tree_to(&treeID, staging.pointer, repository), "git_index_write_tree_to")
    return treeID
  }

  /// The files at or below `path` in a tree.
  private func filesInTree(_ tree: GitHandle, under path: String) throws(GitError) -> [String] {
    var entry: OpaquePointer?
    let result = git_tree_entry_bypath(&entry, tree.pointer, path)
    if result == GIT_ENOTFOUND.rawValue { return [] }
    try LibGit2.check(result, "git_tree_entry_bypath")
    guard let entry else { return [] }
    defer { git_tree_entry_free(entry) }
    guard git_tree_entry_type(entry) == GIT_OBJECT_TREE, var id = git_tree_entry_id(entry)?.pointee else { return [path] }
    let subtree = try GitHandle.make("git_tree_lookup", free: git_tree_free) { git_tree_lookup($0, repository, &id) }
    var files: [String] = []
    for index in 0..<git_tree_entrycount(subtree.pointer) {
      guard let child = git_tree_entry_byindex(subtree.pointer, index), let name = git_tree_entry_name(child) else { continue }
      files += try filesInTree(tree, under: path + "/" + String(cString: name))
    }
    return files
  }

  private func isExecutable(_ path: String) -> Bool {
    var info = stat()
    return stat(workingDirectory + "/" + path, &info) == 0 && info.st_mode & 0o111 != 0
  }

  /// Brings the repository's own index in line with the work tree for `paths`.
  private func updateIndex(paths: [String], files: [String]) throws(GitError) {
    let index = try self.index()
    for path in paths {
      let path = path == "." ? "" : path
      try removeEntries(under: path, from: index)
    }
    for file in files { try LibGit2.check(git_index_add_bypath(index.pointer, file), "git_index_add_bypath") }
    try LibGit2.check(git_index_write(index.pointer), "git_index_write")
  }

  private func removeEntries(under path: String, from index: GitHandle) throws(GitError) {
    if path.isEmpty {
      try LibGit2.check(git_index_clear(index.pointer), "git_index_clear")
      return
    }
    _ = git_index_remove_bypath(index.pointer, path)
    try LibGit2.check(git_index_remove_directory(index.pointer, path, 0), "git_index_remove_directory")
  }

  /// Adds the work-tree file at `path` to an in-memory index.
  private func add(_ path: String, to index: GitHandle) throws(GitError) {
    var entry = git_index_entry()
    try LibGit2.check(git_blob_create_from_workdir(&entry.id, repository, path), "git_blob_create_from_workdir")
    entry.mode = isExecutable(path) ? 0o100755 : 0o100644
    let result = path.withCString { pointer in
      entry.path = pointer
      return git_index_add(index.pointer, &entry)
    }
    try LibGit2.check(result, "git_index_add")
  }

  /// The files at or below `path` in the work tree that git does not ignore.
  private func workTreeFiles(under path: String) -> [String] {
    let absolute = path.isEmpty ? workingDirectory : workingDirectory + "/" + path
    guard FileSystem.exists(absolute) else { return [] }
    guard FileSystem.isDirectory(absolute) else { return isIgnored(path) ? [] : [path] }
    var files: [String] = []
    var folders = [path]
    while let folder = folders.popLast() {
      let entries = (try? FileSystem.list(folder.isEmpty ? workingDirectory : workingDirectory + "/" + folder)) ?? []
      for entry in entries where entry.name != ".git" {
        let relative = folder.isEmpty ? entry.name : folder + "/" + entry.name
        if isIgnored(entry.isDirectory ? relative + "/" : relative) { continue }
        if entry.isDirectory { folders.append(relative) } else { files.append(relative) }
      }
    }
    return files.sorted()
  }

  private func isIgnored(_ path: String) -> Bool {
    var ignored: Int32 = 0
    return git_ignore_path_is_ignored(&ignored, repository, path) == 0 && ignored != 0
  }

  /// The repository's identity, else `Record Keeper <rk@localhost>`.
  private func signature() throws(GitError) -> UnsafeMutablePointer<git_signature> {
    var signature: UnsafeMutablePointer<git_signature>?
    if git_signature_default(&signature, repository) == 0, let signature { return signature }
    try LibGit2.check(git_signature_now(&signature, "Record Keeper", "rk@localhost"), "git_signature_now")
    guard let signature else { throw .libgit2(function: "git_signature_now", code: -1, message: "no signature") }
    return signature
  }

  // MARK: History

  /// The commit HEAD points at, or `nil` on an unborn branch.
  public func head() throws(GitError) -> GitCommit? {
    try headCommit().map { Self.copy($0.pointer) }
  }

  /// Commits newest first; with `path`, only those that changed it.
  public func log(path: String? = nil, limit: Int? = nil) throws(GitError) -> [GitCommit] {
    guard try headCommit() != nil else { return [] }
    let walk = try GitHandle.make("git_revwalk_new", free: git_revwalk_free) { git_revwalk_new($0, repository) }
    try LibGit2.check(git_revwalk_sorting(walk.pointer, GIT_SORT_TIME.rawValue), "git_revwalk_sorting")
    try LibGit2.check(git_revwalk_push_head(walk.pointer), "git_revwalk_push_head")
    var commits: [GitCommit] = []
    var id = git_oid()
    while git_revwalk_next(&id, walk.pointer) == 0 {
      let commit = try GitHandle.make("git_commit_lookup", free: git_commit_free) { git_commit_lookup($0, repository, &id) }
      if let path {
        let parent = try firstParent(of: commit)
        let now = try entryID(path, in: try tree(of: commit))
        let before = try parent.map { (parent) throws(GitError) in try entryID(path, in: try tree(of: parent)) } ?? nil
        if sameObject(now, before) { continue }
      }
      commits.append(Self.copy(commit.pointer))
      if let limit, commits.count >= limit { break }
    }
    return commits
  }

  /// The files that differ between a commit and its first parent.
  public func changedFiles(in commit: GitCommit) throws(GitError) -> [String] {
    let handle = try lookup(commit)
    let tree = try tree(of: handle)
    let parentTree = try firstParent(of: handle).map { (parent) throws(GitError) in try self.tree(of: parent) }
    let diff = try GitHandle.make("git_diff_tree_to_tree", free: git_diff_free) {
      git_diff_tree_to_tree($0, repository, parentTree?.pointer, tree.pointer, nil)
    }
    var files: [String] = []
    for index in 0..<git_diff_num_deltas(diff.pointer) {
      guard let delta = git_diff_get_delta(diff.pointer, index) else { continue }
      let file = delta.pointee.status == GIT_DELTA_DELETED ? delta.pointee.old_file : delta.pointee.new_file
      if let path = file.path { files.append(String(cString: path)) }
    }
    return files
  }

  /// The bytes of `path` in the commit's first parent, or `nil` when it was
  /// not there.
  public func fileInParent(of commit: GitCommit, path: String) throws(GitError) -> [UInt8]? {
    guard let parent = try firstParent(of: try lookup(commit)), var id = try entryID(path, in: try tree(of: parent)) else {
      return nil
    }
    let blob = try GitHandle.make("git_blob_lookup", free: git_blob_free) { git_blob_lookup($0, repository, &id) }
    let size = Int(git_blob_rawsize(blob.pointer))
    guard size > 0, let content = git_blob_rawcontent(blob.pointer) else { return [] }
    return Array(UnsafeRawBufferPointer(start: content, count: size))
  }

  /// Whether the work-tree file at `path` differs from HEAD or the index.
  public func hasUncommittedChanges(at path: String) throws(GitError) -> Bool {
    var flags: UInt32 = 0
    let result = git_status_file(&flags, repository, path)
    if result == GIT_ENOTFOUND.rawValue { return false }
    try LibGit2.check(result, "git_status_file")
    return flags & ~GIT_STATUS_IGNORED.rawValue != 0
  }

  // MARK: Helpers

  private func index() throws(GitError) -> GitHandle {
    try GitHandle.make("git_repository_index", free: git_index_free) { git_repository_index($0, repository) }
  }

  private func headCommit() throws(GitError) -> GitHandle? {
    var id = git_oid()
    let result = git_reference_name_to_id(&id, repository, "HEAD")
    if result == GIT_ENOTFOUND.rawValue || result == GIT_EUNBORNBRANCH.rawValue { return nil }
    try LibGit2.check(result, "git_reference_name_to_id")
    return try GitHandle.make("git_commit_lookup", free: git_commit_free) { git_commit_lookup($0, repository, &id) }
  }

  private func lookup(_ commit: GitCommit) throws(GitError) -> GitHandle {
    var id = git_oid()
    try LibGit2.check(git_oid_fromstr(&id, commit.id), "git_oid_fromstr")
    return try GitHandle.make("git_commit_lookup", free: git_commit_free) { git_commit_lookup($0, repository, &id) }
  }

  private func tree(of commit: GitHandle) throws(GitError) -> GitHandle {
    try GitHandle.make("git_commit_tree", free: git_tree_free) { git_commit_tree($0, commit.pointer) }
  }

  private func firstParent(of commit: GitHandle) throws(GitError) -> GitHandle? {
    guard git_commit_parentcount(commit.pointer) > 0 else { return nil }
    return try GitHandle.make("git_commit_parent", free: git_commit_free) { git_commit_parent($0, commit.pointer, 0) }
  }

  /// The id of the tree entry at `path`, or `nil` when there is none.
  private func entryID(_ path: String, in tree: GitHandle) throws(GitError) -> git_oid? {
    var entry: OpaquePointer?
    let result = git_tree_entry_bypath(&entry, tree.pointer, path)
    if result == GIT_ENOTFOUND.rawValue { return nil }
    try LibGit2.check(result, "git_tree_entry_bypath")
    guard let entry else { return nil }
    defer { git_tree_entry_free(entry) }
    return git_tree_entry_id(entry)?.pointee
  }

  private static func copy(_ commit: OpaquePointer) -> GitCommit {
    let author = git_commit_author(commit)
    return GitCommit(
      id: git_commit_id(commit)?.pointee.hex ?? "",
      message: git_commit_message(commit).map { String(cString: $0) } ?? "",
      authorName: author?.pointee.name.map { String(cString: $0) } ?? "",
      authorEmail: author?.pointee.email.map { String(cString: $0) } ?? "",
      time: author?.pointee.when.time ?? 0)
  }
}
