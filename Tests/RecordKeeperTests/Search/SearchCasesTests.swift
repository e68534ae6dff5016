import Foundation
import Testing

@testable import RecordKeeper

/// `Tests/Fixtures/search-cases.json` is what the library's matcher finds
/// for each query: the app's offline search (search.js) must find the same
/// (Tests/browser/test_schema.py runs it on these cases).
@Suite("Search cases for the app")
struct SearchCasesTests {
  @Test func theSearchCasesTheAppRunsAreWhatTheLibraryFinds() throws {
    let url = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appending(path: "Fixtures/search-cases.json")
    let now = try SearchCases.json().serialized() + "\n"
    let stored = try? String(contentsOf: url, encoding: .utf8)
    if stored != now { try now.write(to: url, atomically: true, encoding: .utf8) }
    #expect(stored == now, "Tests/Fixtures/search-cases.json was stale and has been rewritten: run the test again and commit it")
  }
}

enum SearchCases {
  static let files: [(String, String, Bool)] = [
    (
      "albums/ok",
      "title: OK Computer\nartist: Radiohead\nreleased: 1997-05-21\ntags: [alternative, 1990s]\nlabel: Parlophone\ncatalog_number: NODATA 02\nrating: \"5\"\nmedia_condition: VG+\npurchased: 2023-11\n",
      true
    ),
    ("albums/homogenic", "title: Homogenic\nartist: Björk\nreleased: 1997-09\ntags: [electronic]\nstatus: wanted\n", false),
    (
      "albums/abbey",
      "title: Abbey Road\nartist: The Beatles\nsort_artist: Beatles, The\nreleased: \"1969\"\ntags: [rock]\nbarcode: 0077774644624\nrating: \"3\"\n",
      true
    ),
    (
      "albums/blue",
      "title: Kind of Blue\nartist: Miles Davis\nreleased: 1959-08-17\ntags: [jazz, modal]\nlabel: Columbia\ncatalog_number: CL 1355\ndiscogs: \"1234567\"\nwikipedia: https://en.wikipedia.org/wiki/Kind_of_Blue\nbarcode: 7 20642-44251 7\n",
      false
    ),
    ("albums/agaetis", "title: Ágætis byrjun\nartist: Sigur Rós\nreleased: 1999-06-12\ntags: [post-rock, Iceland]\nprice: 25 ISK\n", false),
    (
      "albums/strasse",
      "title: Straße\nartist: Søren Østergaard\nreleased: 2001-02\ntags: [\"hip hop\", \"#1 Record\"]\nlocation: Shelf ﬁve\n", false
    ),
    ("albums/kana", "title: ガンダム\nartist: 카라\nreleased: 2010\ntags: [k-pop, instruments:piano]\npurchased: \"2024\"\n", false),
    ("albums/prince", "title: \"1999\"\nartist: Prince\ntags: [funk, -live]\nrating: \"05\"\n", false),
    ("albums/debut", "title: Debut\nartist: bjork\nreleased: 1993-07-05\ntags: [pop, Pop]\nformat: 2×LP\n", false),
    (
      "albums/odd",
      "title: \"Σίσυφος (live)\"\nartist: ΣΙΣΥΦΟΣ\nreleased: 1997-5-7\ntags: []\nmusicbrainz: b1392450-e666-3926-a536-22c65f834433\n", false
    ),
  ]

  static let bodies: [String: String] = [
    "albums/ok": "\n## Tracks\n\n1. Airbag (4:44)\n2. Paranoid Android (6:23)\n3. Karma Police\n\n## Notes\n\nBought at Rough Trade.\n",
    "albums/blue": "\n## Tracks\n\n1. So What\n2. Freddie Freeloader\n",
    "albums/kana": "\n## Tracks\n\n1. カ\u{3099}ンダム\n2. \u{1100}\u{1161}\u{11A8}\n",
    "albums/strasse": "\n## Tracks\n\n1. Ärger\n\nGreat\n",
  ]

