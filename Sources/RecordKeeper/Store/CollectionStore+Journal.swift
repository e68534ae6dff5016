import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Making every change complete or rolled back, never half made, even when
/// `rk` is killed part way (docs/commands.md, "Changes and commits"), through a ``ChangeJournal``.
extension CollectionStore {
  var journalPath: String { repository.gitDirectory + "/" + ChangeJournal.fileName }

  /// Runs `body`, which makes at most one commit, with a journal on disk
  /// that lets the next `rk` finish or undo it if this process dies.
  ///
  /// `journal` names the paths and the folders the change touches; this
  /// fills in HEAD, the index entries, the lock files and the current bytes
  /// of `saving` (work-tree-relative files the change writes or deletes).
  /// Should `body` throw, everything the journal names is put back before
  /// the error is rethrown. Inside another journaled change, `body` just runs.
  func journaled<T>(
    _ journal: ChangeJournal, saving: [String] = [], _ body: () throws(StoreError) -> T
  ) throws(StoreError) -> T {
    if journalIsOpen { return try body() }
    let journal = try prepare(journal, saving: saving)
    do { try journal.write(to: journalPath) } catch { throw .file(error) }
    journalIsOpen = true
    defer { journalIsOpen = false }
    let result: T
    do {
      result = try body()
    } catch {
      // Put back what the journal names; should that fail too, the journal
      // stays and the next rk tries again.
      _ = try? settle(journal, afterKill: false)
      throw error
    }
    // The change is committed: should tidying up fail, the journal stays and
    // the next rk finishes the job, rather than this one report a failure.
    try? finish(journal)
    // The change stands whatever happens here: packing only saves room.
    repository.tidyUp()
    return result
  }

  /// `journal` with HEAD, the index entries under its paths, the lock files
  /// a commit takes and the current bytes of the files in `saving`.
  func prepare(_ journal: ChangeJournal, saving: [String] = []) throws(StoreError) -> ChangeJournal {
    var journal = journal
    do throws(GitError) {
      journal.head = try repository.head()?.id
      journal.index = try repository.indexEntries(under: journal.paths)
      journal.locks = try repository.commitLockPaths()
    } catch {
      throw .git(error)
    }
    journal.files += saving.map { savedFile($0) }
    return journal
  }

  /// Finishes or rolls back a change an earlier `rk` was killed in, if any,
  /// and tells ``onInterruptedChange``; costs one `stat` when there is none.
  ///
  /// Every change does this first, under the collection lock. A front end
  /// calls it as well right after opening the store (and setting
  /// ``onInterruptedChange``), so that references are resolved against the
  /// mended collection: after an `rk rm` killed part way, the album is back
  /// in its folder before a command names it.
  public func finishInterruptedChange() throws(StoreError) {
    guard FileSystem.exists(journalPath) || FileSystem.exists(mergeJournalPath) else { return }
    let lock: CollectionLock
    do { lock = try CollectionLock(path: lockPath) } catch { throw .file(error) }
    defer { withExtendedLifetime(lock) {} }
    try recoverInterruptedChange()
  }

  /// The collection lock's file.
  var lockPath: String { repository.gitDirectory + "/rk.lock" }

  /// Finishes or rolls back a change an earlier `rk` was interrupted in, if
  /// the journal records one, and tells ``onInterruptedChange``; first
  /// removes the temporary files a killed fetch, push or packing left in
  /// the pack folder, once no process holds them.
  func recoverInterruptedChange() throws(StoreError) {
    repository.removeKilledPackFiles()
    try recoverInterruptedMerge()
    guard let journal = try ChangeJournal.read(at: journalPath) else { return }
    let (outcome, kept) = try settle(journal, afterKill: true)
    let summary = GitCommit.summary(of: journal.message)
    onInterruptedChange?(InterruptedChange(outcome: outcome, summary: summary, paths: journal.paths, keptEdits: kept))
  }

  /// Throws ``GitError/locked(_:)`` for a lock file a commit would need,
  /// ``GitError/lockHeld(_:by:)`` when living processes may hold it.
  func ensureUnlocked() throws(StoreError) {
    do throws(GitError) {
      for path in try repository.commitLockPaths() where FileSystem.exists(path) {
        throw LockFile.refusal(path, repository: lockOwnerFolders)
      }
    } catch {
      throw .git(error)
    }
  }

