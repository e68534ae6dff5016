import Testing

@testable import RecordKeeper

/// A compact way to write expected terms: `"pink"`, `"+jazz"`, `"-live"`.
private func terms(_ query: String) throws -> [String] {
  try SearchQuery(parsing: query).terms.map { term in
    switch term.kind {
    case .plain: "=" + term.text
    case .required: "+" + term.text
    case .excluded: "-" + term.text
    }
  }
}

@Suite("Search queries (seed §3.3)")
struct SearchQueryTests {
  @Test(
    "terms are split at spaces, quotes group words, escapes and signs",
    arguments: [
      ("pink floyd", ["=pink", "=floyd"]),
      ("  pink    floyd  ", ["=pink", "=floyd"]),
      ("floyd", ["=floyd"]),
      ("\"pink floyd\"", ["=pink floyd"]),
      ("\"pink floyd\" -live", ["=pink floyd", "-live"]),
      ("the \"dark side\" moon", ["=the", "=dark side", "=moon"]),
      ("\"  spaced  out  \"", ["=  spaced  out  "]),
      (#"say \"hi\""#, ["=say", "=\"hi\""]),
      (#""say \"hi\" now""#, ["=say \"hi\" now"]),
      (#"a\\b"#, [#"=a\b"#]),
      (#""a\\" b"#, [#"=a\"#, "=b"]),
      (#"\\"#, [#"=\"#]),
      (#"\""#, [#"=""#]),
      (#"C:\dir"#, [#"=C:\dir"#]),
      ("+jazz", ["+jazz"]),
      ("-live", ["-live"]),
      ("+jazz -live blue", ["+jazz", "-live", "=blue"]),
      ("+\"kind of blue\"", ["+kind of blue"]),
      ("-\"live at\"", ["-live at"]),
      ("\"-live\"", ["=-live"]),
      ("\"+jazz\"", ["=+jazz"]),
      (#"\"-live"#, [#"="-live"#]),
      ("--live", ["--live"]),
      ("+-live", ["+-live"]),
      ("-+jazz", ["-+jazz"]),
      ("rock-n-roll", ["=rock-n-roll"]),
      ("a+b", ["=a+b"]),
      ("+", []),
      ("-", []),
      ("+ -", []),
      ("jazz + blue - live", ["=jazz", "=blue", "=live"]),
      ("\"pink floyd", ["=pink floyd"]),
      ("pink \"floyd", ["=pink", "=floyd"]),
      ("\"unterminated   ", ["=unterminated   "]),
      ("", []),
      ("   ", []),
      ("\"\"", []),
      ("\"\" \"\"", []),
      ("björk", ["=björk"]),
    ])
  func parsing(query: String, expected: [String]) throws {
    #expect(try terms(query) == expected)
  }

  @Test func termsCarryKindAndText() throws {
    let query = try SearchQuery(parsing: "\"pink floyd\" +1973 -live")
    #expect(
      query.terms == [
        SearchQuery.Term(.plain, "pink floyd"), SearchQuery.Term(.required, "1973"), SearchQuery.Term(.excluded, "live"),
      ])
  }

  @Test func emptyQueries() throws {
    #expect(try SearchQuery(parsing: "").isEmpty)
    #expect(try SearchQuery(parsing: "  ").isEmpty)
    #expect(try SearchQuery(parsing: "+ -").isEmpty)
    #expect(!(try SearchQuery(parsing: "a").isEmpty))
  }

  @Test func termsAreFoldedForMatching() throws {
    let query = try SearchQuery(parsing: "BJÖRK Ágætis")
    #expect(query.terms.map(\.folded) == [Array("bjork".utf8), Array("agaetis".utf8)])
  }

  // MARK: Fields to search (`--in`, seed §3.4)

  @Test(
    "field lists",
    arguments: [
      ("artist", [SearchField.artist]),
      ("artist,title", [.artist, .title]),
      ("released,tracks", [.released, .tracks]),
      ("sort-artist", [.sortArtist]),
      ("sort_artist", [.sortArtist]),
      ("Tags, TITLE", [.tags, .title]),
      ("artist,,title,", [.artist, .title]),
      ("artist,title,released,tracks,sort-artist,tags,label", Array(SearchField.defaults)),
      ("artist,title,released,tracks,sort-artist,tags,label,notes", SearchField.allCases),
    ])
  func fieldLists(text: String, expected: [SearchField]) throws {
    #expect(try SearchField.parseList(text) == Set(expected))
  }

  @Test("at least one field", arguments: ["", ",", ",,"])
  func noFields(text: String) throws {
    #expect(throws: SearchFieldError.none) { try SearchField.parseList(text) }
  }

  @Test func unknownField() throws {
    #expect(throws: SearchFieldError.unknown("album")) { try SearchField.parseList("artist,album") }
    #expect(SearchFieldError.unknown("album").description.contains("sort-artist"))
  }

  @Test func fieldLabelsFollowTheSeed() throws {
    #expect(
      SearchField.allCases.map(\.label) == [
        "Artist", "Album Name", "Album Release Date", "Album Tracks", "Sort Artist", "Tags", "Label, Catalog Number & Barcode", "Notes",
      ])
  }
}
