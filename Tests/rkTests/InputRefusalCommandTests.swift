import Foundation
import TestSupport
import Testing

/// What a person types is taken as meant, or refused with what to write
/// (docs/commands.md, "Exit status and errors").
@Suite("Input taken as meant")
struct InputRefusalCommandTests {
  let album: OneAlbumCollection
  static let dotted = "albums/various-vol-2"

  init() throws {
    album = try OneAlbumCollection()
    try album.collection.write(Self.dotted, "---\ntitle: Vol. 2\nartist: Various\n---\n")
    try git(["add", "-A"], in: album.path)
    try git(["commit", "-qm", "Second album"], in: album.path)
  }

  @Test func aTwoDigitYearIsRefusedNotStoredAsTheYear0097() throws {
    let set = try album.rk(["set", "miles", "--released", "97"])
    #expect(set.status == 1)
    #expect(set.stderr.contains("released: \"97\" is not a date: write the year with all four digits (1997, not 97)"), "\(set.stderr)")
    #expect(try album.read() == OneAlbumCollection.text)
    #expect(try album.rk(["set", "miles", "--purchased", "23-2-1"]).status == 1)

    let add = try album.rk(["add", "--title", "Homogenic", "--artist", "Björk", "--released", "97"])
    #expect(add.status != 0)
    #expect(add.stderr.contains("four digits"), "\(add.stderr)")
    #expect(try album.collection.commitSubjects().first == "Second album")

    #expect(try album.rk(["set", "miles", "--released", "1959-8-17"]).status == 0)
    #expect(try album.read().contains("released: 1959-08-17\n"))
  }

  @Test func dotInsideAnAlbumsFolderIsThatAlbum() throws {
    let folder = album.path + "/" + OneAlbumCollection.id
    let shown = try runRK(["show", "."], in: folder)
    #expect(shown.status == 0, "\(shown.stderr)")
    #expect(shown.stdout.contains("Kind of Blue"))
    #expect(!shown.stdout.contains("Vol. 2"))
    #expect(try runRK(["show", "--json", "../various-vol-2"], in: folder).stdout.contains("\"Vol. 2\""))
    #expect(try runRK(["tag", "add", ".", "modal"], in: folder).status == 0)
    #expect(try album.read().contains("- modal\n"))

    let atRoot = try runRK(["show", "."], in: album.path)
    #expect(atRoot.status == 1)
    #expect(!atRoot.stdout.contains("Vol. 2"))
  }

  @Test func aRuleWhoseValueWasCutAtASpaceHintsAtQuotingIt() throws {
    let result = try album.rk(["list", "@artist:=Miles Davis"])
    #expect(result.status == 0)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("no album matches"), "\(result.stderr)")
    #expect(result.stderr.contains("@artist:=\"Miles Davis\""), "\(result.stderr)")
    #expect(try album.rk(["list", "--count", "@artist:=Miles", "Davis"]).stderr.contains("@artist:=\"Miles Davis\""))
    // Quoted, it matches and nothing is said.
    let quoted = try album.rk(["list", "@artist:=\"Miles Davis\""])
    #expect(quoted.stdout.contains("Kind of Blue") && quoted.stderr.isEmpty, "\(quoted.stderr)")
  }
}
