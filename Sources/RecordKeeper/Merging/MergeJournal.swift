import CLibGit2
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a merge or a fast-forward (`rk sync`, ``CollectionStore/merge(commit:from:)``)
/// is about to do to the work tree, the index and the branch, kept in
/// `.git/rk-merge-journal` while it runs, so that one cut short (a kill, a
/// crash) is finished or rolled back by the next `rk`, as every other change
/// is (``ChangeJournal``).
///
/// Every version it needs is a commit already in the object database, so
/// the journal holds ids and paths, never file contents: rolling back
/// writes HEAD's versions again; finishing needs nothing but the branch.
struct MergeJournal: JournalFile, Equatable, Sendable {
  /// The journal's name inside the git directory.
  static let fileName = "rk-merge-journal"

  var version = 1
  /// HEAD's commit before: ours.
  var head: String
  /// The commit merged in: theirs.
  var theirs: String
  /// The commit whose tree the work tree gets: theirs for a fast-forward,
  /// the merge commit otherwise (for an unfinished merge, the tree with our
  /// version of every conflict; the commit is never on the branch).
  var target: String
  /// The branch's reflog message when it moves; the merge message when the
  /// merge is left unfinished.
  var message: String
  /// Whether the merge stops with conflicts: the branch stays, and git's
  /// unfinished-merge state (`MERGE_HEAD`) marks the change as done.
  var unfinished: Bool
  /// The files (relative to the work tree) that differ between HEAD and the target.
  var paths: [String] = []
  /// The paths left conflicted in the index.
  var conflicted: [String] = []
  /// The lock files (absolute) the index and the branch take.
  var locks: [String] = []

  var isReadableVersion: Bool { version == 1 }
}

extension CollectionStore {
  var mergeJournalPath: String { repository.gitDirectory + "/" + MergeJournal.fileName }

  /// Brings the work tree, the index and the branch from `journal.head` to
  /// `journal.target`, journaled: every file written atomically (never
  /// libgit2's checkout, which writes in place and leaves an empty
  /// album.md when killed), then the index, then the branch. For an
  /// unfinished merge, `unfinished` makes the index and the conflict
  /// records instead of moving the branch, and git's merge state is written
  /// last. Files the change touches that hold uncommitted edits stop it
  /// before anything is written.
  func advance(_ journal: MergeJournal, unfinished: () throws(MergeError) -> Void = {}) throws(MergeError) {
    var journal = journal
    do throws(GitError) {
      journal.paths = try repository.changedPaths(from: journal.head, to: journal.target).sorted()
      journal.locks = try repository.commitLockPaths()
    } catch {
      throw .git(error)
    }
    try refuseUncommitted(in: Set(journal.paths))
    do throws(FileSystemError) { try journal.write(to: mergeJournalPath) } catch { throw .store(.file(error)) }
    do {
      try writeWorkTree(journal.paths, from: journal.target)
      if journal.unfinished {
        try unfinished()
        try repository.recordUnfinishedMerge(theirs: journal.theirs, ours: journal.head, message: journal.message)
      } else {
        let target = try repository.commit(withID: journal.target)
        try repository.resetIndex(under: journal.paths, to: try repository.treeEntries(under: journal.paths, of: target))
        try repository.moveBranch(to: try git_oid.parse(journal.target), from: journal.head, reflog: journal.message)
      }
    } catch {
      // Put HEAD's files back; should that fail too, the journal stays and
      // the next rk tries again.
      _ = try? settle(journal, afterKill: false)
      if let error = error as? MergeError { throw error }
      if let error = error as? GitError { throw .git(error) }
      throw .store(.wrapping(error, operation: "merge", path: repository.workingDirectory))
    }
    do throws(FileSystemError) { try MergeJournal.remove(at: mergeJournalPath) } catch { throw .store(.file(error)) }
  }

  /// Finishes or rolls back a merge an earlier `rk` was killed in, if the
  /// merge journal records one, and tells ``onInterruptedChange``. Runs
  /// under the collection lock, before any change.
  func recoverInterruptedMerge() throws(StoreError) {
    guard let journal = try MergeJournal.read(at: mergeJournalPath) else { return }
    let outcome = try settle(journal, afterKill: true)
    let summary = journal.unfinished ? GitCommit.summary(of: journal.message) : journal.message
    onInterruptedChange?(InterruptedChange(outcome: outcome, summary: summary, paths: journal.paths))
  }

  /// Completes the journal's change when the branch (or git's merge state)
  /// shows it was made, else writes HEAD's files back; then removes the
  /// journal. When the branch has moved to a commit of someone else's
  /// since, the work tree is left as it is.
  private func settle(_ journal: MergeJournal, afterKill: Bool) throws(StoreError) -> InterruptedChange.Outcome {
    if afterKill { removeLeftovers(of: journal) }
    let outcome: InterruptedChange.Outcome
    do {
      let head = try repository.head()?.id
      let merging = repository.unfinishedMerge()?.heads == [journal.theirs]
      if !journal.unfinished && head == journal.target {
        outcome = .finished
      } else if journal.unfinished && head == journal.head && merging && afterKill {
        // MERGE_HEAD is written first of git's merge files: write them all.
        try repository.recordUnfinishedMerge(theirs: journal.theirs, ours: journal.head, message: journal.message)
        outcome = .finished
      } else if head == journal.head || !afterKill {
        try writeWorkTree(journal.paths, from: journal.head, onlyOver: journal.target)
        if journal.unfinished {
          ConflictRecords(gitDirectory: repository.gitDirectory).removeAll()
          if merging { try repository.forgetUnfinishedMerge() }
          try repository.resetIndex(to: try repository.treeID(ofCommit: journal.head), conflicts: [])
        } else {
          let entries = try repository.treeEntries(under: journal.paths, of: try repository.commit(withID: journal.head))
          try repository.resetIndex(under: journal.paths, to: entries)
        }
        outcome = .rolledBack
      } else {
        outcome = .leftAsIs
      }
      try MergeJournal.remove(at: mergeJournalPath)
    } catch {
      throw StoreError.wrapping(error, operation: "settle", path: mergeJournalPath)
    }
    return outcome
  }

