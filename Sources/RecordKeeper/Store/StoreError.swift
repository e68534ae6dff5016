import Foundation

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
  /// The most recent change not yet undone (its summary given) is not one
  /// `rk` made: `rk undo` never undoes a person's own commits.
  case notOurCommit(String)
  /// The repository has no commits at all.
  case nothingToUndo
  /// Every `rk` change back to the collection's first commit (its summary
  /// given) is undone, and that first commit is never undone.
  case nothingLeftToUndo(String)
  /// The change to undo (its summary) is not what the files hold now at
  /// `path`, so undoing it would not restore what came before.
  case changedSinceUndoable(summary: String, path: String)
  /// Undoing would overwrite edits a person has not committed.
  case uncommittedChanges([String])
  /// The album (its name given) was not removed: its folder holds these
  /// files git ignores, which no commit could bring back.
  case ignoredFiles(album: String, [String])
  /// The album (its name given) was not removed: its folder holds git
  /// repositories of their own or submodules (their folders, as messages
  /// show them), whose history no commit of this collection keeps.
  case nestedRepositories(album: String, [String])
  /// The album reference leads outside the collection root.
  case outsideCollection(String)
  /// The path (as messages show it) is a symbolic link, which `rk` does not
  /// read or write through.
  case symbolicLink(String)
  /// The file changed on disk while a person was editing it.
  case changedSinceOpened(path: String)
  /// The journal of an interrupted change (its path) cannot be read.
  case unreadableJournal(path: String)
  /// A change to several albums was refused for each of these reasons;
  /// nothing was written.
  case several([StoreError])
  /// No album matches the query (as given), so nothing was changed.
  case noMatches(String)
  /// A rule of the query cannot be used (docs/commands.md, "Rules and smart lists").
  case query(SearchQueryError)
  /// `rk mv` refused to move the album (its name given) to `destination`
  /// (as typed); nothing was written.
  case moveRefused(album: String, destination: String, MoveRefusal)
  /// A merge is unfinished and these albums (ids) still have conflicts
  /// (docs/merging.md, "Seeing and settling conflicts"): nothing is committed until they are resolved.
  case unfinishedMerge(albums: [String])
  /// A save from a form (the album's name given) changed fields that were
  /// also changed in the file since the form was opened, in other ways:
  /// nothing was written (docs/merging.md, "The app's save is the same merge").
  case saveConflicts(album: String, [FieldConflict])
  /// The version a form was opened at (a git blob id) is not in the
  /// repository, so its changes cannot be merged: nothing was written.
  case unknownVersion(album: String, version: String)
  /// A person saved the file (its path as messages show it) while `rk` was
  /// changing it, and the two could not be merged (`reason` says why):
  /// the person's file stands and rk's change was not made (docs/commands.md, "Changes and commits").
  case savedMeanwhile(path: String, reason: String)
  /// A play of the album (its name given) was not recorded.
  case playRefused(album: String, PlayRefusal)

  /// Whether the change failed because the disk is full or a quota is
  /// spent: nothing was written, and the person must free space.
  public var isDiskFull: Bool {
    switch self {
    case .file(let error), .cover(.file(let error)): error.code == ENOSPC || error.code == EDQUOT
    case .git(.diskFull): true
    case .several(let errors): errors.contains { $0.isDiskFull }
    default: false
    }
  }

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
    case .notOurCommit(let summary):
      "the most recent change not yet undone (\"\(summary)\") was not made by rk, so rk undo stops there: it never undoes your own commits or hand edits; use git revert to undo it yourself"
    case .nothingToUndo: "there is nothing to undo: the collection has no commits"
    case .nothingLeftToUndo(let summary):
      "there is nothing left to undo: every rk change back to the collection's first commit (\"\(summary)\") is undone, and rk undo never undoes the first commit"
    case .changedSinceUndoable(let summary, let path):
      "cannot undo \"\(summary)\": \(path) has changed since in a way rk did not record, so undoing would not bring back what was there; change it back by hand or with git"
    case .changedSinceOpened(let path):
      "\(path) changed while you were editing it (another rk command, a git pull or an editor): your text was not saved over it; run rk edit again and copy your changes in"
    case .ignoredFiles(let album, let paths):
      "\(album) was not removed: its folder holds files git ignores, which rk rm would delete for good (rk undo brings back only what git keeps):\n"
        + paths.map { "  " + $0 }.joined(separator: "\n")
        + "\nmove them out of the folder or delete them yourself, then run rk rm again"
    case .nestedRepositories(let album, let paths):
      "\(album) was not removed: its folder holds a git repository of its own (or a submodule), which rk rm would delete with all its history (rk undo brings back only what this collection's git keeps):\n"
        + paths.map { "  " + $0 }.joined(separator: "\n")
        + "\nmove it out of the album's folder (for a submodule, git rm it first, which keeps its history in .git/modules), then run rk rm again"
    case .outsideCollection(let reference):
      "\"\(reference)\" leads outside the collection, and rk never reads or changes anything there: name an album by its id (albums/…), its folder name, or words of its artist and title"
    case .symbolicLink(let path):
      "\(path) is a symbolic link, and rk does not read or write through links (one may lead out of the collection): replace the link with the folder or file itself, then try again"
    case .unreadableJournal(let path):
      "\(path) should record a change an earlier rk was interrupted in, but cannot be read: check the collection with git status, put right what it shows, then delete \(path)"
    case .several(let errors):
      "no album was changed:\n" + errors.map { "  " + $0.description.replacingOccurrences(of: "\n", with: "\n  ") }.joined(separator: "\n")
    case .query(let error): error.description
    case .noMatches(let query): "no album matches \"\(query)\", so nothing was changed: try the query with rk list first"
    case .moveRefused(let album, let destination, let reason):
      "\(album) was not moved to \"\(destination)\": \(reason)"
    case .unfinishedMerge(let albums):
      "a merge is unfinished: \(albums.joined(separator: ", ")) \(albums.count == 1 ? "has" : "have") conflicts, and rk commits nothing until they are resolved: "
        + "rk conflicts lists them; settle each with rk resolve ALBUM --take ours|theirs or rk resolve ALBUM --set FIELD=VALUE, and the merge commit is made when none is left"
    case .saveConflicts(let album, let conflicts):
      "\(album) was not saved: "
        + conflicts.map { "\($0.field) was changed here (\($0.ours ?? "nothing")) and in the file (\($0.theirs ?? "nothing"))" }
        .joined(separator: "; ") + "; choose one value for each and save again"
    case .savedMeanwhile(let path, let reason):
      "\(path) was saved by someone else while rk was changing it, and \(reason): the saved file was kept as it is and rk changed nothing; run the command again"
    case .unknownVersion(let album, let version):
      "\(album) was not saved: the version \(version) the form was opened at is unknown; reload the album and make the changes again"
    case .playRefused(let album, let refusal): "no play of \(album) was recorded: \(refusal)"
    case .uncommittedChanges(let paths):
      "undo would overwrite uncommitted edits in " + paths.joined(separator: ", ") + ": commit or discard them first"
    }
  }
}

extension StoreError {
  /// `error` as a store error: a store error as it is, git and file errors
  /// wrapped, anything else an I/O error of `operation` on `path`. For the
  /// untyped calls (Foundation's) inside a change.
  static func wrapping(_ error: any Error, operation: String, path: String) -> StoreError {
    switch error {
    case let error as StoreError: error
    case let error as GitError: .git(error)
    case let error as FileSystemError: .file(error)
    default: .file(FileSystemError(path: path, operation: operation, error: error))
    }
  }
}
