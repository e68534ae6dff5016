import TestSupport
import Testing

@testable import RecordKeeper

/// Parses the text of an `album.md`.
private func parse(_ text: String, id: String = "albums/test") throws(AlbumFileError) -> AlbumFile.Parsed {
  try AlbumFile.parse(Array(text.utf8), id: id)
}

/// The values of an album that the front matter and track list decide, for
/// comparing two ways of writing the same album.
private struct Values: Equatable, CustomStringConvertible {
  var title: String
  var artist: String
  var sortArtist: String?
  var released: String?
  var wikipedia: String?
  var tags: [String]
  var tracks: [String]
  var extra: [String: JSONValue]

  init(_ album: Album) {
    title = album.title
    artist = album.artist
    sortArtist = album.sortArtist
    released = album.released
    wikipedia = album.wikipedia
    tags = album.tags
    tracks = album.tracks
    extra = Dictionary(album.extra.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
  }

  var description: String {
    "title=\(title) artist=\(artist) sort=\(sortArtist ?? "nil") released=\(released ?? "nil") wiki=\(wikipedia ?? "nil") tags=\(tags) tracks=\(tracks) extra=\(extra)"
  }
}

/// An album like the example of docs/album-format.md ("album.md"), in canonical form.
private let okComputer = """
  ---
  title: OK Computer
  artist: Radiohead
  sort_artist: Radiohead
  released: 1997-05-21
  wikipedia: https://en.wikipedia.org/wiki/OK_Computer
  tags:
  - alternative
  - 1990s
  ---

  ## Tracks

  1. Airbag
  2. Paranoid Android

  ## Notes

  Anything the collector writes here is kept as written.

  """

/// Files in canonical form: each must be written back byte for byte.
private let canonicalFiles: [String] = [
  okComputer,
  // Minimal: no optional keys, no body at all.
  ExampleAlbums.kindOfBlue(keys: ["title", "artist"], body: ""),
  // A sort artist and tags, tracks and no notes.
  """
  ---
  title: Abbey Road
  artist: The Beatles
  sort_artist: Beatles, The
  released: 1969-09-26
  tags:
  - rock
  - 1960s
  ---

  ## Tracks

  1. Come Together
  2. Something

  """,
  // Extra keys after the known ones, a year alone.
  """
  ---
  title: OK Computer
  artist: Radiohead
  released: 1997
  imprint: Parlophone
  catalog: NODATA 02
  condition: VG+
  credits:
  - Nigel Godrich
  - Radiohead
  ---

  ## Tracks

  1. Airbag

  """,
  // Unicode everywhere, year and month.
  """
  ---
  title: Ágætis byrjun
  artist: Sigur Rós
  released: 1999-06
  tags:
  - post-rock
  - íslenska
  - 日本
  ---

  ## Tracks

  1. Intro
  2. Svefn-g-englar
  3. Starálfur

  Notes with ünïcödé and an emoji 🎶.

  """,
  // A title that needs quotes because it starts with a quote.
  #"""
  ---
  title: "\"Heroes\""
  artist: David Bowie
  released: 1977-10-14
  ---

  """#,
  // A title that other YAML readers would take for a number.
  "---\ntitle: 1999\nartist: Prince\nreleased: 1982-10-27\n---\n",
  // Titles that need quotes for other reasons.
  "---\ntitle: \"Live: 1975\"\nartist: Bob Dylan\n---\n",
  "---\ntitle: \"true\"\nartist: \"No\"\n---\n",
  "---\ntitle: \"Songs #1\"\nartist: \"- dash\"\n---\n",
  "---\ntitle: \"'Round Midnight\"\nartist: Miles Davis\n---\n",
  // Notes only, with a list that is not a track list.
  "---\ntitle: Blue\nartist: Joni Mitchell\n---\n\nSome notes.\n\n* a list that is not tracks\n* another item\n",
  // Notes before and after the track list.
  "---\ntitle: Blue\nartist: Joni Mitchell\n---\n\nBought in 1985.\n\n## Tracks\n\n1. All I Want\n2. My Old Man\n\n## Condition\n\nScratched.\n",
  // A nested extra (read by the YAML fallback), kept as written.
  "---\ntitle: Blue\nartist: Joni Mitchell\nreleased: 1971-06-22\npressing:\n  label: Reprise\n  country: US\n---\n",
]

@Suite("album.md: reading and writing")
struct AlbumFileTests {
  // MARK: Round trips

  @Test("a canonical file is written back byte for byte", arguments: canonicalFiles)
  func canonicalRoundTrip(text: String) throws {
    let parsed = try parse(text)
    #expect(parsed.problems == [])
    #expect(AlbumFile.render(parsed.album) == text)
  }

  @Test func productExampleValues() throws {
    let album = try parse(okComputer, id: "albums/radiohead-ok-computer").album
    #expect(album.id == "albums/radiohead-ok-computer")
    #expect(album.title == "OK Computer")
    #expect(album.artist == "Radiohead")
    #expect(album.sortArtist == "Radiohead")
    #expect(album.released == "1997-05-21")
    #expect(album.wikipedia == "https://en.wikipedia.org/wiki/OK_Computer")
    #expect(album.tags == ["alternative", "1990s"])
    #expect(album.tracks == ["Airbag", "Paranoid Android"])
    #expect(album.extra == [])
  }

  @Test func quotedTitleIsReadWithItsQuotes() throws {
    let album = try parse(canonicalFiles[5]).album
    #expect(album.title == "\"Heroes\"")
    #expect(AlbumFile.render(album).contains(#"title: "\"Heroes\"""#))
  }

  @Test func allValuesAreText() throws {
    let album = try parse("---\ntitle: 1999\nartist: 2Pac\nreleased: 1997-05-21\ntags:\n- 1990\n- true\n---\n").album
    #expect(album.title == "1999")
    #expect(album.artist == "2Pac")
    #expect(album.released == "1997-05-21")
    #expect(album.tags == ["1990", "true"])
  }

  @Test func valuesAreTextInTheYAMLFallbackToo() throws {
    // The trailing comment sends the file to Yams.
    let album = try parse("---\ntitle: 1999 # a number?\nartist: Prince\nreleased: 1982-10-27\ntags: [1980s, yes, null, ~]\n---\n").album
    #expect(album.title == "1999")
    #expect(album.released == "1982-10-27")
    #expect(album.tags == ["1980s", "yes", "null", "~"])
  }

  @Test(
    "values needing quotes are written so that they read back the same",
    arguments: [
      "\"Heroes\"", "1999", "true", "null", "~", "Live: 1975", "Songs #1", "- dash", "key:", "'quoted'", "[bracket]",
      "{brace}", "*star", "&anchor", "!bang", "%percent", "@at", "`tick", "|pipe", ">fold", "?question", ",comma",
      "back\\slash", "tab\there", "a#b", "Say \"Hi\"", "---", "...", "Ω ≠ ∞", "😀", "c1\u{9B}control", "non\u{FFFE}character",
    ])
  func quotingRoundTrips(value: String) throws {
    let album = Album(id: "a", title: value, artist: value, sortArtist: value, tags: [value])
    let text = AlbumFile.render(album)
    let read = try parse(text, id: "a").album
    #expect(read.title == value)
    #expect(read.artist == value)
    #expect(read.sortArtist == value)
    #expect(read.tags == [value])
    #expect(AlbumFile.render(read) == text)
    // Yams reads what rk writes the same way as the fast path.
    let yams = try FrontMatter.parseWithYams(String(text.dropFirst(4).dropLast(4)), firstLine: 2)
    #expect(yams.entries.first?.value == .text(value))
  }

  @Test func renderWritesKeysInCanonicalOrder() {
    let album = Album(
      id: "a", title: "T", artist: "A", sortArtist: "S", released: "1997-5-3", wikipedia: "https://w",
      tracks: ["one", "two"], tags: ["x", "z"],
      extra: [ExtraField(key: "label", yaml: "label: L\n", value: .string("L"))])
    #expect(
      AlbumFile.render(album) == """
        ---
        title: T
        artist: A
        sort_artist: S
        released: 1997-05-03
        wikipedia: https://w
        tags:
        - x
        - z
        label: L
        ---

        ## Tracks

        1. one
        2. two

        """)
  }

  @Test func unpaddedDateIsReadAsWrittenAndWrittenPadded() throws {
    let album = try parse("---\ntitle: T\nartist: A\nreleased: 1997-5-3\n---\n").album
    #expect(album.released == "1997-5-3")
    #expect(album.releaseDate?.text == "1997-05-03")
    #expect(AlbumFile.render(album) == "---\ntitle: T\nartist: A\nreleased: 1997-05-03\n---\n")
  }

  @Test func byteOrderMarkIsSkipped() throws {
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("---\ntitle: T\nartist: A\n---\n".utf8)
    let album = try AlbumFile.parse(bytes, id: "a").album
    #expect(album.title == "T")
    #expect(album.artist == "A")
  }

  @Test func valuesAreTrimmedAndBlankOptionalValuesAreAbsent() throws {
    let album = try parse("---\ntitle: \"  OK Computer  \"\nartist: Radiohead\nsort_artist: \"   \"\nreleased: \"\"\nwikipedia:\n---\n")
      .album
    #expect(album.title == "OK Computer")
    #expect(album.sortArtist == nil)
    #expect(album.released == nil)
    #expect(album.wikipedia == nil)
    #expect(AlbumFile.render(album) == "---\ntitle: OK Computer\nartist: Radiohead\n---\n")
  }

  @Test func closingMarkerMayBeDots() throws {
    let album = try parse("---\ntitle: T\nartist: A\n...\n\nNotes.\n").album
    #expect(album.title == "T")
    #expect(album.body.notes == "\nNotes.\n")
  }

  // MARK: Extra keys

  @Test func extraKeysKeepTheirYAMLTextAndOrder() throws {
    let album = try parse(canonicalFiles[3]).album
    #expect(album.extra.map(\.key) == ["imprint", "catalog", "condition", "credits"])
    #expect(
      album.extra.map(\.yaml) == [
        "imprint: Parlophone\n", "catalog: NODATA 02\n", "condition: VG+\n", "credits:\n- Nigel Godrich\n- Radiohead\n",
      ])
    #expect(
      album.extra.map(\.value) == [
        .string("Parlophone"), .string("NODATA 02"), .string("VG+"), .array([.string("Nigel Godrich"), .string("Radiohead")]),
      ])
  }

  @Test func extraKeysAppearInJSON() throws {
    let album = try parse(canonicalFiles[3], id: "albums/ok").album
    guard case .object(let fields) = album.json() else {
      Issue.record("album JSON is not an object")
      return
    }
    let extra = fields.first { $0.0 == "extra" }?.1
    #expect(
      extra
        == .object([
          ("imprint", .string("Parlophone")), ("catalog", .string("NODATA 02")), ("condition", .string("VG+")),
          ("credits", .array([.string("Nigel Godrich"), .string("Radiohead")])),
        ]))
  }

  @Test func nestedMappingExtraIsKeptAsWrittenAndShownAsObject() throws {
    let album = try parse(canonicalFiles.last!).album
    #expect(album.title == "Blue")
    #expect(album.released == "1971-06-22")
    #expect(album.extra.count == 1)
    #expect(album.extra.first?.key == "pressing")
    #expect(album.extra.first?.yaml == "pressing:\n  label: Reprise\n  country: US\n")
    #expect(album.extra.first?.value == .object([("label", .string("Reprise")), ("country", .string("US"))]))
  }

  @Test func extraKeysBetweenKnownKeysSurviveARewrite() throws {
    let text = "---\ntitle: T\nimprint: Blue Note\nartist: A\n# a comment line\ncondition: \"VG+\"\nreleased: 1959\n---\n"
    let album = try parse(text).album
    #expect(album.artist == "A")
    #expect(album.released == "1959")
    #expect(album.extra.map(\.key) == ["imprint", "condition"])
    let rewritten = AlbumFile.render(album)
    #expect(rewritten == "---\ntitle: T\nartist: A\nreleased: 1959\nimprint: Blue Note\ncondition: \"VG+\"\n---\n")
    #expect(Values(try parse(rewritten).album) == Values(album))
  }

  @Test(
    "extra keys are kept as written when the file goes through the YAML fallback",
    arguments: [
      (
        "---\ntitle: Ágætis byrjun\nartist: Sigur Rós\ntags: [post-rock]\nimprint: Smekkleysa — Reykjavík\n---\n",
        "imprint: Smekkleysa — Reykjavík\n",
        "---\ntitle: Ágætis byrjun\nartist: Sigur Rós\ntags:\n- post-rock\nimprint: Smekkleysa — Reykjavík\n---\n"
      ),
      (
        "---\ntitle: T\nartist: A\nformats: [LP, CD]\n---\n",
        "formats: [LP, CD]\n",
        "---\ntitle: T\nartist: A\nformats: [LP, CD]\n---\n"
      ),
      (
        "---\ntitle: T\nartist: A\nimprint: 'Blue Note'  # first pressing\n---\n",
        "imprint: 'Blue Note'  # first pressing\n",
        "---\ntitle: T\nartist: A\nimprint: 'Blue Note'  # first pressing\n---\n"
      ),
      (
        "---\ntitle: T\nartist: A\npressing:\n  imprint: Smekkleysa\n  country: Ísland\n---\n",
        "pressing:\n  imprint: Smekkleysa\n  country: Ísland\n",
        "---\ntitle: T\nartist: A\npressing:\n  imprint: Smekkleysa\n  country: Ísland\n---\n"
      ),
    ])
  func extraKeptAsWrittenThroughFallback(text: String, yaml: String, rendered: String) throws {
    let album = try parse(text).album
    #expect(album.extra.count == 1)
    #expect(album.extra.first?.yaml == yaml)
    #expect(AlbumFile.render(album) == rendered)
  }

  @Test func emptyExtraIsKept() throws {
    let text = "---\ntitle: T\nartist: A\nimprint:\n---\n"
    let album = try parse(text).album
    #expect(album.extra.map(\.key) == ["imprint"])
    #expect(album.extra.first?.value == .string(""))
    #expect(AlbumFile.render(album) == text)
  }

  // MARK: Track lists

  @Test(
    "hand-written lists read the same tracks and are kept as written",
    arguments: [
      "1. Airbag\n1. Paranoid Android\n1. Subterranean Homesick Alien\n",
      "1) Airbag\n2) Paranoid Android\n3) Subterranean Homesick Alien\n",
      "3. Airbag\n7. Paranoid Android\n10. Subterranean Homesick Alien\n",
      "1. Airbag\n\n2. Paranoid Android\n\n3. Subterranean Homesick Alien\n",
      "  1.   Airbag  \n 2) Paranoid Android\n  3. Subterranean Homesick Alien\n",
    ])
  func handWrittenTrackList(list: String) throws {
    let text = "---\ntitle: OK Computer\nartist: Radiohead\n---\n\n## Tracks\n\n" + list
    let album = try parse(text).album
    #expect(album.tracks == ["Airbag", "Paranoid Android", "Subterranean Homesick Alien"])
    #expect(AlbumFile.render(album) == text)
  }

  @Test("the heading is found in other spellings", arguments: ["## Tracks", "## tracks", "##  TRACKS ##", "   ## Tracks"])
  func trackHeadingSpellings(heading: String) throws {
    let album = try parse("---\ntitle: T\nartist: A\n---\n\n\(heading)\n\n1. One\n2. Two\n").album
    #expect(album.tracks == ["One", "Two"])
  }

  @Test("lists under other headings are not tracks", arguments: ["# Tracks", "### Tracks", "## Track list", "Tracks"])
  func otherHeadingsAreNotTracks(heading: String) throws {
    let text = "---\ntitle: T\nartist: A\n---\n\n\(heading)\n\n1. One\n2. Two\n"
    let album = try parse(text).album
    #expect(album.tracks == [])
    #expect(AlbumFile.render(album) == text)
  }

  @Test func trackListEndsAtTheNextHeading() throws {
    let album = try parse("---\ntitle: T\nartist: A\n---\n\n## Tracks\n\n1. One\n\n## Notes\n\n- not a track\n").album
    #expect(album.tracks == ["One"])
    #expect(album.body.afterTracks == "\n## Notes\n\n- not a track\n")
  }

  @Test func notesAreKeptByteForByte() throws {
    let notes =
      "\n## Notes\n\n\tIndented with a tab.   \nTrailing spaces above.\n\n\n\n- a list\n- not tracks\n\n```\ncode: block\n---\n```\n🎶 ünïcödé\nno final newline"
    let text = "---\ntitle: T\nartist: A\n---\n\nBefore the tracks  \n\n## Tracks\n\n1. One\n2. Two\n" + notes
    let parsed = try parse(text)
    #expect(parsed.album.tracks == ["One", "Two"])
    #expect(parsed.album.body.beforeTracks == "\nBefore the tracks  \n\n## Tracks\n\n")
    #expect(parsed.album.body.afterTracks == notes)
    #expect(AlbumFile.render(parsed.album) == text)
    // Changing the tracks leaves the notes alone.
    var album = parsed.album
    try album.addTrack("Three")
    #expect(AlbumFile.render(album) == text.replacingOccurrences(of: "2. Two\n", with: "2. Two\n3. Three\n"))
  }

  @Test(
    "the body around a numbered track list is kept byte for byte",
    arguments: [
      "\n## Tracks\n\n1. Airbag\n2. Paranoid Android\n",
      "## Tracks\n\n1. Airbag\n2. Paranoid Android\n",
      "\n## Tracks\n1. Airbag\n2. Paranoid Android\n",
      "\n## Tracks\n\n1. Airbag\n2. Paranoid Android\n## Notes\nGreat.\n",
      "\nIntro\n## Tracks\n1. Airbag\n2. Paranoid Android\n\nOutro\n",
    ])
  func bodyKeptAroundTrackList(body: String) throws {
    let text = "---\ntitle: OK Computer\nartist: Radiohead\n---\n" + body
    let album = try parse(text).album
    #expect(album.tracks == ["Airbag", "Paranoid Android"])
    #expect(AlbumFile.render(album) == text)
  }

  @Test func notesWithoutTracksAreTheWholeBody() throws {
    let body = "\nJust notes.\n\n* one\n* two\n"
    let album = try parse("---\ntitle: T\nartist: A\n---\n" + body).album
    #expect(album.tracks == [])
    #expect(album.body.hasTrackSection == false)
    #expect(album.body.notes == body)
  }

  @Test func notesLeaveOutTheTrackList() throws {
    let album = try parse(okComputer).album
    let notes = album.body.notes
    #expect(!notes.contains("Tracks"))
    #expect(!notes.contains("Airbag"))
    #expect(notes.hasSuffix("## Notes\n\nAnything the collector writes here is kept as written.\n"))
  }

  @Test func addingTracksToABodyWithoutATrackHeading() throws {
    var album = try parse("---\ntitle: T\nartist: A\n---\n\nJust notes.\n").album
    try album.addTrack("One")
    try album.addTrack("Two")
    let text = AlbumFile.render(album)
    #expect(text == "---\ntitle: T\nartist: A\n---\n\n## Tracks\n\n1. One\n2. Two\n\nJust notes.\n")
    let reread = try parse(text).album
    #expect(reread.tracks == ["One", "Two"])
    #expect(reread.body.afterTracks == "\nJust notes.\n")
    #expect(AlbumFile.render(reread) == text)
  }

  @Test func addingTracksToAnAlbumWithNoBody() throws {
    var album = try parse("---\ntitle: T\nartist: A\n---\n").album
    try album.addTrack("One")
    let text = AlbumFile.render(album)
    #expect(text == "---\ntitle: T\nartist: A\n---\n\n## Tracks\n\n1. One\n")
    #expect(try parse(text).album.tracks == ["One"])
  }

  @Test func addingTracksUnderAnEmptyTrackHeading() throws {
    var album = try parse("---\ntitle: T\nartist: A\n---\n\n## Tracks\n\n## Notes\n\nN\n").album
    #expect(album.tracks == [])
    try album.addTrack("One")
    let text = AlbumFile.render(album)
    #expect(text == "---\ntitle: T\nartist: A\n---\n\n## Tracks\n\n1. One\n\n## Notes\n\nN\n")
    #expect(try parse(text).album.tracks == ["One"])
  }

  @Test func removingAllTracksDropsTheSectionAndKeepsTheNotes() throws {
    var album = try parse(okComputer).album
    album.tracks = []
    let text = AlbumFile.render(album)
    #expect(text.hasSuffix("- 1990s\n---\n\n## Notes\n\nAnything the collector writes here is kept as written.\n"))
    #expect(!text.contains("Tracks"))
    let reread = try parse(text).album
    #expect(reread.tracks == [])
    #expect(AlbumFile.render(reread) == text)
  }

  @Test func removingAllTracksOfAnAlbumWithOnlyTracks() throws {
    var album = try parse(canonicalFiles[2]).album
    try album.removeTrack(2)
    try album.removeTrack(1)
    #expect(AlbumFile.render(album).hasSuffix("- 1960s\n---\n"))
  }

  @Test func removingAllTracksKeepsNotesBeforeAndAfter() throws {
    var album = try parse(canonicalFiles[12]).album
    album.tracks = []
    #expect(AlbumFile.render(album) == "---\ntitle: Blue\nartist: Joni Mitchell\n---\n\nBought in 1985.\n\n## Condition\n\nScratched.\n")
  }

  // MARK: The YAML fallback

  @Test(
    "the YAML fallback gives the same values as the fast path",
    arguments: [
      // A flow list.
      "---\ntitle: OK Computer\nartist: Radiohead\nreleased: 1997-05-21\ntags: [alternative, 1990s]\n---\n",
      // Single-quoted values and a comment after a value.
      "---\ntitle: 'OK Computer'   # the best one\nartist: 'Radiohead'\nreleased: '1997-05-21'\ntags:\n- 'alternative'\n- '1990s'\n---\n",
      // Comments on their own lines, and a comment after a value.
      "---\n# my copy\ntitle: OK Computer\nartist: Radiohead # from Oxford\nreleased: 1997-05-21\ntags:\n  - alternative\n  - 1990s\n---\n",
      // Multi-line values.
      "---\ntitle: >-\n  OK\n  Computer\nartist: |-\n  Radiohead\nreleased: \"1997-05-21\"\ntags:\n- alternative\n- \"1990s\"\n---\n",
      // A plain value continued on the next line.
      "---\ntitle: OK\n  Computer\nartist: Radiohead\nreleased: 1997-05-21\ntags: [alternative,\n  1990s]\n---\n",
      // Indented block list and double quotes with escapes.
      "---\ntitle: \"OK\\u0020Computer\"\nartist: \"Radio\\\n  head\"\nreleased: 1997-05-21\ntags:\n    - alternative\n    - 1990s\n---\n",
    ])
  func yamlFallbackMatchesFastPath(text: String) throws {
    let canonical = "---\ntitle: OK Computer\nartist: Radiohead\nreleased: 1997-05-21\ntags:\n- alternative\n- 1990s\n---\n"
    let expected = Values(try parse(canonical).album)
    let parsed = try parse(text)
    #expect(Values(parsed.album) == expected)
    #expect(parsed.problems == [])
    #expect(AlbumFile.render(parsed.album) == canonical)
  }

  @Test func nestedMappingExtraGoesThroughTheFallbackWithTheSameKnownValues() throws {
    let plain = "---\ntitle: Blue\nartist: Joni Mitchell\nreleased: 1971-06-22\ntags:\n- folk\n---\n"
    let nested =
      "---\ntitle: Blue\nartist: Joni Mitchell\nreleased: 1971-06-22\ntags:\n- folk\npressing:\n  label: Reprise\n  country: US\n---\n"
    let a = try parse(plain).album
    let b = try parse(nested).album
    #expect(a.title == b.title)
    #expect(a.artist == b.artist)
    #expect(a.released == b.released)
    #expect(a.tags == b.tags)
    #expect(b.extra.map(\.key) == ["pressing"])
    #expect(AlbumFile.render(b) == nested)
  }

  @Test("Yams reads canonical front matter exactly as the fast scanner does", arguments: canonicalFiles.dropLast())
  func yamsAgreesWithFastScanner(text: String) throws {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let end = lines.dropFirst().firstIndex(of: "---")!
    let frontMatter = lines[1..<end].map { $0 + "\n" }.joined()
    let fast = try FrontMatter.parse(ArraySlice(Array(frontMatter.utf8)), firstLine: 2)
    let yams = try FrontMatter.parseWithYams(frontMatter, firstLine: 2)
    for entry in fast.entries {
      // The canonical files are all read by the fast scanner.
      guard case .bytes = entry.source else {
        Issue.record("\(entry.key) was not read by the fast scanner")
        continue
      }
    }
    #expect(fast.entries.map(\.key) == yams.entries.map(\.key))
    #expect(fast.entries.map(\.value) == yams.entries.map(\.value))
    #expect(fast.entries.map(\.line) == yams.entries.map(\.line))
  }

  @Test func fallbackIsUsedForFlowLists() throws {
    let frontMatter = "title: T\nartist: A\ntags: [a, b]\n"
    #expect(FastScanner.scan(ArraySlice(Array(frontMatter.utf8)), firstLine: 2) == nil, "a flow list goes to Yams")
    let parsed = try FrontMatter.parse(ArraySlice(Array(frontMatter.utf8)), firstLine: 2)
    #expect(parsed.entries.map(\.value) == [.text("T"), .text("A"), .list(["a", "b"])])
    #expect(parsed.entries.map(\.line) == [2, 3, 4])
  }

  // MARK: Files that cannot be read

  @Test(
    "a file without front matter is refused",
    arguments: [
      "", "title: T\nartist: A\n", "\n---\ntitle: T\nartist: A\n---\n", "# OK Computer\n", "----\ntitle: T\n---\n", "--\ntitle: T\n---\n",
    ])
  func missingFrontMatter(text: String) {
    #expect(throws: AlbumFileError.missingFrontMatter) { try parse(text) }
  }

  @Test(
    "unclosed front matter is refused", arguments: ["---\n", "---\ntitle: T\nartist: A\n", "---\ntitle: T\nartist: A\n-- \n\n## Tracks\n"])
  func unclosedFrontMatter(text: String) {
    #expect(throws: AlbumFileError.unclosedFrontMatter) { try parse(text) }
  }

  @Test(
    "a YAML syntax error is reported with its line in the file",
    arguments: [
      ("---\ntitle: OK Computer\nartist: Radio: head\n---\n", 3),
      ("---\ntitle: OK Computer\nartist: Radiohead\n  released: 1997\n---\n", 4),
      ("---\ntitle: OK Computer\nartist: Radiohead\n\treleased: 1997\n---\n", 4),
      ("---\ntitle: OK Computer\nartist: @Radiohead\n---\n", 3),
    ])
  func yamlSyntaxError(text: String, line: Int) {
    let error = #expect(throws: AlbumFileError.self) { try parse(text) }
    guard case .yaml(let found, let problem) = error else {
      Issue.record("expected a YAML error, got \(String(describing: error))")
      return
    }
    #expect(found == line, "\(problem)")
    #expect(error?.line == line)
    #expect(!problem.isEmpty)
  }

  @Test func frontMatterThatIsNotAMappingIsRefused() {
    let error = #expect(throws: AlbumFileError.self) { try parse("---\n- a\n- b\n---\n") }
    guard case .yaml(let line, _) = error else {
      Issue.record("expected a YAML error, got \(String(describing: error))")
      return
    }
    #expect(line == 2)
  }

  @Test func duplicateKeyIsRefusedNamingTheKey() {
    let error = #expect(throws: AlbumFileError.self) {
      try parse("---\ntitle: OK Computer\nartist: Radiohead\ntitle: Kid A\n---\n")
    }
    guard case .yaml(let line, let problem) = error else {
      Issue.record("expected a YAML error, got \(String(describing: error))")
      return
    }
    #expect(line == 2 || line == 4, "the line of one of the two title keys, not \(line)")
    #expect(problem.contains("title"))
  }

  @Test(
    "bytes that are not UTF-8 are refused",
    arguments: [
      [0xFF, 0xFE], [0xC0, 0xAF], [0xE9], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82],
    ] as [[UInt8]])
  func notUTF8(bad: [UInt8]) {
    let bytes = Array("---\ntitle: Caf".utf8) + bad + Array("\nartist: A\n---\n".utf8)
    #expect(throws: AlbumFileError.notUTF8) { try AlbumFile.parse(bytes, id: "a") }
  }

  @Test func notUTF8InTheBodyIsRefusedToo() {
    let bytes = Array("---\ntitle: T\nartist: A\n---\n\nNotes ".utf8) + [0xFF] + Array("\n".utf8)
    #expect(throws: AlbumFileError.notUTF8) { try AlbumFile.parse(bytes, id: "a") }
  }

  @Test func errorsSayWhatToDo() {
    #expect(AlbumFileError.missingFrontMatter.line == 1)
    #expect(AlbumFileError.unclosedFrontMatter.description.contains("---"))
    #expect(AlbumFileError.notUTF8.description.contains("UTF-8"))
    #expect(AlbumFileError.yaml(line: 7, problem: "x").line == 7)
  }

  // MARK: Line numbers

  /// A file breaking a rule on nearly every line.
  private static let broken = """
    ---
    title: OK Computer
    artist: "  "
    released: 1997-02-29
    wikipedia: ftp://example.com
    tags:
    - jazz
    - jazz
    ---

    ## Tracks

    1. Airbag
    2. \(String(repeating: "x", count: 256))

    """

  @Test func sourceLinesOfKeysTagsAndTracks() throws {
    let lines = try parse(Self.broken).lines
    #expect(lines.keys == ["title": 2, "artist": 3, "released": 4, "wikipedia": 5, "tags": 6])
    #expect(lines.tags == [7, 8])
    #expect(lines.tracks == [13, 14])
    #expect(lines.line(of: .title) == 2)
    #expect(lines.line(of: .sortArtist) == 1)
    #expect(lines.line(of: .tag(1)) == 8)
    #expect(lines.line(of: .tag(9)) == 6)
    #expect(lines.line(of: .track(0)) == 13)
  }

  @Test func problemsCarryTheirLines() throws {
    let problems = try parse(Self.broken).problems
    #expect(problems.map(\.field) == [.artist, .released, .wikipedia, .tag(1), .track(1)])
    #expect(problems.map(\.line) == [3, 4, 5, 8, 14])
    #expect(
      problems.map(\.description) == [
        "artist: is required and must not be blank",
        "released: 1997-02 has no day 29",
        "wikipedia: \"ftp://example.com\" is not a web address; write it as https://…",
        "tags: \"jazz\" appears more than once; remove the repeat",
        "tracks: track 2 is 256 characters long; at most 255 are allowed",
      ])
  }

  @Test func missingRequiredKeysPointAtTheFirstLine() throws {
    let problems = try parse("---\nreleased: 1997\n---\n").problems
    #expect(problems.map(\.field) == [.title, .artist])
    #expect(problems.map(\.line) == [1, 1])
  }

  @Test func lineNumbersCountAfterMultiLineValues() throws {
    let text = "---\nnotes: |\n  one\n  two\ntitle: T\nartist: A\nreleased: 1997-13\n---\n"
    let parsed = try parse(text)
    #expect(parsed.lines.keys["released"] == 7)
    #expect(parsed.problems.map(\.line) == [7])
  }

  @Test(
    "a problem with a tag points at the line of that tag",
    arguments: [
      ("---\ntitle: T\nartist: A\ntags: [jazz, jazz]\nlabel: L\n---\n", 4),
      ("---\ntitle: T\nartist: A\ntags:\n- jazz\n# a comment\n- jazz\nlabel: L\n---\n", 7),
    ])
  func tagProblemLine(text: String, line: Int) throws {
    let problems = try parse(text).problems
    #expect(problems.map(\.field) == [.tag(1)])
    #expect(problems.map(\.line) == [line])
  }

  @Test func trackLinesCountFromTheStartOfTheFile() throws {
    let text = "---\ntitle: T\nartist: A\n---\nIntro\n\n## Tracks\n\n1. One\n\n2. \(String(repeating: "é", count: 256))\n"
    let parsed = try parse(text)
    #expect(parsed.lines.tracks == [9, 11])
    #expect(parsed.problems.map(\.line) == [11])
  }

  @Test func tagsWrittenAsOneValueAreReadButReported() throws {
    let parsed = try parse("---\ntitle: T\nartist: A\ntags: jazz\n---\n")
    #expect(parsed.album.tags == ["jazz"])
    #expect(parsed.problems == [AlbumProblem(field: .tag(0), line: 4, message: "must be a list, one `- tag` line per tag")])
    #expect(AlbumFile.render(parsed.album) == "---\ntitle: T\nartist: A\ntags:\n- jazz\n---\n")
  }

  @Test func aKnownKeyWithAListIsAProblem() throws {
    let parsed = try parse("---\ntitle: T\nartist:\n- A\n- B\n---\n")
    #expect(parsed.problems.contains { $0.field == .artist && $0.line == 3 })
  }
}
