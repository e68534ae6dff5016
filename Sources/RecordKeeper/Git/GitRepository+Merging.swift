import CLibGit2
import Foundation

/// One path of a merge that libgit2 could not settle: its version in the
/// common ancestor, ours and theirs (`nil` where that side has none).
struct GitMergeConflict: Equatable, Sendable {
  var ancestor: GitIndexEntry?
  var ours: GitIndexEntry?
  var theirs: GitIndexEntry?

  /// The path the merged file goes to: ours, else theirs, else the ancestor's.
  var path: String { ours?.path ?? theirs?.path ?? ancestor?.path ?? "" }
}

/// A merge made in memory (`git_merge_commits`): the one owner of its index,
/// which holds the merged files and the conflicts still to settle.
final class GitMergeIndex {
  let index: GitHandle

  init(_ index: GitHandle) { self.index = index }

  /// The paths libgit2 left conflicted, each with its three versions.
  func conflicts() throws(GitError) -> [GitMergeConflict] {
    let iterator = try GitHandle.make("git_index_conflict_iterator_new", free: git_index_conflict_iterator_free) { out in
      index.withPointer { git_index_conflict_iterator_new(out, $0) }
    }
    var conflicts: [GitMergeConflict] = []
    while true {
      var ancestor: UnsafePointer<git_index_entry>?
      var ours: UnsafePointer<git_index_entry>?
      var theirs: UnsafePointer<git_index_entry>?
      let result = iterator.withPointer { git_index_conflict_next(&ancestor, &ours, &theirs, $0) }
      if result == GIT_ITEROVER.rawValue {
        LibGit2.clearError()
        break
      }
      try LibGit2.check(result, "git_index_conflict_next")
      conflicts.append(GitMergeConflict(ancestor: ancestor.map(Self.copy), ours: ours.map(Self.copy), theirs: theirs.map(Self.copy)))
    }
    return conflicts
  }

  /// The merged entry at `path` (stage 0), or `nil`.
  func entry(at path: String) -> GitIndexEntry? {
    index.withPointer { git_index_get_bypath($0, path, 0) }.map(Self.copy)
  }

  /// Makes `path` hold the blob `id` (settling any conflict there).
  func set(_ path: String, id: String, mode: UInt32) throws(GitError) {
    _ = index.withPointer { git_index_conflict_remove($0, path) }
    LibGit2.clearError()
    var entry = git_index_entry()
    entry.id = try git_oid.parse(id)
    entry.mode = mode
    let result = path.withCString { name in
      entry.path = name
      return index.withPointer { git_index_add($0, &entry) }
    }
    try LibGit2.check(result, "git_index_add")
  }

  /// Takes `path` out of the merge (settling any conflict there).
  func remove(_ path: String) {
    index.withPointer { index in
      _ = git_index_conflict_remove(index, path)
      _ = git_index_remove(index, path, 0)
    }
    LibGit2.clearError()
  }

  /// The files a merge found renamed on a side and left conflicted: each
  /// file's path in the ancestor, ours and theirs (libgit2's NAME entries).
  func renamedConflicts() -> [(ancestor: String?, ours: String?, theirs: String?)] {
    index.withPointer { index in
      (0..<git_index_name_entrycount(index)).compactMap { number in
        guard let entry = git_index_name_get_byindex(index, number)?.pointee else { return nil }
        return (
          entry.ancestor.map { String(cString: $0) }, entry.ours.map { String(cString: $0) }, entry.theirs.map { String(cString: $0) }
        )
      }
    }
  }

  static func copy(_ entry: UnsafePointer<git_index_entry>) -> GitIndexEntry {
    GitIndexEntry(path: String(cString: entry.pointee.path), id: entry.pointee.id.hex, mode: entry.pointee.mode)
  }
}

extension GitRepository {
  // MARK: Merging

