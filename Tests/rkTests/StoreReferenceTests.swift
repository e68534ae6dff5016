import Foundation
import TestSupport
import Testing

@Suite("References never resolve outside the collection")
struct StoreReferenceTests {
  let album: OneAlbumCollection
  /// A folder beside the collection, with an album.md rk must never touch.
  private let temporary: TemporaryFolder
  var outside: String { temporary.path }
  let outsideText = "---\ntitle: Outside\nartist: Nobody\n---\n"

  init() throws {
    album = try OneAlbumCollection()
    temporary = try TemporaryFolder("outside")
    try outsideText.write(toFile: temporary.path + "/album.md", atomically: false, encoding: .utf8)
  }

  /// The folder's name, reached from the collection root with `..`.
  var dotted: String { "albums/../../" + (outside as NSString).lastPathComponent }

  func expectUntouched(_ result: RKResult, _ message: String) throws {
    #expect(result.status == 1)
    #expect(result.stderr.contains(message), "\(result.stderr)")
    #expect(try String(contentsOfFile: outside + "/album.md", encoding: .utf8) == outsideText)
    #expect(try FileManager.default.contentsOfDirectory(atPath: outside) == ["album.md"])
    #expect(try album.collection.commitSubjects() == ["Start"])
  }

  @Test func dotDotPartsAreRefusedBeforeAnythingIsWritten() throws {
    try expectUntouched(try album.rk(["set", dotted, "--title", "X"]), "leads outside the collection")
    try expectUntouched(try album.rk(["tag", "add", dotted, "x"]), "leads outside the collection")
    try expectUntouched(try album.rk(["rm", "--yes", dotted]), "leads outside the collection")
    try expectUntouched(try album.rk(["tag", "add", outside, "x"]), "leads outside the collection")
    try expectUntouched(try album.rk(["tag", "add", "albums/./miles-davis-kind-of-blue", "x"]), "leads outside the collection")
  }

  @Test func aCollectionInASubfolderNeverChangesTheRestOfTheRepository() throws {
    let repository = FileManager.default.temporaryDirectory.appendingPathComponent("rk-repo-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: repository) }
    try FileManager.default.createDirectory(atPath: repository + "/other/notes", withIntermediateDirectories: true)
    try outsideText.write(toFile: repository + "/other/notes/album.md", atomically: false, encoding: .utf8)
    try git(["init", "-q", "-b", "main"], in: repository)
    try git(["add", "-A"], in: repository)
    try git(["-c", "user.name=T", "-c", "user.email=t@example.com", "commit", "-qm", "Start"], in: repository)
    #expect(try runRK(["init", repository + "/records"]).status == 0)
    let result = try runRK(["-C", repository + "/records", "tag", "add", "albums/../../other/notes", "x"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("leads outside the collection"), "\(result.stderr)")
    #expect(try String(contentsOfFile: repository + "/other/notes/album.md", encoding: .utf8) == outsideText)
    #expect(try git(["log", "--format=%s"], in: repository) == "Start a Record Keeper collection\nStart\n")
  }

  @Test func aSymlinkedAlbumFolderIsRefused() throws {
    try FileManager.default.createSymbolicLink(atPath: album.path + "/albums/linked", withDestinationPath: outside)
    try expectUntouched(try album.rk(["tag", "add", "albums/linked", "x"]), "\"albums/linked\" leads outside the collection")
    // Links are not walked, so the folder name names no album.
    try expectUntouched(try album.rk(["tag", "add", "linked", "x"]), "no album")
  }

  @Test func aSymlinkedAlbumFileIsRefused() throws {
    try FileManager.default.createDirectory(atPath: album.path + "/albums/x", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: album.path + "/albums/x/album.md", withDestinationPath: outside + "/album.md")
    try expectUntouched(try album.rk(["tag", "add", "albums/x", "x"]), "\"albums/x\" leads outside the collection")
  }

  @Test func aSymlinkedAlbumsFolderIsRefused() throws {
    let real = album.path + "/albums"
    try FileManager.default.moveItem(atPath: real, toPath: outside + "/albums")
    try FileManager.default.createSymbolicLink(atPath: real, withDestinationPath: outside + "/albums")
    let added = try album.rk(["add", "--title", "X", "--artist", "Y"])
    #expect(added.status == 1)
    #expect(added.stderr.contains("albums is a symbolic link"), "\(added.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: outside + "/albums") == ["miles-davis-kind-of-blue"])
    let tagged = try album.rk(["tag", "add", OneAlbumCollection.id, "x"])
    #expect(tagged.status == 1)
    // The album reference is refused first, naming where it leads.
    #expect(tagged.stderr.contains("leads outside the collection"), "\(tagged.stderr)")
    #expect(try String(contentsOfFile: outside + "/" + OneAlbumCollection.file, encoding: .utf8) == OneAlbumCollection.text)
  }
}
