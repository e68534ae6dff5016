import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a change to the collection is about to do, kept in `.git/rk-journal`
/// while it runs, so that a change cut short (a kill, a crash, a power cut)
/// is finished or undone by the next `rk` instead of being left half made.
///
/// It is written and flushed to disk before the change touches the work
/// tree, the index or a branch, and removed once the commit and the index
/// are done. One journal stands for one commit. Paths are relative to the
/// repository's work tree.
struct ChangeJournal: JournalFile, Equatable, Sendable {
  /// The journal's name inside the git directory.
  static let fileName = "rk-journal"

  /// A file the change writes or deletes, with what to put back.
  struct SavedFile: Codable, Equatable, Sendable {
    var path: String
    /// The bytes before the change; `nil` when there was no file.
    var bytes: Data?
    /// The permission bits before the change.
    var mode: UInt32?
    /// The bytes the change writes, when recorded: a rollback puts
    /// ``bytes`` back only over these, never over a person's later save.
    var written: Data? = nil
  }

  /// A folder the change moves aside, deleted once the change is committed.
  struct ParkedFolder: Codable, Equatable, Sendable {
    var original: String
    var parked: String
  }

  /// A folder the change renames (`rk mv`): after a rollback it is back at
  /// `from`; once the change is committed it stays at `to`.
  struct MovedFolder: Codable, Equatable, Sendable {
    var from: String
    var to: String
  }

  /// 1; 2 when the journal moves folders, which an `rk` that knows only
  /// version 1 would not put back (it refuses a journal it cannot read,
  /// rather than remove the folder a moved album went into).
  var version = 1
  /// The message of the commit the change makes.
  var message: String
  /// HEAD's commit before the change; `nil` on an unborn branch.
  var head: String?
  /// The paths the commit covers (files or folders).
  var paths: [String]
  var files: [SavedFile] = []
  var parked: [ParkedFolder] = []
  /// Optional, so that a journal written before folders could be moved
  /// still reads.
  var moved: [MovedFolder]? = nil {
    didSet { version = moved == nil ? 1 : 2 }
  }
  /// Folders that did not exist before the change (a new album's).
  var created: [String] = []
  /// Scratch folders, deleted whether the change completes or not.
  var staging: [String] = []
  /// The repository's index entries under ``paths`` before the change.
  var index: [GitIndexEntry] = []
  /// The lock files (absolute) the commit takes: the index's and the branch's.
  var locks: [String] = []

  var isReadableVersion: Bool { version == (moved == nil ? 1 : 2) }
}

/// A change an earlier `rk` was interrupted in (killed, or the machine
/// stopped), and what the next `rk` did about it.
public struct InterruptedChange: Equatable, Sendable, CustomStringConvertible {
  /// What became of the change.
  public enum Outcome: Equatable, Sendable {
    /// It had been committed; the index and leftover folders were tidied.
    case finished
    /// It had not been committed; the files were put back as they were.
    case rolledBack
    /// The branch has moved since (someone committed), so the files were left
    /// as they are, except that a folder moved aside was put back.
    case leftAsIs
  }

  public var outcome: Outcome
  /// The first line of the change's commit message.
  public var summary: String
  /// The paths the change covered, relative to the work tree.
  public var paths: [String]
  /// Files a rollback left as they are, because a person saved them after
  /// the interruption: they hold neither rk's change nor what was before.
  public var keptEdits: [String] = []

  public var description: String {
    switch outcome {
    case .finished:
      "finished a change an earlier rk was interrupted in (\"\(summary)\"): it had been committed"
    case .rolledBack where !keptEdits.isEmpty:
      "rolled back a change an earlier rk was interrupted in (\"\(summary)\"), but \(Self.listed(keptEdits)) "
        + "\(keptEdits.count == 1 ? "was" : "were") saved by hand since, so rk left \(keptEdits.count == 1 ? "it" : "them") "
        + "as saved (rk's change is not in \(keptEdits.count == 1 ? "it" : "them")): check with git diff"
    case .rolledBack:
      "rolled back a change an earlier rk was interrupted in (\"\(summary)\"): \(Self.listed(paths)) put back as before"
    case .leftAsIs:
      "found a change an earlier rk was interrupted in (\"\(summary)\"), but the branch has moved since, so rk left \(Self.listed(paths)) as they are: check them with git status"
    }
  }

  /// How many paths a message names before it only counts the rest: an
  /// interrupted import covers thousands, which made one line of 60 KB.
  static let pathsNamed = 5

  /// `a, b, c`; or for many, `3012 files (a, b, c, d, e and 3007 more)`.
  static func listed(_ paths: [String]) -> String {
    guard paths.count > pathsNamed else { return paths.joined(separator: ", ") }
    return "\(paths.count) files (\(paths.prefix(pathsNamed).joined(separator: ", ")) and \(paths.count - pathsNamed) more)"
  }
}
