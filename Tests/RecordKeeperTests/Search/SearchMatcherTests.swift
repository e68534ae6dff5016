import Testing

@testable import RecordKeeper

private let albums: [Album] = [
  Album(
    id: "ok", title: "OK Computer", artist: "Radiohead", released: "1997-05-21",
    tracks: ["Airbag", "Paranoid Android", "Karma Police"], tags: ["alternative", "1990s"]),
  Album(id: "homogenic", title: "Homogenic", artist: "Björk", released: "1997-09", tracks: ["Hunter", "Jóga"], tags: ["electronic"]),
  Album(
    id: "abbey", title: "Abbey Road", artist: "The Beatles", sortArtist: "Beatles, The", released: "1969",
    tracks: ["Come Together", "Something"], tags: ["rock"]),
  Album(id: "blue", title: "Kind of Blue", artist: "Miles Davis", released: "1959-08-17", tracks: ["So What"], tags: ["jazz", "modal"]),
  Album(
    id: "pulse", title: "Pulse", artist: "Pink Floyd", released: "1995-05-29", tracks: ["Shine On You Crazy Diamond"],
    tags: ["live", "rock"]),
  Album(
    id: "moon", title: "The Dark Side of the Moon", artist: "Pink Floyd", released: "1973-03-01", tracks: ["Time", "Money"],
    tags: ["rock", "prog"]),
  Album(
    id: "agaetis", title: "Ágætis byrjun", artist: "Sigur Rós", released: "1999-06-12", tracks: ["Svefn-g-englar"], tags: ["post-rock"]),
  Album(id: "debut", title: "Debut", artist: "bjork", tags: ["pop"]),
  Album(id: "prince", title: "1999", artist: "Prince", tracks: ["Little Red Corvette"], tags: ["funk", "-live"]),
]

/// The ids of the albums `query` finds, in fixture order.
private func find(_ query: String, in fields: Set<SearchField> = Set(SearchField.allCases), among list: [Album] = albums) throws -> [String]
{
  let matcher = try SearchMatcher(query: try SearchQuery(parsing: query), fields: fields)
  return list.filter(matcher.matches).map(\.id)
}

@Suite("Search matching (seed §3.3, §3.4)")
struct SearchMatcherTests {
  @Test func labelScopeSearchesLabelCatalogNumberAndBarcodeByDefault() throws {
    var album = Album(id: "kob", title: "Kind of Blue", artist: "Miles Davis")
    album.label = "Columbia"
    album.catalogNumber = "CL 1355"
    album.barcode = "074646493528"
    for text in ["columbia", "\"CL 1355\"", "074646493528"] {
      #expect(try SearchMatcher(query: try SearchQuery(parsing: text)).matches(album), "\(text)")
      #expect(!(try SearchMatcher(query: try SearchQuery(parsing: text), fields: [.artist, .title]).matches(album)), "\(text)")
      #expect(try SearchMatcher(query: try SearchQuery(parsing: text), fields: [.label]).matches(album), "\(text)")
    }
  }

  @Test func emptyQueryFindsEverything() throws {
    #expect(try find("") == albums.map(\.id))
    #expect(try find("   ") == albums.map(\.id))
  }

  @Test(
    "plain terms: an album needs at least one",
    arguments: [
      ("floyd", ["pulse", "moon"]),
      ("floyd beatles", ["abbey", "pulse", "moon"]),
      ("radiohead davis", ["ok", "blue"]),
      ("nothing-like-this", [String]()),
      ("nothing radiohead", ["ok"]),
    ])
  func plainTermsAnyOf(query: String, expected: [String]) throws {
    #expect(try find(query) == expected)
  }

  @Test(
    "+terms: an album needs every one",
    arguments: [
      ("+pink +live", ["pulse"]),
      ("+pink +floyd", ["pulse", "moon"]),
      ("+pink +radiohead", [String]()),
      ("+radiohead +airbag +1997 +1990s", ["ok"]),
      ("+rock moon pulse", ["pulse", "moon"]),
      ("+rock beatles", ["abbey"]),
    ])
  func requiredTermsAllOf(query: String, expected: [String]) throws {
    #expect(try find(query) == expected)
  }