  static let queries: [String] = [
    "", "bjork", "BJÖRK", "björk", "bjo\u{308}rk", "sigur ros", "agaetis", "ágætis", "ostergaard", "strasse", "STRASSE", "five",
    "ﬁve", "σίσυφος", "ΣΊΣΥΦΟΣ", "σισυφοσ", "ガンダム", "カ\u{3099}ンダム", "각", "\u{1100}\u{1161}\u{11A8}", "카라", "ａｂｂｅｙ",
    "blue -kind", "blue +kind", "+blue", "-blue", "- blue", "+", "-", "\"kind of\"", "\"of kind\"", "kind of", "\"-live\"", "-live",
    "\"#1 Record\"", "\"#1\"", "\\\"", "a\\\\b", "1997", "1997-05", "1997-05-07", "1997-5-7", "nodata", "cl 1355", "0077774644624",
    "airbag", "4:44", "rough trade", "columbia", "(live)", "-(live)", "+(live)",
    "#jazz", "#Jazz", "-#jazz", "#\"hip hop\"", "#hip", "#instruments:piano", "#1990s", "#pop", "#Pop", "+(#jazz, #rock)",
    "-(#jazz, #rock)",
    "-(#jazz) -(#modal)", "-#jazz -#rock", "-(#rock, #pop) -(#rock, #funk)", "+ (#jazz, #funk)", "+(#jazz,#funk)", "+( #jazz , #funk )",
    "@wikipedia", "-@wikipedia", "@label", "@label:col", "@label:COLUMBIA", "@label:=columbia", "@label:=colum", "@artist:=\"Miles Davis\"",
    "@artist:=miles davis", "@artist:bjork", "@artist:=BJORK", "@sort-artist", "@sort_artist:beatles", "@Sort-Artist:=\"beatles, the\"",
    "@catalog_number:=\"CL 1355\"", "@CATALOG-NUMBER:nodata", "@title:\"a..b\"", "@title:1999", "@title:=1999", "@tags", "-@tags",
    "@tags:roc", "@tags:=rock", "@tags:=ROCK", "@tags:\"hip hop\"", "@year", "-@year", "@year:1997", "@year:>1990", "@year:>=1997",
    "@year:<1970", "@year:<=1969", "@year:=1997", "@year:1990..1999", "@year:1999..1990", "@year:-5..5", "@year(>1990)",
    "@year(1990..1999)",
    "@released", "@released:1997", "@released:=1997", "@released:1997-05", "@released:>=1997-06", "@released:<1997-05-22",
    "@released:1997-05-07", "@released:1959..1970", "@released:1997-01..1997-06", "@purchased", "@purchased:2023", "@purchased:>2023",
    "@purchased:<=2023-11", "@rating", "@rating:5", "@rating:>=4", "@rating:<4", "@rating:3..5", "@rating:=5", "@discogs:1234567",
    "@discogs:>1000", "@tracks", "-@tracks", "@tracks:>2", "@tracks:2", "@tracks:0", "@cover", "-@cover", "@notes", "@notes:rough",
    "@notes:=\"Bought at Rough Trade.\"", "@status:=wanted", "-@status:=wanted", "@status", "@status:want", "@media_condition:=vg+",
    "@format:2×lp", "@location:five", "@price:isk", "@musicbrainz:B1392450", "@title:=\"σίσυφος (live)\"",
    "jazz @year:>1950", "kind -@cover", "@year:>1990 -#rock bjork", "+(@year:<1960, @rating:5)", "-(@year:<1960, @rating:5)",
    "@nosuch:x", "@nosuch", "@year:abc", "@year:+5", "@year:1990..", "@year:\"1990..1999\"", "@cover:x", "@cover:=x", "#", "@", "@:x",
    "@title:", "@title:>abc", "@rating:>=x", "@released:1997-13", "@released:>97", "+(#a, x)", "+(#a", "+()", "-(#a,)", "+(#a) )",
    "@title:\"unclosed", "@year(>1990", "@favourites", "+(@favourites, #jazz)", "#\"\"", "@title:=\"\"", "@year:>-1", "@year:1e3",
    // Barcodes are found by their digits however they are written (issue 20.13).
    "720642442517", "7 20642-44251 7", "7-20642-44251-7", "20642-44251", "2064244251", "0077 7746 4462 4", "0077-7746", "44251 7",
    "+0077774644624", "-720642442517", "\"7 20642\"", "@barcode", "@barcode:20642", "@barcode:=720642442517",
    // Tag counts (issue 32) are counted on the server; `count(` without a `#` is a term.
    "count(#instruments:) <= 2", "count(#instruments:)>0", "-count(#instruments:) > 0", "+(#jazz, count(#instruments:) > 0)",
    "count(me)",
    // What the offline copy's `rules` carry: counts, plays and the status read as owned when none is written.
    "@plays", "@plays:0", "-@plays", "@last_played", "@status:=owned", "@status:own", "@tracks:<3", "@released:=1997-05-07",
    "@purchased:2024..2024", "@discogs:=1234567", "@rating:>=05",
  ]

