import CLibGit2

/// A file a commit changed, with the ids of its blob before and after.
struct ChangedBlob: Hashable, Sendable {
  /// The path relative to the work tree.
  var path: String
  /// The blob's id in the first parent; `nil` when the file was added.
  var old: String?
  /// The blob's id in the commit; `nil` when the file was deleted.
  var new: String?
}

extension GitRepository {
  /// The files that differ between `commit` and its first parent (for a
  /// root commit, all its files), in path order, with their blob ids.
  ///
  /// Taken from the tree diff alone, so no tree is loaded again per file:
  /// looking each path up would parse a 10,000-entry `albums` tree (too
  /// large for libgit2's object cache) once per file.
  func changedBlobs(in commit: GitCommit) throws(GitError) -> [ChangedBlob] {
    let handle = try lookupCommit(try git_oid.parse(commit.id))
    let tree = try tree(of: handle)
    let parentTree = try firstParent(of: handle).map { (parent) throws(GitError) in try self.tree(of: parent) }
    let diff = try GitHandle.make("git_diff_tree_to_tree", free: git_diff_free) { out in
      tree.withPointer { new in
        if let parentTree {
          parentTree.withPointer { old in git_diff_tree_to_tree(out, repository, old, new, nil) }
        } else {
          git_diff_tree_to_tree(out, repository, nil, new, nil)
        }
      }
    }
    return diff.withPointer { diff in
      (0..<git_diff_num_deltas(diff)).compactMap { index -> ChangedBlob? in
        guard let delta = git_diff_get_delta(diff, index)?.pointee else { return nil }
        let added = delta.status == GIT_DELTA_ADDED
        let deleted = delta.status == GIT_DELTA_DELETED
        let file = deleted ? delta.old_file : delta.new_file
        guard let path = file.path.map({ String(cString: $0) }) else { return nil }
        return ChangedBlob(path: path, old: added ? nil : delta.old_file.id.hex, new: deleted ? nil : delta.new_file.id.hex)
      }
    }
  }

  /// The bytes of the blob `id` (40 hexadecimal digits).
  func blob(withID id: String) throws(GitError) -> [UInt8] {
    var oid = try git_oid.parse(id)
    let blob = try GitHandle.make("git_blob_lookup", free: git_blob_free) { git_blob_lookup($0, repository, &oid) }
    return blob.withPointer { blob in
      let size = Int(git_blob_rawsize(blob))
      guard size > 0, let content = git_blob_rawcontent(blob) else { return [] }
      return Array(UnsafeRawBufferPointer(start: content, count: size))
    }
  }
}
