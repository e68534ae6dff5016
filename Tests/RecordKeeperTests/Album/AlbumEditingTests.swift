import Testing

@testable import RecordKeeper

/// A valid album with these tags and tracks.
private func album(tracks: [String] = [], tags: [String] = []) -> Album {
  Album(id: "albums/radiohead-ok-computer", title: "OK Computer", artist: "Radiohead", tracks: tracks, tags: tags)
}

/// `count` copies of `character`.
private func repeated(_ count: Int, _ character: String = "x") -> String { String(repeating: character, count: count) }

private let three = ["one", "two", "three"]

@Suite("Editing tags and tracks (seed §3.7, §3.9)")
struct AlbumEditingTests {
  // MARK: Adding tags (seed §3.7)

  @Test(
    "adding a tag: blank or already there changes nothing, new text is appended",
    arguments: [
      // Blank text: no effect.
      ([String](), "", false, [String]()),
      (["jazz"], "", false, ["jazz"]),
      (["jazz"], "   ", false, ["jazz"]),
      (["jazz"], "\t \n", false, ["jazz"]),
      (["jazz"], "\u{A0}\u{3000}", false, ["jazz"]),
      // Exactly this text is there: no effect.
      (["jazz"], "jazz", false, ["jazz"]),
      (["jazz"], "  jazz ", false, ["jazz"]),
      (["rock", "jazz", "1990s"], "1990s", false, ["rock", "jazz", "1990s"]),
      // Case-sensitive: a tag differing only in case is new.
      (["jazz"], "Jazz", true, ["jazz", "Jazz"]),
      (["jazz"], "JAZZ", true, ["jazz", "JAZZ"]),
      (["Jazz", "jazz"], "jAzz", true, ["Jazz", "jazz", "jAzz"]),
      // Diacritics matter too: exact text only.
      (["cafe"], "café", true, ["cafe", "café"]),
      // New text goes at the end, trimmed, inner spaces kept.
      ([], "post-rock", true, ["post-rock"]),
      (["rock", "jazz"], "blues", true, ["rock", "jazz", "blues"]),
      (["rock"], "  free  jazz\t", true, ["rock", "free  jazz"]),
      (["rock"], "rock and roll", true, ["rock", "rock and roll"]),
    ])
  func addTag(existing: [String], text: String, changed: Bool, after: [String]) throws {
    var a = album(tags: existing)
    #expect(try a.addTag(text) == changed)
    #expect(a.tags == after)
    #expect(a.problems() == [])
  }

  @Test func addingTheSameTagTwiceAddsItOnce() throws {
    var a = album()
    #expect(try a.addTag("jazz") == true)
    #expect(try a.addTag("jazz") == false)
    #expect(try a.addTag(" jazz") == false)
    #expect(a.tags == ["jazz"])
  }

  @Test("a tag of up to 255 characters is added", arguments: [(1, "x"), (255, "x"), (255, "é"), (255, "e\u{301}"), (255, "🇮🇸")])
  func tagAtTheLimit(count: Int, character: String) throws {
    var a = album(tags: ["rock"])
    #expect(try a.addTag(repeated(count, character)) == true)
    #expect(a.tags == ["rock", repeated(count, character)])
    #expect(a.problems() == [])
  }

  @Test("a tag of 256 characters is refused and changes nothing", arguments: ["x", "é", "e\u{301}", "日", "👍🏽"])
  func tagOverTheLimit(character: String) {
    var a = album(tags: ["rock", "jazz"])
    #expect(throws: AlbumEditError.tooLong(.tag(2), count: 256)) { try a.addTag(repeated(256, character)) }
    #expect(a.tags == ["rock", "jazz"])
  }

  @Test func trimmingHappensBeforeTheLengthIsCounted() throws {
    var a = album()
    #expect(try a.addTag("   " + repeated(255) + "   ") == true)
    #expect(a.tags == [repeated(255)])
    // Blank text of any length is simply not added.
    #expect(try a.addTag(repeated(300, " ")) == false)
    #expect(a.tags == [repeated(255)])
  }

