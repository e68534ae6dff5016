import CLibGit2
import Foundation

/// A git repository with a work tree, opened through libgit2: the one owner of
/// its `git_repository` handle, which it frees in `deinit`.
///
/// Objects made from the repository (trees, commits, indexes) are owned by
/// ``GitHandle``s that live only inside one method call, and everything
/// returned is copied into Swift values first.
///
/// Not `Sendable`: libgit2 lets a repository be used from one thread at a
/// time only, so the compiler keeps each instance in the one isolation domain
/// that opened it. Code that must reach a repository from several tasks
/// gives it to one owner (an actor, see ``CollectionStore``) and sends that
/// owner requests; what comes back (``GitCommit``, paths, bytes) is values.
public final class GitRepository {
  /// The `git_repository`, valid from `init` to `deinit`. Methods lend it to
  /// libgit2 calls; `self` is alive for the length of every method call.
  let repository: OpaquePointer

  /// The work tree, absolute, without a trailing slash.
  public let workingDirectory: String
  /// The `.git` folder, absolute, without a trailing slash.
  public let gitDirectory: String
  /// Told of each lock file a killed git or rk left, once it is removed.
  var onRemovedLock: ((RemovedLock) -> Void)?

  /// Takes ownership of `repository`, which must have a work tree.
  private init(taking repository: OpaquePointer, workingDirectory: String) {
    self.repository = repository
    self.workingDirectory = workingDirectory
    gitDirectory = Self.trimmingSlash(String(cString: git_repository_path(repository)))
    DiskFull.repositoryPath.withLock { $0 = workingDirectory }
  }

  deinit { git_repository_free(repository) }

  // MARK: Opening

  /// Opens the repository whose work tree holds `path`, searching from `path`
  /// upward as git does.
  ///
  /// Throws ``GitError/notARepository(_:)`` when there is none (its message
  /// tells the person to run `rk init`) and ``GitError/bareRepository(_:)``
  /// for a repository without a work tree.
  public static func open(containing path: String) throws(GitError) -> GitRepository {
    LibGit2.start()
    var pointer: OpaquePointer?
    let result = git_repository_open_ext(&pointer, path, 0, nil)
    if result == GIT_ENOTFOUND.rawValue {
      LibGit2.clearError()
      throw .notARepository(path)
    }
    try LibGit2.check(result, "git_repository_open_ext")
    guard let pointer else { throw .notARepository(path) }
    guard let workingDirectory = git_repository_workdir(pointer).map({ Self.trimmingSlash(String(cString: $0)) }) else {
      git_repository_free(pointer)
      throw .bareRepository(path)
    }
    return GitRepository(taking: pointer, workingDirectory: workingDirectory)
  }

  /// Makes a new repository with its work tree at `path` (creating the folder
  /// if needed), on the branch git would start with (`init.defaultBranch`,
  /// else `master`), and opens it.
  public static func initialize(at path: String) throws(GitError) -> GitRepository {
    LibGit2.start()
    var pointer: OpaquePointer?
    try LibGit2.check(git_repository_init(&pointer, path, 0), "git_repository_init")
    guard let pointer else { throw .libgit2(function: "git_repository_init", code: -1, message: "no repository was returned") }
    guard let workingDirectory = git_repository_workdir(pointer).map({ Self.trimmingSlash(String(cString: $0)) }) else {
      git_repository_free(pointer)
      throw .bareRepository(path)
    }
    return GitRepository(taking: pointer, workingDirectory: workingDirectory)
  }

  private static func trimmingSlash(_ path: String) -> String {
    path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
  }

  // MARK: Refusing to commit mid-operation

