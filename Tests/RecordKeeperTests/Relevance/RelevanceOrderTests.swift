import Testing

@testable import RecordKeeper

/// `--sort relevance` (docs/commands.md, "Sorting"): a table of queries over a small
/// collection and the order each must give, one or more cases per rule.
@Suite("Relevance")
struct RelevanceOrderTests {
  /// Folder, front matter, body. Artists are chosen so that the default
  /// order (by artist) is not the order a rule asks for.
  static let files: [(String, String, String)] = [
    ("joni-blue", "title: Blue\nartist: Joni Mitchell\nreleased: 1971\ntags: [folk]", ""),
    (
      "miles-kind-of-blue", "title: Kind of Blue\nartist: Miles Davis\nreleased: 1959\ntags: [jazz, modal]",
      "## Tracks\n\n1. So What\n2. Blue in Green\n"
    ),
    ("coltrane-blue-train", "title: Blue Train\nartist: John Coltrane\nreleased: 1957\ntags: [jazz]", ""),
    ("a-notes-phrase", "title: Evening\nartist: Aaron Alpha\ntags: [ambient]", "## Notes\n\nPlays like kind of blue at half speed.\n"),
    ("b-all-words", "title: Blue Kind\nartist: Of Montreal", ""),
    ("c-coltrane-notes", "title: Sessions\nartist: Abe Notes", "## Notes\n\nSounds like coltrane.\n"),
    ("d-coltrane-track", "title: Tunes\nartist: Bea Tracks", "## Tracks\n\n1. Coltrane's Tune\n"),
    ("e-coltrane-tag", "title: Tags\nartist: Cy Tags\ntags: [coltrane-ish]", ""),
    ("f-piano", "title: Piano Works\nartist: Ann Keys", ""),
    ("g-piano", "title: Piano Nights\nartist: Bob Keys", ""),
    ("h-piano", "title: Piano Days\nartist: Cat Keys", ""),
    ("z-solo", "title: Solo Sessions\nartist: Zed", ""),
    ("bjork-debut", "title: Debut\nartist: Björk\nreleased: 1993", ""),
    ("a-bjork-notes", "title: Covers\nartist: Aa Fan", "## Notes\n\nMostly bjork songs.\n"),
  ]

  static let albums: [Album] = files.compactMap { id, front, body in
    try? AlbumFile.parse(Array("---\n\(front)\n---\n\(body)".utf8), id: "albums/" + id, covers: CoverFiles()).album
  }

  /// Query, fields searched (nil: every field, notes included, as `rk
  /// find`), the expected order of folders, and the rule it shows.
  static let cases: [(query: String, fields: [SearchField]?, order: [String], rule: String)] = [
    (
      "kind of blue", nil, ["miles-kind-of-blue", "a-notes-phrase", "b-all-words", "joni-blue", "coltrane-blue-train"],
      "a phrase (even in notes) above all the words apart; a shorter title above a longer"
    ),
    ("\"kind of blue\"", nil, ["miles-kind-of-blue", "a-notes-phrase"], "a quoted phrase ranks as a phrase"),
    (
      "blue", nil, ["joni-blue", "coltrane-blue-train", "b-all-words", "miles-kind-of-blue", "a-notes-phrase"],
      "a whole-field match above a field holding the word; a title of two words above one of three"
    ),
    (
      "coltrane", nil, ["coltrane-blue-train", "e-coltrane-tag", "d-coltrane-track", "c-coltrane-notes"],
      "artist above tags above tracks above notes"
    ),
    ("solo piano", nil, ["z-solo", "f-piano", "g-piano", "h-piano"], "a rarer word weighs more; ties in the default order"),
    (
      "miles blue", nil, ["miles-kind-of-blue", "joni-blue", "coltrane-blue-train", "b-all-words", "a-notes-phrase"],
      "all words above some; then the shortest title"
    ),
    ("BJÖRK", nil, ["bjork-debut", "a-bjork-notes"], "folded as search folds: a whole artist above notes"),
    ("bjork", [.artist, .title], ["bjork-debut"], "only the searched fields rank"),
    ("+blue -train", nil, ["joni-blue", "b-all-words", "miles-kind-of-blue", "a-notes-phrase"], "+ words rank, - words only filter"),
    ("#jazz", nil, ["coltrane-blue-train", "miles-kind-of-blue"], "without words, the default order"),
  ]