  /// Whether the commit `ancestor` is `descendant` or in its history.
  func isAncestor(_ ancestor: String, of descendant: String) throws(GitError) -> Bool {
    if ancestor == descendant { return true }
    var a = try git_oid.parse(ancestor)
    var d = try git_oid.parse(descendant)
    let result = git_graph_descendant_of(repository, &d, &a)
    try LibGit2.check(result, "git_graph_descendant_of")
    return result == 1
  }

  /// The best common ancestor of two commits, or `nil` when they share none.
  func mergeBase(_ one: String, _ two: String) throws(GitError) -> String? {
    var a = try git_oid.parse(one)
    var b = try git_oid.parse(two)
    var base = git_oid()
    let result = git_merge_base(&base, repository, &a, &b)
    if result == GIT_ENOTFOUND.rawValue {
      LibGit2.clearError()
      return nil
    }
    try LibGit2.check(result, "git_merge_base")
    return base.hex
  }

  /// Merges the commit `theirs` with `ours` in memory, with rename detection.
  func mergeCommits(ours: String, theirs: String) throws(GitError) -> GitMergeIndex {
    let ourCommit = try lookupCommit(try git_oid.parse(ours))
    let theirCommit = try lookupCommit(try git_oid.parse(theirs))
    var options = git_merge_options()
    try LibGit2.check(git_merge_options_init(&options, UInt32(GIT_MERGE_OPTIONS_VERSION)), "git_merge_options_init")
    options.flags = GIT_MERGE_FIND_RENAMES.rawValue
    let index = try GitHandle.make("git_merge_commits", free: git_index_free) { out in
      ourCommit.withPointer { ourPointer in
        theirCommit.withPointer { theirPointer in git_merge_commits(out, repository, ourPointer, theirPointer, &options) }
      }
    }
    return GitMergeIndex(index)
  }

  /// The files (blob paths) that differ between two commits' trees, without
  /// rename detection; `from` `nil` is the empty tree.
  func changedPaths(from: String?, to: String) throws(GitError) -> Set<String> {
    let oldTree = try from.map { (id) throws(GitError) in try tree(of: try lookupCommit(try git_oid.parse(id))) }
    let newTree = try tree(of: try lookupCommit(try git_oid.parse(to)))
    let diff = try GitHandle.make("git_diff_tree_to_tree", free: git_diff_free) { out in
      newTree.withPointer { new in
        if let oldTree {
          oldTree.withPointer { old in git_diff_tree_to_tree(out, repository, old, new, nil) }
        } else {
          git_diff_tree_to_tree(out, repository, nil, new, nil)
        }
      }
    }
    return diff.withPointer { diff in
      Set(
        (0..<git_diff_num_deltas(diff)).flatMap { index -> [String] in
          guard let delta = git_diff_get_delta(diff, index)?.pointee else { return [] }
          return [delta.old_file.path, delta.new_file.path].compactMap { $0.map { String(cString: $0) } }
        })
    }
  }

  /// Writes `bytes` into the object database as a blob; its id.
  func createBlob(_ bytes: [UInt8]) throws(GitError) -> String {
    var id = git_oid()
    try LibGit2.check(
      bytes.withUnsafeBytes { git_blob_create_from_buffer(&id, repository, $0.baseAddress, $0.count) }, "git_blob_create_from_buffer")
    return id.hex
  }

  /// The tree of a merge index with every conflict settled (stage-0 entries
  /// only), written into the object database.
  func writeTree(of merge: GitMergeIndex) throws(GitError) -> git_oid {
    var id = git_oid()
    try LibGit2.check(merge.index.withPointer { git_index_write_tree_to(&id, $0, repository) }, "git_index_write_tree_to")
    return id
  }