  /// Throws ``GitError/unfinishedOperation(_:)`` while a merge, rebase,
  /// cherry-pick, revert, bisect or `git am` is in progress,
  /// ``GitError/locked(_:)`` while another git command holds the
  /// index lock, ``GitError/detachedHead`` when HEAD is on no branch, and
  /// ``GitError/conflicts`` when the index has unresolved conflicts (as after
  /// a `git stash pop` that conflicted). The messages say what to do.
  public func ensureReadyToCommit() throws(GitError) {
    let state = git_repository_state(repository)
    if state < 0 { try LibGit2.check(state, "git_repository_state") }
    switch git_repository_state_t(rawValue: UInt32(state)) {
    case GIT_REPOSITORY_STATE_NONE: break
    case GIT_REPOSITORY_STATE_MERGE: throw .unfinishedOperation("merge")
    case GIT_REPOSITORY_STATE_REVERT, GIT_REPOSITORY_STATE_REVERT_SEQUENCE: throw .unfinishedOperation("revert")
    case GIT_REPOSITORY_STATE_CHERRYPICK, GIT_REPOSITORY_STATE_CHERRYPICK_SEQUENCE:
      throw .unfinishedOperation("cherry-pick")
    case GIT_REPOSITORY_STATE_BISECT: throw .unfinishedOperation("bisect")
    case GIT_REPOSITORY_STATE_APPLY_MAILBOX: throw .unfinishedOperation("am")
    default: throw .unfinishedOperation("rebase")
    }
    // A running git (a pull's merge, a commit) holds index.lock for as long
    // as it works; committing under it moves the branch under git's feet,
    // and finishing the pull then reverts rk's change. Editors run
    // `git status`, which holds it for moments: wait those out.
    let indexLock = gitDirectory + "/index.lock"
    var waited = 0
    while FileSystem.exists(indexLock) {
      guard waited < 40 else { throw LockFile.refusal(indexLock, repository: [gitDirectory, workingDirectory]) }
      usleep(50_000)
      waited += 1
    }
    let detached = git_repository_head_detached(repository)
    if detached < 0 { try LibGit2.check(detached, "git_repository_head_detached") }
    if detached == 1 { throw .detachedHead }
    let index = try repositoryIndex()
    if index.withPointer({ git_index_has_conflicts($0) }) != 0 { throw .conflicts }
  }

  // MARK: History

  /// The commit HEAD points at, or `nil` on an unborn branch.
  public func head() throws(GitError) -> GitCommit? {
    try headCommit().map(Self.copy)
  }

  /// Commits reachable from HEAD, newest first; in a shallow clone, those
  /// above the commits its history stops at.
  ///
  /// With `path` (a file or folder relative to the work tree), only the
  /// commits whose tree entry at that path differs from their first
  /// parent's, including those that add or delete it. `limit` caps the count.
  public func log(path: String? = nil, limit: Int? = nil) throws(GitError) -> [GitCommit] {
    if let limit, limit <= 0 { return [] }
    let path = try path.map(relativePath).flatMap { $0.isEmpty ? nil : $0 }
    guard try headCommit() != nil else { return [] }
    let boundary = shallowBoundary()
    let shallowOrder = boundary.isEmpty ? nil : try commitsAboveShallowBoundary(boundary)
    var shallowIndex = 0
    let walk = try GitHandle.make("git_revwalk_new", free: git_revwalk_free) { git_revwalk_new($0, repository) }
    // Topological as well as by time: `rk` makes many commits within one
    // second, which time alone leaves in no particular order.
    let sorting = GIT_SORT_TOPOLOGICAL.rawValue | GIT_SORT_TIME.rawValue
    try LibGit2.check(walk.withPointer { git_revwalk_sorting($0, sorting) }, "git_revwalk_sorting")
    try LibGit2.check(walk.withPointer { git_revwalk_push_head($0) }, "git_revwalk_push_head")
    var commits: [GitCommit] = []
    var id = git_oid()
    while true {
      let next: Int32
      if let shallowOrder {
        next = shallowIndex < shallowOrder.count ? 0 : GIT_ITEROVER.rawValue
        if next == 0 { id = shallowOrder[shallowIndex] }
        shallowIndex += 1
      } else {
        next = walk.withPointer { git_revwalk_next(&id, $0) }
      }
      if next == GIT_ITEROVER.rawValue {
        LibGit2.clearError()
        break
      }
      try LibGit2.check(next, "git_revwalk_next")
      let commit = try lookupCommit(id)
      if let path {
        let now = try entry(at: path, in: try tree(of: commit))?.id
        let before =
          try firstParent(of: commit).map { (parent) throws(GitError) in try entry(at: path, in: try tree(of: parent))?.id } ?? nil
        if now == nil && before == nil { continue }
        if let now, let before, now.isSame(as: before) { continue }
      }
      commits.append(Self.copy(commit))
      if let limit, commits.count >= limit { break }
    }
    return commits
  }

