import Foundation
import TestSupport
import Testing

@testable import RecordKeeper

/// Each test leaves the collection as a `rk` killed at one point of a change
/// would (the journal, the files, the lock files), then makes the next change
/// and checks that the interrupted one was finished or rolled back whole.
@Suite("Finishing or rolling back a change cut short")
struct ChangeJournalTests {
  let collection: TemporaryCollection
  let id = TwoAlbumStore.id
  let otherID = TwoAlbumStore.otherID
  let original = albumText(title: "Kind of Blue", artist: "Miles Davis", tags: ["jazz"])
  let store: CollectionStore
  let reports: TwoAlbumStore.Reports

  init() throws {
    (collection, store, reports) = try TwoAlbumStore.make(kindOfBlue: original)
  }

  var file: String { id + "/" + AlbumFile.name }
  var gitDirectory: String { collection.path + "/.git" }
  var tagged: String { original.replacingOccurrences(of: "- jazz\n", with: "- jazz\n- interrupted\n") }
  let interruptedMessage = ChangeMessage.make("Add tag \"interrupted\" to Miles Davis – Kind of Blue", action: "tag-add")

  /// Adds `tag` to the album `reference` names, as `rk tag add` does.
  @discardableResult
  func tag(_ reference: String, _ tag: String) throws -> GitCommit? {
    try store.update(reference, action: "tag-add", summary: { _, _ in "Add tag \"\(tag)\"" }) { album in
      album.tags.append(tag)
      return true
    }
  }

  /// Writes the journal a change about to start would write.
  func leaveJournal(
    _ message: String? = nil, paths: [String]? = nil, saving: [String] = [],
    parked: [ChangeJournal.ParkedFolder] = [], created: [String] = [], staging: [String] = []
  ) throws {
    let journal = ChangeJournal(
      message: message ?? interruptedMessage, paths: paths ?? [file], parked: parked, created: created, staging: staging)
    try store.prepare(journal, saving: saving).write(to: store.journalPath)
  }

  func head() throws -> String { try git(["rev-parse", "HEAD"], in: collection.path) }
  func staged() throws -> String { try git(["diff", "--cached", "--name-only"], in: collection.path) }
  func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

  /// The index, HEAD and the work tree agree, and nothing of the journal is left.
  func expectSettled(sourceLocation: SourceLocation = #_sourceLocation) throws {
    #expect(try collection.status().isEmpty, sourceLocation: sourceLocation)
    #expect(try staged().isEmpty, sourceLocation: sourceLocation)
    #expect(!exists(store.journalPath), sourceLocation: sourceLocation)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: collection.path + "/albums").filter { $0.hasPrefix(".rk-") }
    #expect(leftovers.isEmpty, sourceLocation: sourceLocation)
    try git(["fsck", "--no-progress"], in: collection.path)
  }

  @Test func aKillBetweenWritingAndCommittingIsRolledBack() throws {
    try leaveJournal(saving: [file])
    try collection.write(id, tagged)
    try tag(id, "modal")
    #expect(reports.changes.map(\.outcome) == [.rolledBack])
    #expect(reports.changes.first?.summary == "Add tag \"interrupted\" to Miles Davis – Kind of Blue")
    #expect(reports.changes.first?.description.contains(file) == true)
    // The half-made change is not smuggled into the next commit.
    #expect(try collection.read(file) == original.replacingOccurrences(of: "- jazz\n", with: "- jazz\n- modal\n"))
    #expect(try collection.commitSubjects().count == 2)
    try expectSettled()
  }

  @Test func aKillWhileWritingTheFileLeavesNoTemporaryFile() throws {
    try leaveJournal(saving: [file])
    try collection.writeFile(file + ".rk-4242-17.tmp", Array(tagged.utf8.prefix(20)))
    try tag(id, "modal")
    #expect(reports.changes.map(\.outcome) == [.rolledBack])
    try expectSettled()
  }

