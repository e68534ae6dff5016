import Foundation
import TestSupport
import Testing

/// A collection of one album in a git repository, for the store's end-to-end tests.
struct OneAlbumCollection {
  let collection: TemporaryCollection
  static let id = "albums/miles-davis-kind-of-blue"
  static let file = id + "/album.md"
  static let text = ExampleAlbums.kindOfBlue(
    keys: ["title", "artist", "tags"], body: "\n## Tracks\n\n1. So What\n\n## Notes\n\nSix-eye label.\n"
  )
  .replacingOccurrences(of: "- modal\n", with: "")

  init() throws {
    collection = try TemporaryCollection()
    try collection.write(Self.id, Self.text)
    try collection.initializeGit()
  }

  var path: String { collection.path }

  func rk(_ arguments: [String], environment: [String: String] = [:]) throws -> RKResult {
    try runRK(["-C", collection.path] + arguments, environment: environment)
  }

  func read(_ relative: String = Self.file) throws -> String { try collection.read(relative) }

  /// The files a commit changed, as `git show --name-status` lists them.
  func files(of revision: String) throws -> [String] {
    try git(["show", "--name-status", "--format=", revision], in: path).split(separator: "\n").map(String.init)
  }

  /// The full message of a commit.
  func message(of revision: String) throws -> String {
    try git(["log", "-1", "--format=%B", revision], in: path)
  }
}

@Suite("Hand edits are committed alone before rk's change")
struct StoreHandEditTests {
  let album: OneAlbumCollection
  init() throws { album = try OneAlbumCollection() }

