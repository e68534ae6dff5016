import Testing

@testable import RecordKeeper

private func read(_ body: String) -> (body: AlbumBody, tracks: [String], lines: [Int]) {
  let parsed = AlbumBody.parse(ArraySlice(Array(body.utf8)))
  return (parsed.body, parsed.tracks, parsed.trackLines)
}

/// The body after changing its tracks with `change`, and the tracks it reads back.
private func edit(_ body: String, _ change: (inout [String]) -> Void) -> (text: String, tracks: [String], expected: [String]) {
  let parsed = read(body)
  var tracks = parsed.tracks
  change(&tracks)
  let text = parsed.body.rendered(tracks: tracks)
  return (text, read(text).tracks, tracks)
}

/// Reading track lists as CommonMark does (docs/album-format.md, "The track list", issue 7).
@Suite struct AlbumBodyReadingTests {
  @Test(
    "a per-track note is not a track and does not hide later tracks",
    arguments: [
      "## Tracks\n\n1. Airbag\n   Recorded in a mansion.\n2. Paranoid Android\n3. Karma Police\n",
      "## Tracks\n\n1. Airbag\n   - a note\n2. Paranoid Android\n3. Karma Police\n",
      "## Tracks\n\n1. Airbag\n\n   Recorded in a mansion.\n\n   Second paragraph.\n2. Paranoid Android\n3. Karma Police\n",
      "## Tracks\n\n1. Airbag\n   * first take\n   * second take\n2. Paranoid Android\n3. Karma Police\n",
      "## Tracks\n\n1. Airbag\n   ```\n   1. not a track\n   ```\n2. Paranoid Android\n3. Karma Police\n",
      "## Tracks\n\n1. Airbag\nlazy continuation of the first item\n2. Paranoid Android\n3. Karma Police\n",
      "## Tracks\n\n1. Airbag\n\n\n   after two blank lines\n2. Paranoid Android\n3. Karma Police\n",
    ])
  func perTrackNotes(body: String) {
    #expect(read(body).tracks == ["Airbag", "Paranoid Android", "Karma Police"])
  }

  @Test func trackLinesAreTheMarkerLines() {
    let parsed = read("## Tracks\n\n1. Airbag\n   note\n\n   more\n2. Paranoid Android\n")
    #expect(parsed.lines == [3, 7])
    #expect(parsed.body.trackItems.map(\.lines) == [2...5, 6...6])
  }

  @Test("a thematic break is not a track", arguments: ["* * *", "---", "___", "- - -", "***", " *  *  *"])
  func thematicBreak(line: String) {
    #expect(read("## Tracks\n\n1. One\n\n\(line)\n\n2. Two\n").tracks == ["One", "Two"])
  }

  @Test func anEmptyItemIsNotATrack() {
    let parsed = read("## Tracks\n\n1. One\n2.\n3. Three\n")
    #expect(parsed.tracks == ["One", "Three"])
  }

  @Test func anItemWhoseTextStartsOnTheNextLine() {
    #expect(read("## Tracks\n\n1.\n   One\n2. Two\n").tracks == ["One", "Two"])
  }

  @Test func tracksAreReadAcrossSideHeadingsCommentsAndParagraphs() {
    let body = """
      ## Tracks

      <!-- my copy skips on side A -->

      ### Side A

      1. Airbag
      2. Paranoid Android

      Side B was recorded later.

      ### Side B

      1. Karma Police
      2) Climbing Up the Walls

      ## Notes

      1. not a track

      """
    let parsed = read(body)
    #expect(parsed.tracks == ["Airbag", "Paranoid Android", "Karma Police", "Climbing Up the Walls"])
    #expect(parsed.body.trackItems.map(\.side) == ["Side A", "Side A", "Side B", "Side B"])
    #expect(parsed.body.trackItems.map(\.sideIndex) == [1, 1, 2, 2])
  }

  @Test(
    "blocks that hold list-like lines are not tracks",
    arguments: [
      "## Tracks\n\n```\n1. in a code block\n```\n\n1. One\n",
      "## Tracks\n\n~~~~\n- in a code block\n~~~~\n1. One\n",
      "## Tracks\n\n    1. indented code\n\n1. One\n",
      "## Tracks\n\n<!--\n1. in a comment\n-->\n1. One\n",
      "## Tracks\n\n> 1. in a quote\n\n1. One\n",
      "## Tracks\n\n<div>\n1. in HTML\n</div>\n\n1. One\n",
    ])
  func nonListBlocks(body: String) {
    #expect(read(body).tracks == ["One"])
  }

  @Test(
    "the section ends at the next # or ## heading, also a setext one",
    arguments: [
      "## Tracks\n\n1. One\n# Notes\n1. not a track\n",
      "## Tracks\n\n1. One\n\nNotes\n=====\n1. not a track\n",
      "## Tracks\n\n1. One\n\nNotes\n-----\n\n1. not a track\n",
    ])
  func sectionEnd(body: String) {
    #expect(read(body).tracks == ["One"])
  }

