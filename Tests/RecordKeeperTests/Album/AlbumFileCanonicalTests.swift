import Testing

@testable import RecordKeeper

@Suite("The canonical form rk fmt writes")
struct AlbumFileCanonicalTests {
  func canonical(_ text: String) throws -> String {
    return String(decoding: try AlbumFile.canonical(Array(text.utf8)), as: UTF8.self)
  }

  /// Written by hand: comments everywhere, CRLF, flow tags, keys out of
  /// order, `1. 1. 1.` numbering across side headings, a per-track note.
  static let handWritten = [
    "---",
    "# bought at Rough Trade",
    "tags: [jazz, \"modal\"]   # from discogs",
    "mood: cool",
    "label: Columbia  # six-eye",
    "released: 1959-8-17",
    "artist: 'Miles Davis'  # the trumpeter",
    "# the title as on the sleeve",
    "title:   Kind of Blue",
    "notes_by:",
    "  # who wrote them",
    "  - Bill Evans",
    "# the end",
    "---",
    "",
    "## Tracks",
    "",
    "### Side A",
    "",
    "1. So What",
    "1. Freddie Freeloader",
    "   Wynton Kelly on piano.",
    "1) Blue in Green",
    "",
    "### Side B",
    "",
    "1) All Blues",
    "   - a note",
    "1. Flamenco Sketches",
    "",
    "## Notes",
    "",
    "Six-eye label.",
  ].joined(separator: "\r\n")

  static let expected = """
    ---
    # the title as on the sleeve
    title: Kind of Blue
    artist: Miles Davis # the trumpeter
    released: 1959-08-17
    # bought at Rough Trade
    # from discogs
    tags:
    - jazz
    - modal
    label: Columbia  # six-eye
    mood: cool
    notes_by:
      # who wrote them
      - Bill Evans
    # the end
    ---

    ## Tracks

    ### Side A

    1. So What
    2. Freddie Freeloader
       Wynton Kelly on piano.
    3. Blue in Green

    ### Side B

    1. All Blues
       - a note
    2. Flamenco Sketches

    ## Notes

    Six-eye label.

    """

  @Test func aHandWrittenFileComesOutCanonicalWithNothingLost() throws {
    let output = try canonical(Self.handWritten)
    #expect(output == Self.expected)
    let before = try AlbumFile.parse(Array(Self.handWritten.utf8), id: "a").album
    let after = try AlbumFile.parse(Array(output.utf8), id: "a").album
    #expect(after.title == before.title && after.artist == before.artist && after.tags == before.tags)
    #expect(after.tracks == before.tracks)
    #expect(after.body.trackItems.map(\.side) == ["Side A", "Side A", "Side A", "Side B", "Side B"])
    #expect(after.label == "Columbia" && before.label == "Columbia")
    #expect(after.extra.map(\.key) == ["mood", "notes_by"])
  }

  @Test func isIdempotent() throws {
    let once = try canonical(Self.handWritten)
    #expect(try canonical(once) == once)
  }

  @Test func aNewAlbumIsAlreadyCanonical() throws {
    let album = Album(
      id: "", title: "OK Computer", artist: "Radiohead", released: "1997-05-21", tracks: ["Airbag", "Paranoid Android"],
      tags: ["alternative", "1990s"])
    let text = AlbumFile.render(album)
    #expect(try canonical(text) == text)
  }

  @Test func addsTheFinalNewlineAndDropsTheByteOrderMark() throws {
    #expect(try canonical("\u{FEFF}---\ntitle: X\nartist: Z\n---\nNotes") == "---\ntitle: X\nartist: Z\n---\nNotes\n")
  }

  @Test func renumbersTenTracksAndReindentsTheirNotes() throws {
    let items = (1...10).map { "1. Track \($0)\n   note \($0)\n" }.joined()
    let output = try canonical("---\ntitle: X\nartist: Z\n---\n## Tracks\n\n" + items)
    #expect(output.contains("9. Track 9\n   note 9\n10. Track 10\n    note 10\n"))
    let album = try AlbumFile.parse(Array(output.utf8), id: "a").album
    #expect(album.tracks == (1...10).map { "Track \($0)" })
  }

  @Test func aCommentInABlockScalarTitleIsText() throws {
    let output = try canonical("---\ntitle: |  # kept\n  A # B\nartist: Z\n---\n")
    #expect(output == "---\n# kept\ntitle: \"A # B\"\nartist: Z\n---\n")
  }

  @Test func aFlowMappingFrontMatterKeepsItsComments() throws {
    let output = try canonical("---\n# top\n{artist: Z, title: X, tags: [b, a]}\n---\n")
    #expect(output == "---\n# top\ntitle: X\nartist: Z\ntags:\n- b\n- a\n---\n")
  }

  @Test func aValueThatIsNotTextIsKeptAsWritten() throws {
    let output = try canonical("---\nartist: Z\ntitle:\n  a: 1\n---\n")
    #expect(output == "---\ntitle:\n  a: 1\nartist: Z\n---\n")
  }

  @Test func refusesWhenRenumberingWouldChangeTheTrackList() throws {
    // `2. B` could not interrupt the paragraph above it, so B would stop being a track.
    let text = "---\ntitle: X\nartist: Z\n---\n## Tracks\n\n1. A\n\nintro\n1. B\n"
    #expect(try AlbumFile.parse(Array(text.utf8), id: "a").album.tracks == ["A", "B"])
    #expect(
      throws: AlbumFileError.notRewritable(
        line: 7,
        problem:
          "rk could not put this file into canonical form without changing the track list; rk reads it as it is, so leave it, or write it in canonical form by hand"
      )
    ) {
      try AlbumFile.canonical(Array(text.utf8))
    }
  }

  @Test(arguments: [
    "---\ntitle: X\nartist: Z\n<<<<<<< HEAD\ntags: [a]\n=======\ntags: [b]\n>>>>>>> theirs\n---\n",
    "---\ntitle: [unclosed\nartist: Z\n---\n",
    "---\nbase: &b x\ntitle: *b\nartist: Z\n---\n",
  ])
  func refusesWhatItCannotReadWhole(text: String) throws {
    #expect(throws: AlbumFileError.self) { try AlbumFile.canonical(Array(text.utf8)) }
  }
}
