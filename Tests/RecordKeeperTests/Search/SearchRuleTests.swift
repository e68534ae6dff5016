import Testing

@testable import RecordKeeper

/// An album for rule tests: `released`, tags and the fields set by `edit`.
private func album(
  _ id: String, released: String? = nil, tags: [String] = [], tracks: Int = 0, _ edit: (inout Album) -> Void = { _ in }
) -> Album {
  var album = Album(
    id: id, title: "Title \(id)", artist: "Artist \(id)", released: released, tracks: (0..<tracks).map { "Track \($0)" }, tags: tags)
  edit(&album)
  return album
}

/// The ids of `albums` that `query` (rules, clauses and terms) matches.
private func matching(_ query: String, _ albums: [Album], lists: SmartLists = SmartLists()) throws -> [String] {
  let matcher = try SearchMatcher(query: try SearchQuery(parsing: query), lists: lists)
  return albums.filter(matcher.matches).map(\.id)
}

/// The parse error `query` gives, if any.
private func parseError(_ query: String) -> SearchQueryError? {
  do {
    _ = try SearchQuery(parsing: query)
    return nil
  } catch {
    return error
  }
}

@Suite("Seed 003's taglist examples, word for word")
struct SeedTaglistExampleTests {
  @Test func twoPositiveClausesAndOneNegative() throws {
    // + (#dance, #pop, #hip-hop)   + (@year(>2010))   - (#japanese, #korean)
    let rules = ["+ (#dance, #pop, #hip-hop)", "+ (@year(>2010))", "- (#japanese, #korean)"]
    let albums = [
      album("pop-2015", released: "2015", tags: ["pop"]),
      album("hip-hop-2012", released: "2012-03", tags: ["hip-hop", "english"]),
      album("dance-2010", released: "2010-12-31", tags: ["dance"]),
      album("rock-2015", released: "2015", tags: ["rock"]),
      album("k-pop-2019", released: "2019", tags: ["pop", "korean"]),
      album("j-dance-2020", released: "2020", tags: ["dance", "japanese"]),
      album("pop-undated", tags: ["pop"]),
    ]
    let expected = ["pop-2015", "hip-hop-2012"]
    #expect(try matching(rules.joined(separator: " "), albums) == expected)
    let list = try SmartList(name: "taglist", rules: rules)
    #expect(try matching("@taglist", albums, lists: SmartLists([list])) == expected)
  }

  @Test func multipleNegativeClausesExcludeOnlyWhenAllHold() throws {
    // + (#english, #french)   - (#french)   - (@year(<2000))
    let rules = ["+ (#english, #french)", "- (#french)", "- (@year(<2000))"]
    let albums = [
      album("english-1980", released: "1980", tags: ["english"]),
      album("french-2020", released: "2020", tags: ["french"]),
      album("french-1980", released: "1980", tags: ["french"]),
      album("japanese-2020", released: "2020", tags: ["japanese"]),
    ]
    // Included, included, excluded, excluded.
    let expected = ["english-1980", "french-2020"]
    #expect(try matching(rules.joined(separator: " "), albums) == expected)
    let list = try SmartList(name: "taglist", rules: rules)
    #expect(try matching("@taglist", albums, lists: SmartLists([list])) == expected)
  }
}

