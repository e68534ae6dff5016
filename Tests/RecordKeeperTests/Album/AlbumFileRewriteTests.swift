import Testing

@testable import RecordKeeper

/// The file `text` rewritten after `change` is applied to what it says.
private func rewritten(_ text: String, _ change: (inout Album) throws -> Void) throws -> String {
  let bytes = Array(text.utf8)
  var album = try AlbumFile.parse(bytes, id: "albums/test").album
  try change(&album)
  let output = try AlbumFile.rewrite(bytes, to: album)
  return String(decoding: output, as: UTF8.self)
}

/// A hand-written album with comments, a chosen key order, quoting styles,
/// a flow list and extra keys in between.
private let handWritten = """
  ---
  # bought at Rough Trade
  artist: 'Miles Davis'   # the trumpeter
  title: "Kind of Blue"
  label: Columbia

  released: 1959-8-17
  tags: [jazz, modal]
  condition: VG+
  ---

  ## Tracks

  1. So What

  """

@Suite("album.md: minimal rewrites")
struct AlbumFileRewriteTests {
  @Test(
    "an unchanged album is written back byte for byte",
    arguments: [
      handWritten,
      "---\ntitle: T\nartist: A\nreleased: 1997-5-3\n---\n",
      "---\r\ntitle: T\r\nartist: A\r\ntags:\r\n  - a\r\n---\r\n\r\nNotes.\r\n",
      "\u{FEFF}---\ntitle: T\nartist: A\n---\n",
      "---\n{title: T, artist: A}\n---\n",
    ])
  func unchangedIsIdentical(text: String) throws {
    #expect(try rewritten(text) { _ in } == text)
  }

  @Test func aTagAddedToAFlowListRewritesThatLineOnly() throws {
    let output = try rewritten(handWritten) { _ = try $0.addTag("cool") }
    #expect(output == handWritten.replacing("tags: [jazz, modal]", with: "tags: [jazz, modal, cool]"))
  }

  @Test func aTagAddedToABlockListAddsOneLineInItsStyle() throws {
    let text = "---\ntitle: T\ntags:\n  -   'a'\n  -   'b'\n# after the tags\nartist: A\n---\n"
    let output = try rewritten(text) { _ = try $0.addTag("it's") }
    #expect(output == "---\ntitle: T\ntags:\n  -   'a'\n  -   'b'\n  -   'it''s'\n# after the tags\nartist: A\n---\n")
  }

  @Test func aRemovedTagTakesOnlyItsLine() throws {
    let text = "---\ntitle: T\nartist: A\ntags:\n- a   # first\n# about b\n- b\n- c\n---\n"
    #expect(try rewritten(text) { _ = $0.removeTag("b") } == "---\ntitle: T\nartist: A\ntags:\n- a   # first\n# about b\n- c\n---\n")
    #expect(try rewritten(text) { _ = $0.removeTag("a") } == "---\ntitle: T\nartist: A\ntags:\n# about b\n- b\n- c\n---\n")
  }

  @Test func aRenamedTagKeepsItsPlace() throws {
    let text = "---\ntitle: T\nartist: A\ntags:\n- a\n- b\n- c\n---\n"
    #expect(try rewritten(text) { $0.tags = ["a", "x", "c"] } == "---\ntitle: T\nartist: A\ntags:\n- a\n- x\n- c\n---\n")
  }

