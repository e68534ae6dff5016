/// Why a git operation failed; nothing was committed.
public enum GitError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A libgit2 function returned an error.
  case libgit2(function: String, code: Int32, message: String)
  /// The folder is not inside a git repository.
  case notARepository(String)
  /// A merge, rebase or similar is in progress.
  case unfinishedOperation(String)
  /// The index has unresolved conflicts.
  case conflicts

  public var description: String {
    switch self {
    case .libgit2(let function, _, let message): "git: \(message) (\(function))"
    case .notARepository(let path):
      "\(path) is not in a git repository, which rk needs to record changes: run rk init \(path)"
    case .unfinishedOperation(let name):
      "a git \(name) is in progress: finish or abort it with git, then try again"
    case .conflicts: "the git index has unresolved conflicts: resolve them with git, then try again"
    }
  }
}

/// A commit, copied out of libgit2.
public struct GitCommit: Hashable, Sendable {
  /// The full hexadecimal id.
  public var id: String
  public var message: String
  public var authorName: String
  public var authorEmail: String
  /// Seconds since 1970.
  public var time: Int64

  /// The first line of the message.
  public var summary: String { String(message.prefix { $0 != "\n" }) }
}