  // MARK: Settling

  /// Completes `journal`'s change when HEAD holds its commit, else puts back
  /// everything it names; then removes the journal. After a kill, when the
  /// branch has moved on to someone else's commit since, the work tree is
  /// left as it is (a person may have committed what the change wrote).
  ///
  /// `afterKill` is for the journal a killed `rk` left (this process holds
  /// the collection lock, so no other `rk` runs): then a lock file the journal names is the killed `rk`'s own, and is
  /// removed, when it was last written after the journal and within
  /// ``staleLockWindow`` of it (while the change was under way) and no
  /// living process may hold it (``LockFile``: a `git commit` started
  /// within the window holds it too). One older than the journal, written
  /// long after it, or held, is left alone, and the change then stops with
  /// ``GitError/locked(_:)`` or ``GitError/lockHeld(_:by:)``, which say
  /// what to do.
  ///
  /// Also returns the files a rollback left as a person saved them.
  private func settle(_ journal: ChangeJournal, afterKill: Bool) throws(StoreError) -> (InterruptedChange.Outcome, [String]) {
    let journalTime = FileSystem.modificationTime(journalPath)
    if afterKill {
      removeLocks(journal.locks, leftByJournalAt: journalPath)
      removeTemporaryFiles(of: journal)
    }
    let outcome: InterruptedChange.Outcome
    var kept: [String] = []
    do {
      let head = try repository.head()
      if let head, head.id != journal.head, head.message == journal.message,
        try repository.firstParentID(of: head) == journal.head
      {
        try repository.resetIndex(under: journal.paths, to: try repository.treeEntries(under: journal.paths, of: head))
        try finish(journal)
        outcome = .finished
      } else if head?.id == journal.head || !afterKill {
        // In this process (not after a kill) the change failed for certain,
        // even when the branch moved under it.
        kept = try rollBack(journal, indexWrittenSince: journalTime)
        outcome = .rolledBack
      } else {
        for folder in journal.parked where !FileSystem.exists(workTreePath(folder.original)) {
          rename(workTreePath(folder.parked), workTreePath(folder.original))
        }
        try ChangeJournal.remove(at: journalPath)
        outcome = .leftAsIs
      }
    } catch {
      throw StoreError.wrapping(error, operation: "settle", path: journalPath)
    }
    return (outcome, kept)
  }