  /// Moves HEAD's branch from `from` to the commit `to` (only if it still
  /// points at `from`), with a reflog entry.
  func moveBranch(to id: git_oid, from old: String, reflog: String) throws(GitError) {
    let name = try headReferenceName()
    var target = id
    var current = try git_oid.parse(old)
    var reference: OpaquePointer?
    defer { if let reference { git_reference_free(reference) } }
    let result = git_reference_create_matching(&reference, repository, name, &target, 1, &current, reflog)
    if result == GIT_ELOCKED.rawValue {
      LibGit2.clearError()
      throw .locked(referenceLockPath(name))
    }
    try LibGit2.check(result, "git_reference_create_matching")
  }

  /// Writes a commit of `treeID` with these parents; its id.
  func createCommit(tree treeID: git_oid, parents: [String], message: String) throws(GitError) -> git_oid {
    var handles: [GitHandle] = []
    for parent in parents { handles.append(try lookupCommit(try git_oid.parse(parent))) }
    return try createCommit(tree: treeID, parentHandles: handles, message: message)
  }

  /// Writes a commit of `treeID` with these parent commits, without moving
  /// any branch; its id.
  func createCommit(tree treeID: git_oid, parentHandles handles: [GitHandle], message: String) throws(GitError) -> git_oid {
    var treeID = treeID
    let tree = try GitHandle.make("git_tree_lookup", free: git_tree_free) { git_tree_lookup($0, repository, &treeID) }
    let (author, committer) = try signatures()
    var commitID = git_oid()
    // The handles outlive the call, so the pointers lent stay valid.
    let result = withExtendedLifetime(handles) {
      var pointers: [OpaquePointer?] = handles.map { $0.withPointer { $0 } }
      return author.withPointer { author in
        committer.withPointer { committer in
          tree.withPointer { tree in
            git_commit_create(&commitID, repository, nil, author, committer, nil, message, tree, pointers.count, &pointers)
          }
        }
      }
    }
    try LibGit2.check(result, "git_commit_create")
    return commitID
  }

  /// Makes the repository's index `treeID`, then marks each of
  /// `conflicts` as conflicted there (its three versions), as git leaves
  /// an unfinished merge.
  func resetIndex(to treeID: git_oid, conflicts: [GitMergeConflict]) throws(GitError) {
    var treeID = treeID
    let tree = try GitHandle.make("git_tree_lookup", free: git_tree_free) { git_tree_lookup($0, repository, &treeID) }
    let index = try repositoryIndex()
    try LibGit2.check(
      index.withPointer { indexPointer in tree.withPointer { git_index_read_tree(indexPointer, $0) } }, "git_index_read_tree")
    for conflict in conflicts {
      _ = index.withPointer { git_index_remove_bypath($0, conflict.path) }
      LibGit2.clearError()
      func entry(_ value: GitIndexEntry?) throws(GitError) -> git_index_entry? {
        guard let value else { return nil }
        var entry = git_index_entry()
        entry.id = try git_oid.parse(value.id)
        entry.mode = value.mode
        return entry
      }
      var ancestor = try entry(conflict.ancestor)
      var ours = try entry(conflict.ours)
      var theirs = try entry(conflict.theirs)
      let result = conflict.path.withCString { name in
        ancestor?.path = name
        ours?.path = name
        theirs?.path = name
        return index.withPointer { index in
          withOptionalPointer(&ancestor) { a in
            withOptionalPointer(&ours) { o in withOptionalPointer(&theirs) { t in git_index_conflict_add(index, a, o, t) } }
          }
        }
      }
      try LibGit2.check(result, "git_index_conflict_add")
    }
    try LibGit2.check(index.withPointer { git_index_write($0) }, "git_index_write")
  }

  /// Records an unfinished merge of `theirs` as git does (`MERGE_HEAD`,
  /// `MERGE_MSG`, `ORIG_HEAD`), so git and rk both know one is under way.
  func recordUnfinishedMerge(theirs: String, ours: String, message: String) throws(GitError) {
    do throws(FileSystemError) {
      try FileSystem.writeAtomically(Array("\(theirs)\n".utf8), to: gitDirectory + "/MERGE_HEAD")
      try FileSystem.writeAtomically(Array(message.utf8), to: gitDirectory + "/MERGE_MSG")
      try FileSystem.writeAtomically([], to: gitDirectory + "/MERGE_MODE")
      try FileSystem.writeAtomically(Array("\(ours)\n".utf8), to: gitDirectory + "/ORIG_HEAD")
    } catch {
      throw .file(error)
    }
  }

