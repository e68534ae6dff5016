import Foundation
import TestSupport
import Testing

@Suite("rk undo walks back one rk change at a time")
struct StoreUndoTests {
  let album: OneAlbumCollection
  init() throws { album = try OneAlbumCollection() }

  @Test func undoAgainGoesOneFurtherBackThenStopsAtAPersonsCommit() throws {
    #expect(try album.rk(["tag", "add", "miles", "modal"]).status == 0)
    #expect(try album.rk(["tag", "add", "miles", "cool"]).status == 0)
    let cool = try git(["rev-parse", "HEAD"], in: album.path).trimmingCharacters(in: .whitespacesAndNewlines)

    let first = try album.rk(["undo"])
    #expect(first.status == 0, "\(first.stderr)")
    #expect(try album.read().contains("- modal\n"))
    #expect(try !album.read().contains("cool"))
    #expect(try album.message(of: "HEAD").contains("Record-Keeper-Undoes: \(cool)\n"))

    let second = try album.rk(["undo"])
    #expect(second.status == 0, "\(second.stderr)")
    #expect(try album.read() == OneAlbumCollection.text)
    #expect(
      try album.collection.commitSubjects() == [
        "Undo \"Add tag \"modal\" to Miles Davis – Kind of Blue\"",
        "Undo \"Add tag \"cool\" to Miles Davis – Kind of Blue\"",
        "Add tag \"cool\" to Miles Davis – Kind of Blue",
        "Add tag \"modal\" to Miles Davis – Kind of Blue",
        "Start",
      ])

    // "Start" was made with git, by the person: undo stops there.
    let third = try album.rk(["undo"])
    #expect(third.status == 1)
    #expect(third.stderr.contains("\"Start\") was not made by rk, so rk undo stops there"))
    #expect(try album.collection.commitSubjects().count == 5)
    #expect(try album.read() == OneAlbumCollection.text)
  }

  @Test func stopsAtAPersonsCommitOnTopOfRkChanges() throws {
    #expect(try album.rk(["tag", "add", "miles", "modal"]).status == 0)
    try album.collection.writeFile("README.md", Array("mine\n".utf8))
    try git(["add", "README.md"], in: album.path)
    try git(["commit", "-qm", "My readme"], in: album.path)
    let result = try album.rk(["undo"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("\"My readme\") was not made by rk"))
    #expect(try album.read().contains("- modal\n"))
    #expect(try album.collection.commitSubjects().first == "My readme")
  }

  @Test func stopsAtTheHandEditsRkRecorded() throws {
    try album.collection.write(OneAlbumCollection.id, OneAlbumCollection.text + "My words.\n")
    #expect(try album.rk(["tag", "add", "miles", "modal"]).status == 0)
    #expect(try album.rk(["undo"]).status == 0)
    let again = try album.rk(["undo"])
    #expect(again.status == 1)
    #expect(again.stderr.contains("Edit Miles Davis – Kind of Blue by hand"))
    #expect(try album.read().contains("My words.\n"))
  }

  @Test func undoesAfterAnUndoMadeBeforeTheTrailerExisted() throws {
    #expect(try album.rk(["tag", "add", "miles", "modal"]).status == 0)
    #expect(try album.rk(["tag", "add", "miles", "cool"]).status == 0)
    // An undo as older rk wrote it: no Record-Keeper-Undoes trailer; it undid its parent.
    try git(["revert", "--no-edit", "--no-commit", "HEAD"], in: album.path)
    try git(["commit", "-qm", "Undo \"Add tag \"cool\"\"\n\nRecord-Keeper: undo"], in: album.path)
    let result = try album.rk(["undo"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try album.read() == OneAlbumCollection.text)
  }

  @Test func refusesWhenTheFilesNoLongerHoldWhatTheChangeLeft() throws {
    #expect(try album.rk(["tag", "add", "miles", "modal"]).status == 0)
    #expect(try album.rk(["tag", "add", "miles", "cool"]).status == 0)
    let cool = try git(["rev-parse", "HEAD"], in: album.path).trimmingCharacters(in: .whitespacesAndNewlines)
    // An "undo" that did more than undo: it also changed the notes.
    try album.collection.write(
      OneAlbumCollection.id,
      try album.read().replacingOccurrences(of: "- cool\n", with: "").replacingOccurrences(of: "Six-eye", with: "Two-eye"))
    try git(["commit", "-qam", "Undo \"cool\"\n\nRecord-Keeper: undo\nRecord-Keeper-Undoes: \(cool)"], in: album.path)
    let result = try album.rk(["undo"])
    #expect(result.status == 1)
    #expect(
      result.stderr.contains(
        "cannot undo \"Add tag \"modal\" to Miles Davis – Kind of Blue\": \(OneAlbumCollection.file) has changed since"), "\(result.stderr)"
    )
    #expect(try album.read().contains("Two-eye"))
    #expect(try album.read().contains("- modal\n"))
  }

  @Test func neverUndoesTheFirstCommitOfInit() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rk-undo-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(try runRK(["init", folder]).status == 0)
    let added = try runRK(["-C", folder, "add", "--title", "X", "--artist", "Y"])
    #expect(added.status == 0, "\(added.stderr)")
    #expect(try runRK(["-C", folder, "undo"]).status == 0)
    let result = try runRK(["-C", folder, "undo"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("nothing left to undo"))
    #expect(FileManager.default.fileExists(atPath: folder + "/.recordkeeper/config.yaml"))
    #expect(try git(["status", "--porcelain"], in: folder).isEmpty)
    #expect(try git(["log", "--format=%s"], in: folder).split(separator: "\n").count == 3)

    // Right after init, too.
    let fresh = FileManager.default.temporaryDirectory.appendingPathComponent("rk-undo-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: fresh) }
    #expect(try runRK(["init", fresh]).status == 0)
    let early = try runRK(["-C", fresh, "undo"])
    #expect(early.status == 1)
    #expect(early.stderr.contains("never undoes the first commit"))
    #expect(FileManager.default.fileExists(atPath: fresh + "/.recordkeeper/config.yaml"))
  }
}
