import CLibGit2
import Foundation

/// Sparse checkouts (`git sparse-checkout`): files left out of the work
/// tree are in the index with the skip-worktree flag. Missing from disk,
/// they are not deleted; a folder that is not on disk may still be taken.
extension GitRepository {
  /// Whether the index holds `path` (relative to the work tree) or entries
  /// below it: a folder the sparse checkout left out is taken all the same.
  func indexHolds(_ path: String) throws(GitError) -> Bool {
    let path = try relativePath(path)
    let index = try repositoryIndex()
    return index.withPointer { git_index_get_bypath($0, path, 0) != nil } || !Self.entries(under: [path], in: index).isEmpty
  }

  /// The work tree's cone-mode sparse checkout (git's default), read once
  /// for many paths; `nil` when the checkout is not sparse, or its patterns
  /// are not in cone mode (those, rk does not judge; the commit still
  /// refuses a file git left out).
  func sparseCone() throws(GitError) -> SparseCone? {
    guard try coreSetting("sparseCheckout") == "true", try coreSetting("sparseCheckoutCone") == "true",
      let text = try? String(contentsOfFile: gitDirectory + "/info/sparse-checkout", encoding: .utf8)
    else { return nil }
    return SparseCone(lines: Set(text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }))
  }

  /// A `core.` setting, lowercased: from `.git/config.worktree` (where
  /// `git sparse-checkout` writes, and libgit2 1.5 does not read), else the
  /// configuration.
  private func coreSetting(_ name: String) throws(GitError) -> String? {
    if let text = try? String(contentsOfFile: gitDirectory + "/config.worktree", encoding: .utf8) {
      var inCore = false
      for line in text.split(whereSeparator: \.isNewline).map({ $0.trimmingCharacters(in: .whitespaces) }) {
        if line.hasPrefix("[") {
          inCore = line.lowercased() == "[core]"
        } else if inCore, let equals = line.firstIndex(of: "="),
          line[..<equals].trimmingCharacters(in: .whitespaces).lowercased() == name.lowercased()
        {
          return line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces).lowercased()
        }
      }
    }
    return try configuration("core." + name)?.lowercased()
  }
}

/// The patterns of a cone-mode sparse checkout (`.git/info/sparse-checkout`).
struct SparseCone {
  let lines: Set<String>

  /// Whether the checkout leaves out the file `path` (relative to the work tree).
  func leavesOut(_ path: String) -> Bool {
    let folders = path.split(separator: "/").dropLast().map(String.init)
    guard !folders.isEmpty else { return false }
    var folder = ""
    for part in folders {
      folder += "/" + part
      // `/a/` alone takes all of a; `/a/` with `!/a/*/` takes only its files.
      if lines.contains(folder + "/") && !lines.contains("!" + folder + "/*/") { return false }
    }
    return !lines.contains(folder + "/")
  }
}
