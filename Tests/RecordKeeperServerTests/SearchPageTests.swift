import Foundation
import RecordKeeper
import RecordKeeperServer
import TestSupport
import Testing

/// `CollectionSnapshot.page(matching:order:offset:limit:)`, the search of
/// `GET /api/albums`: the same albums, in the same order, as filtering the
/// whole sorted list with the matcher, for every kind of query and page, on
/// a collection large enough to be searched in chunks on every core.
@Suite(.serialized)
struct SearchPageTests {
  /// 2,400 albums (past the 2,000 where the search is split into chunks),
  /// with words spread unevenly so that chunks hold different numbers of
  /// matches.
  static let albums: [String: String] = {
    let words = ["midnight", "love", "blue", "mile", "river", "Ünïcode", "stone", "fire"]
    var albums: [String: String] = [:]
    for index in 0..<2_400 {
      let word = words[(index * index / 7) % words.count]
      let other = words[(index / 300) % words.count]
      albums["albums/a\(index)"] = albumText(
        title: "\(word.capitalized) \(index)", artist: "Artist \(index % 97)", released: "\(1950 + index % 60)",
        tags: index % 5 == 0 ? ["jazz"] : ["rock", other], tracks: index % 3 == 0 ? ["\(other) song", "Another"] : [])
    }
    return albums
  }()

  func snapshot(_ fixture: ServerFixture) async -> CollectionSnapshot { fixture.service.snapshot }

  func matcher(_ text: String, fields: Set<SearchField> = Set(SearchField.allCases)) throws -> SearchMatcher {
    try SearchMatcher(query: try SearchQuery(parsing: text), fields: fields)
  }

  @Test func aPageIsTheFilteredListSliced() async throws {
    let fixture = try await ServerFixture(albums: Self.albums)
    let snapshot = await snapshot(fixture)
    let order = snapshot.preferences.order
    let queries: [(String, Set<SearchField>)] = [
      ("m", Set(SearchField.allCases)), ("mi", Set(SearchField.allCases)), ("midnight", Set(SearchField.allCases)),
      ("love -blue", Set(SearchField.allCases)), ("+rock fire", Set(SearchField.allCases)), ("unicode", Set(SearchField.allCases)),
      ("nothing-matches-this", Set(SearchField.allCases)), ("", Set(SearchField.allCases)),
      ("song", [.title]), ("song", [.tracks]), ("#jazz", Set(SearchField.allCases)), ("#jazz mile", Set(SearchField.allCases)),
    ]
    let pages = [(0, 100), (0, 1), (150, 50), (1_000, 500), (2_390, 100), (5_000, 10), (0, 10_000)]
    for (text, fields) in queries {
      let matcher = try matcher(text, fields: fields)
      let expected = snapshot.sorted(order).filter(matcher.matches).map(\.id)
      for (offset, limit) in pages {
        let (page, count) = snapshot.page(matching: matcher, order: order, offset: offset, limit: limit)
        #expect(count == expected.count, "\(text) \(fields)")
        #expect(page.map(\.id) == Array(expected.dropFirst(offset).prefix(limit)), "\(text) \(fields) \(offset) \(limit)")
      }
    }
    // The queries above reach every path: most pages are not empty.
    #expect(snapshot.page(matching: try matcher("midnight"), order: order, offset: 0, limit: 100).count > 100)
  }

  @Test func aChangedAlbumIsFoundByItsNewText() async throws {
    let fixture = try await ServerFixture(albums: Self.albums)
    let order = await snapshot(fixture).preferences.order
    let zebra = try matcher("zebra")
    #expect(await snapshot(fixture).page(matching: zebra, order: order, offset: 0, limit: 100).count == 0)
    _ = try await fixture.service.apply(.addTags(["zebra crossing"]), to: "albums/a1234")
    let (page, count) = await snapshot(fixture).page(matching: zebra, order: order, offset: 0, limit: 100)
    #expect(count == 1)
    #expect(page.map(\.id) == ["albums/a1234"])
    // Still found by its old text, once, and every other album as before.
    let old = try matcher("1234")
    #expect(await snapshot(fixture).page(matching: old, order: order, offset: 0, limit: 100).albums.map(\.id) == ["albums/a1234"])
    let all = await snapshot(fixture).page(matching: try matcher("a"), order: order, offset: 0, limit: 10_000)
    #expect(all.albums.map(\.id) == (await snapshot(fixture)).sorted(order).filter((try matcher("a")).matches).map(\.id))
  }
}