  static let scopes: [(String, [SearchField]?)] = [
    ("1997", [.title]), ("1997", [.released]), ("rock", [.tags]), ("rock", [.title, .artist]), ("columbia", [.label]),
    ("beatles", [.sortArtist]), ("airbag", [.tracks]), ("airbag", [.artist]), ("#rock beatles", [.title]), ("0077774644624", [.tracks]),
    ("720642442517", [.label]), ("7 20642-44251 7", [.label]), ("720642442517", [.title, .artist]), ("cl 1355", [.label, .tags]),
    ("1999", [.title, .released]), ("o", [.sortArtist]), ("-beatles", [.sortArtist]), ("+blue -davis", [.title]),
    ("#jazz", [.tracks]), ("@year:1997 bjork", [.title]), ("rough", [.notes]), ("rough", [.title, .notes]), ("-rough", [.notes]),
  ]

  static func json() throws -> JSONValue {
    var albums: [Album] = []
    for (id, front, cover) in files {
      let text = "---\n" + front + "---\n" + (bodies[id] ?? "")
      albums.append(try AlbumFile.parse(Array(text.utf8), id: id, covers: CoverFiles(cover: cover, thumbnail: cover)).album)
    }
    func found(_ query: String, _ fields: [SearchField]?) -> JSONValue {
      do {
        let matcher = try SearchMatcher(query: try SearchQuery(parsing: query), fields: fields.map { Set($0) } ?? SearchField.defaults)
        return .array(albums.filter(matcher.matches).map { .string($0.id) })
      } catch {
        return .null
      }
    }
    // The app counts no tags and reads no notes offline: the copy holds neither as the library does.
    func needsServer(_ query: String) -> Bool {
      let rules = (try? SearchQuery(parsing: query))?.clauses.flatMap(\.rules) ?? []
      return rules.contains {
        switch $0 {
        case .tagCount: true
        case .field(.notes, let test): test != .present
        default: false
        }
      }
    }
    var cases: [JSONValue] = queries.map {
      .object([("query", .string($0)), ("in", .null), ("ids", found($0, nil)), ("needs_server", .bool(needsServer($0)))])
    }
    cases += scopes.map { query, fields in
      // Notes are not in the folded text the offline copy ships (SearchText), so the app asks the server.
      .object([
        ("query", .string(query)), ("in", .array((fields ?? []).map { .string($0.rawValue) })), ("ids", found(query, fields)),
        ("needs_server", .bool(fields?.contains(.notes) == true)),
      ])
    }
    // Each album as the offline copy holds it (GET /api/changes): with its folded text and what its rules read.
    let entries = albums.map { album -> JSONValue in
      guard case .object(let pairs) = album.json() else { return album.json() }
      return .object(pairs + [("search", SearchText(album).json), ("rules", RuleValues.json(of: album))])
    }
    return .object([("albums", .array(entries)), ("cases", .array(cases))])
  }
}
