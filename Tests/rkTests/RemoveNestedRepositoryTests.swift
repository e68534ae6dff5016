import Foundation
import TestSupport
import Testing

/// `rk rm` deletes an album's folder, and `rk undo` brings back what this
/// collection's git keeps: a repository of its own inside the folder (or a
/// submodule's work tree) is not that, so rm refuses, as for ignored files.
@Suite("rk rm refuses to delete a git repository inside the album")
struct RemoveNestedRepositoryTests {
  let album: OneAlbumCollection
  init() throws { album = try OneAlbumCollection() }

  var folder: String { album.path + "/" + OneAlbumCollection.id }

  func expectRefused(naming nested: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let before = try album.collection.commitSubjects()
    let result = try album.rk(["rm", "--yes", "miles"])
    #expect(result.status == 1, sourceLocation: sourceLocation)
    #expect(result.stderr.contains("holds a git repository of its own"), "\(result.stderr)", sourceLocation: sourceLocation)
    #expect(result.stderr.contains(OneAlbumCollection.id + "/" + nested), "\(result.stderr)", sourceLocation: sourceLocation)
    #expect(FileManager.default.fileExists(atPath: folder + "/" + nested + "/.git"), sourceLocation: sourceLocation)
    #expect(try album.read() == OneAlbumCollection.text, sourceLocation: sourceLocation)
    #expect(try album.collection.commitSubjects() == before, sourceLocation: sourceLocation)
  }

  @Test func aRepositoryWithItsOwnHistoryIsKept() throws {
    let scans = folder + "/scans"
    try FileManager.default.createDirectory(atPath: scans, withIntermediateDirectories: true)
    try git(["init", "-q", "-b", "main"], in: scans)
    try "side A\n".write(toFile: scans + "/label.txt", atomically: true, encoding: .utf8)
    try git(["add", "label.txt"], in: scans)
    try git(["-c", "user.name=S", "-c", "user.email=s@example.com", "commit", "-q", "-m", "Scans"], in: scans)
    try expectRefused(naming: "scans")
    #expect(try git(["log", "--format=%s"], in: scans) == "Scans\n")
  }

  @Test func aSubmodulesWorkTreeIsKept() throws {
    let library = album.collection.path + "-library"
    defer { try? FileManager.default.removeItem(atPath: library) }
    try FileManager.default.createDirectory(atPath: library, withIntermediateDirectories: true)
    try git(["init", "-q", "-b", "main"], in: library)
    try git(["-c", "user.name=S", "-c", "user.email=s@example.com", "commit", "-q", "--allow-empty", "-m", "Library"], in: library)
    try git(["-c", "protocol.file.allow=always", "submodule", "add", "-q", library, OneAlbumCollection.id + "/library"], in: album.path)
    try git(["commit", "-q", "-m", "Add library"], in: album.path)
    try expectRefused(naming: "library")
  }
}