  /// Puts back what the journal's change touched: the saved files, parked
  /// and moved folders and, when it was written since the journal, the
  /// index; removes folders it made; then the journal.
  ///
  /// A file whose journal records what the change wrote is put back only
  /// while it holds exactly that (or is gone): one a person saved since is
  /// left as they saved it, and returned (docs/commands.md, "Changes and commits").
  private func rollBack(_ journal: ChangeJournal, indexWrittenSince journalTime: timespec?) throws -> [String] {
    var kept: [String] = []
    for file in journal.files {
      let path = workTreePath(file.path)
      if let written = file.written {
        let current = try? FileSystem.read(path)
        guard current == Array(written) else {
          if current != file.bytes.map(Array.init) { kept.append(file.path) }
          continue
        }
      }
      if let bytes = file.bytes {
        try FileManager.default.createDirectory(
          atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileSystem.writeAtomically(Array(bytes), to: path)
        if let mode = file.mode { chmod(path, mode_t(mode & 0o7777)) }
      } else if unlink(path) != 0 && errno != ENOENT {
        throw FileSystemError(path: path, operation: "remove", code: errno)
      }
    }
    for folder in journal.parked where FileSystem.exists(workTreePath(folder.parked)) {
      let original = workTreePath(folder.original)
      if FileSystem.exists(original) { try FileManager.default.removeItem(atPath: original) }
      guard rename(workTreePath(folder.parked), original) == 0 else {
        throw FileSystemError(path: original, operation: "put back", code: errno)
      }
    }
    for folder in journal.moved ?? [] where FileSystem.exists(workTreePath(folder.to)) && !FileSystem.exists(workTreePath(folder.from)) {
      let from = workTreePath(folder.from)
      try FileManager.default.createDirectory(atPath: (from as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      guard rename(workTreePath(folder.to), from) == 0 else { throw FileSystemError(path: from, operation: "put back", code: errno) }
    }
    for folder in journal.created + journal.staging where FileSystem.exists(workTreePath(folder)) {
      try FileManager.default.removeItem(atPath: workTreePath(folder))
    }
    // The index moves before the branch, so a change cut short between the
    // two left it holding what was never committed.
    let indexTime = FileSystem.modificationTime(repository.gitDirectory + "/index")
    if let indexTime, journalTime.map({ Self.isOrdered($0, indexTime) }) ?? true {
      try repository.resetIndex(under: journal.paths, to: journal.index)
    }
    try ChangeJournal.remove(at: journalPath)
    return kept
  }

  /// Deletes the folders a committed change left behind, then the journal.
  private func finish(_ journal: ChangeJournal) throws(StoreError) {
    for folder in journal.parked.map(\.parked) + journal.staging where FileSystem.exists(workTreePath(folder)) {
      do {
        try FileManager.default.removeItem(atPath: workTreePath(folder))
      } catch {
        throw .file(FileSystemError(path: workTreePath(folder), operation: "remove", error: error))
      }
    }
    do { try ChangeJournal.remove(at: journalPath) } catch { throw .file(error) }
  }

  // MARK: Helpers

  /// The folders a git process holding this repository's locks works in.
  /// Removes each of `locks` that the killed `rk` whose journal is at
  /// `journal` left: last written after the journal and within
  /// ``staleLockWindow`` of it, and held by no living process.
  func removeLocks(_ locks: [String], leftByJournalAt journal: String) {
    guard let journalTime = FileSystem.modificationTime(journal) else { return }
    let windowEnd = timespec(tv_sec: journalTime.tv_sec + Self.staleLockWindow, tv_nsec: journalTime.tv_nsec)
    for lock in locks {
      if let time = FileSystem.modificationTime(lock), Self.isOrdered(journalTime, time), Self.isOrdered(time, windowEnd),
        LockFile.isStale(lock, repository: lockOwnerFolders)
      {
        unlink(lock)
      }
    }
  }

  var lockOwnerFolders: [String] { [repository.gitDirectory, repository.workingDirectory] }

  /// Seconds after its journal within which a lock file counts as written by
  /// the change: far longer than a change takes, far shorter than the gap
  /// before a person notices a failure and runs git by hand.
  static let staleLockWindow = 60

  /// Removes the temporary files a killed `rk` was writing the journal's
  /// files through (``FileSystem/writeAtomically(_:to:)`` names them
  /// `<name>.rk-<pid>-<random>.tmp` beside the file).
  private func removeTemporaryFiles(of journal: ChangeJournal) {
    for file in journal.files {
      let path = workTreePath(file.path)
      let folder = (path as NSString).deletingLastPathComponent
      let prefix = (path as NSString).lastPathComponent + ".rk-"
      for entry in (try? FileSystem.list(folder)) ?? [] where entry.name.hasPrefix(prefix) && entry.name.hasSuffix(".tmp") {
        unlink(folder + "/" + entry.name)
      }
    }
  }

  private func workTreePath(_ path: String) -> String { repository.workingDirectory + "/" + path }

  /// The work-tree file `path` as it is now (with `bytes` when those were
  /// just read), to put back; with `written`, the bytes the change writes
  /// there, so that a rollback never puts it back over a person's save.
  func savedFile(_ path: String, bytes: [UInt8]? = nil, written: [UInt8]? = nil) -> ChangeJournal.SavedFile {
    var status = stat()
    guard lstat(workTreePath(path), &status) == 0, (status.st_mode & S_IFMT) == S_IFREG,
      let bytes = bytes ?? (try? FileSystem.read(workTreePath(path)))
    else { return ChangeJournal.SavedFile(path: path, bytes: nil, mode: nil, written: written.map { Data($0) }) }
    return ChangeJournal.SavedFile(path: path, bytes: Data(bytes), mode: UInt32(status.st_mode & 0o7777), written: written.map { Data($0) })
  }

  /// Whether `earlier` is at or before `later`.
  private static func isOrdered(_ earlier: timespec, _ later: timespec) -> Bool {
    earlier.tv_sec < later.tv_sec || (earlier.tv_sec == later.tv_sec && earlier.tv_nsec <= later.tv_nsec)
  }
}
