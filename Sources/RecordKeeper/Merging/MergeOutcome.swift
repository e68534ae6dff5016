/// What ``CollectionStore/merge(commit:from:)`` did.
public enum MergeOutcome: Sendable, Equatable {
  /// The commit is already in HEAD's history: nothing to do.
  case upToDate
  /// HEAD moved forward to the commit (its id) and the work tree was
  /// checked out: there was nothing of ours to merge.
  case fastForwarded(to: String)
  /// A merge commit (its id) with HEAD and the commit as parents.
  case merged(commit: String)
  /// The merge is left unfinished with these true conflicts (album ids
  /// relative to the collection); our values are in the files.
  /// `rk conflicts` lists them, `rk resolve` settles them, and the merge
  /// commit is made when none is left.
  case conflicts([FieldConflict])
}

/// Why a merge or a resolution was refused or failed.
public enum MergeError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A git operation failed.
  case git(GitError)
  /// The collection could not be changed (lock, files).
  case store(StoreError)
  /// Files the merge would change hold uncommitted edits (paths relative
  /// to the collection); nothing was changed.
  case uncommittedChanges([String])
  /// The commit to merge (as given) is not in the repository.
  case unknownCommit(String)
  /// No merge is under way, so there is nothing to resolve.
  case noMergeUnderway
  /// The album (its id) has no conflict, or none in `field`.
  case noConflict(album: String, field: String?)
  /// `--set` cannot set this field (tracks, notes, covers, the album).
  case notSettable(album: String, field: String)
  /// The value given for a field breaks a rule.
  case invalidValue(album: String, field: String, [AlbumProblem])
  /// An `album.md` could not be merged or rewritten.
  case album(AlbumMergeError)

  public var description: String {
    switch self {
    case .git(let error): error.description
    case .store(let error): error.description
    case .uncommittedChanges(let paths):
      "the merge would change files with uncommitted edits:\n" + paths.map { "  " + $0 }.joined(separator: "\n")
        + "\ncommit them (git commit, or any rk change to the album commits them first) or discard them, then try again; nothing was changed"
    case .unknownCommit(let id): "there is no commit \(id) in this repository: fetch it first"
    case .noMergeUnderway: "no merge is under way, so there is nothing to resolve"
    case .noConflict(let album, let field?): "\(album) has no conflict in \(field): rk conflicts lists what is left"
    case .noConflict(let album, nil): "\(album) has no conflicts: rk conflicts lists what is left"
    case .notSettable(let album, let field):
      "\(album): \(field) cannot be set with --set: use rk resolve \(album) --take ours|theirs, or edit the album by hand and then take ours"
    case .invalidValue(let album, _, let problems):
      "\(album) was not changed:\n" + problems.map { "  \($0.description)" }.joined(separator: "\n")
    case .album(let error): error.description
    }
  }
}
