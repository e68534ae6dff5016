import Foundation
import RecordKeeper
import TestSupport
import Testing

@testable import RecordKeeperServer

/// `GET /api/albums?sort=relevance` (docs/commands.md, "Sorting"): the app's "Best match".
@Suite struct RelevanceAPITests {
  static let albums = [
    "albums/coltrane-blue-train": albumText(title: "Blue Train", artist: "John Coltrane", released: "1957"),
    "albums/joni-blue": albumText(title: "Blue", artist: "Joni Mitchell", released: "1971"),
    "albums/sabbath-paranoid": albumText(title: "Paranoid", artist: "Black Sabbath", tags: ["blues"]),
    "albums/miles-kind-of-blue": albumText(title: "Kind of Blue", artist: "Miles Davis", released: "1959", tracks: ["Blue in Green"]),
  ]

  @Test func rankedPagesComeBestMatchFirstWithoutHeadings() async throws {
    let fixture = try await ServerFixture(albums: Self.albums)
    try await fixture.withClient { client in
      try await client.execute(uri: "/api/albums?q=blue&sort=relevance", method: .get) { response in
        let albums = response.object["albums"] as? [[String: Any]] ?? []
        #expect(response.object["count"] as? Int == 4)
        // A whole title first, then the shorter title: "Blue Train" before "Kind of Blue".
        #expect(albums.map { $0["title"] as? String } == ["Blue", "Blue Train", "Kind of Blue", "Paranoid"])
        #expect(albums.allSatisfy { $0["group"] is NSNull })
      }
      try await client.execute(uri: "/api/albums?q=blue&sort=relevance&offset=1&limit=2", method: .get) { response in
        let albums = response.object["albums"] as? [[String: Any]] ?? []
        #expect(response.object["count"] as? Int == 4)
        #expect(albums.map { $0["title"] as? String } == ["Blue Train", "Kind of Blue"])
      }
      // Without words, the default order with its headings.
      try await client.execute(uri: "/api/albums?sort=relevance&limit=2", method: .get) { response in
        let albums = response.object["albums"] as? [[String: Any]] ?? []
        #expect(albums.map { $0["title"] as? String } == ["Paranoid", "Blue Train"])
        #expect(albums.map { $0["group"] as? String } == ["B", "J"])
      }
    }
  }

  /// Ranked pages are the library's ranking of the matches, though the
  /// server ranks them where they lie in its table (in no order, the more
  /// so after a removal moved the last album into its place).
  @Test func rankedPagesAreTheLibrarysRankingOfTheMatches() async throws {
    var albums: [String: String] = [:]
    for n in 0..<40 {
      albums["albums/a\(n)"] = albumText(
        title: n % 3 == 0 ? "Blue \(n)" : "Song \(n)", artist: n % 4 == 0 ? "Blue Band" : "Artist \(n % 7)",
        released: String(1950 + n), tags: n % 5 == 0 ? ["blue"] : [])
    }
    let fixture = try await ServerFixture(albums: albums)
    try await fixture.service.remove("albums/a3")
    let snapshot = fixture.service.snapshot
    let query = try SearchQuery(parsing: "blue")
    let matcher = try SearchMatcher(query: query, fields: SearchField.defaults)
    let found = snapshot.albums.values.filter { matcher.matches($0) }
    let arranged = AlbumOrder(mode: .relevance).arrangement(
      of: found, query: query, fields: SearchField.defaults, collectionSize: snapshot.albums.count)
    let expected = arranged.positions.map { found[$0].id }
    #expect(expected.count == 23)
    var pages: [String] = []
    for offset in stride(from: 0, to: 30, by: 7) {
      let (page, count) = snapshot.page(matching: matcher, order: AlbumOrder(mode: .relevance), offset: offset, limit: 7)
      #expect(count == expected.count)
      pages += page.map(\.id)
    }
    #expect(pages == expected)
  }
}
