import Testing

@testable import RecordKeeper

/// The message about an interrupted change names a few paths and counts
/// the rest: a killed import covers thousands (issue 31's crash probe).
@Suite("Messages about interrupted changes")
struct InterruptedChangeMessageTests {
  let many = (1...3012).map { "albums/album-\($0)/album.md" }

  @Test func aRollbackOfThousandsOfFilesGivesTheCountAndTheFirstFew() {
    let message = InterruptedChange(outcome: .rolledBack, summary: "Import 3012 albums from Discogs", paths: many).description
    #expect(
      message.hasSuffix(
        "3012 files (albums/album-1/album.md, albums/album-2/album.md, albums/album-3/album.md, albums/album-4/album.md, "
          + "albums/album-5/album.md and 3007 more) put back as before"))
    #expect(message.count < 400)
    #expect(InterruptedChange(outcome: .leftAsIs, summary: "Import", paths: many).description.count < 400)
    #expect(InterruptedChange(outcome: .rolledBack, summary: "Import", paths: [], keptEdits: many).description.count < 400)
  }

  @Test func aFewFilesAreAllNamed() {
    let message = InterruptedChange(outcome: .rolledBack, summary: "Tag", paths: ["a/album.md", "b/album.md"]).description
    #expect(message.hasSuffix("(\"Tag\"): a/album.md, b/album.md put back as before"))
  }
}
