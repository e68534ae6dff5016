import Foundation
import TestSupport
import Testing

@testable import RecordKeeper

/// A killed rk left its journal moments ago, and meanwhile a living process
/// took `index.lock`: the lock is that process's, never removed.
@Suite("rk never removes a lock a living process holds")
struct LiveLockTests {
  let collection: TemporaryCollection
  let id = "albums/miles-davis-kind-of-blue"
  let store: CollectionStore

  init() throws {
    collection = try TemporaryCollection()
    try collection.write(id, albumText(title: "Kind of Blue", artist: "Miles Davis", tags: ["jazz"]))
    try collection.initializeGit()
    store = try CollectionStore(location: CollectionLocation(root: collection.path))
  }

  var lock: String { collection.path + "/.git/index.lock" }

  /// Leaves the journal a killed `rk tag add` would leave.
  func leaveKilledJournal() throws {
    let file = id + "/" + AlbumFile.name
    try store.prepare(ChangeJournal(message: "Add tag \"x\"", paths: [file]), saving: [file]).write(to: store.journalPath)
  }

  func tag() throws {
    try store.update(id, action: "tag-add", summary: { _, _ in "Add tag" }) { album in
      album.tags.append("modal")
      return true
    }
  }

  /// Starts `arguments` in the collection, returning once `lock` exists.
  func startHolder(_ arguments: [String], environment: [String: String] = [:]) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.environment = hermeticEnvironment.merging(environment) { $1 }
    process.currentDirectoryURL = URL(fileURLWithPath: collection.path)
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    for _ in 0..<200 where !FileManager.default.fileExists(atPath: lock) { usleep(50_000) }
    return process
  }

  func stop(_ process: Process) {
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }

  @Test func aLockAProcessHasOpenStaysAndRKNamesTheProcess() throws {
    try leaveKilledJournal()
    let holder = try startHolder(["sh", "-c", "set -C; exec 3>.git/index.lock; exec sleep 20"])
    defer { stop(holder) }
    #expect(FileManager.default.fileExists(atPath: lock))
    #expect {
      try tag()
    } throws: { error in
      guard case .git(.lockHeld(let path, let holders)) = error as? StoreError else { return false }
      let text = (error as? StoreError)?.description ?? ""
      return path == lock && holders.contains { $0.contains("pid \(holder.processIdentifier)") } && text.contains("Do not delete")
    }
    #expect(FileManager.default.fileExists(atPath: lock))
    #expect(try collection.commitSubjects() == ["Start"])
  }

  @Test func aGitCommitWaitingOnItsEditorKeepsItsLock() throws {
    try collection.writeFile("notes.txt", Array("mine\n".utf8))
    try git(["add", "notes.txt"], in: collection.path)
    try git(["commit", "-q", "-m", "Notes"], in: collection.path)
    try collection.writeFile("notes.txt", Array("mine, edited\n".utf8))
    try leaveKilledJournal()
    // `git commit -a` keeps index.lock, closed, until its editor quits.
    let holder = try startHolder(["git", "commit", "-a"], environment: ["GIT_EDITOR": "exec sleep 20; :"])
    defer { stop(holder) }
    #expect(FileManager.default.fileExists(atPath: lock))
    #expect {
      try tag()
    } throws: { error in
      guard case .git(.lockHeld(_, let holders)) = error as? StoreError else { return false }
      return holders.contains { $0.hasPrefix("git commit -a (pid \(holder.processIdentifier))") }
    }
    #expect(FileManager.default.fileExists(atPath: lock))
  }

  @Test func aLockNoProcessHoldsIsTheKilledRKsAndIsRemoved() throws {
    try leaveKilledJournal()
    try "half an index".write(toFile: lock, atomically: false, encoding: .utf8)
    #expect(LockFile.holders(of: lock, repository: store.lockOwnerFolders) == [])
    try tag()
    #expect(!FileManager.default.fileExists(atPath: lock))
    #expect(try collection.commitSubjects().count == 2)
  }

  /// Starts `git commit -a` (its editor waiting) in `folder`, returning once `lock` exists.
  func startWaitingCommit(in folder: String, environment: [String: String] = [:], holding lock: String) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git", "commit", "-a"]
    process.environment = hermeticEnvironment.merging(environment.merging(["GIT_EDITOR": "exec sleep 20; :"]) { $1 }) { $1 }
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    for _ in 0..<200 where !FileManager.default.fileExists(atPath: lock) { usleep(50_000) }
    return process
  }

  @Test func aGitWorkingInALinkedWorkTreeIsTakenForAHolder() throws {
    let elsewhere = try makeTemporaryFolder("linked")
    defer { try? FileManager.default.removeItem(atPath: elsewhere) }
    let linked = elsewhere + "/linked"
    try git(["worktree", "add", "-q", "-b", "side", linked], in: collection.path)
    try "edited in the linked work tree\n".write(toFile: linked + "/" + id + "/album.md", atomically: false, encoding: .utf8)
    let linkedLock = collection.path + "/.git/worktrees/linked/index.lock"
    let holder = try startWaitingCommit(in: linked, holding: linkedLock)
    defer { stop(holder) }
    #expect(FileManager.default.fileExists(atPath: linkedLock))
    // The branch lock lives in the shared git directory, which that git
    // (working elsewhere) may take at any moment.
    let branchLock = collection.path + "/.git/refs/heads/side.lock"
    try "".write(toFile: branchLock, atomically: false, encoding: .utf8)
    #expect(LockFile.holders(of: branchLock, repository: store.lockOwnerFolders)?.map(\.pid) == [holder.processIdentifier])
    #expect(!LockFile.isStale(branchLock, repository: store.lockOwnerFolders))
  }

  @Test func aGitWhoseGitDirIsThisRepositoryFromElsewhereIsTakenForAHolder() throws {
    let elsewhere = try makeTemporaryFolder("elsewhere")
    defer { try? FileManager.default.removeItem(atPath: elsewhere) }
    try "edited\n".write(toFile: collection.path + "/" + id + "/album.md", atomically: false, encoding: .utf8)
    let holder = try startWaitingCommit(
      in: elsewhere, environment: ["GIT_DIR": collection.path + "/.git", "GIT_WORK_TREE": collection.path], holding: lock)
    defer { stop(holder) }
    #expect(FileManager.default.fileExists(atPath: lock))
    #expect(LockFile.holders(of: lock, repository: store.lockOwnerFolders)?.map(\.pid) == [holder.processIdentifier])
    #expect(!LockFile.isStale(lock, repository: store.lockOwnerFolders))
  }

  @Test func packFilesAKilledFetchLeftGoOnTheNextChangeButOnesALivingProcessHoldsStay() throws {
    let folder = collection.path + "/.git/objects/pack"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let left = ["pack_git2_0123456789abcdef", "pack_git2_0123456789abidx.lock"]
    let held = "pack_git2_fedcba9876543210"
    let fresh = "pack_git2_00000000aaaaaaaa"
    for name in left + [held, fresh] { try "partial pack".write(toFile: folder + "/" + name, atomically: false, encoding: .utf8) }
    for name in left + [held] {
      try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -30)], ofItemAtPath: folder + "/" + name)
    }
    // Another libgit2 program, still fetching, has its pack file open.
    let holder = try startHolder(["sh", "-c", "exec 3<.git/objects/pack/\(held); touch .git/index.lock; exec sleep 20"])
    defer { stop(holder) }
    try FileManager.default.removeItem(atPath: lock)
    try tag()
    let names = Set(try FileManager.default.contentsOfDirectory(atPath: folder))
    #expect(names.isDisjoint(with: left))
    #expect(names.isSuperset(of: [held, fresh]))
  }
}
