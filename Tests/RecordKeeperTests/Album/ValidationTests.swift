import Testing

@testable import RecordKeeper

/// A valid album to break one rule at a time.
private func album(
  title: String = "OK Computer", artist: String = "Radiohead", sortArtist: String? = nil, released: String? = nil,
  wikipedia: String? = nil, tracks: [String] = [], tags: [String] = []
) -> Album {
  Album(
    id: "albums/test", title: title, artist: artist, sortArtist: sortArtist, released: released, wikipedia: wikipedia,
    tracks: tracks, tags: tags)
}

/// Text of exactly `count` characters.
private func text(_ count: Int, of character: String = "x") -> String { String(repeating: character, count: count) }

private let wikipediaPrefix = "https://en.wikipedia.org/wiki/"

/// The fields limited to 255 characters.
enum ValidationLimitedField: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case title, artist, sortArtist, wikipedia, track, tag

  var testDescription: String { rawValue }

  /// A valid album but for this field, which holds `length` × `character`.
  func makeAlbum(length: Int, of character: String = "x") -> Album {
    let value = text(length, of: character)
    switch self {
    case .title: return album(title: value)
    case .artist: return album(artist: value)
    case .sortArtist: return album(sortArtist: value)
    case .wikipedia: return album(wikipedia: wikipediaPrefix + text(length - wikipediaPrefix.count, of: character))
    case .track: return album(tracks: ["Airbag", value])
    case .tag: return album(tags: ["alternative", value])
    }
  }

  var field: AlbumField {
    switch self {
    case .title: .title
    case .artist: .artist
    case .sortArtist: .sortArtist
    case .wikipedia: .wikipedia
    case .track: .track(1)
    case .tag: .tag(1)
    }
  }
}

@Suite("Validation (docs/album-format.md, seed §3.9)")
struct ValidationTests {
  @Test func aValidAlbumHasNoProblems() {
    let valid = album(
      sortArtist: "Radiohead", released: "1997-05-21", wikipedia: "https://en.wikipedia.org/wiki/OK_Computer",
      tracks: ["Airbag", "Paranoid Android"], tags: ["alternative", "1990s"])
    #expect(valid.problems() == [])
  }

  // MARK: Required fields