  @Test(arguments: cases.indices)
  func ordersMatchesByHowWellTheyMatch(_ index: Int) throws {
    let (query, fields, expected, rule) = Self.cases[index]
    let searched = fields.map(Set.init) ?? Set(SearchField.allCases)
    let parsed = try SearchQuery(parsing: query)
    let matcher = try SearchMatcher(query: parsed, fields: searched)
    let found = Self.albums.filter { matcher.matches($0) }
    let arranged = AlbumOrder(mode: .relevance).arrangement(of: found, query: parsed, fields: searched, collectionSize: Self.albums.count)
    let order = arranged.positions.map { String(found[$0].folderName) }
    #expect(order == expected, "\(query): \(rule)")
  }

  /// Title, artist and tags of albums whose folder is their title, for the
  /// rules of words and fields (issue 31): artists sort them so that the
  /// default order is not the one asked for.
  static let wordAlbums: [Album] = [
    ("The Long Kind of Blue Evening Song Collection", "Aa Long", []),
    ("Blue Train", "John Coltrane", []),
    ("Glovebox", "Ab Band", []),
    ("Loveless", "My Bloody Valentine", []),
    ("A Love Supreme", "Zz Coltrane", []),
    ("Night Songs", "Ac Tracks", ["blues"]),
    ("Evening", "Ad Tags", ["blue", "evening"]),
  ].map { title, artist, tags in Album(id: "albums/" + title, title: title, artist: artist, tags: tags) }

  static let wordCases: [(query: String, order: [String], rule: String)] = [
    ("blue", ["Blue Train", "The Long Kind of Blue Evening Song Collection", "Evening", "Night Songs"], "a short field above a long one"),
    ("love", ["A Love Supreme", "Loveless", "Glovebox"], "a whole word above a prefix, above a part of a word"),
    (
      "blue evening", ["The Long Kind of Blue Evening Song Collection", "Evening", "Blue Train", "Night Songs"],
      "a phrase, then more words above fewer"
    ),
  ]

  @Test(arguments: wordCases.indices)
  func wordsRankByFieldLengthAndHowTheyStand(_ index: Int) throws {
    let (query, expected, rule) = Self.wordCases[index]
    let parsed = try SearchQuery(parsing: query)
    let matcher = try SearchMatcher(query: parsed, fields: SearchField.defaults)
    let found = Self.wordAlbums.filter { matcher.matches($0) }
    let arranged = AlbumOrder(mode: .relevance).arrangement(
      of: found, query: parsed, fields: SearchField.defaults, collectionSize: Self.wordAlbums.count)
    #expect(arranged.positions.map { found[$0].title } == expected, "\(query): \(rule)")
  }

  @Test func aRankedListHasNoHeadingsButTheDefaultOrderKeepsThem() throws {
    let words = try SearchQuery(parsing: "blue")
    let ranked = AlbumOrder(mode: .relevance).arrangement(of: Self.albums, query: words, fields: SearchField.defaults, collectionSize: 14)
    #expect(ranked.groups.allSatisfy { $0 == nil })
    let plain = AlbumOrder(mode: .relevance).arrangement(
      of: Self.albums, query: SearchQuery(), fields: SearchField.defaults, collectionSize: 14)
    #expect(plain == AlbumOrder(mode: .artistYear).arrangement(of: Self.albums))
  }

  /// Matches ranked where they lie among other albums rank as the same
  /// matches copied out, past the 2,000 scored in parts.
  @Test func matchesRankedInPlaceRankAsCopies() throws {
    let relevance = RelevanceOrder(query: try SearchQuery(parsing: "blue train"))
    let albums = (0..<5_000).map { n in
      Album(
        id: "albums/\(n)", title: ["Blue Train", "Blue", "Train", "Kind of Blue", "Other"][n % 5], artist: ["Blue", "Trane", "X"][n % 3])
    }
    let indices = Array(albums.indices.filter { $0 % 3 != 2 })
    let copied = relevance.ranking(of: indices.map { albums[$0] }, collectionSize: albums.count)
    #expect(relevance.ranking(of: albums, among: indices, collectionSize: albums.count) == copied)
  }

  @Test func everyTableAlbumParses() {
    #expect(Self.albums.count == Self.files.count)
  }
}