  /// Makes each of `paths` (work-tree files) hold its version in `commit`,
  /// written atomically with its mode, or removes it (and the folders it
  /// leaves empty) when the commit has none. Removals go first, so a file
  /// that becomes a folder (or the reverse) finds its place free.
  ///
  /// With `onlyOver` (rolling back), a file is touched only when it is
  /// missing or holds its version in that commit or in `commit`: one edited
  /// by hand since the merge was cut short is left as the person wrote it.
  private func writeWorkTree(_ paths: [String], from commit: String, onlyOver other: String? = nil) throws {
    let entries = Dictionary(
      try repository.treeEntries(under: paths, of: try repository.commit(withID: commit)).map { ($0.path, $0) },
      uniquingKeysWith: { first, _ in first })
    let root = repository.workingDirectory
    var paths = paths
    if let other {
      let written = Dictionary(
        try repository.treeEntries(under: paths, of: try repository.commit(withID: other)).map { ($0.path, $0.id) },
        uniquingKeysWith: { first, _ in first })
      paths = try paths.filter { (path) throws -> Bool in
        var status = stat()
        guard lstat(root + "/" + path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return true }
        let id = GitRepository.blobID(of: try FileSystem.read(root + "/" + path))
        return id == written[path] || id == entries[path]?.id
      }
    }
    for path in paths where entries[path] == nil {
      let file = root + "/" + path
      guard unlink(file) == 0 || errno == ENOENT || errno == EISDIR else {
        throw FileSystemError(path: file, operation: "remove", code: errno)
      }
      var folder = (path as NSString).deletingLastPathComponent
      while !folder.isEmpty, rmdir(root + "/" + folder) == 0 { folder = (folder as NSString).deletingLastPathComponent }
    }
    for path in paths {
      guard let entry = entries[path] else { continue }
      let file = root + "/" + path
      // A submodule's commit has no file to write.
      guard entry.mode != 0o160000 else { continue }
      try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      let bytes = try repository.blob(withID: entry.id)
      if entry.mode == 0o120000 {
        let temporary = "\(file).rk-\(getpid())-link.tmp"
        unlink(temporary)
        guard symlink(String(decoding: bytes, as: UTF8.self), temporary) == 0, rename(temporary, file) == 0 else {
          throw FileSystemError(path: file, operation: "write", code: errno)
        }
        continue
      }
      var status = stat()
      if lstat(file, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, (try? FileSystem.read(file)) == bytes {
        continue
      }
      try FileSystem.writeAtomically(bytes, to: file)
      if lstat(file, &status) == 0 {
        let executable = entry.mode == 0o100755
        let mode = executable ? status.st_mode | ((status.st_mode & 0o444) >> 2) : status.st_mode & ~0o111
        if mode != status.st_mode { chmod(file, mode & 0o7777) }
      }
    }
  }

  /// What a killed merge may have left: the temporary files it was writing
  /// through, and the lock files it held, removed when written after the
  /// journal and within ``staleLockWindow`` of it (while the merge was
  /// under way), as for ``ChangeJournal``.
  private func removeLeftovers(of journal: MergeJournal) {
    let root = repository.workingDirectory
    var folders = Set<String>()
    for path in journal.paths { folders.insert((path as NSString).deletingLastPathComponent) }
    for folder in folders {
      let names = Set(
        journal.paths.filter { ($0 as NSString).deletingLastPathComponent == folder }.map { ($0 as NSString).lastPathComponent })
      let absolute = folder.isEmpty ? root : root + "/" + folder
      for entry in (try? FileSystem.list(absolute)) ?? [] where entry.name.hasSuffix(".tmp") {
        guard let cut = entry.name.range(of: ".rk-", options: .backwards), names.contains(String(entry.name[..<cut.lowerBound])) else {
          continue
        }
        unlink(absolute + "/" + entry.name)
      }
    }
    removeLocks(journal.locks, leftByJournalAt: mergeJournalPath)
  }
}

extension GitRepository {
  /// The id `bytes` have as a blob, without writing them anywhere.
  static func blobID(of bytes: [UInt8]) -> String? {
    var id = git_oid()
    let result = bytes.withUnsafeBytes { git_odb_hash(&id, $0.baseAddress, $0.count, GIT_OBJECT_BLOB) }
    return result == 0 ? id.hex : nil
  }

  /// Ends git's unfinished-merge state (`MERGE_HEAD` and the rest).
  func forgetUnfinishedMerge() throws(GitError) {
    try LibGit2.check(git_repository_state_cleanup(repository), "git_repository_state_cleanup")
  }
}