@Suite("Rules and clauses in a query (docs/commands.md)")
struct SearchRuleParsingTests {
  @Test(
    "rules are read as written",
    arguments: [
      ("#jazz", [SearchClause([.tag("jazz")])]),
      ("#instruments:piano", [SearchClause([.tag("instruments:piano")])]),
      ("#hip-hop", [SearchClause([.tag("hip-hop")])]),
      ("#\"hip hop\"", [SearchClause([.tag("hip hop")])]),
      ("-#jazz", [SearchClause(isNegative: true, [.tag("jazz")])]),
      ("- #jazz", [SearchClause(isNegative: true, [.tag("jazz")])]),
      ("+#jazz", [SearchClause([.tag("jazz")])]),
      ("@cover", [SearchClause([.field(.cover, .present)])]),
      ("-(@tags)", [SearchClause(isNegative: true, [.field(.tags, .present)])]),
      ("@artist:miles", [SearchClause([.field(.artist, .contains("miles"))])]),
      ("@artist:=\"Miles Davis\"", [SearchClause([.field(.artist, .equals("Miles Davis"))])]),
      ("@year:>2010", [SearchClause([.field(.year, .compare(.greater, .number(2010)))])]),
      ("@year(>2010)", [SearchClause([.field(.year, .compare(.greater, .number(2010)))])]),
      ("@rating:>=4", [SearchClause([.field(.collector(.rating), .compare(.greaterOrEqual, .number(4)))])]),
      ("@tracks:<=3", [SearchClause([.field(.tracks, .compare(.lessOrEqual, .number(3)))])]),
      ("@discogs:<5", [SearchClause([.field(.collector(.discogs), .compare(.less, .number(5)))])]),
      ("@rating:5", [SearchClause([.field(.collector(.rating), .compare(.equal, .number(5)))])]),
      ("@year:1970..1979", [SearchClause([.field(.year, .range(.number(1970), .number(1979)))])]),
      ("@sort-artist:beatles", [SearchClause([.field(.sortArtist, .contains("beatles"))])]),
      ("@Catalog_Number:=\"CL 1355\"", [SearchClause([.field(.collector(.catalogNumber), .equals("CL 1355"))])]),
      ("@favourites", [SearchClause([.list("favourites")])]),
      (
        "+(#dance, #pop) -(#live,@year:<1970)",
        [
          SearchClause([.tag("dance"), .tag("pop")]),
          SearchClause(isNegative: true, [.tag("live"), .field(.year, .compare(.less, .number(1970)))]),
        ]
      ),
    ] as [(String, [SearchClause])])
  func parses(query: String, clauses: [SearchClause]) throws {
    let parsed = try SearchQuery(parsing: query)
    #expect(parsed.clauses == clauses)
    #expect(parsed.terms.isEmpty)
  }

  @Test func datesKeepTheirPrecision() throws {
    let query = try SearchQuery(parsing: "@released:>=1969-06 @purchased:2024-03-05")
    #expect(query.clauses.map(\.description) == ["@released:>=1969-06", "@purchased:2024-03-05"])
  }

  @Test func plainTermsKeepTheirMeaningBesideRules() throws {
    let query = try SearchQuery(parsing: "miles -live #jazz \"#1 Record\" +blue")
    #expect(query.terms.map(\.text) == ["miles", "live", "#1 Record", "blue"])
    #expect(query.terms.map(\.kind) == [.plain, .excluded, .plain, .required])
    #expect(query.clauses == [SearchClause([.tag("jazz")])])
  }

  @Test func aParenthesisWithoutRulesIsPlainText() throws {
    let query = try SearchQuery(parsing: "-(live) +(remastered) (demo)")
    #expect(query.clauses.isEmpty)
    #expect(query.terms == [.init(.excluded, "(live)"), .init(.required, "(remastered)"), .init(.plain, "(demo)")])
  }

  @Test func aQuotedTermIsPlainText() throws {
    let query = try SearchQuery(parsing: "\"#1 Record\" \"@home\"")
    #expect(query.clauses.isEmpty)
    #expect(query.terms.map(\.text) == ["#1 Record", "@home"])
  }

  @Test func descriptionsReadBackAsTheSameClauses() throws {
    for text in [
      "+(#dance, #pop, #hip-hop)", "@year:>2010", "-(#japanese, #korean)", "@artist:=\"Miles Davis\"", "#\"hip hop\"",
      "-@cover", "@released:1969..1970-06", "@title:\"a..b\"", "@title:\"=odd\"", "@favourites", "#\"say \\\"hi\\\"\"",
    ] {
      let clauses = try SearchQuery(parsing: text).clauses
      #expect(clauses.map(\.description).joined(separator: " ") == text)
      #expect(try SearchQuery(parsing: clauses.map(\.description).joined(separator: " ")).clauses == clauses)
    }
  }