  @Test func aTrackHeadingInsideACodeBlockIsNotTheSection() {
    #expect(read("```\n## Tracks\n1. code\n```\n\n## Tracks\n\n1. One\n").tracks == ["One"])
  }

  @Test func crlfAndCRBodiesReadTheSame() {
    let lf = "## Tracks\n\n1. Airbag\n   a note\n2. Paranoid Android\n"
    for ending in ["\r\n", "\r"] {
      let parsed = read(lf.replacingOccurrences(of: "\n", with: ending))
      #expect(parsed.tracks == ["Airbag", "Paranoid Android"])
      #expect(parsed.lines == [3, 5])
    }
  }

  @Test func tabsCountToTheNextTabStop() {
    // A tab after the marker puts the text at column 4; a tab-indented line is a note.
    #expect(read("## Tracks\n\n1.\tOne\n\tnote\n2.\tTwo\n").tracks == ["One", "Two"])
  }

  @Test func notesLeaveOutHeadingsAndItemsButKeepCommentsAndParagraphs() {
    let body = "Intro.\n\n## Tracks\n\n<!-- c -->\n\n### Side A\n\n1. One\n   note\n\nSide B later.\n\n## Notes\n\nN\n"
    #expect(read(body).body.notes == "Intro.\n\n<!-- c -->\n\nSide B later.\n\n## Notes\n\nN\n")
  }
}

/// `## Tracks` followed by anything `rk` does not recognise kept that heading
/// only by luck; now every line a person wrote survives a change elsewhere.
@Suite struct AlbumBodyKeepingTests {
  static let sections = [
    "\n## Tracks\n\n<!-- a comment -->\n\n1. One\n2. Two\n",
    "\n## Tracks\n\nSide A\n\n1. One\n2. Two\n",
    "\n## Tracks\n\n### Side A\n\n1. One\n\n### Side B\n\n1. Two\n",
    "\n## Tracks\n\n    an indented block\n\n1. One\n2. Two\n",
    "\n## Tracks\n\n1.\n\n1. One\n2. Two\n",
    "\n## Tracks\n\n1. One\n   a note\n2. Two\n   - another note\n",
    "\n## Tracks\n\n1. One\n\n* * *\n\n2. Two\n",
    "\n## Tracks\n\n<!-- only a comment -->\n",
    "\n## Tracks\n\n### Side A\n",
    "\n## Tracks\n",
  ]

  @Test("a front-matter change keeps the body byte for byte", arguments: sections)
  func tagAddKeepsBody(body: String) throws {
    let text = "---\ntitle: T\nartist: A\n---\n" + body
    var album = try AlbumFile.parse(Array(text.utf8), id: "albums/t").album
    try album.addTag("jazz")
    #expect(AlbumFile.render(album).hasSuffix("---\n" + body))
  }

  @Test(
    "unchanged tracks give back the body exactly",
    arguments: sections + [
      "## Tracks\r\n\r\n1. One\r\n1. Two\r\n", "no final newline\n\n## Tracks\n\n3. x\n7. y", "",
    ])
  func unchangedIsIdentical(body: String) {
    let parsed = read(body)
    #expect(parsed.body.rendered(tracks: parsed.tracks) == body)
  }

  @Test func addingUnderACommentKeepsTheComment() {
    let result = edit("\n## Tracks\n\n<!-- a comment -->\n\n## Notes\n") { $0.append("One") }
    #expect(result.text == "\n## Tracks\n\n<!-- a comment -->\n\n1. One\n\n## Notes\n")
  }

  @Test func addingUnderASideHeadingKeepsIt() {
    let result = edit("## Tracks\n\n### Side A\n") { $0.append("One") }
    #expect(result.text == "## Tracks\n\n### Side A\n\n1. One\n")
  }

  @Test(
    "a section that ends in a block never closed gets its list under the heading",
    arguments: [
      "## Tracks\n\n```\nsketches\n", "## Tracks\n\n<!-- to do\n", "## Tracks\nIntro\n\n~~~\n",
    ])
  func unclosedBlockAtTheEnd(body: String) {
    let result = edit(body) { $0.append("One") }
    #expect(result.tracks == ["One"])
    #expect(result.text.hasSuffix(body.drop { $0 != "\n" }.dropFirst()))
  }

  @Test func removingEveryTrackKeepsOtherLines() {
    let result = edit("## Tracks\n\n<!-- c -->\n\n1. One\n2. Two\n\n## Notes\n") { $0 = [] }
    #expect(result.text == "## Tracks\n\n<!-- c -->\n\n## Notes\n")
    let sides = edit("## Tracks\n\n### Side A\n\n1. One\n\n### Side B\n\n1. Two\n") { $0 = [] }
    #expect(sides.text == "## Tracks\n\n### Side A\n\n### Side B\n")
  }