  @Test func aKillAfterTheIndexWasWrittenPutsTheIndexBack() throws {
    try leaveJournal(saving: [file])
    try collection.write(id, tagged)
    try git(["add", file], in: collection.path)
    // The next change is to another album, so only recovery can mend the index.
    try tag(otherID, "piano")
    #expect(reports.changes.map(\.outcome) == [.rolledBack])
    #expect(try collection.read(file) == original)
    try expectSettled()
  }

  @Test func aKillWhileTheIndexWasWrittenLeavesNoLockBehind() throws {
    try leaveJournal(saving: [file])
    try collection.write(id, tagged)
    try "half an index".write(toFile: gitDirectory + "/index.lock", atomically: false, encoding: .utf8)
    try tag(id, "modal")
    #expect(reports.changes.map(\.outcome) == [.rolledBack])
    #expect(!exists(gitDirectory + "/index.lock"))
    // A person's next commit keeps rk's change: the index holds it.
    try collection.writeFile("notes.txt", Array("mine\n".utf8))
    try git(["add", "notes.txt"], in: collection.path)
    try git(["commit", "-q", "-m", "Notes"], in: collection.path)
    #expect(try git(["show", "HEAD:" + file], in: collection.path).contains("- modal\n"))
    try expectSettled()
  }

  @Test func aKillWhileTheBranchMovedLeavesNoLockBehind() throws {
    try leaveJournal(paths: [id + "/cover.webp"], saving: [id + "/cover.webp"])
    try collection.writeFile(id + "/cover.webp", [1, 2, 3])
    try (head() + "\n").write(toFile: gitDirectory + "/refs/heads/main.lock", atomically: false, encoding: .utf8)
    try tag(id, "modal")
    #expect(reports.changes.map(\.outcome) == [.rolledBack])
    #expect(!exists(gitDirectory + "/refs/heads/main.lock"))
    #expect(!exists(collection.path + "/" + id + "/cover.webp"))
    try expectSettled()
  }

