import TestSupport
import Testing

@testable import RecordKeeper

private func album(_ id: String, _ title: String, _ artist: String, sort: String? = nil, _ released: String? = nil) -> Album {
  Album(id: id, title: title, artist: artist, sortArtist: sort, released: released)
}

private let shelf: [Album] = [
  album("r1", "OK Computer", "Radiohead", "1997-05-21"),
  album("r2", "Kid A", "Radiohead", "2000-10-02"),
  album("r3", "The Bends", "Radiohead", "1995-03-13"),
  album("r4", "Pablo Honey", "Radiohead"),
  album("b1", "Abbey Road", "The Beatles", sort: "Beatles, The", "1969-09-26"),
  album("b2", "Let It Be", "The Beatles", sort: "Beatles, The", "1970-05"),
  album("bj", "Homogenic", "Björk", "1997-09-22"),
  album("be", "Odelay", "beck", "1996"),
  album("bl", "Parklife", "BLUR", "1994-04-25"),
  album("swift", "1989", "Taylor Swift"),
  album("sigur", "Ágætis byrjun", "Sigur Rós", "1999"),
  album("t1975", "I Like It When You Sleep", "The 1975", sort: "1975", "2016-02-26"),
  album("bang", "Myth Takes", "!!!", "2007"),
]

private func ids(_ albums: [Album], _ mode: SortMode, seed: UInt64 = 0) -> [String] {
  AlbumOrder(mode: mode, seed: seed).sorted(albums).map(\.id)
}

/// Albums that compare equal when folded, to exercise every tie-break.
private let ties: [Album] = [
  album("albums/z", "Gold", "ABBA", "1992"),
  album("albums/y", "Gold", "Abba", "1992"),
  album("albums/x", "Gold", "abba", "1992"),
  album("albums/w", "GOLD", "abba", "1992"),
  album("albums/v", "gold", "abba", "1992-01-01"),
  album("albums/u", "gold", "abba", "1992-01"),
  album("albums/b", "Gold", "ABBA", "1992"),
  album("albums/a", "Gold", "ABBA", "1992"),
  album("albums/c", "Gold", "ÁBBA", "1992"),
  album("albums/d", "Gold", "Abba", sort: "abba", "1992"),
]

@Suite("Sort orders (seed §3.2)")
struct AlbumOrderTests {
  // MARK: The five modes

  @Test func artistThenYear() {
    #expect(ids(shelf, .artistYear) == ["bang", "t1975", "b1", "b2", "be", "bj", "bl", "r3", "r1", "r2", "r4", "sigur", "swift"])
  }

  @Test func artistThenTitle() {
    #expect(ids(shelf, .artistTitle) == ["bang", "t1975", "b1", "b2", "be", "bj", "bl", "r2", "r1", "r4", "r3", "sigur", "swift"])
  }

  @Test func titleThenArtistThenDate() {
    #expect(ids(shelf, .title) == ["swift", "b1", "sigur", "bj", "t1975", "r2", "b2", "bang", "be", "r1", "r4", "bl", "r3"])
  }

  @Test func yearThenArtistThenTitle() {
    #expect(ids(shelf, .year) == ["b1", "b2", "bl", "r3", "be", "r1", "bj", "sigur", "r2", "bang", "t1975", "r4", "swift"])
  }

  @Test func defaultIsArtistThenYear() {
    #expect(SortMode.default == .artistYear)
    #expect(Preferences().order.mode == .artistYear)
  }

  @Test func titleModeUsesArtistThenDateForEqualTitles() {
    let albums = [
      album("3", "Greatest Hits", "Queen", "1981"),
      album("2", "Greatest Hits", "Queen", "1991"),
      album("1", "Greatest Hits", "ABBA", "1975"),
      album("4", "Greatest Hits", "Queen"),
      album("0", "Greatest Hits", "Beatles", sort: "Zzz", "1960"),
    ]
    #expect(ids(albums, .title) == ["1", "3", "2", "4", "0"])
  }

  @Test func yearModeUsesArtistThenTitleForEqualDates() {
    let albums = [
      album("3", "B", "Queen", "1981"),
      album("2", "A", "Queen", "1981-01-01"),
      album("1", "Z", "ABBA", "1981-01"),
      album("0", "A", "The Who", sort: "Who, The", "1981"),
    ]
    #expect(ids(albums, .year) == ["1", "2", "3", "0"])
  }

  // MARK: Dates