  @Test func unknownFieldsAreNamedWithTheClosestField() {
    guard case .unknownField(let name, let rule, let suggestion) = parseError("@yaer:>2010") else {
      Issue.record("expected an unknown field")
      return
    }
    #expect(name == "yaer")
    #expect(rule == "@yaer:>2010")
    #expect(suggestion == "year")
    let message = SearchQueryError.unknownField(name: name, rule: rule, suggestion: suggestion).description
    #expect(message.contains("did you mean @year?"))
    #expect(message.contains("title, artist, sort_artist, released, year"))
  }

  @Test(
    "malformed rules are refused, saying what to write",
    arguments: [
      ("#", "write the tag after #"),
      ("@", "write a field or a smart list after @"),
      ("@year:>abc", "year is a whole number"),
      ("@released:>June", "released is a date"),
      ("@purchased:2024-13", "purchased is a date"),
      ("@title:>x", "title is text"),
      ("@cover:yes", "@cover can only be present or not"),
      ("@artist:", "write the text to look for"),
      ("@year=1970", "write : and the value after @year"),
      ("@year(>2010", "close the parenthesis"),
      ("@artist:\"Miles", "close the quote"),
      ("+()", "a clause needs at least one rule"),
    ])
  func malformed(query: String, advice: String) {
    guard case .malformedRule(_, let given) = parseError(query) else {
      Issue.record("\(query) was not refused as malformed: \(String(describing: parseError(query)))")
      return
    }
    #expect(given.contains(advice), "\(query): \(given)")
  }

  @Test func clausesMustCloseAndHoldOnlyRules() {
    #expect(parseError("+(#a, #b") == .unclosedClause("+(#a, #b"))
    #expect(parseError("+(#a, b)") == .notARule(clause: "+(#a, b)", item: "b"))
    #expect(parseError("-( #a b)") == .notARule(clause: "-( #a b)", item: "b"))
    #expect(parseError("+(@artist:=Miles Davis)") == .notARule(clause: "+(@artist:=Miles Davis)", item: "Davis"))
  }

  @Test func listNamesAreCollected() throws {
    #expect(try SearchQuery(parsing: "@a +(@b, #x) -@a @year").listNames == ["a", "b"])
  }
}

@Suite("What each rule means for an album")
struct SearchRuleMatchingTests {
  let albums: [Album] = [
    album("kind-of-blue", released: "1959-08-17", tags: ["jazz", "Modal"], tracks: 5) {
      $0.artist = "Miles Davis"
      $0.rating = "5"
      $0.purchased = "2025-01"
      $0.label = "Columbia"
      $0.discogs = "1234"
      $0.covers = CoverFiles(cover: true, thumbnail: true)
    },
    album("bjork", released: "1997", tags: ["electronic", "instruments:piano"], tracks: 10) {
      $0.artist = "Björk"
      $0.rating = "3"
      $0.purchased = "2024-12-31"
    },
    album("moon", released: "1973-03-01", tracks: 10) {
      $0.artist = "Pink Floyd"
      $0.rating = "not a number"
    },
    album("untitled", tags: []),
  ]