  @Test func tagAddCommitsTheHandEditFirstAndUndoKeepsIt() throws {
    try album.collection.write(
      OneAlbumCollection.id, OneAlbumCollection.text.replacingOccurrences(of: "Six-eye label.", with: "Six-eye label, my words."))
    try album.collection.writeFile(OneAlbumCollection.id + "/receipt.txt", Array("12 EUR\n".utf8))
    try album.collection.writeFile(".gitignore", Array("*.tmp\n".utf8))
    try git(["add", ".gitignore"], in: album.path)
    try git(["commit", "-qm", "Ignore tmp"], in: album.path)
    try album.collection.writeFile(OneAlbumCollection.id + "/scratch.tmp", Array("x\n".utf8))

    let result = try album.rk(["tag", "add", "miles", "modal"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      try album.collection.commitSubjects().prefix(2) == [
        "Add tag \"modal\" to Miles Davis – Kind of Blue", "Edit Miles Davis – Kind of Blue by hand",
      ])
    #expect(try album.message(of: "HEAD~1") == "Edit Miles Davis – Kind of Blue by hand\n\n")
    #expect(try album.files(of: "HEAD~1") == ["M\t\(OneAlbumCollection.file)", "A\t\(OneAlbumCollection.id)/receipt.txt"])
    #expect(try album.files(of: "HEAD") == ["M\t\(OneAlbumCollection.file)"])
    #expect(try git(["show", "HEAD~1:" + OneAlbumCollection.file], in: album.path).contains("my words"))
    #expect(try album.collection.status().isEmpty)

    let undo = try album.rk(["undo"])
    #expect(undo.status == 0, "\(undo.stderr)")
    #expect(try album.read().contains("my words"))
    #expect(try !album.read().contains("modal"))
    #expect(FileManager.default.fileExists(atPath: album.path + "/" + OneAlbumCollection.id + "/receipt.txt"))
    #expect(FileManager.default.fileExists(atPath: album.path + "/" + OneAlbumCollection.id + "/scratch.tmp"))
  }

  @Test func aChangeThatChangesNothingCommitsNothing() throws {
    try album.collection.write(OneAlbumCollection.id, OneAlbumCollection.text + "More.\n")
    #expect(try album.rk(["tag", "add", "miles", "jazz"]).status == 0)
    #expect(try album.collection.commitSubjects() == ["Start"])
    #expect(try album.collection.status() == [" M \(OneAlbumCollection.file)"])
  }

  @Test func editCommitsEarlierHandEditsFirst() throws {
    try album.collection.write(OneAlbumCollection.id, OneAlbumCollection.text + "Hand.\n")
    let script = album.path + "/editor.sh"
    try "#!/bin/sh\nsed -i 's/^title: .*/title: Kind of Blue (Mono)/' \"$1\"\n".write(toFile: script, atomically: false, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
    let result = try album.rk(["edit", "miles"], environment: ["EDITOR": script])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      try album.collection.commitSubjects().prefix(2) == [
        "Edit Miles Davis – Kind of Blue (Mono)", "Edit Miles Davis – Kind of Blue by hand",
      ])
  }

  @Test func coverRemovalCommitsHandEditsFirst() throws {
    try album.collection.writeFile(OneAlbumCollection.id + "/cover.webp", [1, 2, 3])
    try album.collection.writeFile(OneAlbumCollection.id + "/cover-thumb.webp", [4, 5])
    try git(["add", "-A"], in: album.path)
    try git(["commit", "-qm", "Covers"], in: album.path)
    try album.collection.write(OneAlbumCollection.id, OneAlbumCollection.text + "Hand.\n")
    let result = try album.rk(["cover", "rm", "miles"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      try album.collection.commitSubjects().prefix(2) == [
        "Remove the cover of Miles Davis – Kind of Blue", "Edit Miles Davis – Kind of Blue by hand",
      ])
    #expect(try album.files(of: "HEAD~1") == ["M\t\(OneAlbumCollection.file)"])
  }
}

@Suite("rk rm loses nothing")
struct StoreRemoveTests {
  let album: OneAlbumCollection
  init() throws { album = try OneAlbumCollection() }

  @Test func uncommittedEditsAndUntrackedFilesComeBackWithUndo() throws {
    try album.collection.write(OneAlbumCollection.id, OneAlbumCollection.text + "My words.\n")
    try album.collection.writeFile(OneAlbumCollection.id + "/receipt.txt", Array("12 EUR\n".utf8))
    let removed = try album.rk(["rm", "--yes", "miles"])
    #expect(removed.status == 0, "\(removed.stderr)")
    #expect(
      try album.collection.commitSubjects().prefix(2) == [
        "Remove Miles Davis – Kind of Blue", "Edit Miles Davis – Kind of Blue by hand",
      ])
    #expect(!FileManager.default.fileExists(atPath: album.path + "/" + OneAlbumCollection.id))
    #expect(try album.rk(["undo"]).status == 0)
    #expect(try album.read() == OneAlbumCollection.text + "My words.\n")
    #expect(try album.read(OneAlbumCollection.id + "/receipt.txt") == "12 EUR\n")
    #expect(try album.collection.status().isEmpty)
  }

  @Test func ignoredFilesAreListedAndNothingIsRemoved() throws {
    try album.collection.writeFile(".gitignore", Array("*.flac\n".utf8))
    try git(["add", ".gitignore"], in: album.path)
    try git(["commit", "-qm", "Ignore flac"], in: album.path)
    try album.collection.writeFile(OneAlbumCollection.id + "/rip/01.flac", Array("audio".utf8))
    let result = try album.rk(["rm", "--yes", "miles"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("Miles Davis – Kind of Blue was not removed: its folder holds files git ignores"))
    #expect(
      result.stderr.contains("  \(album.path)/\(OneAlbumCollection.id)/rip/01.flac\n")
        || result.stderr.contains("  \(OneAlbumCollection.id)/rip/01.flac\n"), "\(result.stderr)")
    #expect(try album.read(OneAlbumCollection.id + "/rip/01.flac") == "audio")
    #expect(try album.read() == OneAlbumCollection.text)
    #expect(try album.collection.commitSubjects().first == "Ignore flac")
  }
}

@Suite("Commit messages never carry control characters")
struct StoreMessageTests {
  @Test func anEscapeInATitleIsShownVisibly() throws {
    let album = try OneAlbumCollection()
    let result = try album.rk(["set", "miles", "--title", "Kind of \u{1B}[31mBlue\u{07}"])
    #expect(result.status == 0, "\(result.stderr)")
    let raw = try git(["log", "-1", "--format=%B"], in: album.path)
    #expect(!raw.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
    #expect(raw.hasPrefix("Change title of Miles Davis – Kind of ^[[31mBlue^G\n"), "\(raw)")
  }
}
