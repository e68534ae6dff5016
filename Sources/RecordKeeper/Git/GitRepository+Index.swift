import CLibGit2

extension GitRepository {
  /// The files of git's index (stage 0, regular files), and the paths among
  /// them whose blob HEAD does not have there (added or changed): what the
  /// next commit records. `indexFile` is another index to read, as git
  /// names one in `GIT_INDEX_FILE` to hooks of `git commit -a` or
  /// `git commit PATH`; `nil` for the repository's own.
  func stagedFiles(indexFile: String?) throws(GitError) -> (files: [GitIndexEntry], staged: [String]) {
    let index: GitHandle
    if let indexFile {
      index = try GitHandle.make("git_index_open", free: git_index_free) { git_index_open($0, indexFile) }
    } else {
      index = try repositoryIndex()
    }
    let files = index.withPointer { index in
      (0..<git_index_entrycount(index)).compactMap { number -> GitIndexEntry? in
        guard let entry = git_index_get_byindex(index, number) else { return nil }
        let stage = (Int32(entry.pointee.flags) & GIT_INDEX_ENTRY_STAGEMASK) >> GIT_INDEX_ENTRY_STAGESHIFT
        // Regular files only (0o100644, 0o100755): no links, no submodules.
        guard stage == 0, entry.pointee.mode & 0o170000 == 0o100000 else { return nil }
        return GitMergeIndex.copy(entry)
      }
    }
    let headTree = try headCommit().map { (commit) throws(GitError) in try tree(of: commit) }
    let diff = try GitHandle.make("git_diff_tree_to_index", free: git_diff_free) { out in
      index.withPointer { index in
        if let headTree {
          headTree.withPointer { tree in git_diff_tree_to_index(out, repository, tree, index, nil) }
        } else {
          git_diff_tree_to_index(out, repository, nil, index, nil)
        }
      }
    }
    let staged = diff.withPointer { diff in
      (0..<git_diff_num_deltas(diff)).compactMap { number -> String? in
        guard let delta = git_diff_get_delta(diff, number)?.pointee, delta.status != GIT_DELTA_DELETED else { return nil }
        return delta.new_file.path.map { String(cString: $0) }
      }
    }
    return (files, staged)
  }
}