  @Test(
    "each rule kind and operator",
    arguments: [
      ("#jazz", ["kind-of-blue"]),
      ("#Jazz", []),
      ("#modal", []),
      ("#instruments:piano", ["bjork"]),
      ("#instruments", []),
      ("@artist:davis", ["kind-of-blue"]),
      ("@artist:bjork", ["bjork"]),
      ("@artist:=\"miles davis\"", ["kind-of-blue"]),
      ("@artist:=miles", []),
      ("@tags:jaz", ["kind-of-blue"]),
      ("@tags:=modal", ["kind-of-blue"]),
      ("@tags:=mod", []),
      ("@tags", ["kind-of-blue", "bjork"]),
      ("-@tags", ["moon", "untitled"]),
      ("@cover", ["kind-of-blue"]),
      ("-@cover", ["bjork", "moon", "untitled"]),
      ("@rating", ["kind-of-blue", "bjork", "moon"]),
      ("@rating:5", ["kind-of-blue"]),
      ("@rating:=3", ["bjork"]),
      ("@rating:>3", ["kind-of-blue"]),
      ("@rating:>=3", ["kind-of-blue", "bjork"]),
      ("@rating:<5", ["bjork"]),
      ("@rating:<=5", ["kind-of-blue", "bjork"]),
      ("@rating:3..4", ["bjork"]),
      ("@tracks:>5", ["bjork", "moon"]),
      ("@tracks:5", ["kind-of-blue"]),
      ("@tracks", ["kind-of-blue", "bjork", "moon"]),
      ("@discogs:1000..2000", ["kind-of-blue"]),
      ("@year:1950..1969", ["kind-of-blue"]),
      ("@year:1997", ["bjork"]),
      ("@year:<1970", ["kind-of-blue"]),
      ("@year", ["kind-of-blue", "bjork", "moon"]),
      ("@released:1959", ["kind-of-blue"]),
      ("@released:1959-08", ["kind-of-blue"]),
      ("@released:=1959-08", []),
      ("@released:=1959-08-17", ["kind-of-blue"]),
      ("@released:>=1973-03", ["bjork", "moon"]),
      ("@released:>1973-03", ["bjork"]),
      ("@released:1960..1973-02", []),
      ("@released:1960..1973-03", ["moon"]),
      ("@label:=columbia", ["kind-of-blue"]),
      ("@label", ["kind-of-blue"]),
    ])
  func rule(query: String, expected: [String]) throws {
    #expect(try matching(query, albums) == expected)
  }

  @Test(
    "dates compare at the operand's precision",
    arguments: [
      ("@purchased:>2024", ["kind-of-blue"]),
      ("@purchased:>=2024", ["kind-of-blue", "bjork"]),
      ("@purchased:2024", ["bjork"]),
      ("@purchased:<2025-01", ["bjork"]),
      ("@purchased:>=2025-01-01", ["kind-of-blue"]),
      ("@purchased:2024-12", ["bjork"]),
      ("@released:>=1969-06", ["bjork", "moon"]),
    ])
  func precision(query: String, expected: [String]) throws {
    #expect(try matching(query, albums) == expected)
  }

  @Test func missingFieldsPassNoTestAndNegativeRulesKeepThem() throws {
    // Unrated and unparseable ratings are neither high nor low.
    #expect(try matching("@rating:<=5", albums) == ["kind-of-blue", "bjork"])
    #expect(try matching("-@rating:<4", albums) == ["kind-of-blue", "moon", "untitled"])
    #expect(try matching("@year:<3000", albums) == ["kind-of-blue", "bjork", "moon"])
    #expect(try matching("@purchased:<3000", albums) == ["kind-of-blue", "bjork"])
    #expect(try matching("@wikipedia:wiki", albums) == [])
  }

  @Test func notesStatusAndOtherTextFields() throws {
    let text =
      "---\ntitle: Live\nartist: Band\nstatus: wanted\nlocation: Shelf 3\n---\n\n## Tracks\n\n1. Intro\n\n## Notes\n\nSigned by the drummer.\n"
    let album = try AlbumFile.parse(Array(text.utf8), id: "live").album
    #expect(try matching("@notes:drummer", [album]) == ["live"])
    #expect(try matching("@notes:intro", [album]).isEmpty)
    #expect(try matching("@status:=wanted", [album]) == ["live"])
    #expect(try matching("@location:\"shelf 3\"", [album]) == ["live"])
    #expect(try matching("@notes", albums).isEmpty)
  }

  @Test func rulesIgnoreTheSearchedFields() throws {
    let matcher = try SearchMatcher(query: try SearchQuery(parsing: "#jazz"), fields: [.title])
    #expect(albums.filter(matcher.matches).map(\.id) == ["kind-of-blue"])
  }

