import Foundation
import TestSupport
import Testing

@Suite("rk mv renames an album's folder as one commit")
struct MoveCommandTests {
  let album: OneAlbumCollection
  init() throws { album = try OneAlbumCollection() }

  /// What `git status --porcelain` and the tree of HEAD show, to prove a refusal wrote nothing.
  func state() throws -> [String] {
    try album.collection.status() + [try git(["rev-parse", "HEAD"], in: album.path)]
      + [try git(["ls-files", "-o", "--directory"], in: album.path)]
  }

  @Test func movesTheWholeFolderAsOneRenameCommit() throws {
    try album.collection.writeFile(OneAlbumCollection.id + "/cover.webp", [1, 2, 3])
    try git(["add", "-A"], in: album.path)
    try git(["commit", "-qm", "Cover"], in: album.path)
    let result = try album.rk(["mv", "miles", "kind-of-blue"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("Move Miles Davis – Kind of Blue to albums/kind-of-blue"))
    #expect(try album.read("albums/kind-of-blue/album.md") == OneAlbumCollection.text)
    #expect(FileManager.default.fileExists(atPath: album.path + "/albums/kind-of-blue/cover.webp"))
    #expect(!FileManager.default.fileExists(atPath: album.path + "/" + OneAlbumCollection.id))
    #expect(try album.collection.commitSubjects().first == "Move Miles Davis – Kind of Blue to albums/kind-of-blue")
    let files = try git(["show", "-M", "--name-status", "--format=", "HEAD"], in: album.path)
    #expect(files.contains("R100\t\(OneAlbumCollection.id)/album.md\talbums/kind-of-blue/album.md"))
    #expect(files.contains("R100\t\(OneAlbumCollection.id)/cover.webp\talbums/kind-of-blue/cover.webp"))
    #expect(try album.collection.status().isEmpty)
    #expect(try album.rk(["show", "kind-of-blue"]).status == 0)
  }

  @Test func movesToAPathFromTheRootMakingFolders() throws {
    let result = try album.rk(["mv", OneAlbumCollection.id, "jazz/modal/kind-of-blue/"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try album.read("jazz/modal/kind-of-blue/album.md") == OneAlbumCollection.text)
    #expect(try album.collection.status().isEmpty)
  }

  @Test func commitsHandEditsFirstAndMovesUntrackedFilesToo() throws {
    try album.collection.write(OneAlbumCollection.id, OneAlbumCollection.text + "My words.\n")
    try album.collection.writeFile(OneAlbumCollection.id + "/scan.txt", Array("liner notes\n".utf8))
    let result = try album.rk(["mv", "miles", "kind-of-blue"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      try album.collection.commitSubjects().prefix(2) == [
        "Move Miles Davis – Kind of Blue to albums/kind-of-blue", "Edit Miles Davis – Kind of Blue by hand",
      ])
    #expect(try album.read("albums/kind-of-blue/scan.txt") == "liner notes\n")
    #expect(try album.read("albums/kind-of-blue/album.md").hasSuffix("My words.\n"))
    #expect(try album.collection.status().isEmpty)
  }

  @Test func undoMovesItBack() throws {
    #expect(try album.rk(["mv", "miles", "kind-of-blue"]).status == 0)
    let undo = try album.rk(["undo"])
    #expect(undo.status == 0, "\(undo.stderr)")
    #expect(try album.read() == OneAlbumCollection.text)
    #expect(!FileManager.default.fileExists(atPath: album.path + "/albums/kind-of-blue"))
    #expect(try album.collection.status().isEmpty)
  }

  @Test func theSameFolderIsNoChange() throws {
    let before = try state()
    let result = try album.rk(["mv", "miles", "miles-davis-kind-of-blue"])
    #expect(result.status == 0)
    #expect(result.stderr.contains("already in that folder"))
    #expect(try state() == before)
  }

  @Test(arguments: [
    ("../elsewhere", "inside the collection"),
    ("albums/../../elsewhere", "inside the collection"),
    ("/tmp/elsewhere", "inside the collection"),
    ("albums//x", "inside the collection"),
    (".hidden", "albums/.hidden is hidden"),
    ("albums/.rk/x", "albums/.rk is hidden"),
    ("other", "albums/other already exists"),
    ("notes.txt/x", "notes.txt is a file"),
    ("albums/other/inner", "inside the album albums/other"),
    ("albums/miles-davis-kind-of-blue/inner", "inside the album albums/miles-davis-kind-of-blue"),
  ])
  func refusesWithNothingWritten(destination: String, message: String) throws {
    try album.collection.write("albums/other", "---\ntitle: Other\nartist: Someone\n---\n")
    try album.collection.writeFile("notes.txt", Array("mine\n".utf8))
    try git(["add", "-A"], in: album.path)
    try git(["commit", "-qm", "More"], in: album.path)
    let before = try state()
    let result = try album.rk(["mv", "miles", destination])
    #expect(result.status == 1)
    #expect(result.stderr.contains("Miles Davis – Kind of Blue was not moved to \"\(destination)\""), "\(result.stderr)")
    #expect(result.stderr.contains(message), "\(result.stderr)")
    #expect(try state() == before)
    #expect(try album.read() == OneAlbumCollection.text)
  }

  @Test func refusesALinkOnTheWay() throws {
    let outside = try makeTemporaryFolder("outside")
    defer { try? FileManager.default.removeItem(atPath: outside) }
    try FileManager.default.createSymbolicLink(atPath: album.path + "/out", withDestinationPath: outside)
    let before = try state()
    let result = try album.rk(["mv", "miles", "out/kind-of-blue"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("is a symbolic link"), "\(result.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: outside).isEmpty)
    #expect(try state() == before)
  }
}