  @Test func missingAndPartialDates() {
    // Same artist: the date decides, then the title for equal dates.
    let albums = [
      album("year", "c-year", "Artist", "1997"),
      album("day", "a-day", "Artist", "1997-01-01"),
      album("month", "b-month", "Artist", "1997-01"),
      album("before", "z-before", "Artist", "1996-12-31"),
      album("after", "a-after", "Artist", "1997-01-02"),
      album("missing", "m-missing", "Artist"),
      album("last", "z-9999", "Artist", "9999-12-31"),
      album("year9999", "z-year9999", "Artist", "9999"),
      album("may", "a-may", "Artist", "1997-05"),
      album("april", "z-april", "Artist", "1997-04-30"),
      album("may2", "a-may2", "Artist", "1997-05-02"),
    ]
    let expected = ["before", "day", "month", "year", "after", "april", "may", "may2", "year9999", "missing", "last"]
    #expect(ids(albums, .artistYear) == expected)
    #expect(ids(albums, .year) == expected)
  }

  @Test func unpaddedDatesSortAsTheirDay() {
    let albums = [album("a", "A", "X", "1997-5-3"), album("b", "B", "X", "1997-05-02"), album("c", "C", "X", "1997-10")]
    #expect(ids(albums, .year) == ["b", "a", "c"])
  }

  @Test func sortKeys() throws {
    #expect(try ReleaseDate(parsing: "1997").sortKey == 1997_01_01)
    #expect(try ReleaseDate(parsing: "1997-05").sortKey == 1997_05_01)
    #expect(try ReleaseDate(parsing: "1997-5-21").sortKey == 1997_05_21)
    #expect(ReleaseDate.missingSortKey == 9999_12_31)
  }

  // MARK: Comparing text