  @Test func clausesHoldWhenAnyRuleDoes() throws {
    #expect(try matching("+(#jazz, @artist:floyd)", albums) == ["kind-of-blue", "moon"])
    #expect(try matching("+(#jazz, @artist:floyd) +(@rating:>4, @year:1973)", albums) == ["kind-of-blue", "moon"])
    #expect(try matching("+(#jazz, @artist:floyd) -(@rating:>4, @year:1973)", albums) == [])
    #expect(try matching("-(#jazz) -(@rating:5)", albums) == ["bjork", "moon", "untitled"])
    #expect(try matching("-(#jazz) -(@rating:3)", albums) == albums.map(\.id))
  }

  @Test func rulesAndPlainTermsMustBothHold() throws {
    #expect(try matching("title #jazz", albums) == ["kind-of-blue"])
    #expect(try matching("bjork -#jazz", albums) == ["bjork"])
    #expect(try matching("nothing #jazz", albums) == [])
  }

  @Test func listsStandInQueriesAndInOtherLists() throws {
    let rated = try SmartList(name: "rated", rules: ["@rating:>=3"])
    let ratedJazz = try SmartList(name: "rated-jazz", rules: ["@rated", "#jazz"])
    let lists = SmartLists([rated, ratedJazz])
    #expect(try matching("@rated", albums, lists: lists) == ["kind-of-blue", "bjork"])
    #expect(try matching("@rated-jazz", albums, lists: lists) == ["kind-of-blue"])
    #expect(try matching("-@rated", albums, lists: lists) == ["moon", "untitled"])
  }

  @Test func unknownListsAreNamedWithSuggestions() {
    let lists = SmartLists([SmartList(name: "favourites", clauses: [SearchClause([.tag("x")])])])
    #expect(throws: SearchQueryError.unknownList(name: "favorites", suggestion: "favourites", lists: ["favourites"])) {
      try SearchMatcher(query: try SearchQuery(parsing: "@favorites"), lists: lists)
    }
    #expect(throws: SearchQueryError.unknownList(name: "nothing", suggestion: nil, lists: [])) {
      try SearchMatcher(query: try SearchQuery(parsing: "@nothing"))
    }
  }

  @Test func listsIncludingEachOtherAreRefused() {
    let a = SmartList(name: "a", clauses: [SearchClause([.list("b")])])
    let b = SmartList(name: "b", clauses: [SearchClause([.list("a")])])
    #expect(throws: SearchQueryError.listCycle(["a", "b", "a"])) {
      try SearchMatcher(query: try SearchQuery(parsing: "@a"), lists: SmartLists([a, b]))
    }
  }
}

@Suite("count(#PREFIX:), seed 003's tag-count rule")
struct TagCountRuleTests {
  @Test(
    "count rules are read with or without spaces, alone, signed and in clauses",
    arguments: [
      ("count(#instruments:) <= 2", [SearchClause([.tagCount(prefix: "instruments:", .lessOrEqual, 2)])]),
      ("count(#instruments:)<=2", [SearchClause([.tagCount(prefix: "instruments:", .lessOrEqual, 2)])]),
      ("count( #instruments: ) >3", [SearchClause([.tagCount(prefix: "instruments:", .greater, 3)])]),
      ("Count(#mood:) = 0", [SearchClause([.tagCount(prefix: "mood:", .exact, 0)])]),
      ("count(#\"my mood:\") < 1", [SearchClause([.tagCount(prefix: "my mood:", .less, 1)])]),
      ("-count(#instruments:) >= 4", [SearchClause(isNegative: true, [.tagCount(prefix: "instruments:", .greaterOrEqual, 4)])]),
      (
        "+(#jazz, count(#instruments:) <= 2) - (count(#mood:)>1)",
        [
          SearchClause([.tag("jazz"), .tagCount(prefix: "instruments:", .lessOrEqual, 2)]),
          SearchClause(isNegative: true, [.tagCount(prefix: "mood:", .greater, 1)]),
        ]
      ),
    ] as [(String, [SearchClause])])
  func parses(query: String, clauses: [SearchClause]) throws {
    let parsed = try SearchQuery(parsing: query)
    #expect(parsed.clauses == clauses)
    #expect(parsed.terms.isEmpty)
  }