  @Test("a tag with a line break never leaves an album that passes validation", arguments: ["free\njazz", "free\r\njazz", "a\u{2028}b"])
  func tagWithALineBreak(text: String) {
    var a = album()
    do {
      if try a.addTag(text) {
        #expect(a.problems().contains { $0.field == .tag(0) && $0.message == "tag 1 must be a single line" })
      }
    } catch {
      #expect(a.tags == [])
    }
  }

  // MARK: Removing tags

  @Test(
    "removing a tag is by exact text",
    arguments: [
      (["Jazz", "jazz"], "jazz", true, ["Jazz"]),
      (["Jazz", "jazz"], "JAZZ", false, ["Jazz", "jazz"]),
      (["rock", "jazz", "blues"], " jazz ", true, ["rock", "blues"]),
      (["rock"], "roc", false, ["rock"]),
      (["rock"], "", false, ["rock"]),
      ([String](), "rock", false, [String]()),
    ])
  func removeTag(existing: [String], text: String, changed: Bool, after: [String]) {
    var a = album(tags: existing)
    #expect(a.removeTag(text) == changed)
    #expect(a.tags == after)
  }

  // MARK: Adding tracks

  @Test(
    "a track is added at a position from 1 to count + 1",
    arguments: [
      (1 as Int?, ["new", "one", "two", "three"]),
      (2, ["one", "new", "two", "three"]),
      (3, ["one", "two", "new", "three"]),
      (4, ["one", "two", "three", "new"]),
      (nil, ["one", "two", "three", "new"]),
    ])
  func addTrackAt(position: Int?, after: [String]) throws {
    var a = album(tracks: three)
    try a.addTrack("new", at: position)
    #expect(a.tracks == after)
  }

  @Test("a position outside 1…count + 1 is refused and changes nothing", arguments: [0, -1, 5, 6, 100, Int.max])
  func addTrackOutOfRange(position: Int) {
    var a = album(tracks: three)
    #expect(throws: AlbumEditError.noSuchPosition(position, count: 3)) { try a.addTrack("new", at: position) }
    #expect(a.tracks == three)
  }

