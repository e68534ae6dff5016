/// Why a change to the collection was refused or failed. In every case the
/// collection and its history are left as they were.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
  case collection(CollectionError)
  case git(GitError)
  case file(FileSystemError)
  case cover(CoverError)
  /// The album file cannot be read; the path is as messages show it.
  case unreadable(path: String, AlbumFileError)
  /// The change would break the rules; nothing was written.
  case invalid(album: String, [AlbumProblem])
  case edit(album: String, AlbumEditError)
  /// `rk init` was pointed at a folder that is already a collection.
  case alreadyACollection(String)
  /// The last commit is not one `rk` made.
  case notOurCommit(String)
  case nothingToUndo
  /// Undoing would overwrite edits a person has not committed.
  case uncommittedChanges([String])
  /// The file changed on disk while a person was editing it.
  case changedSinceOpened(path: String)
  /// The journal of an interrupted change (its path) cannot be read.
  case unreadableJournal(path: String)

  public var description: String {
    switch self {
    case .collection(let error): error.description
    case .git(let error): error.description
    case .file(let error): error.description
    case .cover(let error): error.description
    case .unreadable(let path, let error): "\(path):\(error.line): \(error.description)"
    case .invalid(let album, let problems):
      "\(album) was not changed:\n" + problems.map { "  \($0.description)" }.joined(separator: "\n")
    case .edit(let album, let error): "\(album) was not changed: \(error.description)"
    case .alreadyACollection(let path): "\(path) is already a Record Keeper collection"
    case .notOurCommit(let summary):
      "the last commit (\"\(summary)\") was not made by rk, so rk undo leaves it alone; use git revert to undo it"
    case .nothingToUndo: "there is nothing to undo: the collection has no commits"
    case .changedSinceOpened(let path):
      "\(path) changed while you were editing it (another rk command, a git pull or an editor): your text was not saved over it; run rk edit again and copy your changes in"
    case .unreadableJournal(let path):
      "\(path) should record a change an earlier rk was interrupted in, but cannot be read: check the collection with git status, put right what it shows, then delete \(path)"
    case .uncommittedChanges(let paths):
      "undo would overwrite uncommitted edits in " + paths.joined(separator: ", ") + ": commit or discard them first"
    }
  }
}
