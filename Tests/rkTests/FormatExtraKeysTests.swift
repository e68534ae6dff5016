import Foundation
import TestSupport
import Testing

@Suite("rk list --format: extra keys by name")
struct FormatExtraKeysTests {
  let collection: TemporaryCollection

  init() throws {
    collection = try TemporaryCollection()
    try collection.write("albums/a", "---\ntitle: Blue\nartist: Joni Mitchell\nmood: wistful\n---\n")
    try collection.write("albums/b", "---\ntitle: Paranoid\nartist: Black Sabbath\nsleeve_notes:\n- gatefold\n- poster\n---\n")
  }

  func list(_ template: String) throws -> RKResult {
    try runRK(["-C", collection.path, "list", "--sort", "title", "--format", template])
  }

  @Test func anExtraKeyPrintsItsValueOrNothing() throws {
    let result = try list("{title}|{mood}|{sleeve_notes}")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "Blue|wistful|\nParanoid||gatefold, poster\n")
  }

  @Test func aNameNoAlbumHasIsAUsageErrorWithTheClosestName() throws {
    let typo = try list("{title} {mod}")
    #expect(typo.status == 64)
    #expect(typo.stdout.isEmpty)
    #expect(typo.stderr.contains("Usage: rk list"))
    #expect(
      typo.stderr.contains("--format: {mod} is not a placeholder or an extra key of any album; did you mean {mood}?"), "\(typo.stderr)")
    let field = try list("{titel}")
    #expect(field.status == 64)
    #expect(field.stderr.contains("did you mean {title}?"))
    let nothingClose = try list("{xyzzy}")
    #expect(nothingClose.status == 64)
    #expect(nothingClose.stderr.contains("{xyzzy} is not a placeholder or an extra key of any album; use {id}"))
  }
}