  @Test func removingEveryTrackOfASectionWithNothingElseDropsIt() {
    #expect(edit("Intro\n\n## Tracks\n\n1. One\n\n## Notes\n\nN\n") { $0 = [] }.text == "Intro\n\n## Notes\n\nN\n")
  }
}

/// Changing tracks rewrites only the lines of the items that change.
@Suite struct AlbumBodyRewriteTests {
  @Test func addAtTheEndFollowsTheList() {
    #expect(
      edit("## Tracks\n\n1. One\n2. Two\n\n## Notes\n") { $0.append("Three") }.text
        == "## Tracks\n\n1. One\n2. Two\n3. Three\n\n## Notes\n")
    #expect(edit("## Tracks\n\n1. One\n1. Two\n") { $0.append("Three") }.text == "## Tracks\n\n1. One\n1. Two\n1. Three\n")
    #expect(edit("## Tracks\n\n1) One\n\n2) Two\n") { $0.append("Three") }.text == "## Tracks\n\n1) One\n\n2) Two\n\n3) Three\n")
    #expect(edit("## Tracks\n\n1. One\n2. Two") { $0.append("Three") }.text == "## Tracks\n\n1. One\n2. Two\n3. Three")
  }

  @Test func addAtAPositionRenumbersOnlyWhatMust() {
    let result = edit("## Tracks\n\n1. One\n   note\n2. Two\n3. Three\n") { $0.insert("New", at: 1) }
    #expect(result.text == "## Tracks\n\n1. One\n   note\n2. New\n3. Two\n4. Three\n")
    #expect(edit("## Tracks\n\n2) One\n3) Two\n") { $0.insert("New", at: 0) }.text == "## Tracks\n\n2) New\n3) One\n4) Two\n")
  }

  @Test func notesMoveWithTheirTrack() {
    let body = "## Tracks\n\n1. One\n   about one\n\n2. Two\n   - about two\n\n3. Three\n"
    #expect(edit(body) { $0.swapAt(0, 1) }.text == "## Tracks\n\n1. Two\n   - about two\n\n2. One\n   about one\n\n3. Three\n")
    #expect(edit(body) { $0.remove(at: 1) }.text == "## Tracks\n\n1. One\n   about one\n\n2. Three\n")
    #expect(edit(body) { $0[1] = "Deux" }.text == "## Tracks\n\n1. One\n   about one\n\n2. Deux\n   - about two\n\n3. Three\n")
  }

  @Test func notesNeverBecomeTracksOnTheNextWrite() throws {
    let text = "---\ntitle: T\nartist: A\n---\n\n## Tracks\n\n1. One\n   - take 1\n   - take 2\n2. Two\n   Recorded live.\n"
    var album = try AlbumFile.parse(Array(text.utf8), id: "albums/t").album
    try album.addTrack("Three")
    let written = AlbumFile.render(album)
    #expect(written == text + "3. Three\n")
    #expect(try AlbumFile.parse(Array(written.utf8), id: "albums/t").album.tracks == ["One", "Two", "Three"])
  }

  @Test func numberingRestartsAfterASideHeading() {
    let body = "## Tracks\n\n### Side A\n\n1. One\n2. Two\n\n### Side B\n\n1. Three\n2. Four\n"
    #expect(edit(body) { $0.remove(at: 0) }.text == "## Tracks\n\n### Side A\n\n1. Two\n\n### Side B\n\n1. Three\n2. Four\n")
    #expect(edit(body) { $0.append("Five") }.text == body + "3. Five\n")
    // Track 2 moves down onto side B, track 3 up onto side A.
    #expect(edit(body) { $0.swapAt(1, 2) }.text == "## Tracks\n\n### Side A\n\n1. One\n2. Three\n\n### Side B\n\n1. Two\n2. Four\n")
  }

  @Test func aCRLFBodyStaysCRLF() {
    let result = edit("## Tracks\r\n\r\n1. One\r\n2. Two\r\n") { $0.insert("New", at: 1) }
    #expect(result.text == "## Tracks\r\n\r\n1. One\r\n2. New\r\n3. Two\r\n")
    let section = edit("Notes\r\n") { $0.append("One") }
    #expect(section.text == "\r\n## Tracks\r\n\r\n1. One\r\n\r\nNotes\r\n")
  }

  @Test func aWiderNumberKeepsTheNoteInsideTheItem() {
    let list = (1...9).map { "\($0). T\($0)\n" }.joined() + "   - note of nine\n"
    let result = edit("## Tracks\n\n" + list) { $0.insert("New", at: 0) }
    #expect(result.tracks == result.expected)
    #expect(result.text.hasSuffix("10. T9\n    - note of nine\n"))
  }

  @Test func removingTheFirstItemAfterAParagraphKeepsTheList() {
    let result = edit("## Tracks\nIntro\n1. One\n2. Two\n") { $0.remove(at: 0) }
    #expect(result.text == "## Tracks\nIntro\n1. Two\n")
    #expect(result.tracks == ["Two"])
  }
}