  /// The files (relative to the work tree) that differ between `commit` and
  /// its first parent (for a root commit, all its files), in path order.
  public func changedFiles(in commit: GitCommit) throws(GitError) -> [String] {
    try changedBlobs(in: commit).map(\.path)
  }

  /// The bytes of the file at `path` (relative to the work tree) in the first
  /// parent of `commit`: `nil` when the parent has no file there, or there is
  /// no parent. Used to undo a commit.
  public func fileInParent(of commit: GitCommit, path: String) throws(GitError) -> [UInt8]? {
    let path = try relativePath(path)
    guard !path.isEmpty, let parent = try firstParent(of: try lookupCommit(try git_oid.parse(commit.id))) else { return nil }
    return try blob(at: path, in: parent)
  }

  /// Whether the work tree differs from HEAD at `path` (a file or folder
  /// relative to the work tree): a file there is modified, deleted, untracked
  /// (and not ignored), or staged differently from HEAD.
  public func hasUncommittedChanges(at path: String) throws(GitError) -> Bool {
    try !uncommittedFiles(under: path).isEmpty
  }

  /// The files at or below `path` (relative to the work tree) that differ
  /// from HEAD: modified, deleted, untracked and not ignored, or staged
  /// differently. Paths are relative to the work tree, in path order.
  public func uncommittedFiles(under path: String) throws(GitError) -> [String] {
    try status(under: path, includingIgnored: false).filter { $0.status & GIT_STATUS_IGNORED.rawValue == 0 }.map(\.path)
  }

  /// The files at or below `path` whose work tree differs from the index,
  /// conflicts left out: during a merge, what was changed after git staged
  /// the merge's own changes.
  public func workTreeChanges(under path: String) throws(GitError) -> [String] {
    let workTree =
      GIT_STATUS_WT_NEW.rawValue | GIT_STATUS_WT_MODIFIED.rawValue | GIT_STATUS_WT_DELETED.rawValue
      | GIT_STATUS_WT_TYPECHANGE.rawValue | GIT_STATUS_WT_RENAMED.rawValue
    return try status(under: path, includingIgnored: false).filter {
      $0.status & workTree != 0 && $0.status & (GIT_STATUS_CONFLICTED.rawValue | GIT_STATUS_IGNORED.rawValue) == 0
    }.map(\.path)
  }

  /// The untracked files at or below `path` that git ignores: `git add`
  /// leaves them out, so no commit can bring them back once deleted.
  public func ignoredFiles(under path: String) throws(GitError) -> [String] {
    try status(under: path, includingIgnored: true).filter { $0.status & GIT_STATUS_IGNORED.rawValue != 0 }.map(\.path)
  }

  /// The folders at or below `folder` (relative to it, "." for itself)
  /// that are git repositories of their own or submodules' work trees:
  /// those holding a `.git` folder or file. Their history is not in this
  /// repository, so deleting them loses it.
  static func nestedRepositories(under folder: String) -> [String] {
    guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
    var found: [String] = []
    if FileSystem.exists(folder + "/.git") { found.append(".") }
    while let path = walker.nextObject() as? String {
      guard (path as NSString).lastPathComponent == ".git" else { continue }
      walker.skipDescendants()
      let parent = (path as NSString).deletingLastPathComponent
      if !parent.isEmpty { found.append(parent) }
    }
    return found.sorted()
  }