  /// `rk track add ALBUM NAME --at -9223372036854775808` reaches this; it
  /// must be refused like any other position, not stop the process.
  @Test func theSmallestPositionIsRefusedWithoutCrashing() async {
    await #expect(processExitsWith: .success) {
      var a = Album(id: "a", title: "T", artist: "A", tracks: ["one"])
      do throws(AlbumEditError) {
        try a.addTrack("x", at: Int.min)
        fatalError("a track was added at Int.min")
      } catch {
        guard error == .noSuchPosition(Int.min, count: 1), a.tracks == ["one"] else { fatalError("\(error)") }
      }
    }
  }

  @Test func addingToAnAlbumWithoutTracks() throws {
    var a = album()
    #expect(throws: AlbumEditError.noSuchPosition(2, count: 0)) { try a.addTrack("x", at: 2) }
    #expect(throws: AlbumEditError.noSuchPosition(0, count: 0)) { try a.addTrack("x", at: 0) }
    try a.addTrack("first", at: 1)
    try a.addTrack("last")
    try a.addTrack("middle", at: 2)
    #expect(a.tracks == ["first", "middle", "last"])
  }

  @Test(
    "track names are trimmed",
    arguments: [
      ("Airbag", "Airbag"), ("  Airbag  ", "Airbag"), ("\tAirbag\n", "Airbag"), ("\u{A0}Airbag\u{3000}", "Airbag"),
      ("Paranoid  Android", "Paranoid  Android"), ("x", "x"), (" é ", "é"),
    ])
  func trackNamesAreTrimmed(text: String, name: String) throws {
    var a = album()
    try a.addTrack(text)
    #expect(a.tracks == [name])
  }

  @Test("a blank track name is refused", arguments: ["", " ", "   ", "\t", "\n", " \r\n ", "\u{A0}", "\u{2003}"])
  func blankTrack(text: String) {
    var a = album(tracks: three)
    #expect(throws: AlbumEditError.blankTrack) { try a.addTrack(text) }
    #expect(throws: AlbumEditError.blankTrack) { try a.addTrack(text, at: 1) }
    #expect(throws: AlbumEditError.blankTrack) { try a.renameTrack(2, to: text) }
    #expect(a.tracks == three)
  }

  @Test("track names of 1 to 255 characters are accepted", arguments: [(1, "x"), (255, "x"), (255, "é"), (255, "e\u{301}"), (255, "日")])
  func trackAtTheLimit(count: Int, character: String) throws {
    var a = album(tracks: three)
    try a.addTrack(repeated(count, character))
    #expect(a.tracks == three + [repeated(count, character)])
    #expect(a.problems() == [])
  }

  @Test("a track name of 256 characters is refused", arguments: ["x", "é", "e\u{301}", "日", "👍🏽"])
  func trackOverTheLimit(character: String) {
    var a = album(tracks: three)
    #expect(throws: AlbumEditError.tooLong(.track(3), count: 256)) { try a.addTrack(repeated(256, character)) }
    #expect(throws: AlbumEditError.tooLong(.track(1), count: 256)) { try a.renameTrack(2, to: repeated(256, character)) }
    #expect(a.tracks == three)
  }

  @Test(
    "a track name must be one line", arguments: ["Paranoid\nAndroid", "Paranoid\r\nAndroid", "Paranoid\rAndroid", "a\u{2028}b", "a\u{85}b"])
  func trackOnOneLine(text: String) {
    var a = album(tracks: three)
    #expect(throws: AlbumEditError.multipleLines(.track(3))) { try a.addTrack(text) }
    #expect(throws: AlbumEditError.multipleLines(.track(0))) { try a.renameTrack(1, to: text) }
    #expect(a.tracks == three)
  }

  // MARK: Moving tracks (seed §3.9)

  @Test(
    "moving a track up swaps it with the one before; the first stays",
    arguments: [
      (1, false, ["one", "two", "three"]),
      (2, true, ["two", "one", "three"]),
      (3, true, ["one", "three", "two"]),
    ])
  func moveUp(number: Int, changed: Bool, after: [String]) throws {
    var a = album(tracks: three)
    #expect(try a.moveTrackUp(number) == changed)
    #expect(a.tracks == after)
  }

  @Test(
    "moving a track down swaps it with the one after; the last stays",
    arguments: [
      (1, true, ["two", "one", "three"]),
      (2, true, ["one", "three", "two"]),
      (3, false, ["one", "two", "three"]),
    ])
  func moveDown(number: Int, changed: Bool, after: [String]) throws {
    var a = album(tracks: three)
    #expect(try a.moveTrackDown(number) == changed)
    #expect(a.tracks == after)
  }

  @Test func aSingleTrackMovesNowhere() throws {
    var a = album(tracks: ["only"])
    #expect(try a.moveTrackUp(1) == false)
    #expect(try a.moveTrackDown(1) == false)
    #expect(a.tracks == ["only"])
  }

  @Test func upThenDownRestoresTheOrder() throws {
    var a = album(tracks: three)
    #expect(try a.moveTrackUp(3) == true)
    #expect(try a.moveTrackDown(2) == true)
    #expect(a.tracks == three)
  }

  // MARK: Renaming and removing

  @Test(
    "renaming a track",
    arguments: [
      (2, "Deux", true, ["one", "Deux", "three"]),
      (2, "  Deux  ", true, ["one", "Deux", "three"]),
      (2, "Two", true, ["one", "Two", "three"]),
      (2, "two", false, ["one", "two", "three"]),
      (2, " two\t", false, ["one", "two", "three"]),
      (1, "uno", true, ["uno", "two", "three"]),
      (3, "tres", true, ["one", "two", "tres"]),
    ])
  func rename(number: Int, text: String, changed: Bool, after: [String]) throws {
    var a = album(tracks: three)
    #expect(try a.renameTrack(number, to: text) == changed)
    #expect(a.tracks == after)
  }

  @Test(
    "removing a track",
    arguments: [
      (1, ["two", "three"]),
      (2, ["one", "three"]),
      (3, ["one", "two"]),
    ])
  func remove(number: Int, after: [String]) throws {
    var a = album(tracks: three)
    try a.removeTrack(number)
    #expect(a.tracks == after)
  }

  @Test func removingEveryTrack() throws {
    var a = album(tracks: three)
    try a.removeTrack(3)
    try a.removeTrack(1)
    try a.removeTrack(1)
    #expect(a.tracks == [])
    #expect(throws: AlbumEditError.noSuchTrack(1, count: 0)) { try a.removeTrack(1) }
  }

  @Test("track numbers outside 1…count are refused by every operation", arguments: [0, -1, 4, 5, Int.min, Int.max])
  func noSuchTrack(number: Int) {
    var a = album(tracks: three)
    let error = AlbumEditError.noSuchTrack(number, count: 3)
    #expect(throws: error) { try a.removeTrack(number) }
    #expect(throws: error) { try a.moveTrackUp(number) }
    #expect(throws: error) { try a.moveTrackDown(number) }
    #expect(throws: error) { try a.renameTrack(number, to: "x") }
    #expect(a.tracks == three)
  }

  @Test func anAlbumWithoutTracksHasNoTrackOne() {
    var a = album()
    #expect(throws: AlbumEditError.noSuchTrack(1, count: 0)) { try a.moveTrackUp(1) }
    #expect(throws: AlbumEditError.noSuchTrack(1, count: 0)) { try a.moveTrackDown(1) }
    #expect(throws: AlbumEditError.noSuchTrack(1, count: 0)) { try a.renameTrack(1, to: "x") }
    #expect(throws: AlbumEditError.noSuchTrack(0, count: 0)) { try a.removeTrack(0) }
  }

  // MARK: Messages

  @Test(
    "edit errors say what is wrong",
    arguments: [
      (AlbumEditError.blankTrack, "a track name must not be blank"),
      (.tooLong(.track(2), count: 300), "tracks: track 3 is 300 characters long; at most 255 are allowed"),
      (.tooLong(.tag(0), count: 256), "tags: tag 1 is 256 characters long; at most 255 are allowed"),
      (.tooLong(.title, count: 256), "title: is 256 characters long; at most 255 are allowed"),
      (.multipleLines(.track(0)), "tracks: track 1 must be a single line"),
      (.noSuchTrack(4, count: 3), "there is no track 4: the tracks are numbered 1 to 3"),
      (.noSuchTrack(1, count: 0), "there is no track 1: the album has no tracks"),
      (.noSuchPosition(5, count: 3), "cannot add a track at 5: use a position from 1 to 4"),
      (.invalid([AlbumProblem(field: .title, message: "a"), AlbumProblem(field: .tag(1), message: "b")]), "title: a\ntags: b"),
    ])
  func messages(error: AlbumEditError, message: String) {
    #expect(error.description == message)
  }

  // MARK: Edits reach the file

  @Test func editsAreWrittenAndReadBack() throws {
    let text = """
      ---
      title: OK Computer
      artist: Radiohead
      tags:
      - alternative
      label: Parlophone
      ---

      ## Tracks

      1. Airbag
      2. Paranoid Android
      3. Subterranean Homesick Alien

      ## Notes

      Mine.

      """
    var a = try AlbumFile.parse(Array(text.utf8), id: "albums/ok").album
    #expect(try a.addTag("1990s") == true)
    #expect(try a.addTag("alternative") == false)
    #expect(try a.moveTrackDown(1) == true)
    #expect(try a.renameTrack(3, to: "Subterranean Homesick Alien (live)") == true)
    try a.addTrack("Exit Music (For a Film)", at: 2)
    try a.removeTrack(1)
    let written = AlbumFile.render(a)
    #expect(
      written == """
        ---
        title: OK Computer
        artist: Radiohead
        tags:
        - alternative
        - 1990s
        label: Parlophone
        ---

        ## Tracks

        1. Exit Music (For a Film)
        2. Airbag
        3. Subterranean Homesick Alien (live)

        ## Notes

        Mine.

        """)
    let reread = try AlbumFile.parse(Array(written.utf8), id: "albums/ok")
    #expect(reread.album.tags == ["alternative", "1990s"])
    #expect(reread.album.tracks == ["Exit Music (For a Film)", "Airbag", "Subterranean Homesick Alien (live)"])
    #expect(reread.problems == [])
  }

  // MARK: Folder names (docs/album-format.md, "The collection on disk")

  @Test(
    "slugs: lowercase ASCII, diacritics folded, everything else to one dash",
    arguments: [
      ("Sigur Rós", "Ágætis byrjun", "sigur-ros-agaetis-byrjun"),
      ("Radiohead", "OK Computer", "radiohead-ok-computer"),
      ("Motörhead", "Overkill", "motorhead-overkill"),
      ("Beyoncé", "4", "beyonce-4"),
      ("Straße", "Œuvre", "strasse-oeuvre"),
      ("Ørjan", "Æon", "orjan-aeon"),
      ("The Beatles", "Sgt. Pepper's Lonely Hearts Club Band", "the-beatles-sgt-pepper-s-lonely-hearts-club-band"),
      ("AC/DC", "Back in Black", "ac-dc-back-in-black"),
      ("Guns N' Roses", "Appetite for Destruction", "guns-n-roses-appetite-for-destruction"),
      ("Sufjan Stevens", "Illinois — Come On Feel the Illinoise!", "sufjan-stevens-illinois-come-on-feel-the-illinoise"),
      ("  Leading ", "  Spaces  ", "leading-spaces"),
      ("Tab\tArtist", "Line\nBreak", "tab-artist-line-break"),
      ("ABBA", "GOLD", "abba-gold"),
      ("Prince", "1999", "prince-1999"),
      ("Björk", "", "bjork"),
      ("", "Untitled", "untitled"),
      ("!!!", "Myth Takes", "myth-takes"),
      ("坂本龍一", "Thousand Knives", "thousand-knives"),
      ("Кино", "Группа крови", "album"),
      ("!!!", "???", "album"),
      ("", "", "album"),
    ])
  func slug(artist: String, title: String, slug: String) {
    let made = Slug.make(artist: artist, title: title)
    #expect(made == slug)
    #expect(made.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" })
    #expect(!made.hasPrefix("-"))
    #expect(!made.hasSuffix("-"))
    #expect(!made.contains("--"))
  }

  @Test func longSlugsAreCutTo80Characters() {
    #expect(Slug.make(artist: repeated(100, "a"), title: "") == repeated(80, "a"))
    #expect(Slug.make(artist: repeated(50, "a"), title: repeated(50, "b")) == repeated(50, "a") + "-" + repeated(29, "b"))
  }

  @Test("a cut slug does not end with a dash", arguments: [79, 80])
  func cutSlugHasNoTrailingDash(length: Int) {
    // The 80th character would be the dash between artist and title.
    let slug = Slug.make(artist: repeated(length, "a"), title: "Title")
    #expect(slug.count <= 80)
    #expect(slug.hasPrefix(repeated(min(length, 79), "a")))
    #expect(!slug.hasSuffix("-"), "\(slug)")
  }
}