  @Test func aChangedValueKeepsItsQuotingAndComment() throws {
    let output = try rewritten(handWritten) {
      $0.artist = "Miles Dewey Davis III"
      $0.title = "Kind of \"Blue\""
    }
    let expected =
      handWritten
      .replacing("artist: 'Miles Davis'   # the trumpeter", with: "artist: 'Miles Dewey Davis III'   # the trumpeter")
      .replacing(#"title: "Kind of Blue""#, with: #"title: "Kind of \"Blue\"""#)
    #expect(output == expected)
  }

  @Test func aPlainValueIsQuotedOnlyWhenItMustBe() throws {
    let text = "---\ntitle: T\nartist: A\n---\n"
    #expect(try rewritten(text) { $0.title = "Live: 1975" } == "---\ntitle: \"Live: 1975\"\nartist: A\n---\n")
    #expect(try rewritten(text) { $0.title = "Live 1975" } == "---\ntitle: Live 1975\nartist: A\n---\n")
  }

  @Test func aClearedFieldLosesOnlyItsOwnLines() throws {
    let output = try rewritten(handWritten) {
      $0.released = nil
      $0.tags = []
    }
    #expect(output == handWritten.replacing("released: 1959-8-17\ntags: [jazz, modal]\n", with: ""))
    let block = "---\ntitle: T\n# the tags\ntags:\n- a\n- b\n\n# the artist\nartist: A\n---\n"
    #expect(try rewritten(block) { $0.tags = [] } == "---\ntitle: T\n# the tags\n\n# the artist\nartist: A\n---\n")
  }

  @Test func aNewKeyGoesAfterTheKnownKeysBeforeIt() throws {
    let output = try rewritten(handWritten) {
      $0.sortArtist = "Davis, Miles"
      $0.wikipedia = "https://en.wikipedia.org/wiki/Kind_of_Blue"
    }
    // sort_artist after title and artist (title is written later here);
    // wikipedia after released, the last key before it.
    let expected =
      handWritten
      .replacing("title: \"Kind of Blue\"\n", with: "title: \"Kind of Blue\"\nsort_artist: Davis, Miles\n")
      .replacing("released: 1959-8-17\n", with: "released: 1959-8-17\nwikipedia: https://en.wikipedia.org/wiki/Kind_of_Blue\n")
    #expect(output == expected)
  }

  @Test func aNewKeyWithNoKnownKeyBeforeItGoesAfterTheLastKey() throws {
    let text = "---\nlabel: L\nartist: A\n# end\n---\n"
    #expect(try rewritten(text) { $0.title = "T" } == "---\nlabel: L\nartist: A\ntitle: T\n# end\n---\n")
  }

  @Test func newTagsOnAnAlbumWithoutThemGoAfterWikipedia() throws {
    let text = "---\ntitle: T\nartist: A\nwikipedia: https://w\nlabel: L\n---\n"
    #expect(try rewritten(text) { _ = try $0.addTag("x") } == "---\ntitle: T\nartist: A\nwikipedia: https://w\ntags:\n- x\nlabel: L\n---\n")
  }

  @Test func extraKeysStayWhereTheyAre() throws {
    let output = try rewritten(handWritten) { _ = $0.removeTag("modal") }
    #expect(output == handWritten.replacing("tags: [jazz, modal]", with: "tags: [jazz]"))
  }

  @Test func aCRLFFileStaysCRLFWithItsByteOrderMark() throws {
    let text = "\u{FEFF}---\r\ntitle: T\r\nartist: A\r\ntags:\r\n- a\r\n---\r\n\r\n## Tracks\r\n\r\n1. One\r\n"
    let output = try rewritten(text) {
      _ = try $0.addTag("b")
      $0.sortArtist = "S"
    }
    #expect(
      output == "\u{FEFF}---\r\ntitle: T\r\nartist: A\r\nsort_artist: S\r\ntags:\r\n- a\r\n- b\r\n---\r\n\r\n## Tracks\r\n\r\n1. One\r\n")
  }

  @Test func aLoneCRFileStaysCR() throws {
    let text = "---\rtitle: T\rartist: A\r---\r"
    #expect(try rewritten(text) { $0.released = "1970" } == "---\rtitle: T\rartist: A\rreleased: 1970\r---\r")
  }

