import Foundation
import TestSupport
import Testing

/// Issue 20.6: a value that begins with `-` is a value, not an option.
@Suite("Option and argument values that begin with a dash")
struct DashValueTests: CollectionCommands {
  let collection: TemporaryCollection

  init() throws {
    collection = try TemporaryCollection()
    try collection.write("albums/prince-1999", albumText(title: "1999", artist: "Prince", tags: ["funk"]))
    try collection.write("albums/chic-risque", albumText(title: "Risqué", artist: "Chic", tags: ["dance"]))
    try collection.initializeGit()
  }

  @Test func aTitleThatBeginsWithADash() throws {
    let added = try rk(["add", "--title", "- (Subtract)", "--artist", "Ed Sheeran"])
    #expect(added.status == 0, "\(added.stderr)")
    #expect(try collection.read("albums/ed-sheeran-subtract/album.md").contains("title: \"- (Subtract)\"\n"))
  }

  @Test func aReleaseDateThatBeginsWithADashIsRefusedAsADate() throws {
    let result = try rk(["set", "prince-1999", "--released", "-1997"])
    #expect(result.status == 1, "a bad date, not a missing value: \(result.stderr)")
    #expect(result.stderr.contains("released"), "\(result.stderr)")
    #expect(!result.stderr.contains("Missing value"))
  }

  @Test func aWhereQueryThatBeginsWithANegativeClause() throws {
    let result = try rk(["set", "--where", "-(#dance)", "--location", "Shelf B"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try collection.read("albums/prince-1999/album.md").contains("location: Shelf B\n"))
    #expect(!(try collection.read("albums/chic-risque/album.md").contains("location")))
  }

  @Test func aTrackOptionThatBeginsWithADash() throws {
    let added = try rk(["add", "--title", "Isms", "--artist", "Someone", "--track", "-ism", "--tag", "-core"])
    #expect(added.status == 0, "\(added.stderr)")
    let shown = try rk(["show", "--json", "isms"]).stdout
    #expect(shown.contains("\"-ism\""), "\(shown)")
    #expect(shown.contains("\"-core\""), "\(shown)")
  }

  @Test func aTrackNameThatBeginsWithADash() throws {
    let added = try rk(["track", "add", "prince-1999", "-ism"])
    #expect(added.status == 0, "\(added.stderr)")
    let renamed = try rk(["track", "rename", "prince-1999", "1", "-ismism"])
    #expect(renamed.status == 0, "\(renamed.stderr)")
    let separated = try rk(["track", "add", "prince-1999", "--", "-the end"])
    #expect(separated.status == 0, "\(separated.stderr)")
    let shown = try rk(["show", "--json", "prince-1999"]).stdout
    #expect(shown.contains("\"tracks\": [\n    \"-ismism\",\n    \"-the end\"\n  ]"), "\(shown)")
  }

  @Test func aTagThatBeginsWithADash() throws {
    let added = try rk(["tag", "add", "prince-1999", "-minimal", "--", "-h"])
    #expect(added.status == 0, "\(added.stderr)")
    let shown = try rk(["show", "--json", "prince-1999"]).stdout
    #expect(shown.contains("\"tags\": [\n    \"funk\",\n    \"-minimal\",\n    \"-h\"\n  ]"), "\(shown)")
    let removed = try rk(["tag", "rm", "prince-1999", "-minimal"])
    #expect(removed.status == 0, "\(removed.stderr)")
  }

  @Test func anUnknownLongOptionIsStillAUsageError() throws {
    let result = try rk(["track", "add", "prince-1999", "Controversy", "--dration", "3:00"])
    #expect(result.status == 64, "\(result.stderr)")
    #expect(result.stderr.contains("--duration"), "\(result.stderr)")
  }
}

/// Issues 20.4 and 20.5: documented references and `--in` fields.
@Suite("References with hyphens, and --in notes")
struct ReferenceWordsTests {
  let collection: TemporaryCollection

  init() throws {
    collection = try TemporaryCollection(albums: [
      "albums/radiohead-ok-computer": albumText(title: "OK Computer", artist: "Radiohead") + "\n## Notes\n\nFirst pressing, Parlophone.\n",
      "albums/john-coltrane-blue-train": albumText(title: "Blue Train", artist: "John Coltrane"),
      "albums/joni-mitchell-blue": albumText(title: "Blue", artist: "Joni Mitchell"),
    ])
  }

  @Test func aHyphenatedPieceOfAFolderNameFindsTheAlbum() throws {
    let shown = try runRK(["-C", collection.path, "show", "--json", "ok-computer"])
    #expect(shown.status == 0, "\(shown.stderr)")
    #expect(shown.stdout.contains("\"id\": \"albums/radiohead-ok-computer\""))
    let train = try runRK(["-C", collection.path, "show", "--json", "blue-train"])
    #expect(train.stdout.contains("\"id\": \"albums/john-coltrane-blue-train\""), "\(train.stderr)")
    let ambiguous = try runRK(["-C", collection.path, "show", "blue"])
    #expect(ambiguous.status == 1)
    #expect(ambiguous.stderr.contains("albums/joni-mitchell-blue") && ambiguous.stderr.contains("albums/john-coltrane-blue-train"))
  }

  @Test func inNotesSearchesTheNotes() throws {
    let found = try runRK(["-C", collection.path, "list", "--in", "notes", "--format", "{id}", "parlophone"])
    #expect(found.status == 0, "\(found.stderr)")
    #expect(found.stdout == "albums/radiohead-ok-computer\n")
    let byDefault = try runRK(["-C", collection.path, "list", "--format", "{id}", "parlophone"])
    #expect(byDefault.stdout == "", "notes are searched only when named (docs/commands.md)")
  }
}