  @Test("title and artist are required: blank after trimming is refused", arguments: ["", " ", "   ", "\t", " \t \u{A0}"])
  func requiredFields(blank: String) {
    #expect(album(title: blank).problems() == [AlbumProblem(field: .title, message: "is required and must not be blank", rule: .required)])
    #expect(
      album(artist: blank).problems() == [AlbumProblem(field: .artist, message: "is required and must not be blank", rule: .required)])
    #expect(album(title: blank).problems().map(\.description) == ["title: is required and must not be blank"])
    let both = album(title: blank, artist: blank).problems()
    #expect(both.map(\.field) == [.title, .artist])
  }

  @Test("a single visible character is enough", arguments: ["x", " x ", ".", "1", "é"])
  func oneCharacterIsEnough(value: String) {
    #expect(album(title: value, artist: value).problems() == [])
  }

  @Test func requiredFieldsAreTrimmedWhenRead() throws {
    let parsed = try AlbumFile.parse(Array("---\ntitle: \"  Kid A \"\nartist: \"\\tRadiohead\"\n---\n".utf8), id: "a")
    #expect(parsed.album.title == "Kid A")
    #expect(parsed.album.artist == "Radiohead")
    #expect(parsed.problems == [])
  }

  @Test func blankRequiredFieldsReadFromAFileAreProblems() throws {
    let parsed = try AlbumFile.parse(Array("---\ntitle: \"   \"\nartist:\n---\n".utf8), id: "a")
    #expect(parsed.problems.map(\.field) == [.title, .artist])
    #expect(parsed.problems.map(\.line) == [2, 3])
  }

  @Test("optional fields that are blank are absent", arguments: ["sort_artist", "released", "wikipedia"])
  func blankOptionalFieldsAreAbsent(key: String) throws {
    let parsed = try AlbumFile.parse(Array("---\ntitle: T\nartist: A\n\(key): \"  \"\n---\n".utf8), id: "a")
    #expect(parsed.album.sortArtist == nil)
    #expect(parsed.album.released == nil)
    #expect(parsed.album.wikipedia == nil)
    #expect(parsed.problems == [])
  }

  // MARK: Length

  @Test("255 characters are accepted", arguments: ValidationLimitedField.allCases)
  func at255(field: ValidationLimitedField) {
    #expect(field.makeAlbum(length: 255).problems() == [])
  }

  @Test("256 characters are refused", arguments: ValidationLimitedField.allCases)
  func at256(field: ValidationLimitedField) {
    let problems = field.makeAlbum(length: 256).problems()
    #expect(problems.map(\.field) == [field.field])
    #expect(problems.first?.message.contains("256 characters long; at most 255 are allowed") == true)
  }

  @Test("length counts characters, not bytes", arguments: ValidationLimitedField.allCases, ["é", "e\u{301}", "日", "👍🏽", "🇮🇸"])
  func countsCharacters(field: ValidationLimitedField, character: String) {
    #expect(field.makeAlbum(length: 255, of: character).problems() == [], "255 × \(character)")
    #expect(field.makeAlbum(length: 256, of: character).problems().map(\.field) == [field.field], "256 × \(character)")
  }

  @Test func lengthProblemMessages() {
    #expect(album(title: text(300)).problems().map(\.description) == ["title: is 300 characters long; at most 255 are allowed"])
    #expect(
      album(tracks: ["a", "b", text(256)]).problems().map(\.description) == [
        "tracks: track 3 is 256 characters long; at most 255 are allowed"
      ])
    #expect(
      album(tags: [text(256)]).problems().map(\.description) == [
        "tags: tag 1 is 256 characters long; at most 255 are allowed"
      ])
  }

  @Test func addingATagOrTrackChecksTheLength() throws {
    var a = album()
    #expect(try a.addTag(text(255)) == true)
    #expect(throws: AlbumEditError.tooLong(.tag(1), count: 256)) { try a.addTag(text(256)) }
    #expect(a.tags == [text(255)])
    try a.addTrack(text(255, of: "é"))
    #expect(throws: AlbumEditError.tooLong(.track(1), count: 256)) { try a.addTrack(text(256, of: "é")) }
    #expect(a.tracks == [text(255, of: "é")])
    #expect(throws: AlbumEditError.tooLong(.track(0), count: 256)) { try a.renameTrack(1, to: text(256)) }
  }

  @Test("a line break in a one-line field is refused", arguments: ["a\nb", "a\rb", "a\u{2028}b", "a\u{85}b"])
  func singleLine(value: String) {
    #expect(album(title: value).problems().map(\.field) == [.title])
    #expect(album(title: value).problems().first?.message == "must be a single line")
  }

  // MARK: Release dates

  @Test(
    "release dates that are accepted, and their canonical text",
    arguments: [
      ("1997", "1997"), ("1997-05", "1997-05"), ("1997-05-21", "1997-05-21"), ("1997-5-3", "1997-05-03"),
      ("1997-5", "1997-05"), ("1997-05-3", "1997-05-03"), ("0001", "0001"), ("1", "0001"), ("9999", "9999"),
      ("9999-12-31", "9999-12-31"), ("2000-02-29", "2000-02-29"), ("2024-02-29", "2024-02-29"), ("1997-12-31", "1997-12-31"),
      ("1997-01-01", "1997-01-01"), ("1997-04-30", "1997-04-30"), ("1997-02-28", "1997-02-28"),
    ])
  func validDates(text: String, canonical: String) throws {
    let date = try ReleaseDate(parsing: text)
    #expect(date.text == canonical)
    #expect(album(released: text).problems() == [])
  }

  @Test func dateParts() throws {
    let full = try ReleaseDate(parsing: "1997-5-21")
    #expect(full.year == 1997)
    #expect(full.month == 5)
    #expect(full.day == 21)
    let year = try ReleaseDate(parsing: "1969")
    #expect(year.year == 1969)
    #expect(year.month == nil)
    #expect(year.day == nil)
  }

  @Test(
    "release dates that are refused, and why",
    arguments: [
      ("0", ReleaseDateError.year), ("0000", .year), ("0000-01-01", .year),
      ("1997-13", .month), ("1997-00", .month), ("1997-13-01", .month),
      ("1997-02-29", .day(year: 1997, month: 2, day: 29)), ("1900-02-29", .day(year: 1900, month: 2, day: 29)),
      ("2100-02-29", .day(year: 2100, month: 2, day: 29)), ("1997-04-31", .day(year: 1997, month: 4, day: 31)),
      ("1997-05-00", .day(year: 1997, month: 5, day: 0)), ("1997-01-32", .day(year: 1997, month: 1, day: 32)),
      ("abcd", .malformed("abcd")), ("", .malformed("")), ("1997-", .malformed("1997-")), ("-1997", .malformed("-1997")),
      ("1997/05/21", .malformed("1997/05/21")), ("1997-05-21-01", .malformed("1997-05-21-01")),
      ("1997 ", .malformed("1997 ")), ("97-5-21T00:00", .malformed("97-5-21T00:00")), ("1997--05", .malformed("1997--05")),
      ("+1997", .malformed("+1997")), ("1997.5", .malformed("1997.5")), ("１９９７", .malformed("１９９７")),
    ])
  func invalidDates(text: String, error: ReleaseDateError) {
    #expect(throws: error) { try ReleaseDate(parsing: text) }
    #expect(album(released: text).problems() == [AlbumProblem(field: .released, message: error.description, rule: .releaseDate)])
    #expect(album(released: text).problems().map(\.message) == [error.description])
  }

  @Test("years above 9999 are refused", arguments: ["10000", "10000-01-01", "99999", "12345-01"])
  func yearTooLarge(text: String) {
    #expect(throws: ReleaseDateError.self) { try ReleaseDate(parsing: text) }
    #expect(album(released: text).problems().map(\.field) == [.released])
    #expect(album(released: text).releaseDate == nil)
  }

  @Test func dateFromParts() throws {
    #expect(try ReleaseDate(year: 1997, month: 5, day: 21).text == "1997-05-21")
    #expect(throws: ReleaseDateError.dayWithoutMonth) { try ReleaseDate(year: 1997, day: 21) }
    #expect(throws: ReleaseDateError.year) { try ReleaseDate(year: 10000) }
    #expect(throws: ReleaseDateError.year) { try ReleaseDate(year: -1) }
    #expect(throws: ReleaseDateError.month) { try ReleaseDate(year: 1997, month: 13) }
  }

  @Test func dateMessages() {
    #expect(ReleaseDateError.day(year: 1997, month: 2, day: 29).description == "1997-02 has no day 29")
    #expect(ReleaseDateError.year.description == "the year must be a whole number from 1 to 9999")
    #expect(ReleaseDateError.month.description == "the month must be from 1 to 12")
    #expect(ReleaseDateError.malformed("abcd").description.contains("YYYY-MM-DD"))
  }

  // MARK: Wikipedia

  @Test(
    "http and https addresses are accepted",
    arguments: [
      "https://en.wikipedia.org/wiki/OK_Computer", "http://en.wikipedia.org/wiki/OK_Computer",
      "HTTPS://EN.WIKIPEDIA.ORG/WIKI/OK_COMPUTER", "https://is.wikipedia.org/wiki/Ágætis_byrjun", "https://w",
    ])
  func webAddresses(address: String) {
    #expect(album(wikipedia: address).problems() == [])
  }

  @Test(
    "other addresses are refused",
    arguments: [
      "en.wikipedia.org/wiki/OK_Computer", "ftp://en.wikipedia.org/wiki/OK_Computer", "https://", "http://",
      "https:///wiki/OK_Computer", "https://en.wikipedia.org/wiki/OK Computer", "javascript:alert(1)",
      "mailto:someone@example.com", "file:///etc/passwd", "https:/en.wikipedia.org", "OK Computer",
    ])
  func notWebAddresses(address: String) {
    let problems = album(wikipedia: address).problems()
    #expect(
      problems == [
        AlbumProblem(field: .wikipedia, message: "\"\(address)\" is not a web address; write it as https://…", rule: .webAddress)
      ])
    #expect(problems.map(\.message) == ["\"\(address)\" is not a web address; write it as https://…"])
  }

  // MARK: Tags

  @Test func tagsDifferingOnlyInCaseAreBothFine() {
    #expect(album(tags: ["Jazz", "jazz", "JAZZ"]).problems() == [])
  }

  @Test func duplicateTagIsAProblemOnTheRepeat() {
    let problems = album(tags: ["jazz", "rock", "jazz", "rock"]).problems()
    #expect(
      problems == [
        AlbumProblem(field: .tag(2), message: "\"jazz\" appears more than once; remove the repeat", rule: .duplicateTag),
        AlbumProblem(field: .tag(3), message: "\"rock\" appears more than once; remove the repeat", rule: .duplicateTag),
      ])
    #expect(
      problems.map(\.message) == [
        "\"jazz\" appears more than once; remove the repeat", "\"rock\" appears more than once; remove the repeat",
      ])
  }

  // MARK: Problems as values

  @Test func problemsCompareByFieldLineAndRuleNotWording() {
    let long = AlbumProblem(field: .title, message: "is 300 characters long", rule: .tooLong)
    #expect(long == AlbumProblem(field: .title, message: "is 301 characters long; reworded", rule: .tooLong))
    #expect(long != AlbumProblem(field: .title, line: 4, message: "is 300 characters long", rule: .tooLong))
    #expect(long != AlbumProblem(field: .artist, message: "is 300 characters long", rule: .tooLong))
    #expect(long.isSame(as: AlbumProblem(field: .title, line: 9, message: "x", rule: .tooLong)))
    // Problems without a rule are told apart by their message.
    #expect(AlbumProblem(field: .title, message: "a") != AlbumProblem(field: .title, message: "b"))
    #expect(AlbumProblem(field: .title, message: "a") == AlbumProblem(field: .title, message: "a"))
  }

  @Test func problemsNotInTheOriginal() {
    let original = album(released: "1997-02-29", tracks: ["One", " ", "Three"], tags: ["jazz", "jazz"])
    // What a person wrote before is not the change's fault, even when it moves.
    var moved = original
    moved.tracks.removeFirst()
    moved.title = String(repeating: "x", count: 300)
    #expect(moved.problems(notIn: original).map(\.rule) == [.tooLong])
    // A second blank track is new, though one was there before.
    var second = original
    second.tracks.append("")
    #expect(second.problems(notIn: original).map(\.field) == [.track(3)])
    // A bad date changed to another bad date is the change's doing.
    var redated = original
    redated.released = "1997-13"
    #expect(redated.problems(notIn: original).map(\.field) == [.released])
    var retagged = original
    retagged.tags.append("rock")
    #expect(retagged.problems(notIn: original) == [])
    #expect(album(released: "1997-13").problems(notIn: nil).count == 1)
  }

  @Test func addingATagThatIsThereChangesNothing() throws {
    var a = album(tags: ["jazz"])
    #expect(try a.addTag("jazz") == false)
    #expect(try a.addTag("  jazz ") == false)
    #expect(a.tags == ["jazz"])
    #expect(try a.addTag("Jazz") == true)
    #expect(a.tags == ["jazz", "Jazz"])
  }

  @Test("a blank tag is not added", arguments: ["", " ", "\t  "])
  func blankTagNotAdded(blank: String) throws {
    var a = album(tags: ["jazz"])
    #expect(try a.addTag(blank) == false)
    #expect(a.tags == ["jazz"])
  }

  @Test func tagsAreTrimmedAndKeptInOrder() throws {
    var a = album()
    try a.addTag("  rock ")
    try a.addTag("1990s")
    try a.addTag("alternative")
    #expect(a.tags == ["rock", "1990s", "alternative"])
  }

  @Test func blankTagsInAFileAreDropped() throws {
    let text = "---\ntitle: T\nartist: A\ntags:\n- jazz\n- \"\"\n- \"   \"\n-\n- rock\n---\n"
    let parsed = try AlbumFile.parse(Array(text.utf8), id: "a")
    #expect(parsed.album.tags == ["jazz", "rock"])
    #expect(parsed.problems == [])
    #expect(parsed.lines.tags == [5, 9])
  }

  @Test func removingATagIsExact() {
    var a = album(tags: ["Jazz", "jazz"])
    #expect(a.removeTag("JAZZ") == false)
    #expect(a.removeTag("jazz") == true)
    #expect(a.tags == ["Jazz"])
  }

  // MARK: Tracks

  @Test("a blank track is not added", arguments: ["", " ", "\t\t"])
  func blankTrackNotAdded(blank: String) {
    var a = album(tracks: ["Airbag"])
    #expect(throws: AlbumEditError.blankTrack) { try a.addTrack(blank) }
    #expect(throws: AlbumEditError.blankTrack) { try a.renameTrack(1, to: blank) }
    #expect(a.tracks == ["Airbag"])
  }

  @Test func trackNamesAreTrimmedAndOneLine() throws {
    var a = album()
    try a.addTrack("  Airbag  ")
    #expect(a.tracks == ["Airbag"])
    #expect(throws: AlbumEditError.multipleLines(.track(1))) { try a.addTrack("Paranoid\nAndroid") }
  }

  @Test func tracksMoveAndUpOnFirstOrDownOnLastDoNothing() throws {
    var a = album(tracks: ["one", "two", "three"])
    #expect(try a.moveTrackUp(1) == false)
    #expect(try a.moveTrackDown(3) == false)
    #expect(a.tracks == ["one", "two", "three"])
    #expect(try a.moveTrackUp(2) == true)
    #expect(a.tracks == ["two", "one", "three"])
    #expect(try a.moveTrackDown(2) == true)
    #expect(a.tracks == ["two", "three", "one"])
    try a.addTrack("zero", at: 1)
    #expect(a.tracks == ["zero", "two", "three", "one"])
    try a.removeTrack(4)
    #expect(a.tracks == ["zero", "two", "three"])
    #expect(throws: AlbumEditError.noSuchTrack(4, count: 3)) { try a.removeTrack(4) }
    #expect(throws: AlbumEditError.noSuchTrack(0, count: 3)) { try a.moveTrackUp(0) }
    #expect(throws: AlbumEditError.noSuchPosition(5, count: 3)) { try a.addTrack("x", at: 5) }
  }

  @Test func everyProblemIsReportedNotJustTheFirst() {
    let broken = album(
      title: " ", artist: "", sortArtist: text(256), released: "1997-02-29", wikipedia: "www.example.com",
      tracks: ["ok", text(256)], tags: ["a", "a"])
    #expect(broken.problems().map(\.field) == [.title, .artist, .sortArtist, .released, .wikipedia, .track(1), .tag(1)])
  }
}

@Suite("Validation has one home")
struct ValidationHomeTests {
  @Test func editsRefuseWhatValidationRefuses() {
    var album = Album(id: "a", title: "T", artist: "A")
    // A tag with a line break used to be added, and then broke the album.
    #expect(throws: AlbumEditError.multipleLines(.tag(0))) { try album.addTag("two\u{2028}lines") }
    #expect(album.tags.isEmpty)
  }
}