  @Test func aLockRKCannotProveItsOwnIsNamedWithWhatToDo() throws {
    let lock = gitDirectory + "/index.lock"
    let before = try head()
    // No journal: some git command holds it, or left it.
    try "".write(toFile: lock, atomically: false, encoding: .utf8)
    #expect {
      try tag(id, "modal")
    } throws: { error in
      let text = (error as? StoreError)?.description ?? ""
      return error as? StoreError == .git(.locked(lock)) && text.contains("if no git command is running, delete \(lock)")
    }
    #expect(exists(lock))
    // Older than the journal: not made by the change the journal records.
    var past = [timeval(tv_sec: 1_000_000_000, tv_usec: 0), timeval(tv_sec: 1_000_000_000, tv_usec: 0)]
    #expect(utimes(lock, &past) == 0)
    try leaveJournal(saving: [file])
    #expect(throws: StoreError.git(.locked(lock))) { try tag(id, "modal") }
    #expect(exists(lock))
    // Written long after the journal: a git command started since the kill.
    #expect(!exists(store.journalPath))
    try leaveJournal(saving: [file])
    var later = [timeval(), timeval()]
    var now = timeval()
    gettimeofday(&now, nil)
    later[0] = timeval(tv_sec: now.tv_sec + 3600, tv_usec: 0)
    later[1] = later[0]
    #expect(utimes(lock, &later) == 0)
    #expect(throws: StoreError.git(.locked(lock))) { try tag(id, "modal") }
    #expect(exists(lock))
    #expect(try collection.read(file) == original)
    #expect(try head() == before)
  }

  @Test func aRemovalKilledBeforeItsCommitPutsTheAlbumBack() throws {
    let parked = "albums/.rk-removed-1-miles-davis-kind-of-blue"
    try leaveJournal(
      ChangeMessage.make("Remove Miles Davis – Kind of Blue", action: "remove"), paths: [id],
      parked: [.init(original: id, parked: parked)])
    try FileManager.default.moveItem(atPath: collection.path + "/" + id, toPath: collection.path + "/" + parked)
    try tag(otherID, "piano")
    #expect(reports.changes.map(\.outcome) == [.rolledBack])
    #expect(try collection.read(file) == original)
    try expectSettled()
  }

  @Test func theRemovedAlbumIsBackBeforeACommandNamesIt() throws {
    let parked = "albums/.rk-removed-1-miles-davis-kind-of-blue"
    try leaveJournal(
      ChangeMessage.make("Remove Miles Davis – Kind of Blue", action: "remove"), paths: [id],
      parked: [.init(original: id, parked: parked)])
    try FileManager.default.moveItem(atPath: collection.path + "/" + id, toPath: collection.path + "/" + parked)
    try store.finishInterruptedChange()
    #expect(reports.changes.map(\.outcome) == [.rolledBack])
    try tag("miles-davis-kind", "modal")
    try store.finishInterruptedChange()
    #expect(reports.changes.count == 1)
    try expectSettled()
  }

  @Test func aRemovalKilledAfterItsCommitIsFinished() throws {
    let parked = "albums/.rk-removed-1-miles-davis-kind-of-blue"
    let message = ChangeMessage.make("Remove Miles Davis – Kind of Blue", action: "remove")
    try leaveJournal(message, paths: [id], parked: [.init(original: id, parked: parked)])
    try FileManager.default.moveItem(atPath: collection.path + "/" + id, toPath: collection.path + "/" + parked)
    try store.repository.commit(paths: [id], message: message)
    try tag(otherID, "piano")
    #expect(reports.changes.map(\.outcome) == [.finished])
    #expect(!exists(collection.path + "/" + id))
    #expect(try collection.commitSubjects() == ["Add tag \"piano\"", "Remove Miles Davis – Kind of Blue", "Start"])
    try expectSettled()
  }

  @Test func anAddKilledBeforeItsCommitLeavesNoFolders() throws {
    let newID = "albums/john-coltrane-blue-train"
    let staging = "albums/.rk-new-1-john-coltrane-blue-train"
    try leaveJournal(
      ChangeMessage.make("Add John Coltrane – Blue Train", action: "add"), paths: [newID], created: [newID], staging: [staging])
    let text = albumText(title: "Blue Train", artist: "John Coltrane")
    try collection.write(staging, text)
    try collection.write(newID, text)
    try tag(id, "modal")
    #expect(reports.changes.map(\.outcome) == [.rolledBack])
    #expect(!exists(collection.path + "/" + newID))
    try expectSettled()
  }

  @Test func aChangeOvertakenByAPersonsCommitIsLeftAsItIs() throws {
    try leaveJournal(saving: [file])
    try collection.write(id, tagged)
    try collection.writeFile("notes.txt", Array("mine\n".utf8))
    try git(["add", "notes.txt"], in: collection.path)
    try git(["commit", "-q", "-m", "Notes"], in: collection.path)
    try tag(otherID, "piano")
    #expect(reports.changes.map(\.outcome) == [.leftAsIs])
    #expect(try collection.read(file) == tagged)
    #expect(try collection.status() == [" M " + file])
    #expect(!exists(store.journalPath))
  }

  @Test func aChangeThatFailsAfterTheBranchMovedIsStillPutBack() throws {
    #expect(throws: StoreError.nothingToUndo) {
      try store.journaled(ChangeJournal(message: interruptedMessage, paths: [file]), saving: [file]) { () throws(StoreError) in
        try? collection.write(id, tagged)
        try? collection.writeFile("notes.txt", Array("mine\n".utf8))
        _ = try? git(["add", "notes.txt"], in: collection.path)
        _ = try? git(["commit", "-q", "-m", "Notes"], in: collection.path)
        throw StoreError.nothingToUndo
      }
    }
    #expect(try collection.read(file) == original)
    #expect(!exists(store.journalPath))
    try expectSettled()
  }

  @Test func anUnreadableJournalIsNamed() throws {
    try "{not json".write(toFile: store.journalPath, atomically: false, encoding: .utf8)
    #expect(throws: StoreError.unreadableJournal(path: store.journalPath)) { try tag(id, "modal") }
    #expect(try collection.read(file) == original)
    // One of a format this rk does not know is not guessed at either.
    var journal = try store.prepare(ChangeJournal(message: interruptedMessage, paths: [file]), saving: [file])
    journal.version = 2
    try journal.write(to: store.journalPath)
    #expect(throws: StoreError.unreadableJournal(path: store.journalPath)) { try tag(id, "modal") }
    #expect(try collection.read(file) == original)
  }

  @Test func aFailedChangePutsEverythingBackAndLeavesNoJournal() throws {
    let lock = gitDirectory + "/refs/heads/main.lock"
    let before = try head()
    // Taken after rk checked for locks, as a git command starting then would.
    #expect {
      try store.update(id, action: "tag-add", summary: { _, _ in "Add tag" }) { album in
        album.tags.append("modal")
        try? "".write(toFile: lock, atomically: false, encoding: .utf8)
        return true
      }
    } throws: { error in
      error as? StoreError == .git(.locked(lock))
    }
    #expect(try collection.read(file) == original)
    #expect(try head() == before)
    #expect(try staged().isEmpty)
    #expect(!exists(store.journalPath))
  }
}