  private static let statusAttempts = 5

  /// `git status` of the files at or below `path`: each path with libgit2's
  /// status flags, sorted by path.
  private func status(under path: String, includingIgnored: Bool) throws(GitError) -> [(path: String, status: UInt32)] {
    let path = try relativePath(path)
    var options = git_status_options()
    try LibGit2.check(git_status_options_init(&options, UInt32(GIT_STATUS_OPTIONS_VERSION)), "git_status_options_init")
    options.show = GIT_STATUS_SHOW_INDEX_AND_WORKDIR
    options.flags =
      GIT_STATUS_OPT_INCLUDE_UNTRACKED.rawValue | GIT_STATUS_OPT_RECURSE_UNTRACKED_DIRS.rawValue
      | GIT_STATUS_OPT_DISABLE_PATHSPEC_MATCH.rawValue | GIT_STATUS_OPT_EXCLUDE_SUBMODULES.rawValue
    if includingIgnored {
      options.flags |= GIT_STATUS_OPT_INCLUDE_IGNORED.rawValue | GIT_STATUS_OPT_RECURSE_IGNORED_DIRS.rawValue
    }
    let list = try withStringArray(path.isEmpty ? [] : [path]) { (pathspec) throws(GitError) in
      options.pathspec = pathspec.pointee
      // A file an editor truncates while libgit2 hashes it fails the whole
      // status ("error reading file for hashing"): asked again, it is saved.
      for _ in 0..<Self.statusAttempts - 1 {
        if let list = try? GitHandle.make(
          "git_status_list_new", free: git_status_list_free, { git_status_list_new($0, repository, &options) })
        {
          return list
        }
        usleep(10_000)
      }
      return try GitHandle.make("git_status_list_new", free: git_status_list_free) {
        git_status_list_new($0, repository, &options)
      }
    }
    let entries: [(path: String, status: UInt32)] = list.withPointer { list in
      (0..<git_status_list_entrycount(list)).compactMap { index in
        guard let entry = git_status_byindex(list, index)?.pointee else { return nil }
        let delta = entry.index_to_workdir ?? entry.head_to_index
        guard let file = delta?.pointee, let name = (file.new_file.path ?? file.old_file.path) else { return nil }
        return (String(cString: name), entry.status.rawValue)
      }
    }
    return entries.sorted { $0.path < $1.path }
  }

  /// The commit with the full id `id`.
  public func commit(withID id: String) throws(GitError) -> GitCommit {
    Self.copy(try lookupCommit(try git_oid.parse(id)))
  }

  /// The bytes of the file at `path` (relative to the work tree) in the
  /// commit `id`, or `nil` when that commit has no file there.
  public func file(at path: String, inCommit id: String) throws(GitError) -> [UInt8]? {
    let path = try relativePath(path)
    guard !path.isEmpty else { return nil }
    return try blob(at: path, in: try lookupCommit(try git_oid.parse(id)))
  }

  /// The bytes of the blob at `path` in `commit`'s tree, or `nil`.
  private func blob(at path: String, in commit: GitHandle) throws(GitError) -> [UInt8]? {
    guard let entry = try entry(at: path, in: try tree(of: commit)), entry.type == GIT_OBJECT_BLOB else { return nil }
    var id = entry.id
    let blob = try GitHandle.make("git_blob_lookup", free: git_blob_free) { git_blob_lookup($0, repository, &id) }
    return blob.withPointer { blob in
      let size = Int(git_blob_rawsize(blob))
      guard size > 0, let content = git_blob_rawcontent(blob) else { return [] }
      return Array(UnsafeRawBufferPointer(start: content, count: size))
    }
  }

  // MARK: Helpers shared by the extensions