  @Test(
    "-terms: an album must contain none",
    arguments: [
      ("floyd -live", ["moon"]),
      ("-rock", ["ok", "homogenic", "blue", "debut", "prince"]),
      ("-rock -1997 -bjork", ["blue", "prince"]),
      ("-live", ["ok", "homogenic", "abbey", "blue", "moon", "agaetis", "debut"]),
      ("+1997 -electronic", ["ok"]),
      ("pink -floyd", [String]()),
    ])
  func excludedTermsNoneOf(query: String, expected: [String]) throws {
    #expect(try find(query) == expected)
  }

  @Test func quotedMinusIsLiteral() throws {
    #expect(try find("\"-live\"") == ["prince"])
    #expect(try find("\"+live\"") == [])
  }

  @Test func quotedTermsAreOnePhrase() throws {
    #expect(try find("\"kind of\"") == ["blue"])
    #expect(try find("\"kind of\" airbag") == ["ok", "blue"])
    #expect(try find("\"of blue kind\"") == [])
    #expect(try find("\"dark side\"") == ["moon"])
  }

  @Test(
    "matching is by substring",
    arguments: [
      ("adioh", ["ok"]), ("oog", [String]()), ("ogeni", ["homogenic"]), ("199", ["ok", "homogenic", "pulse", "agaetis", "prince"]),
    ])
  func substring(query: String, expected: [String]) throws {
    #expect(try find(query) == expected)
  }

  @Test(
    "matching ignores case and diacritics",
    arguments: [
      ("bjork", ["homogenic", "debut"]),
      ("BJÖRK", ["homogenic", "debut"]),
      ("Björk", ["homogenic", "debut"]),
      ("BJORK", ["homogenic", "debut"]),
      ("bjo\u{308}rk", ["homogenic", "debut"]),
      ("RADIOHEAD", ["ok"]),
      ("paranoid ANDROID", ["ok"]),
      ("\"sigur ros\"", ["agaetis"]),
      ("agaetis", ["agaetis"]),
      ("ÆTIS", ["agaetis"]),
      ("joga", ["homogenic"]),
      ("JÓGA", ["homogenic"]),
    ])
  func foldedMatching(query: String, expected: [String]) throws {
    #expect(try find(query) == expected)
  }

  @Test func ligaturesAndSharpS() throws {
    let strasse = [Album(id: "a", title: "Straße", artist: "x"), Album(id: "b", title: "Strasse", artist: "y")]
    #expect(try find("strasse", among: strasse) == ["a", "b"])
    #expect(try find("straße", among: strasse) == ["a", "b"])
    let oeuvre = [Album(id: "c", title: "Œuvre", artist: "x")]
    #expect(try find("oeuvre", among: oeuvre) == ["c"])
  }

  // MARK: Fields

  /// For each field, a term found only in that field of one album.
  @Test(
    "each field on its own",
    arguments: [
      (SearchField.artist, "radiohead", "ok"),
      (.title, "computer", "ok"),
      (.released, "1997-05", "ok"),
      (.tracks, "android", "ok"),
      (.sortArtist, "beatles,", "abbey"),
      (.tags, "alternative", "ok"),
    ])
  func eachField(field: SearchField, term: String, id: String) throws {
    #expect(try find(term, in: [field]) == [id])
    #expect(try find(term, in: Set(SearchField.allCases).subtracting([field])) == [])
    #expect(try find(term) == [id])
    #expect(try find("+" + term, in: [field]) == [id])
    #expect(try find("-" + term, in: [field]).contains(id) == false)
    #expect(try find("-" + term, in: Set(SearchField.allCases).subtracting([field])).contains(id))
  }

  @Test func fieldsChooseWhereTermsAreLooked() throws {
    #expect(try find("floyd", in: [.title, .tracks]) == [])
    #expect(try find("rock", in: [.tags]) == ["abbey", "pulse", "moon", "agaetis"])
    #expect(try find("rock", in: [.title, .artist]) == [])
    #expect(try find("-rock", in: [.title]) == albums.map(\.id))
    #expect(try find("1999", in: [.title]) == ["prince"])
    #expect(try find("1999", in: [.released]) == ["agaetis"])
  }

  @Test func emptyFieldSetMeansTheDefaultFields() throws {
    let matcher = try SearchMatcher(query: try SearchQuery(parsing: "x"), fields: [])
    #expect(matcher.fields == SearchField.defaults)
  }

  @Test func sortArtistFieldDoesNotFallBackToArtist() throws {
    #expect(try find("radiohead", in: [.sortArtist]) == [])
  }

  // MARK: Items are searched one by one

