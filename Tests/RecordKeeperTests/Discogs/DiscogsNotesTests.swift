import TestSupport
import Testing

@testable import RecordKeeper

/// Discogs' Collection Notes as the `### Discogs` part of the body's `## Notes`
/// section, beside whatever the person wrote there (docs/commands.md, "Discogs").
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
    #expect(
      text(after)
        == before.replacingOccurrences(
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
    #expect(
      text(DiscogsNotes.setting("Hello.", in: body("\n## Tracks\n\n1. A"))) == "\n## Tracks\n\n1. A\n\n## Notes\n\n### Discogs\n\nHello.\n")
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

/// Generated hand-written bodies and Discogs notes: setting the notes keeps
/// every line the person wrote, in order; the notes read back as set; setting
/// them again changes nothing; new notes replace only the part. (The part
/// itself is rk's: what stands under `### Discogs` is replaced by design, so
/// the generated bodies have none until rk writes it.)
@Suite("Discogs notes beside generated hand-written notes")
struct DiscogsNotesPropertyTests {
  static let pieces = [
    "## Tracks\n\n1. So What\n2. All Blues\n\n- Miles Davis, trumpet", "## Notes", "Notes\n-----", "Bought in 1998.",
    "### Pressing\n\nSix-eye label.", "```\n# not a heading\n## Context\n```", "- a list\n- of things", "## Context\n\nMore.",
    "<!-- hand edited -->", "    indented code", "```\nan unclosed fence", "<!--\nan unclosed comment", "> a quote\n> ## in a quote",
    "# Title", "***",
  ]
  static let noteLines = [
    "Signed.", "# hash first", "## two", "---", "===", "```", "~~~", "<div>", "\\# already escaped", "\\", "  indented",
    "- item", "1. one", "***", "Title?", "", "    four spaces", "> quoted", "Ünïcödé 🎶",
  ]

  func lines(_ text: String) -> [Substring] { text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" } }

  func isSubsequence(_ small: [Substring], of large: [Substring]) -> Bool {
    var index = large.startIndex
    for line in small {
      guard let found = large[index...].firstIndex(of: line) else { return false }
      index = found + 1
    }
    return true
  }

  @Test func everyLineStaysAndTheNotesReadBack() {
    var random = SeededGenerator(seed: 1717)
    var failures = 0
    for trial in 0..<2_000 {
      let ending = ["\n", "\n", "\r\n"].randomElement(using: &random)!
      let body =
        (0..<Int.random(in: 0...6, using: &random)).map { _ in Self.pieces.randomElement(using: &random)! }
        .joined(separator: "\n\n").replacingOccurrences(of: "\n", with: ending) + (Bool.random(using: &random) ? ending : "")
      func notes() -> String {
        let text = (0..<Int.random(in: 1...5, using: &random)).map { _ in Self.noteLines.randomElement(using: &random)! }.joined(
          separator: "\n"
        ).trimmed
        return text.isEmpty ? "Signed." : text
      }
      let (first, second) = (notes(), notes())
      let before = AlbumBody(parsing: Array(body.utf8))
      let after = DiscogsNotes.setting(first, in: before)
      let again = DiscogsNotes.setting(first, in: after)
      let changed = DiscogsNotes.setting(second, in: after)
      let problems = [
        (DiscogsNotes.text(of: after) == first, "the notes read back as \(DiscogsNotes.text(of: after).debugDescription)"),
        (isSubsequence(lines(body), of: lines(string(after.source[...]))), "a line of the body was lost"),
        (again.source == after.source, "setting the same notes again changed the body"),
        (DiscogsNotes.text(of: changed) == second, "new notes read back as \(DiscogsNotes.text(of: changed).debugDescription)"),
        (isSubsequence(lines(body), of: lines(string(changed.source[...]))), "a line of the body was lost to new notes"),
        (after.trackItems.map(\.name) == before.trackItems.map(\.name), "the tracks changed"),
      ].filter { !$0.0 }
      if !problems.isEmpty {
        failures += 1
        if failures <= 5 {
          Issue.record(
            "trial \(trial): \(problems.map(\.1)) for \(first.debugDescription) in:\n\(body.debugDescription)\ngave:\n\(string(after.source[...]).debugDescription)"
          )
        }
      }
    }
    #expect(failures == 0)
  }
}