  /// The commits an unfinished merge merges (`MERGE_HEAD`), and its
  /// message (`MERGE_MSG`); `nil` when no merge is under way.
  func unfinishedMerge() -> (heads: [String], message: String)? {
    guard let heads = try? FileSystem.read(gitDirectory + "/MERGE_HEAD") else { return nil }
    let message = (try? FileSystem.read(gitDirectory + "/MERGE_MSG")).map { String(decoding: $0, as: UTF8.self) } ?? "Merge"
    let ids = String(decoding: heads, as: UTF8.self).split(whereSeparator: \.isNewline).map(String.init).filter { !$0.isEmpty }
    return ids.isEmpty ? nil : (ids, message)
  }

  /// Finishes an unfinished merge: stages the work tree at `folders`
  /// (every file there added, changed or removed, conflicts settled), then
  /// commits the index with HEAD and `MERGE_HEAD` as parents and ends the
  /// merge state. Lines of `MERGE_MSG` starting with `#` are left out.
  func commitMerge(staging folders: [String]) throws(GitError) -> GitCommit {
    guard let merge = unfinishedMerge() else { throw .unfinishedOperation("merge") }
    guard let head = try head() else { throw .detachedHead }
    let index = try repositoryIndex()
    for folder in folders {
      for entry in Self.entries(under: [folder], in: index) {
        _ = index.withPointer { git_index_conflict_remove($0, entry.path) }
      }
      try Self.removeEntries(under: folder, from: index)
      let conflicted = (try? conflictPaths(in: index))?.filter { $0 == folder || $0.hasPrefix(folder + "/") } ?? []
      for path in conflicted { _ = index.withPointer { git_index_conflict_remove($0, path) } }
      LibGit2.clearError()
      if FileSystem.exists(workingDirectory + "/" + folder) {
        let result = withStringArray([folder]) { spec in index.withPointer { git_index_add_all($0, spec, 0, nil, nil) } }
        try LibGit2.check(result, "git_index_add_all")
      }
    }
    // A path both sides removed (the old path of a folder renamed two ways)
    // has nothing to choose: it stays removed.
    for conflict in try GitMergeIndex(index).conflicts() where conflict.ours == nil && conflict.theirs == nil {
      _ = index.withPointer { git_index_conflict_remove($0, conflict.path) }
    }
    LibGit2.clearError()
    if index.withPointer({ git_index_has_conflicts($0) }) != 0 { throw .conflicts }
    var treeID = git_oid()
    try LibGit2.check(index.withPointer { git_index_write_tree(&treeID, $0) }, "git_index_write_tree")
    let message =
      merge.message.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("#") }
      .joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines) + "\n"
    let commitID = try createCommit(tree: treeID, parents: [head.id] + merge.heads, message: message)
    try LibGit2.check(index.withPointer { git_index_write($0) }, "git_index_write")
    try moveBranch(to: commitID, from: head.id, reflog: "commit (merge): " + (message.split(separator: "\n").first.map(String.init) ?? ""))
    try LibGit2.check(git_repository_state_cleanup(repository), "git_repository_state_cleanup")
    return try commit(withID: commitID.hex)
  }

  private func conflictPaths(in index: GitHandle) throws(GitError) -> [String] {
    try GitMergeIndex(index).conflicts().map(\.path)
  }
}

/// Lends `value`'s address, or `nil` when there is no value.
private func withOptionalPointer<T, R>(_ value: inout T?, _ body: (UnsafePointer<T>?) -> R) -> R {
  guard var copy = value else { return body(nil) }
  return withUnsafePointer(to: &copy) { body($0) }
}
