import CLibGit2
import Foundation

// Plays follow their album through a merge (docs/merging.md, "Plays files"): when one side
// moved an album (`rk mv` or a hand rename), plays the other side recorded
// under the old id are made to name the new one in the merge itself, so
// `rk plays NEW` counts them all and `last_played` is right.

extension PlayHistory {
  /// `bytes` (a plays file) with every play of an album in `moves` (old id
  /// → new id) naming its new id; `nil` when no play was moved. The rest of
  /// each line, and every other line, stays as written.
  static func moving(_ bytes: [UInt8], _ moves: [String: String]) -> [UInt8]? {
    guard !moves.isEmpty else { return nil }
    var lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var touched = false
    for index in lines.indices {
      guard let play = try? Play.parse(Substring(lines[index])), let newID = moves[play.album] else { continue }
      let line = lines[index]
      // The id is the second part: after the first separator.
      guard let separator = line.firstIndex(where: { $0 == "·" || $0 == "|" }),
        let found = line[line.index(after: separator)...].range(of: play.album)
      else { continue }
      lines[index].replaceSubrange(found, with: newID)
      touched = true
    }
    return touched ? Array(lines.joined(separator: "\n").utf8) : nil
  }
}

extension CollectionStore {
  /// Moves the plays of the merge `merge` (of `sides`, whose common
  /// ancestor is `base`) that name an album one side moved: the album's old
  /// folder is gone from the merge and its new one is there. Plays files
  /// the merge left conflicted are left alone. Ordered lists' entries move
  /// the same way: `rk mv` on one side meets an entry the other added.
  ///
  /// - Returns: The plays files changed (paths relative to the work tree).
  @discardableResult
  func movePlaysFollowingAlbums(base: String?, sides: [String], into merge: GitMergeIndex) throws(GitError) -> [String] {
    guard let base else { return [] }
    var playsFiles: Set<String> = []
    for side in sides {
      for entry in try repository.treeEntries(
        under: [prefix + PlayHistory.folder, prefix + OrderedListFile.folder], of: try repository.commit(withID: side))
      where PlayHistory.isPlaysFile(String(entry.path.dropFirst(prefix.count))) || OrderedListFile.name(atPath: entry.path) != nil {
        playsFiles.insert(entry.path)
      }
    }
    // Rename detection only when there are plays to move.
    guard !playsFiles.isEmpty else { return [] }
    var moves: [String: String] = [:]
    for side in sides {
      for (old, new) in try repository.renamedAlbumFolders(from: base, to: side)
      where old.hasPrefix(prefix) && new.hasPrefix(prefix) && merge.entry(at: old + "/" + AlbumFile.name) == nil
        && merge.entry(at: new + "/" + AlbumFile.name) != nil
      {
        moves[String(old.dropFirst(prefix.count))] = String(new.dropFirst(prefix.count))
      }
    }
    guard !moves.isEmpty else { return [] }
    var changed: [String] = []
    for path in playsFiles.sorted() {
      guard let entry = merge.entry(at: path) else { continue }
      let bytes = try repository.blob(withID: entry.id)
      // Ordered lists' entries follow too (issue 32).
      let list = OrderedListFile.name(atPath: path)
      guard let moved = list.map({ OrderedListFile.moving(bytes, named: $0, moves) }) ?? PlayHistory.moving(bytes, moves) else {
        continue
      }
      try merge.set(path, id: try repository.createBlob(moved), mode: entry.mode)
      changed.append(path)
    }
    return changed
  }