  @Test func anEmptyTagsKeyGetsItsItems() throws {
    #expect(
      try rewritten("---\ntitle: T\nartist: A\ntags:\n---\n") { _ = try $0.addTag("x") } == "---\ntitle: T\nartist: A\ntags:\n- x\n---\n")
    #expect(
      try rewritten("---\ntitle: T\nartist: A\ntags: []\n---\n") { _ = try $0.addTag("x") } == "---\ntitle: T\nartist: A\ntags: [x]\n---\n")
  }

  @Test func aTagAddedToAListOfBlankItemsGoesAfterThem() throws {
    let text = "---\ntitle: T\nartist: A\ntags:\n  -\n  -\n---\n"
    #expect(try rewritten(text) { _ = try $0.addTag("x") } == "---\ntitle: T\nartist: A\ntags:\n  -\n  -\n  - x\n---\n")
  }

  @Test func aFlowListKeepsItsQuotingAndQuotesWhatMustBe() throws {
    let text = "---\ntitle: T\nartist: A\ntags: [ \"a\" ]  # mine\n---\n"
    #expect(try rewritten(text) { _ = try $0.addTag("b, c") } == "---\ntitle: T\nartist: A\ntags: [ \"a\", \"b, c\" ]  # mine\n---\n")
    let plain = "---\ntitle: T\nartist: A\ntags: [a]\n---\n"
    #expect(try rewritten(plain) { _ = try $0.addTag("b, c") } == "---\ntitle: T\nartist: A\ntags: [a, \"b, c\"]\n---\n")
  }

  @Test func anUnpaddedDateStaysUnlessItChanges() throws {
    let text = "---\ntitle: T\nartist: A\nreleased: 1997-5-3\n---\n"
    #expect(try rewritten(text) { $0.title = "U" } == "---\ntitle: U\nartist: A\nreleased: 1997-5-3\n---\n")
    #expect(try rewritten(text) { $0.released = "1997-5-4" } == "---\ntitle: T\nartist: A\nreleased: 1997-05-04\n---\n")
  }

  @Test func aMultiLineValueIsReplacedWhole() throws {
    let text = "---\ntitle: >\n  Kind of\n  Blue\nartist: A\n---\n"
    #expect(try rewritten(text) { $0.title = "Sketches" } == "---\ntitle: Sketches\nartist: A\n---\n")
  }

  @Test func tracksChangeWithoutTouchingTheFrontMatter() throws {
    let output = try rewritten(handWritten) { try $0.addTrack("Freddie Freeloader") }
    #expect(output == handWritten + "2. Freddie Freeloader\n")
  }

  @Test func newKeysInAnIndentedFrontMatterAreIndentedAlike() throws {
    let text = "---\n  title: T\n  artist: A\n---\n"
    let output = try rewritten(text) {
      _ = try $0.addTag("x")
      $0.released = "2001"
    }
    #expect(output == "---\n  title: T\n  artist: A\n  released: 2001\n  tags:\n  - x\n---\n")
  }

  @Test func aCommentAboutTheNextKeyStaysWhenAKeyIsCleared() throws {
    let text = "---\n  title: T\n  artist: A\n  sort_artist: S\n  # about the date\n  released: 1970\n---\n"
    #expect(try rewritten(text) { $0.sortArtist = nil } == "---\n  title: T\n  artist: A\n  # about the date\n  released: 1970\n---\n")
  }

  @Test func tagsAndAnchorsOnAValueStay() throws {
    let text = "---\ntitle: !!str T\nartist: A\ntags: &mine [a]\n---\n"
    let output = try rewritten(text) {
      $0.title = "U"
      _ = try $0.addTag("b")
    }
    #expect(output == "---\ntitle: !!str U\nartist: A\ntags: &mine [a, b]\n---\n")
  }

  @Test func aFlowMappingFrontMatterIsNotRewritten() throws {
    #expect(throws: AlbumFileError.self) { try rewritten("---\n{title: T, artist: A}\n---\n") { $0.title = "U" } }
  }
}
