import Foundation
import TestSupport
import Testing

@testable import RecordKeeper

/// A person's editor saves an album's file (in place: truncate, then write)
/// at the very moment rk changes it (docs/commands.md, "Changes and commits"): nothing either wrote is
/// lost, and history never holds half a file.
@Suite("A person and rk changing the same album at the same moment")
struct SaveWhileChangingTests {
  let collection: TemporaryCollection
  let id = TwoAlbumStore.id
  let otherID = TwoAlbumStore.otherID
  let original = albumText(title: "Kind of Blue", artist: "Miles Davis", tags: ["jazz"]) + "\n## Notes\n\nSix-eye label.\n"
  let store: CollectionStore
  let reports: TwoAlbumStore.Reports

  init() throws {
    (collection, store, reports) = try TwoAlbumStore.make(kindOfBlue: original)
  }

  var file: String { id + "/" + AlbumFile.name }
  var tagged: String { original.replacingOccurrences(of: "- jazz\n", with: "- jazz\n- modal\n") }
  var personsSave: String { original + "\nBought in Paris, 1998.\n" }

  @discardableResult
  func tag(_ reference: String, _ tag: String = "modal") throws -> GitCommit? {
    try store.update(reference, action: "tag-add", summary: { _, _ in "Add tag \"\(tag)\"" }) { album in
      album.tags.append(tag)
      return true
    }
  }

  func committed(_ revision: String) throws -> String { try git(["show", "\(revision):\(file)"], in: collection.path) }

  @Test func theCommitHoldsTheBytesRKWroteNotTheHalfSavedFileThere() throws {
    // The person's editor has truncated the file and written part of it.
    store.beforeCommitting = { [collection, original] id in try? collection.write(id, String(original.prefix(20))) }
    try tag(id)
    #expect(try committed("HEAD") == tagged)
    // The half-saved file is no commit's, and git status does not hide it.
    #expect(try collection.status() == [" M \(file)"])
  }

  @Test func aSaveMadeJustBeforeRKReplacesTheFileIsCommittedByHandThenMergedWithRKsChange() throws {
    store.beforeReplacing = { [collection, personsSave] id in
      if (try? collection.read(id + "/" + AlbumFile.name)) != personsSave { try? collection.write(id, personsSave) }
    }
    try tag(id)
    let both = personsSave.replacingOccurrences(of: "- jazz\n", with: "- jazz\n- modal\n")
    #expect(try collection.read(file) == both)
    #expect(try collection.commitSubjects() == ["Add tag \"modal\"", "Edit Miles Davis – Kind of Blue by hand", "Start"])
    #expect(try committed("HEAD~1") == personsSave)
    #expect(try committed("HEAD") == both)
    #expect(try collection.status().isEmpty)
  }

  @Test func aSaveThatConflictsWithRKsChangeStandsAndRKSaysSo() throws {
    let retitled = original.replacingOccurrences(of: "title: Kind of Blue", with: "title: Kind of Blue (mono)")
    store.beforeReplacing = { [collection] id in try? collection.write(id, retitled) }
    #expect {
      try store.update(id, action: "set", summary: { _, _ in "Set title" }) { album in
        album.title = "Kind of Blue (stereo)"
        return true
      }
    } throws: { error in
      guard case .savedMeanwhile(let path, let reason) = error as? StoreError else { return false }
      return path.hasSuffix(file) && reason.contains("title")
    }
    #expect(try collection.read(file) == retitled)
    #expect(try collection.commitSubjects() == ["Start"])
    #expect(!FileManager.default.fileExists(atPath: store.journalPath))
  }

  @Test func aRollbackAfterAKillLeavesAFileThePersonSavedSinceAndSaysSo() throws {
    let journal = ChangeJournal(
      message: ChangeMessage.make("Add tag \"modal\" to Miles Davis – Kind of Blue", action: "tag-add"), paths: [file],
      files: [store.savedFile(file, bytes: Array(original.utf8), written: Array(tagged.utf8))])
    try store.prepare(journal).write(to: store.journalPath)
    // rk wrote its file and was killed; then the person saved theirs over it.
    try collection.write(id, tagged + "\nMy words, after the kill.\n")
    try tag(otherID, "piano")
    #expect(reports.changes.map(\.outcome) == [.rolledBack])
    #expect(reports.changes.first?.keptEdits == [file])
    #expect(reports.changes.first?.description.contains("saved by hand since") == true)
    #expect(try collection.read(file) == tagged + "\nMy words, after the kill.\n")
    #expect(try collection.status() == [" M \(file)"])
  }

  @Test func aRollbackAfterAKillStillPutsBackTheFileRKWrote() throws {
    let journal = ChangeJournal(
      message: ChangeMessage.make("Add tag \"modal\" to Miles Davis – Kind of Blue", action: "tag-add"), paths: [file],
      files: [store.savedFile(file, bytes: Array(original.utf8), written: Array(tagged.utf8))])
    try store.prepare(journal).write(to: store.journalPath)
    try collection.write(id, tagged)
    try tag(otherID, "piano")
    #expect(reports.changes.map(\.outcome) == [.rolledBack])
    #expect(reports.changes.first?.keptEdits == [])
    #expect(try collection.read(file) == original)
    #expect(try collection.status().isEmpty)
  }

  @Test func aHandEditHalfSavedWhileASyncChecksItStaysHomeAndIsNeverCommitted() throws {
    try collection.write(id, personsSave)
    store.beforeCommitting = { [collection, original] id in try? collection.write(id, String(original.prefix(20))) }
    let record = try store.recordHandEdits()
    #expect(record.recorded.isEmpty)
    #expect(record.stayedHome.map(\.id) == [id])
    #expect(record.stayedHome.first?.problems.first?.message.contains("changed while rk checked it") == true)
    #expect(try committed("HEAD") == original, "history never holds the half-saved file")
  }
}
