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
  @Test("each placeholder", arguments: [
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
    #expect(FormatTemplate.Placeholder.allCases.map(\.rawValue) == [
      "id", "title", "artist", "sort_artist", "released", "year", "wikipedia", "tags", "tracks", "duration",
    ])
    for placeholder in FormatTemplate.Placeholder.allCases {
      _ = try FormatTemplate("{\(placeholder.rawValue)}")
    }
  }

  @Test("text, escapes and braces", arguments: [
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

  @Test("unknown placeholders are refused", arguments: ["{name}", "{Title}", "{ title }", "{}", "{sort-artist}", "x {tracks} {cover}"])
  func unknown(template: String) {
    let error = #expect(throws: FormatTemplateError.self) { try FormatTemplate(template) }
    guard case .unknown(let name) = error else {
      Issue.record("expected an unknown placeholder, got \(String(describing: error))")
      return
    }
    #expect(template.contains("{\(name)}"))
  }

  @Test("an unclosed brace is refused", arguments: ["{title", "{", "{title} {artist", "x{"])
  func unclosed(template: String) {
    #expect(throws: FormatTemplateError.unclosed) { try FormatTemplate(template) }
  }

  @Test func errorMessagesListThePlaceholders() {
    let message = FormatTemplateError.unknown("name").description
    #expect(message.hasPrefix("{name} is not a placeholder"))
    #expect(message.contains("{id} {title} {artist} {sort_artist} {released} {year} {wikipedia} {tags} {tracks}"))
    #expect(message.contains("{{"))
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