  @Test func theRuleReadsBackAsWritten() throws {
    for text in ["count(#instruments:) <= 2", "-count(#\"my mood:\") = 0", "+(#jazz, count(#instruments:) > 1)"] {
      let clauses = try SearchQuery(parsing: text).clauses
      #expect(clauses.map(\.description).joined(separator: " ") == text)
    }
  }

  @Test func countWithoutATagIsPlainText() throws {
    let query = try SearchQuery(parsing: "count(me) count")
    #expect(query.clauses.isEmpty)
    #expect(query.terms.map(\.text) == ["count(me)", "count"])
  }

  @Test(
    "malformed count rules are refused, saying what to write",
    arguments: [
      ("count(#instruments:)", "compare the number of tags with =, <, <=, > or >= and a whole number"),
      ("count(#instruments:) 2", "compare the number of tags"),
      ("count(#instruments:) <= two", "as in count(#instruments:) <= 2"),
      ("count(#instruments) <= 2", "write count(#PREFIX:)"),
      ("count(#:) <= 2", "write count(#PREFIX:)"),
      ("count(#instruments: <= 2", "close the parenthesis after the tag's prefix"),
    ])
  func malformed(query: String, advice: String) {
    guard case .malformedRule(_, let given) = parseError(query) else {
      Issue.record("\(query) was not refused as malformed: \(String(describing: parseError(query)))")
      return
    }
    #expect(given.contains(advice), "\(query): \(given)")
  }

  let albums: [Album] = [
    album("none"),
    album("other-tags", tags: ["jazz", "mood:calm"]),
    album("two", tags: ["instruments:piano", "instruments:bass", "jazz"]),
    album("three", tags: ["instruments:piano", "instruments:bass", "instruments:drums"]),
    album("capitalised", tags: ["Instruments:piano", "instruments:bass"]),
    album("bare-prefix-word", tags: ["instruments", "instrumentsx:piano"]),
  ]

  @Test(
    "counts the tags starting with the prefix, comparing as number rules do",
    arguments: [
      ("count(#instruments:) <= 2", ["none", "other-tags", "two", "capitalised", "bare-prefix-word"]),
      ("count(#instruments:) < 2", ["none", "other-tags", "capitalised", "bare-prefix-word"]),
      ("count(#instruments:) = 2", ["two"]),
      ("count(#instruments:) > 2", ["three"]),
      ("count(#instruments:) >= 1", ["two", "three", "capitalised"]),
      ("count(#instruments:) = 0", ["none", "other-tags", "bare-prefix-word"]),
      ("-count(#instruments:) = 0", ["two", "three", "capitalised"]),
      ("+(count(#mood:) = 1, count(#instruments:) > 2)", ["other-tags", "three"]),
    ])
  func matches(query: String, expected: [String]) throws {
    #expect(try matching(query, albums) == expected)
  }

  @Test func prefixesAreCaseSensitiveLikeTagRules() throws {
    #expect(try matching("count(#Instruments:) = 1", albums) == ["capitalised"])
    #expect(try matching("#Instruments:piano", albums) == ["capitalised"])
    // Composed and decomposed é are one tag, to #tag and to count alike.
    let accented = [album("accented", tags: ["r\u{E9}gion:nord", "re\u{301}gion:sud"])]
    #expect(try matching("count(#re\u{301}gion:) = 2", accented) == ["accented"])
    #expect(try matching("#r\u{E9}gion:sud", accented) == ["accented"])
  }

  @Test func aSmartListHoldsACountRule() throws {
    let list = try SmartList(name: "small-band", rules: ["count(#instruments:) <= 2", "#jazz"])
    #expect(list.rules == ["count(#instruments:) <= 2", "#jazz"])
    #expect(try matching("@small-band", albums, lists: SmartLists([list])) == ["other-tags", "two"])
    guard case .success(let read) = SmartListFile.parse(Array(SmartListFile.render(list).utf8), name: "small-band") else {
      Issue.record("the saved file did not read back")
      return
    }
    #expect(read == list)
  }
}
