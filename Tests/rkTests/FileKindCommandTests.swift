import Foundation
import TestSupport
import Testing

@testable import RecordKeeper

/// Album files that are not regular files, seen through `rk list` and `rk check`.
@Suite("rk and special album files")
struct FileKindCommandTests {
  @Test func checkListsEveryAlbumFileItCannotReadAndListShowsTheRest() throws {
    let collection = try TemporaryCollection(albums: ["albums/good": albumText(title: "Good", artist: "A")])
    try FileManager.default.createDirectory(atPath: collection.path + "/albums/fifo", withIntermediateDirectories: true)
    #expect(mkfifo(collection.path + "/albums/fifo/album.md", 0o644) == 0)
    try FileManager.default.createDirectory(atPath: collection.path + "/albums/folder/album.md", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: collection.path + "/albums/zero", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: collection.path + "/albums/zero/album.md", withDestinationPath: "/dev/zero")

    let outside = FileManager.default.temporaryDirectory.appendingPathComponent("rk-outside-\(UUID().uuidString).md").path
    try albumText(title: "Secret", artist: "Elsewhere").write(toFile: outside, atomically: false, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: outside) }
    try FileManager.default.createDirectory(atPath: collection.path + "/albums/linked", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: collection.path + "/albums/linked/album.md", withDestinationPath: outside)

    let list = try runRK(["-C", collection.path, "list", "--format", "{title}"])
    #expect(list.status == 0)
    #expect(list.stdout == "Good\n")
    #expect(
      list.stderr.contains("albums/fifo/album.md: file: cannot read it: it is a named pipe (FIFO), not a regular file"), "\(list.stderr)")

    let check = try runRK(["-C", collection.path, "check"])
    #expect(check.status == 1)
    for (id, kind) in [("fifo", "a named pipe (FIFO)"), ("folder", "a folder"), ("zero", "a character device")] {
      #expect(check.stdout.contains("albums/\(id)/album.md: file: cannot read it: it is \(kind), not a regular file"), "\(check.stdout)")
    }
    #expect(
      check.stdout.contains(
        "albums/linked/album.md: file: cannot read it: it is a symbolic link to \(try FileSystem.realPath(outside)), outside"),
      "\(check.stdout)")
    #expect(!list.stdout.contains("Secret"))
  }
}

@Suite("rk changes only album files of an album's size")
struct FileSizeCommandTests {
  @Test func anOversizedAlbumFileIsRefusedNotRead() throws {
    let collection = try TemporaryCollection(albums: [
      "albums/big": albumText(title: "Big", artist: "A") + String(repeating: "x", count: 2 << 20)
    ])
    try collection.initializeGit()
    let result = try runRK(["-C", collection.path, "tag", "add", "big", "jazz"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("albums/big/album.md: it is 2 MiB, more than the 1 MiB rk reads for such a file"), "\(result.stderr)")
    #expect(try collection.commitSubjects().count == 1)
  }
}
