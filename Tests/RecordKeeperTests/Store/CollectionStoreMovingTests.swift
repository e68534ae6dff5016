import Foundation
import TestSupport
import Testing

@testable import RecordKeeper

/// `CollectionStore.move` cut short: the next change finds the album moved
/// and committed, or back where it was, never moved and uncommitted.
@Suite("Moving an album, interrupted")
struct CollectionStoreMovingTests {
  let collection: TemporaryCollection
  let id = "albums/miles-davis-kind-of-blue"
  let newID = "jazz/kind-of-blue"
  let original = albumText(title: "Kind of Blue", artist: "Miles Davis", tags: ["jazz"])
  let store: CollectionStore
  let message = ChangeMessage.make("Move Miles Davis – Kind of Blue to jazz/kind-of-blue", action: "move")

  init() throws {
    collection = try TemporaryCollection()
    try collection.write(id, original)
    try collection.writeFile(id + "/cover.webp", [1, 2, 3])
    try collection.initializeGit()
    store = try CollectionStore(location: CollectionLocation(root: collection.path))
  }

  /// The journal `move` writes, then the folder moved as `move` moves it.
  func moveAndDie() throws {
    var journal = ChangeJournal(message: message, paths: [id, newID], created: ["jazz"])
    journal.moved = [ChangeJournal.MovedFolder(from: id, to: newID)]
    try store.prepare(journal).write(to: store.journalPath)
    try FileManager.default.createDirectory(atPath: collection.path + "/jazz", withIntermediateDirectories: true)
    try FileManager.default.moveItem(atPath: collection.path + "/" + id, toPath: collection.path + "/" + newID)
  }

  @Test func aKillBeforeTheCommitPutsTheFolderBack() throws {
    try moveAndDie()
    var outcomes: [InterruptedChange.Outcome] = []
    store.onInterruptedChange = { outcomes.append($0.outcome) }
    try store.finishInterruptedChange()
    #expect(outcomes == [.rolledBack])
    #expect(try collection.read(id + "/album.md") == original)
    #expect(FileManager.default.fileExists(atPath: collection.path + "/" + id + "/cover.webp"))
    #expect(!FileManager.default.fileExists(atPath: collection.path + "/jazz"))
    #expect(try collection.status().isEmpty)
    #expect(!FileManager.default.fileExists(atPath: store.journalPath))
  }

  @Test func aKillAfterTheCommitLeavesItMoved() throws {
    try moveAndDie()
    try git(["add", "-A"], in: collection.path)
    try git(["commit", "-q", "-m", message], in: collection.path)
    var outcomes: [InterruptedChange.Outcome] = []
    store.onInterruptedChange = { outcomes.append($0.outcome) }
    try store.finishInterruptedChange()
    #expect(outcomes == [.finished])
    #expect(try collection.read(newID + "/album.md") == original)
    #expect(!FileManager.default.fileExists(atPath: collection.path + "/" + id))
    #expect(try collection.status().isEmpty)
  }

  @Test func aJournalThatMovesIsOneAnOlderRkRefuses() throws {
    var journal = ChangeJournal(message: message, paths: [id, newID])
    #expect(journal.version == 1)
    journal.moved = [ChangeJournal.MovedFolder(from: id, to: newID)]
    #expect(journal.version == 2)
  }

  @Test func journalsWrittenBeforeMovesExistedStillRead() throws {
    let old = #"{"created":[],"files":[],"index":[],"locks":[],"message":"x","parked":[],"paths":[],"staging":[],"version":1}"#
    try old.write(toFile: store.journalPath, atomically: false, encoding: .utf8)
    #expect(try ChangeJournal.read(at: store.journalPath)?.moved == nil)
  }
}
