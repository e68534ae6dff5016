import Foundation
import TestSupport
import Testing

/// An album folder linked to outside the collection (issue 31's crash
/// probe): `rk list` warns about it and `rk check` reports it, rather than
/// leaving the album out without a word.
@Suite("Album folders linked out of the collection")
struct LinkedFolderCommandTests {
  @Test func rkListWarnsAndRkCheckReportsTheLink() throws {
    let outside = try TemporaryCollection(albums: ["away": albumText(title: "Away", artist: "Elsewhere")])
    let collection = try TemporaryCollection(albums: ["albums/home": albumText(title: "Home", artist: "Here")])
    try collection.initializeGit()
    try FileManager.default.createSymbolicLink(atPath: collection.path + "/albums/away", withDestinationPath: outside.path + "/away")
    for _ in 0..<2 {  // the second from the load cache
      let list = try runRK(["-C", collection.path, "list", "--format", "{title}"])
      #expect(list.status == 0)
      #expect(list.stdout == "Home\n")
      #expect(list.stderr.contains("albums/away: folder: is a link to "), "\(list.stderr)")
      #expect(list.stderr.contains("outside the collection"))
    }
    let check = try runRK(["-C", collection.path, "check"])
    #expect(check.status == 1)
    #expect(check.stdout.contains("albums/away: folder: is a link to "), "\(check.stdout)")
  }
}

/// NUL bytes in an album's body (issue 31's crash probe) fail rk check.
@Suite("rk check and NUL bytes")
struct NulBytesCommandTests {
  @Test func rkCheckNamesTheFileAndLine() throws {
    let collection = try TemporaryCollection(albums: ["albums/home": albumText(title: "Home", artist: "Here")])
    try collection.writeFile(
      "albums/home/album.md", Array("---\ntitle: Home\nartist: Here\n---\n\n## Notes\n\nSome".utf8) + [0, 0] + Array("\n".utf8))
    let check = try runRK(["-C", collection.path, "check"])
    #expect(check.status == 1)
    #expect(check.stdout.contains("albums/home/album.md:8: file: the file holds NUL bytes"), "\(check.stdout)")
  }
}