  /// Moves the plays of the merge commit git just made (`git pull`, `git
  /// merge`: rk's `post-merge` hook runs this) as ``merge(commit:from:)``
  /// does in its own merges: the merge commit is remade with the plays
  /// moved, same parents and message, and the work tree and index get the
  /// moved plays files. Nothing happens unless HEAD is a merge commit whose
  /// first parent is `ORIG_HEAD` (the merge just made, not one fetched) and
  /// some play needs moving.
  ///
  /// - Returns: The new merge commit, or `nil` when nothing was moved.
  @discardableResult
  public func movePlaysInMergedHead() throws(StoreError) -> GitCommit? {
    // git runs the hook before it removes MERGE_HEAD: the merge it names is
    // the one committed, not one under way.
    try locked(duringMerge: true) { () throws(StoreError) -> GitCommit? in
      do {
        guard let head = try repository.head(), head.parentIDs.count == 2,
          let before = try? FileSystem.read(repository.gitDirectory + "/ORIG_HEAD"),
          String(decoding: before, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == head.parentIDs[0],
          repository.unfinishedMerge().map({ $0.heads == [head.parentIDs[1]] }) ?? true
        else { return nil }
        return try movePlays(inMergeCommit: head)
      } catch {
        throw .wrapping(error, operation: "move plays", path: repository.gitDirectory)
      }
    }
  }

  /// Moves the plays of the commits a rebase git just made (`git pull
  /// --rebase`: rk's `post-rewrite` hook runs this) that name an album
  /// moved upstream, in a commit of their own on top: a rebase makes no
  /// merge commit to hold them. The moves are those from where the branch
  /// forked (before the rebase, `ORIG_HEAD`) to HEAD. Git runs the hook
  /// with its branch already moved but its rebase state not yet removed.
  ///
  /// - Returns: The new commit, or `nil` when nothing was moved.
  @discardableResult
  public func movePlaysInRebasedHead() throws(StoreError) -> GitCommit? {
    try locked(afterRebase: true) { () throws(StoreError) -> GitCommit? in
      do {
        guard let head = try repository.head(), let before = try? FileSystem.read(repository.gitDirectory + "/ORIG_HEAD") else {
          return nil
        }
        let original = String(decoding: before, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard original != head.id, let base = try repository.mergeBase(original, head.id) else { return nil }
        let tree = try repository.indexOfTree(ofCommit: head.id)
        let changed = try movePlaysFollowingAlbums(base: base, sides: [original, head.id], into: tree)
        guard !changed.isEmpty else { return nil }
        return try commitMovedPlays(
          changed, in: tree, parents: [head.id],
          message: ChangeMessage.make("Plays follow their albums moved upstream", action: "merge-plays"),
          replacing: head.id, reflog: "rebase: plays follow their albums")
      } catch {
        throw .wrapping(error, operation: "move plays", path: repository.gitDirectory)
      }
    }
  }

  /// Remakes the merge commit `head` (HEAD, made by git or by `rk
  /// resolve`) with its plays moved as ``movePlaysFollowingAlbums(base:sides:into:)``
  /// moves them, when any need moving; the caller holds the lock.
  func movePlays(inMergeCommit head: GitCommit) throws(StoreError) -> GitCommit? {
    guard head.parentIDs.count == 2 else { return nil }
    do {
      let merge = try repository.indexOfTree(ofCommit: head.id)
      let base = try repository.mergeBase(head.parentIDs[0], head.parentIDs[1])
      let changed = try movePlaysFollowingAlbums(base: base, sides: head.parentIDs, into: merge)
      guard !changed.isEmpty else { return nil }
      return try commitMovedPlays(
        changed, in: merge, parents: head.parentIDs, message: head.message, replacing: head.id, reflog: "merge: plays follow their albums")
    } catch {
      throw .wrapping(error, operation: "move plays", path: repository.gitDirectory)
    }
  }

  /// Commits `tree` (HEAD's tree with the plays files `changed` moved) with
  /// `parents`, in place of HEAD (`head`), and gives the work tree and the
  /// index the moved files. Refused when a person edited one of them.
  private func commitMovedPlays(
    _ changed: [String], in tree: GitMergeIndex, parents: [String], message: String, replacing head: String, reflog: String
  ) throws -> GitCommit {
    let edited = try changed.filter { (path) throws(GitError) in try repository.hasUncommittedChanges(at: path) }
    guard edited.isEmpty else { throw StoreError.uncommittedChanges(edited) }
    let treeID = try repository.writeTree(of: tree)
    let commitID = try repository.createCommit(tree: treeID, parents: parents, message: message)
    var entries: [GitIndexEntry] = []
    for path in changed {
      guard let entry = tree.entry(at: path) else { continue }
      let bytes = try repository.blob(withID: entry.id)
      do throws(FileSystemError) {
        try FileSystem.writeAtomically(bytes, to: repository.workingDirectory + "/" + path)
      } catch {
        throw StoreError.file(error)
      }
      entries.append(entry)
    }
    for entry in entries { try repository.resetIndex(under: [entry.path], to: [entry]) }
    try repository.moveBranch(to: commitID, from: head, reflog: reflog)
    return try repository.commit(withID: commitID.hex)
  }
}

extension GitRepository {
  /// The album folders (paths relative to the work tree) that were renamed
  /// between the commits `from` and `to`, found by git's rename detection
  /// on their `album.md`: old folder → new folder.
  func renamedAlbumFolders(from: String, to: String) throws(GitError) -> [String: String] {
    let oldTree = try tree(of: try lookupCommit(try git_oid.parse(from)))
    let newTree = try tree(of: try lookupCommit(try git_oid.parse(to)))
    let diff = try GitHandle.make("git_diff_tree_to_tree", free: git_diff_free) { out in
      oldTree.withPointer { old in newTree.withPointer { new in git_diff_tree_to_tree(out, repository, old, new, nil) } }
    }
    var options = git_diff_find_options()
    try LibGit2.check(git_diff_find_options_init(&options, UInt32(GIT_DIFF_FIND_OPTIONS_VERSION)), "git_diff_find_options_init")
    options.flags = GIT_DIFF_FIND_RENAMES.rawValue
    try LibGit2.check(diff.withPointer { git_diff_find_similar($0, &options) }, "git_diff_find_similar")
    let suffix = "/" + AlbumFile.name
    return diff.withPointer { diff in
      var renamed: [String: String] = [:]
      for index in 0..<git_diff_num_deltas(diff) {
        guard let delta = git_diff_get_delta(diff, index)?.pointee, delta.status == GIT_DELTA_RENAMED,
          let old = delta.old_file.path.map({ String(cString: $0) }), let new = delta.new_file.path.map({ String(cString: $0) }),
          old.hasSuffix(suffix), new.hasSuffix(suffix)
        else { continue }
        renamed[String(old.dropLast(suffix.count))] = String(new.dropLast(suffix.count))
      }
      return renamed
    }
  }

  /// An index in memory holding the tree of the commit `id`, to change and
  /// write as a new tree.
  func indexOfTree(ofCommit id: String) throws(GitError) -> GitMergeIndex {
    let tree = try tree(of: try lookupCommit(try git_oid.parse(id)))
    let index = try GitHandle.make("git_index_new", free: git_index_free) { git_index_new($0) }
    try LibGit2.check(index.withPointer { index in tree.withPointer { git_index_read_tree(index, $0) } }, "git_index_read_tree")
    return GitMergeIndex(index)
  }
}

extension CollectionStore {
  /// The `post-merge` hook rk installs so that a merge git makes (`git
  /// pull`, `git merge`) moves plays as `rk sync` does: it runs `rk
  /// merge-plays` with the rk that `merge.rk.driver` names, so it follows
  /// that setting when rk moves, in the collection at `folder` (relative to
  /// the work tree, where git runs hooks).
  static func playsHook(collection folder: String) -> String {
    hook(
      "plays follow their albums into a merge git made (rk merge-plays).", collection: folder, command: "merge-plays")
  }

  /// The `post-rewrite` hook: after `git pull --rebase` (not `commit
  /// --amend`), `rk merge-plays --rebase`.
  static func rebasePlaysHook(collection folder: String) -> String {
    hook(
      "plays follow their albums through a rebase git made (rk merge-plays --rebase).", collection: folder,
      command: "merge-plays --rebase", onlyFor: "rebase")
  }

  private static func hook(_ purpose: String, collection folder: String, command: String, onlyFor kind: String? = nil) -> String {
    let quoted = "'" + (folder.isEmpty ? "." : folder).replacingOccurrences(of: "'", with: "'\\''") + "'"
    let only = kind.map { "test \"$1\" = \($0) || exit 0\n" } ?? ""
    return """
      #!/bin/sh
      # Record Keeper: \(purpose)
      \(only)driver=$(git config merge.rk.driver) || exit 0
      collection=\(quoted)
      exec sh -c "${driver%% merge-file*} -C \\"\\$1\\" \(command)" rk-hook "$collection"

      """
  }

  /// Installs ``playsHook(collection:)`` as the repository's `post-merge`
  /// hook and ``rebasePlaysHook(collection:)`` as its `post-rewrite` hook,
  /// each unless a hook of another kind is there (it is never replaced); a
  /// clone whose merge driver was registered before rk had them gets them
  /// this way.
  ///
  /// - Returns: Whether a hook was written.
  @discardableResult
  public func installPlaysHook() throws(StoreError) -> Bool {
    let folder = prefix.isEmpty ? "" : String(prefix.dropLast())
    let merge = try installHook("post-merge", Self.playsHook(collection: folder))
    let rebase = try installHook("post-rewrite", Self.rebasePlaysHook(collection: folder))
    return merge || rebase
  }

  /// Writes `text` as the hook `name`, unless it is there already or a hook
  /// that is not rk's is.
  private func installHook(_ name: String, _ text: String) throws(StoreError) -> Bool {
    let hooks = repository.commonDirectory + "/hooks"
    let file = hooks + "/" + name
    if FileSystem.exists(file) {
      let existing = (try? FileSystem.read(file)) ?? []
      guard existing != Array(text.utf8), String(decoding: existing, as: UTF8.self).contains("rk merge-plays") else {
        return false
      }
    }
    do throws(FileSystemError) {
      try FileSystem.makeFolders(hooks)
      try FileSystem.writeAtomically(Array(text.utf8), to: file)
    } catch {
      throw .file(error)
    }
    guard chmod(file, 0o755) == 0 else {
      throw .file(FileSystemError(path: file, operation: "make executable", code: errno))
    }
    return true
  }
}
