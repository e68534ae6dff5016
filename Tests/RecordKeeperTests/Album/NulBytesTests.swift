import RecordKeeper
import TestSupport
import Testing

/// NUL bytes are no text: an album.md holding them (a crash or a full disk
/// left it half-written) is unreadable, named with its line, never rewritten.
@Suite("NUL bytes in album.md")
struct NulBytesTests {
  let head = ExampleAlbums.kindOfBlue(keys: ["title", "artist"], body: "\n## Notes\n\n")

  @Test func aNulInTheBodyIsRefusedNamingItsLine() {
    let bytes = Array((head + "Six-eye").utf8) + [0, 0, 0] + Array(" label.\n".utf8)
    #expect(throws: AlbumFileError.nulBytes(line: 8)) { try AlbumFile.parse(bytes, id: "albums/kind-of-blue") }
    #expect(AlbumFileError.nulBytes(line: 8).description.contains("git restore"))
  }

  @Test func aNulInTheFrontMatterToo() {
    #expect(throws: AlbumFileError.nulBytes(line: 2)) {
      try AlbumFile.parse(Array("---\ntitle: Kind".utf8) + [0] + Array("\nartist: M\n---\n".utf8), id: "a")
    }
  }
}