@Suite("Changes cut short in a collection inside a larger repository")
struct SubfolderJournalTests {
  @Test func theJournalNamesPathsFromTheRepositoryRoot() throws {
    let outer = try TemporaryCollection()
    let root = outer.path + "/records"
    let file = "albums/a/" + AlbumFile.name
    let text = albumText(title: "A", artist: "B", tags: ["x"])
    try outer.writeFile("records/.recordkeeper/config.yaml", Array("version: 1\n".utf8))
    try outer.writeFile("records/" + file, Array(text.utf8))
    try outer.writeFile("notes.txt", Array("not an album\n".utf8))
    try outer.initializeGit()
    let store = try CollectionStore(location: CollectionLocation(root: root))
    var outcomes: [InterruptedChange] = []
    store.onInterruptedChange = { outcomes.append($0) }
    let journal = ChangeJournal(message: "Add tag\n", paths: ["records/" + file])
    try store.prepare(journal, saving: ["records/" + file]).write(to: store.journalPath)
    try outer.writeFile("records/" + file, Array(text.replacingOccurrences(of: "- x\n", with: "- x\n- y\n").utf8))
    try store.update("albums/a", action: "tag-add", summary: { _, _ in "Add tag" }) { album in
      album.tags.append("z")
      return true
    }
    #expect(outcomes.map(\.paths) == [["records/" + file]])
    #expect(try outer.read("records/" + file) == text.replacingOccurrences(of: "- x\n", with: "- x\n- z\n"))
    #expect(try outer.status().isEmpty)
  }
}

@Suite("Committing moves the index and the branch together")
struct CommitOrderTests {
  @Test func theIndexIsPutBackWhenTheBranchCannotMove() throws {
    let collection = try TemporaryCollection(albums: ["albums/a": albumText(title: "A", artist: "B")])
    try collection.initializeGit()
    let repository = try GitRepository.open(containing: collection.path)
    let lock = collection.path + "/.git/refs/heads/main.lock"
    try "".write(toFile: lock, atomically: false, encoding: .utf8)
    try collection.write("albums/a", albumText(title: "A", artist: "B", tags: ["x"]))
    #expect(throws: GitError.locked(lock)) { try repository.commit(paths: ["albums/a"], message: "Tag\n") }
    #expect(try git(["diff", "--cached", "--name-only"], in: collection.path).isEmpty)
    #expect(try collection.commitSubjects() == ["Start"])
  }

  @Test func aCommitFailsRatherThanLeaveTheIndexBehind() throws {
    let collection = try TemporaryCollection(albums: ["albums/a": albumText(title: "A", artist: "B")])
    try collection.initializeGit()
    let repository = try GitRepository.open(containing: collection.path)
    let lock = collection.path + "/.git/index.lock"
    try "".write(toFile: lock, atomically: false, encoding: .utf8)
    try collection.write("albums/a", albumText(title: "A", artist: "B", tags: ["x"]))
    #expect(throws: GitError.locked(lock)) { try repository.commit(paths: ["albums/a"], message: "Tag\n") }
    #expect(try collection.commitSubjects() == ["Start"])
  }
}