  @Test func termsDoNotMatchAcrossTwoTags() throws {
    let list = [
      Album(id: "split", title: "x", artist: "y", tags: ["free", "jazz"]),
      Album(id: "joined", title: "x", artist: "y", tags: ["free jazz"]),
    ]
    #expect(try find("\"free jazz\"", among: list) == ["joined"])
    #expect(try find("\"freejazz\"", among: list) == [])
    #expect(try find("+free +jazz", among: list) == ["split", "joined"])
  }

  @Test func termsDoNotMatchAcrossTwoTracksOrTwoFields() throws {
    let list = [Album(id: "a", title: "Pink", artist: "Floyd", tracks: ["Shine On", "You Crazy Diamond"])]
    #expect(try find("\"shine on you\"", among: list) == [])
    #expect(try find("\"pink floyd\"", among: list) == [])
    #expect(try find("\"floyd pink\"", among: list) == [])
    #expect(try find("\"you crazy\"", among: list) == ["a"])
  }

  // MARK: Release dates

  @Test(
    "released is matched as its text",
    arguments: [
      ("1997-05-21", ["ok"]), ("05-21", ["ok"]), ("1997-05", ["ok"]), ("1997", ["ok", "homogenic"]), ("\"-09\"", ["homogenic"]),
      ("1997-5", [String]()), ("21/05/1997", [String]()), ("may", [String]()),
    ])
  func releasedText(query: String, expected: [String]) throws {
    #expect(try find(query, in: [.released]) == expected)
  }

  @Test func releasedIsMatchedAsWrittenByRK() throws {
    let list = [Album(id: "a", title: "x", artist: "y", released: "1997-5-3")]
    #expect(try find("1997-05-03", in: [.released], among: list) == ["a"])
    let undated = [Album(id: "b", title: "x", artist: "y")]
    #expect(try find("9999", in: [.released], among: undated) == [])
  }

  @Test func fieldsAreFoldedIntoOneBufferWithSeparators() throws {
    var buffer: [UInt8] = []
    SearchMatcher.appendFolded("Björk", to: &buffer)
    SearchMatcher.appendFolded("OK Computer", to: &buffer)
    SearchMatcher.appendFolded("", to: &buffer)
    #expect(buffer == Array("bjork\0ok computer\0\0".utf8))
    let found = buffer.withUnsafeBufferPointer { text in
      [
        SearchMatcher.find(Array("bjork".utf8), in: text), SearchMatcher.find(Array("computer".utf8), in: text),
        SearchMatcher.find(Array("r".utf8), in: text), SearchMatcher.find([], in: text),
        SearchMatcher.find(Array("bjorkok".utf8), in: text), SearchMatcher.find(Array("bjork ok".utf8), in: text),
        SearchMatcher.find(Array("computers".utf8), in: text), SearchMatcher.find(Array("x".utf8), in: text),
      ]
    }
    #expect(found == [true, true, true, true, false, false, false, false])
    let empty: [UInt8] = []
    #expect(empty.withUnsafeBufferPointer { SearchMatcher.find(Array("a".utf8), in: $0) } == false)
  }

  @Test func reusingTheScratchBufferGivesTheSameAnswers() throws {
    for query in ["bjork", "+rock -live", "\"kind of\"", "1997", "-1997"] {
      let matcher = try SearchMatcher(query: try SearchQuery(parsing: query))
      var scratch: [UInt8] = []
      let reused = albums.filter { matcher.matches($0, scratch: &scratch) }.map(\.id)
      #expect(reused == albums.filter(matcher.matches).map(\.id), "\(query)")
    }
  }

  @Test func largeCollectionsFindTheSameAlbumsInParallel() throws {
    var many: [Album] = []
    for index in 0..<5_000 {
      many.append(
        Album(
          id: "albums/\(index)", title: "Title \(index)", artist: index % 7 == 0 ? "Björk" : "Artist \(index % 13)",
          released: index % 3 == 0 ? "19\(50 + index % 50)" : nil, tags: index % 5 == 0 ? ["jazz"] : ["rock"]))
    }
    let collection = RecordCollection(location: CollectionLocation(root: "/nonexistent"), albums: many)
    for query in ["bjork", "+jazz -1999", "\"artist 1\"", "-rock", "nothing"] {
      let matcher = try SearchMatcher(query: try SearchQuery(parsing: query))
      #expect(collection.albums(matching: matcher).map(\.id) == many.filter(matcher.matches).map(\.id), "\(query)")
    }
    #expect(collection.albums(matching: try SearchMatcher(query: try SearchQuery(parsing: ""))).count == 5_000)
  }
}
