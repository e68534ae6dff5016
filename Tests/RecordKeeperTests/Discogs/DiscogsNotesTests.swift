import Testing

@testable import RecordKeeper

/// Discogs' Collection Notes as the `### Discogs` part of the body's `## Notes`
/// section, beside whatever the person wrote there (PRODUCT.md §7).
@Suite("Discogs notes in the body")
struct DiscogsNotesTests {
  func body(_ text: String) -> AlbumBody { AlbumBody(parsing: Array(text.utf8)) }
  func text(_ body: AlbumBody) -> String { string(body.source[...]) }

  @Test func theNotesSectionIsReadUpToTheNextHeading() {
    let album = body("\n## Tracks\n\n1. A\n\n## Notes\n\nFirst line.\nSecond line.\n\n## Context\n\nMore.\n")
    #expect(DiscogsNotes.text(of: album) == "First line.\nSecond line.")
  }

  @Test func withoutASectionTheNotesAreTheTextOutsideTheTracks() {
    #expect(DiscogsNotes.text(of: body("\n## Tracks\n\n1. A\n\nA hand-written note.\n")) == "A hand-written note.")
    #expect(DiscogsNotes.text(of: body("")) == "")
  }

  @Test func aHandWrittenNotesSectionKeepsEveryByteAndGainsADiscogsPart() {
    let before = "\n## Tracks\n\n1. A\n\n## Notes\n\nMy words.\n\n### Pressing\n\nFirst press, deep groove.\n\n## Context\n\nMore.\n"
    let after = DiscogsNotes.setting("New,\nand more.", in: body(before))
    #expect(text(after) == before.replacingOccurrences(
      of: "deep groove.\n\n", with: "deep groove.\n\n### Discogs\n\nNew,\nand more.\n\n"))
    #expect(DiscogsNotes.text(of: after) == "New,\nand more.")
    #expect(after.trackItems.map(\.name) == ["A"])
  }

  @Test func theDiscogsPartIsUpdatedInPlace() {
    let before = "## Notes\n\nMine.\n\n### Discogs\n\nOld.\n\n### Pressing\n\nMono.\n"
    let after = DiscogsNotes.setting("New.", in: body(before))
    #expect(text(after) == "## Notes\n\nMine.\n\n### Discogs\n\nNew.\n\n### Pressing\n\nMono.\n")
    #expect(DiscogsNotes.text(of: after) == "New.")
    // Setting the same text again gives the same bytes.
    #expect(text(DiscogsNotes.setting("New.", in: after)) == text(after))
  }

  @Test func aSetextNotesHeadingIsTheSection() {
    let before = "Notes\n-----\n\nMine.\n"
    let after = DiscogsNotes.setting("Theirs.", in: body(before))
    #expect(text(after) == "Notes\n-----\n\nMine.\n\n### Discogs\n\nTheirs.\n")
    #expect(DiscogsNotes.text(of: body(before)) == "Mine.")
  }

  @Test func aDiscogsHeadingOutsideTheNotesIsNotThePart() {
    let before = "## Tracks\n\n### Discogs\n\n1. A\n\n## Notes\n\nMine.\n"
    let after = DiscogsNotes.setting("Theirs.", in: body(before))
    #expect(text(after) == before + "\n### Discogs\n\nTheirs.\n")
  }

  @Test func aSectionIsAddedAtTheEndWhenThereIsNone() {
    #expect(text(DiscogsNotes.setting("Hello.", in: body(""))) == "\n## Notes\n\n### Discogs\n\nHello.\n")
    #expect(text(DiscogsNotes.setting("Hello.", in: body("\n## Tracks\n\n1. A"))) == "\n## Tracks\n\n1. A\n\n## Notes\n\n### Discogs\n\nHello.\n")
    #expect(text(DiscogsNotes.setting("Hello.", in: body("Mine.\n\n"))) == "Mine.\n\n## Notes\n\n### Discogs\n\nHello.\n")
  }

  @Test func newLinesTakeTheBodysLineEnding() {
    let after = DiscogsNotes.setting("A\nB", in: body("\r\n## Notes\r\n\r\nOld\r\n"))
    #expect(text(after) == "\r\n## Notes\r\n\r\nOld\r\n\r\n### Discogs\r\n\r\nA\r\nB\r\n")
    #expect(DiscogsNotes.text(of: after) == "A\nB")
  }

  @Test func linesThatWouldEndThePartOrSwallowTheRestAreEscapedAndReadBack() {
    let notes = "# Not a heading\n## Nor this\nTitle?\n---\n```\n<!-- open\n~~~\n===\nplain"
    let after = DiscogsNotes.setting(notes, in: body("\n## Tracks\n\n1. A\n\n## Notes\n\nMine.\n\n## Context\n\nMore.\n"))
    #expect(DiscogsNotes.text(of: after) == notes)
    #expect(text(after).hasSuffix("plain\n\n## Context\n\nMore.\n"))
    #expect(after.trackItems.map(\.name) == ["A"])
  }

  @Test func linesThatWouldBeHeadingsAreEscapedAndReadBack() {
    let notes = "# Not a heading\n## Nor this\nplain"
    let after = DiscogsNotes.setting(notes, in: body("\n## Tracks\n\n1. A\n"))
    #expect(text(after).contains("\\# Not a heading\n\\## Nor this\n"))
    #expect(DiscogsNotes.text(of: after) == notes)
    #expect(after.trackItems.map(\.name) == ["A"])
  }

  @Test func aHeadingInsideACodeFenceDoesNotEndTheSection() {
    let album = body("## Notes\n\n```\n# a comment\n```\nafter\n")
    #expect(DiscogsNotes.text(of: album) == "```\n# a comment\n```\nafter")
  }
}
