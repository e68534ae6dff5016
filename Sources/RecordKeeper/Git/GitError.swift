import CLibGit2
import Foundation

/// Why a git operation failed. Unless a case says otherwise, nothing was
/// committed.
public enum GitError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A libgit2 function failed: its name, its (negative) return code and
  /// libgit2's message.
  case libgit2(function: String, code: Int32, message: String)
  /// A file of the repository could not be read or written: the path, the
  /// operation and the system's reason (errno), not a libgit2 failure.
  case file(FileSystemError)
  /// No git repository holds this folder.
  case notARepository(String)
  /// The repository holding this folder is bare: it has no work tree to
  /// keep a collection in.
  case bareRepository(String)
  /// A path given to commit lies outside the repository's work tree.
  case outsideWorkTree(String)
  /// A merge, rebase, cherry-pick, revert, bisect or `git am` (the name
  /// given) is in progress.
  case unfinishedOperation(String)
  /// The index has unresolved conflicts.
  case conflicts
  /// HEAD points at a commit, not a branch, so a commit would belong to no branch.
  case detachedHead
  /// The branch has no commits yet, so there is nothing to merge into.
  case noCommits
  /// A lock file (absolute path) that another git command holds, or that a
  /// git command left behind when it was killed.
  case locked(String)
  /// A lock file (absolute path) that living processes on this machine may
  /// hold (each named with its pid), so rk leaves it alone.
  case lockHeld(String, by: [String])

  /// The change would write this path (relative to the work tree), which
  /// lies outside the sparse checkout: git did not check it out, and what
  /// is committed there is not on disk.
  case outsideSparseCheckout(String)
  /// The repository is a shallow clone whose history stops at this commit
  /// (its parents were never fetched), and the work needs what came before.
  case shallowHistory(String)

  /// The disk holding the repository (its work tree given) is full: git
  /// could not write (in `function`), and nothing was changed.
  case diskFull(path: String, function: String)

  public var description: String {
    switch self {
    case .diskFull(let path, _):
      DiskFull.message(path: path)
    case .lockHeld(let path, let holders):
      "\(holders.joined(separator: ", ")) \(holders.count == 1 ? "is" : "are") working in this repository and may hold \(path): "
        + "let it finish (a git commit waiting for its message finishes when you save and close the editor) and try again. "
        + "Do not delete \(path) while it runs. Nothing was changed"
    case .outsideSparseCheckout(let path):
      "\(path) is outside this clone's sparse checkout: git did not check it out, so rk would overwrite or drop what is committed there. "
        + "Widen the checkout (git sparse-checkout add \((path as NSString).deletingLastPathComponent), or git sparse-checkout disable) and try again. Nothing was changed"
    case .shallowHistory(let id):
      "this clone is shallow (made with git clone --depth): its history stops at commit \(id.prefix(7)), and rk needs what came before it. "
        + "Fetch the rest with git fetch --unshallow, then try again"
    case .libgit2(let function, let code, let message):
      "git failed: \(message) (\(function), code \(code))" + Self.advice(forCode: code)
    case .file(let error):
      error.description
    case .notARepository(let path):
      "\(path) is not in a git repository, and rk records every change as a git commit: run `rk init` in the collection to make one"
    case .bareRepository(let path):
      "the git repository holding \(path) is bare and has no work tree: use a clone with a work tree, or run `rk init` in a new folder"
    case .outsideWorkTree(let path):
      "\(path) is outside the repository's work tree, so it cannot be committed"
    case .unfinishedOperation(let name):
      "a git \(name) is in progress in this repository"
        + (name == "merge" || name == "rebase" ? " (a git pull, or a git \(name) of your own)" : "")
        + ": finish it first (`git status` says how; for a pull, resolve any conflicts and run git commit, or git \(name) --abort), then try again"
    case .detachedHead:
      "HEAD is detached (on no branch), so rk's commit would belong to no branch: go back to a branch with git switch BRANCH (git branch lists them), or keep the commits made here with git switch -c NEW-BRANCH, then try again"
    case .noCommits:
      "this collection's git branch has no commits yet, so there is nothing to merge into: commit what is there (git add -A, then git commit), then try again"
    case .conflicts:
      "the git index has unresolved conflicts: resolve them with git (`git status` lists them) and `git add` the results, then try again"
    case .locked(let path):
      "another git command is working in this repository (it holds \(path)), such as a git pull: let it finish (finish the pull first if it stopped to ask) and try again; if no git command is running, delete \(path) and try again (one was killed). Nothing was changed"
    }
  }

  /// What to do about the libgit2 failures a person can fix.
  private static func advice(forCode code: Int32) -> String {
    switch code {
    case GIT_ELOCKED.rawValue:
      ". Another git command may be running in this repository: wait for it to finish and try again; if none is, delete the .lock file named above"
    case GIT_EMODIFIED.rawValue:
      ". The branch moved while rk was working (another git command?): try again"
    case GIT_EOWNER.rawValue:
      ". The repository belongs to another user: if you trust it, run `git config --global --add safe.directory` with its path"
    case GIT_EUNMERGED.rawValue, GIT_EMERGECONFLICT.rawValue, GIT_ECONFLICT.rawValue:
      ". Finish or abort what git is doing (`git status` says how), then try again"
    default:
      ""
    }
  }
}