  @Test func digitsAndPunctuationComeBeforeLetters() {
    let titles = [
      "Zebra", "abbey", "99 Problems", "a", "1999", "...And Justice for All", "(What's the Story) Morning Glory?", "'Round Midnight",
      "#1 Record", "Abbey",
    ]
    let albums = titles.enumerated().map { album("\($0.offset)", $0.element, "X") }
    let sorted = AlbumOrder(mode: .title).sorted(albums).map(\.title)
    #expect(
      sorted == [
        "#1 Record", "'Round Midnight", "(What's the Story) Morning Glory?", "...And Justice for All", "1999", "99 Problems", "a", "Abbey",
        "abbey", "Zebra",
      ])
  }

  @Test func caseDoesNotMatter() {
    let albums = [
      album("1", "T", "BLUR"), album("2", "T", "beck"), album("3", "T", "Björk"), album("4", "T", "Air"), album("5", "T", "ac/dc"),
    ]
    #expect(ids(albums, .artistTitle) == ["5", "4", "2", "3", "1"])
  }

  @Test func diacriticsDoNotMatter() {
    let albums = [
      album("1", "T", "Fleetwood Mac"), album("2", "T", "Émilie Simon"), album("3", "T", "Eels"), album("4", "T", "Ólafur Arnalds"),
      album("5", "T", "Oasis"), album("6", "T", "Øystein Sevåg"), album("7", "T", "Oz"),
    ]
    #expect(ids(albums, .artistYear) == ["3", "2", "1", "5", "4", "6", "7"])
  }

  @Test func tiesFallBackToExactTextThenId() {
    #expect(
      ids(ties, .artistYear) == [
        "albums/a", "albums/b", "albums/z", "albums/y", "albums/w", "albums/d", "albums/x", "albums/u", "albums/v", "albums/c",
      ])
    #expect(
      ids(ties, .title) == [
        "albums/w", "albums/a", "albums/b", "albums/z", "albums/y", "albums/d", "albums/x", "albums/c", "albums/u", "albums/v",
      ])
  }

  @Test func identicalAlbumsAreOrderedById() {
    let albums = [album("albums/b", "T", "A"), album("albums/c", "T", "A"), album("albums/a", "T", "A")]
    for mode in SortMode.allCases where mode != .random {
      #expect(ids(albums, mode) == ["albums/a", "albums/b", "albums/c"])
    }
  }

  @Test("the order is total: it does not depend on the input order", arguments: SortMode.allCases)
  func totalOrder(mode: SortMode) {
    let all = shelf + ties
    let expected = ids(all, mode, seed: 42)
    var generator = SeededGenerator(seed: 7)
    for _ in 0..<25 {
      #expect(ids(all.shuffled(using: &generator), mode, seed: 42) == expected)
    }
    let order = AlbumOrder(mode: mode, seed: 42)
    for a in all {
      for b in all where a.id != b.id {
        #expect(order.precedes(a, b) != order.precedes(b, a), "\(a.id) / \(b.id)")
      }
      #expect(!order.precedes(a, a))
    }
  }

  // MARK: Sort artist

  @Test(
    "an empty or absent sort_artist falls back to the artist",
    arguments: [
      "", "sort_artist: \"\"\n", "sort_artist:\n", "sort_artist: \"   \"\n",
    ])
  func blankSortArtistFallsBack(line: String) throws {
    let zappa = try AlbumFile.parse(Array("---\ntitle: Hot Rats\nartist: Frank Zappa\n\(line)---\n".utf8), id: "z").album
    #expect(zappa.sortArtist == nil)
    #expect(zappa.effectiveSortArtist == "Frank Zappa")
    let albums = [zappa, album("abba", "Gold", "ABBA"), album("zz", "Eliminator", "ZZ Top")]
    #expect(ids(albums, .artistYear) == ["abba", "z", "zz"])
    #expect(AlbumOrder(mode: .artistYear).group(of: zappa) == "F")
  }

  @Test func sortArtistIsUsedWhenPresent() {
    let albums = [album("who", "Tommy", "The Who", sort: "Who, The"), album("tv", "Marquee Moon", "Television")]
    #expect(ids(albums, .artistTitle) == ["tv", "who"])
    #expect(ids([album("who", "Tommy", "The Who"), albums[1]], .artistTitle) == ["tv", "who"])
    #expect(ids([album("who", "Tommy", "The Who", sort: "A"), albums[1]], .artistTitle) == ["who", "tv"])
  }

  // MARK: Random

  @Test func randomIsStableForTheSameSeed() {
    let all = shelf + ties
    let first = ids(all, .random, seed: 12_345)
    var generator = SeededGenerator(seed: 99)
    #expect(ids(all.shuffled(using: &generator), .random, seed: 12_345) == first)
    #expect(ids(all, .random, seed: 12_345) == first)
    #expect(Set(first) == Set(all.map(\.id)))
  }

  @Test func randomDiffersForAnotherSeed() {
    let all = shelf + ties
    let orders = Set((1...5).map { ids(all, .random, seed: UInt64($0)) })
    #expect(orders.count == 5)
    #expect(!orders.contains(all.map(\.id)))
    #expect(!orders.contains(ids(all, .artistYear)))
  }

  @Test func randomKeepsOtherAlbumsInPlaceWhenOneIsAdded() {
    let before = ids(shelf, .random, seed: 3)
    let after = ids(shelf + [album("new", "New", "New")], .random, seed: 3)
    #expect(after.filter { $0 != "new" } == before)
  }

  // MARK: Group headings

  @Test(
    "letter headings in the artist modes",
    arguments: [
      ("Radiohead", nil, "R"), ("beck", nil, "B"), ("The Beatles", "Beatles, The", "B"), ("Ólafur Arnalds", nil, "O"),
      ("Øystein Sevåg", nil, "O"), ("Æther", nil, "A"), ("Émilie Simon", nil, "E"), ("The 1975", "1975", "#"),
      ("!!!", nil, "#"), ("坂本龍一", nil, "#"), ("...And You Will Know Us", nil, "#"), ("Ñu", nil, "N"),
    ] as [(String, String?, String)])
  func artistGroups(artist: String, sortArtist: String?, heading: String) {
    let a = album("a", "Title", artist, sort: sortArtist)
    #expect(AlbumOrder(mode: .artistYear).group(of: a) == heading)
    #expect(AlbumOrder(mode: .artistTitle).group(of: a) == heading)
  }

  @Test(
    "letter headings in title mode",
    arguments: [
      ("Ágætis byrjun", "A"), ("1999", "#"), ("(What's the Story) Morning Glory?", "#"), ("élan", "E"), ("the bends", "T"),
      ("Œuvre", "O"), ("Ísland", "I"), ("«Hello»", "#"),
    ])
  func titleGroups(title: String, heading: String) {
    #expect(AlbumOrder(mode: .title).group(of: album("a", title, "Zappa")) == heading)
  }

  @Test(
    "year headings",
    arguments: [
      ("1997-05-21" as String?, "1997"), ("1969", "1969"), ("2000-1", "2000"), (nil, "Undated"), ("1997-13", "Undated"),
    ])
  func yearGroups(released: String?, heading: String) {
    #expect(AlbumOrder(mode: .year).group(of: album("a", "T", "A", released)) == heading)
  }

  @Test func noHeadingsInRandomMode() {
    for a in shelf {
      #expect(AlbumOrder(mode: .random, seed: 9).group(of: a) == nil)
    }
  }

  @Test func headingsFollowTheSortedOrder() {
    let headings = AlbumOrder(mode: .artistYear).sorted(shelf).map { AlbumOrder(mode: .artistYear).group(of: $0)! }
    #expect(headings == ["#", "#", "B", "B", "B", "B", "B", "R", "R", "R", "R", "S", "T"])
    let years = AlbumOrder(mode: .year).sorted(shelf).map { AlbumOrder(mode: .year).group(of: $0)! }
    #expect(years == ["1969", "1970", "1994", "1995", "1996", "1997", "1997", "1999", "2000", "2007", "2016", "Undated", "Undated"])
  }

  @Test("an arrangement is the sorted order with each album's heading", arguments: SortMode.allCases)
  func arrangementIsTheSortedOrderWithHeadings(mode: SortMode) {
    let all =
      shelf + ties + [
        album("e1", "élan", "Émilie Simon"), album("e2", "Œuvre", "Øystein Sevåg"), album("e3", "", ""),
        album("e4", "  spaced", "  spaced"), album("e5", "東京", "坂本龍一", "1983"), album("e6", "ß", "Æther"),
      ]
    let order = AlbumOrder(mode: mode, seed: 5)
    let arranged = order.arrangement(of: all)
    #expect(arranged.positions.map { all[$0].id } == order.sorted(all).map(\.id))
    #expect(arranged.groups == arranged.positions.map { order.group(of: all[$0]) })
  }

  @Test("a long list, its keys folded in parts, sorts as albums compare", arguments: [SortMode.artistYear, .title, .random])
  func longListsSortAsAlbumsCompare(mode: SortMode) {
    var generator = SeededGenerator(seed: 11)
    let names = ["Abba", "Ábba", "beck", "Björk", "The 1975", "!!!", "坂本龍一", "Zappa", "zappa", "Øystein"]
    let albums = (0..<2_500).map { index in
      album(
        "albums/\(index)", names.randomElement(using: &generator) ?? "", names.randomElement(using: &generator) ?? "",
        ["1997", "1969-09-26", nil, "2000-10"].randomElement(using: &generator) ?? nil)
    }
    let order = AlbumOrder(mode: mode, seed: 3)
    let sorted = order.sorted(albums)
    #expect(sorted.count == albums.count)
    for (a, b) in zip(sorted, sorted.dropFirst()) {
      #expect(order.precedes(a, b), "\(a.id) before \(b.id)")
    }
    let arranged = order.arrangement(of: albums)
    #expect(arranged.groups == arranged.positions.map { order.group(of: albums[$0]) })
  }

  /// Some albums ordered in place (as suggestions order their ties) come
  /// in the order of the same albums copied out, in parts past 2,000.
  @Test("some albums ordered in place, as indices", arguments: SortMode.allCases)
  func someAlbumsOrderedInPlace(mode: SortMode) {
    var generator = SeededGenerator(seed: 5)
    let names = ["Abba", "Ábba", "beck", "Björk", "The 1975", "!!!", "Zappa", "zappa"]
    let albums = (0..<5_000).map { index in
      album(
        "albums/\(index)", names.randomElement(using: &generator) ?? "", names.randomElement(using: &generator) ?? "",
        ["1997", "1969-09-26", nil, "2000-10"].randomElement(using: &generator) ?? nil)
    }
    let order = AlbumOrder(mode: mode, seed: 3)
    for indices in [Array(albums.indices.filter { $0 % 2 == 1 }.reversed()), [4, 2], []] {
      let copied = order.sorted(indices.map { albums[$0] }).map(\.id)
      #expect(order.positions(of: albums, among: indices).map { albums[$0].id } == copied)
    }
  }

  /// The first few of many albums, chosen a few thousand at a time, are
  /// the first of them all.
  @Test func theFirstFewOfManyAlbums() {
    var generator = SeededGenerator(seed: 8)
    let names = ["Abba", "Ábba", "beck", "Björk", "The 1975", "!!!", "Zappa", "zappa"]
    let albums = (0..<9_000).map { index in
      album(
        "albums/\(index)", "Gold", names.randomElement(using: &generator) ?? "",
        ["1997", "1969-09-26", nil].randomElement(using: &generator) ?? nil)
    }
    let order = AlbumOrder(mode: .default)
    let indices = Array(albums.indices.reversed())
    let all = order.positions(of: albums, among: indices)
    for count in [0, 1, 7, 5_000, 10_000] {
      #expect(order.first(count, of: albums, among: indices) == Array(all.prefix(count)))
    }
  }

  // MARK: Mode names

  @Test func modeNames() throws {
    #expect(
      SortMode.allCases.map(\.rawValue) == ["artist-year", "artist-title", "title", "year", "random", "plays", "last-played", "relevance"])
    #expect(try SortMode(name: "Artist-Year") == .artistYear)
    #expect(throws: SortModeError(name: "alphabetical")) { try SortMode(name: "alphabetical") }
    #expect(SortModeError(name: "x").description.contains("artist-year, artist-title, title, year, random, plays, last-played, relevance"))
    #expect(
      SortMode.allCases.map(\.label) == [
        "By artist, then release year", "By artist, then alphabetically", "By album alphabetically", "By release year", "Randomly",
        "Most played", "Recently played", "Best match",
      ])
  }
}
