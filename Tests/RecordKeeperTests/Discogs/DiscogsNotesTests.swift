import Testing

@testable import RecordKeeper

/// Discogs' Collection Notes as the body's `## Notes` section.
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

  @Test func settingReplacesOnlyTheSection() {
    let before = "\n## Tracks\n\n1. A\n\n## Notes\n\nOld.\n\n## Context\n\nMore.\n"
    let after = DiscogsNotes.setting("New,\nand more.", in: body(before))
    #expect(text(after) == "\n## Tracks\n\n1. A\n\n## Notes\n\nNew,\nand more.\n\n## Context\n\nMore.\n")
    #expect(after.trackItems.map(\.name) == ["A"])
  }

  @Test func aSectionIsAddedAtTheEndWhenThereIsNone() {
    #expect(text(DiscogsNotes.setting("Hello.", in: body(""))) == "\n## Notes\n\nHello.\n")
    #expect(text(DiscogsNotes.setting("Hello.", in: body("\n## Tracks\n\n1. A"))) == "\n## Tracks\n\n1. A\n\n## Notes\n\nHello.\n")
    #expect(text(DiscogsNotes.setting("Hello.", in: body("Mine.\n\n"))) == "Mine.\n\n## Notes\n\nHello.\n")
  }

  @Test func newLinesTakeTheBodysLineEnding() {
    let after = DiscogsNotes.setting("A\nB", in: body("\r\n## Notes\r\n\r\nOld\r\n"))
    #expect(text(after) == "\r\n## Notes\r\n\r\nA\r\nB\r\n")
    #expect(DiscogsNotes.text(of: after) == "A\nB")
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
