import Foundation
import TestSupport
import Testing

/// Issue 20.9: the wantlist is visible in every listing, and an album with
/// no status is owned (docs/album-format.md, "The collector's fields").
@Suite("Wanted albums in listings")
struct WantlistListingTests: CollectionCommands {
  let collection: TemporaryCollection

  init() throws {
    collection = try TemporaryCollection(albums: [
      "albums/fela-kuti-zombie": albumText(title: "Zombie", artist: "Fela Kuti", released: "1976")
        .replacingOccurrences(of: "artist: Fela Kuti\n", with: "artist: Fela Kuti\nstatus: wanted\n"),
      "albums/prince-1999": albumText(title: "1999", artist: "Prince", released: "1982"),
      "albums/chic-risque": albumText(title: "Risqué", artist: "Chic")
        .replacingOccurrences(of: "artist: Chic\n", with: "artist: Chic\nstatus: owned\n"),
    ])
  }

  @Test func theListMarksWantedAlbums() throws {
    let listed = try rk(["list"]).stdout
    #expect(listed.contains("Zombie\nFela Kuti - 1976 · wanted\n"), "\(listed)")
    #expect(listed.contains("1999\nPrince - 1982\n"))
    #expect(!listed.contains("Prince - 1982 ·"))
    let short = try rk(["list", "--short"]).stdout
    #expect(short.contains("Zombie (wanted)"), "\(short)")
    #expect(!short.contains("1999 (wanted)"))
  }

  @Test func theCountSaysHowManyAreWantedOnATerminal() throws {
    #expect(try rk(["list", "--count"]).stdout == "3\n", "a plain number for scripts")
    let shown = try runRKOnTerminal(["-C", collection.path, "list", "--count"], environment: ["TERM": "xterm", "PAGER": "cat"])
    #expect(shown.contains("3 albums (1 wanted)"), "\(shown)")
    let owned = try runRKOnTerminal(["-C", collection.path, "list", "--count", "prince"], environment: ["TERM": "xterm"])
    #expect(owned.contains("1 album\n"), "\(owned)")
  }

  @Test func missingStatusMeansOwned() throws {
    let owned = try rk(["list", "--format", "{id}", "@status:owned"]).stdout
    #expect(owned.split(separator: "\n").sorted() == ["albums/chic-risque", "albums/prince-1999"], "\(owned)")
    let exact = try rk(["list", "--format", "{id}", "@status:=owned"]).stdout
    #expect(exact.split(separator: "\n").sorted() == ["albums/chic-risque", "albums/prince-1999"])
    let notWanted = try rk(["list", "--format", "{id}", "-@status:wanted"]).stdout
    #expect(notWanted.split(separator: "\n").count == 2)
    let present = try rk(["list", "--format", "{id}", "@status"]).stdout
    #expect(
      present.split(separator: "\n").sorted() == ["albums/chic-risque", "albums/fela-kuti-zombie"], "@status alone: written in the file")
  }
}
