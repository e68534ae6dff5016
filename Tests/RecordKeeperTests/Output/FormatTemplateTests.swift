import Testing

@testable import RecordKeeper

private let okComputer = Album(
  id: "albums/radiohead-ok-computer", title: "OK Computer", artist: "Radiohead", sortArtist: "Radiohead",
  released: "1997-5-21", wikipedia: "https://en.wikipedia.org/wiki/OK_Computer",
  tracks: ["Airbag", "Paranoid Android"], tags: ["alternative", "1990s"])

private let bare = Album(id: "loose", title: "Untitled", artist: "Nobody")

private func render(_ template: String, _ album: Album = okComputer) throws -> String {
  try FormatTemplate(template).render(album)
}

@Suite("--format templates")
struct FormatTemplateTests {
  @Test(
    "each placeholder",
    arguments: [
      ("{id}", "albums/radiohead-ok-computer", "loose"),
      ("{title}", "OK Computer", "Untitled"),
      ("{artist}", "Radiohead", "Nobody"),
      ("{sort_artist}", "Radiohead", ""),
      ("{released}", "1997-05-21", ""),
      ("{year}", "1997", ""),
      ("{wikipedia}", "https://en.wikipedia.org/wiki/OK_Computer", ""),
      ("{tags}", "alternative, 1990s", ""),
      ("{tracks}", "Airbag; Paranoid Android", ""),
    ])
  func placeholders(template: String, full: String, empty: String) throws {
    #expect(try render(template) == full)
    #expect(try render(template, bare) == empty)
  }

  @Test func collectorsFieldsArePlaceholders() throws {
    var album = okComputer
    album.label = "Parlophone"
    album.catalogNumber = "NODATA 02"
    #expect(try render("{label}|{catalog_number}|{rating}", album) == "Parlophone|NODATA 02|")
    for field in CollectorField.allCases {
      #expect(try render("{\(field.key)}", bare) == "")
    }
  }

  @Test func everyPlaceholderIsAccepted() throws {
    #expect(
      FormatTemplate.Placeholder.allCases.map(\.rawValue) == [
        "id", "title", "artist", "sort_artist", "released", "year", "wikipedia", "tags", "tracks", "duration", "plays", "last_played",
      ])
    for placeholder in FormatTemplate.Placeholder.allCases {
      _ = try FormatTemplate("{\(placeholder.rawValue)}")
    }
  }

  @Test(
    "text, escapes and braces",
    arguments: [
      (#"{artist}\t{title}"#, "Radiohead\tOK Computer"),
      (#"{artist}\n{title}"#, "Radiohead\nOK Computer"),
      (#"a\\b"#, #"a\b"#),
      (#"a\xb"#, #"a\xb"#),
      (#"end\"#, #"end\"#),
      ("{{title}}", "{title}"),
      ("{{{title}}}", "{OK Computer}"),
      ("}", "}"),
      ("}}", "}"),
      ("{title} ({year})", "OK Computer (1997)"),
      ("{artist} - {artist}", "Radiohead - Radiohead"),
      ("plain text", "plain text"),
      ("", ""),
      ("Björk ♫ {title}", "Björk ♫ OK Computer"),
    ])
  func textAndEscapes(template: String, expected: String) throws {
    #expect(try render(template) == expected)
  }

  @Test func anyOtherNameIsAnExtraKey() throws {
    var album = okComputer
    album.extra = [
      ExtraField(key: "mood", yaml: "mood: bleak\n", value: .string("bleak")),
      ExtraField(key: "pressings", yaml: "", value: .array([.number(1), .number(2)])),
      ExtraField(key: "Side Note", yaml: "", value: .object([("a", .bool(true))])),
    ]
    #expect(try render("{title}: {mood}|{pressings}|{Side Note}|{absent}", album) == "OK Computer: bleak|1, 2|a: true|")
    #expect(try render("{mood}", bare) == "")
    #expect(try FormatTemplate("{mood} {title} {absent} {mood}").extraKeys == ["mood", "absent"])
  }

  @Test func extraKeysNoAlbumHasAreRefusedWithTheClosestName() throws {
    var album = bare
    album.extra = [ExtraField(key: "mood", yaml: "mood: x\n", value: .string("x"))]
    try FormatTemplate("{mood}{title}").requireExtraKeys(in: [bare, album])
    #expect(throws: FormatTemplateError.unknown("moood", suggestion: "mood")) {
      try FormatTemplate("{title} {moood}").requireExtraKeys(in: [bare, album])
    }
    #expect(throws: FormatTemplateError.unknown("titel", suggestion: "title")) {
      try FormatTemplate("{titel}").requireExtraKeys(in: [album])
    }
    #expect(throws: FormatTemplateError.unknown("catalog_numbr", suggestion: "catalog_number")) {
      try FormatTemplate("{catalog_numbr}").requireExtraKeys(in: [])
    }
    #expect(throws: FormatTemplateError.unknown("xyzzy", suggestion: nil)) { try FormatTemplate("{xyzzy}").requireExtraKeys(in: [album]) }
  }

  @Test(
    "names that are no field and no album's key are refused",
    arguments: ["{name}", "{Title}", "{ title }", "{sort-artist}", "x {tracks} {cover}"])
  func unknown(template: String) throws {
    let error = #expect(throws: FormatTemplateError.self) { try FormatTemplate(template).requireExtraKeys(in: [okComputer, bare]) }
    guard case .unknown(let name, _) = error else {
      Issue.record("expected an unknown placeholder, got \(String(describing: error))")
      return
    }
    #expect(template.contains("{\(name)}"))
  }

  @Test func anEmptyPlaceholderIsRefusedAtOnce() {
    #expect(throws: FormatTemplateError.unknown("", suggestion: nil)) { try FormatTemplate("{}") }
  }

  @Test("an unclosed brace is refused", arguments: ["{title", "{", "{title} {artist", "x{"])
  func unclosed(template: String) {
    #expect(throws: FormatTemplateError.unclosed) { try FormatTemplate(template) }
  }

  @Test func errorMessagesListThePlaceholdersOrSuggestOne() {
    let message = FormatTemplateError.unknown("name", suggestion: nil).description
    #expect(message.hasPrefix("{name} is not a placeholder or an extra key of any album"))
    #expect(
      message.contains(
        "{id} {title} {artist} {sort_artist} {released} {year} {wikipedia} {tags} {tracks} {duration} {plays} {last_played} {format}"))
    #expect(message.contains("{{"))
    #expect(FormatTemplateError.unknown("titel", suggestion: "title").description.contains("did you mean {title}?"))
    #expect(FormatTemplateError.unclosed.description.contains("not closed"))
  }

  @Test func yearOfPartialDatesAndInvalidDates() throws {
    #expect(try render("{year}|{released}", Album(id: "a", title: "t", artist: "a", released: "1969")) == "1969|1969")
    #expect(try render("{year}|{released}", Album(id: "a", title: "t", artist: "a", released: "1970-5")) == "1970|1970-05")
    // A date that breaks the rules is shown as written, with no year.
    #expect(try render("{year}|{released}", Album(id: "a", title: "t", artist: "a", released: "1997-13")) == "|1997-13")
  }

  @Test func valuesAreInsertedAsIs() throws {
    let album = Album(id: "a", title: "{artist}", artist: #"back\slash\t"#, tags: ["a, b", "c"])
    #expect(try render("{title}|{artist}|{tags}", album) == #"{artist}|back\slash\t|a, b, c"#)
  }
}