  /// `path` relative to the work tree, without `.` parts or slashes at the
  /// ends; "" for the work tree itself. Absolute paths inside the work tree
  /// are accepted.
  func relativePath(_ path: String) throws(GitError) -> String {
    var rest = Substring(path)
    if path.hasPrefix("/") {
      if path == workingDirectory || path == workingDirectory + "/" { return "" }
      guard path.hasPrefix(workingDirectory + "/") else { throw .outsideWorkTree(path) }
      rest = path.dropFirst(workingDirectory.count + 1)
    }
    var parts: [Substring] = []
    for part in rest.split(separator: "/") where part != "." {
      if part == ".." {
        guard parts.popLast() != nil else { throw .outsideWorkTree(path) }
      } else {
        parts.append(part)
      }
    }
    return parts.joined(separator: "/")
  }

  /// The repository's index, read again from disk if it changed there since
  /// libgit2 last read it (a person may have run git in between).
  func repositoryIndex() throws(GitError) -> GitHandle {
    let index = try GitHandle.make("git_repository_index", free: git_index_free) { git_repository_index($0, repository) }
    try LibGit2.check(index.withPointer { git_index_read($0, 0) }, "git_index_read")
    return index
  }

  /// The commit HEAD points at, or `nil` on an unborn branch.
  func headCommit() throws(GitError) -> GitHandle? {
    var id = git_oid()
    let result = git_reference_name_to_id(&id, repository, "HEAD")
    if result == GIT_ENOTFOUND.rawValue || result == GIT_EUNBORNBRANCH.rawValue {
      LibGit2.clearError()
      return nil
    }
    try LibGit2.check(result, "git_reference_name_to_id")
    return try lookupCommit(id)
  }

  func lookupCommit(_ id: git_oid) throws(GitError) -> GitHandle {
    var id = id
    return try GitHandle.make("git_commit_lookup", free: git_commit_free) { git_commit_lookup($0, repository, &id) }
  }

  func tree(of commit: GitHandle) throws(GitError) -> GitHandle {
    try GitHandle.make("git_commit_tree", free: git_tree_free) { out in commit.withPointer { git_commit_tree(out, $0) } }
  }

  func firstParent(of commit: GitHandle) throws(GitError) -> GitHandle? {
    guard commit.withPointer({ git_commit_parentcount($0) }) > 0 else { return nil }
    do {
      return try GitHandle.make("git_commit_parent", free: git_commit_free) { out in
        commit.withPointer { git_commit_parent(out, $0, 0) }
      }
    } catch {
      throw shallowOr(error, commit: commit)
    }
  }

  /// The id and type of the tree entry at `path`, or `nil` when there is none.
  func entry(at path: String, in tree: GitHandle) throws(GitError) -> (id: git_oid, type: git_object_t)? {
    let entry = try GitHandle.makeIfFound("git_tree_entry_bypath", free: git_tree_entry_free) { out in
      tree.withPointer { git_tree_entry_bypath(out, $0, path) }
    }
    return entry?.withPointer { entry in
      (git_tree_entry_id(entry).pointee, git_tree_entry_type(entry))
    }
  }

  /// Copies a commit out of libgit2.
  static func copy(_ commit: GitHandle) -> GitCommit {
    commit.withPointer { commit in
      let author = git_commit_author(commit)
      let message = git_commit_message(commit).map { String(cString: $0) } ?? ""
      return GitCommit(
        id: git_commit_id(commit).pointee.hex,
        message: message,
        summary: git_commit_summary(commit).map { String(cString: $0) },
        authorName: author.flatMap { $0.pointee.name }.map { String(cString: $0) } ?? "",
        authorEmail: author.flatMap { $0.pointee.email }.map { String(cString: $0) } ?? "",
        date: Date(timeIntervalSince1970: TimeInterval(author?.pointee.when.time ?? 0)),
        parentIDs: (0..<git_commit_parentcount(commit)).compactMap { git_commit_parent_id(commit, $0)?.pointee.hex })
    }
  }
}
