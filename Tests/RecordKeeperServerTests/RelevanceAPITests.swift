import Foundation
import RecordKeeper
import RecordKeeperServer
import TestSupport
import Testing

/// `GET /api/albums?sort=relevance` (PRODUCT.md §1.4): the app's "Best match".
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
        #expect(albums.map { $0["title"] as? String } == ["Blue", "Kind of Blue", "Blue Train", "Paranoid"])
        #expect(albums.allSatisfy { $0["group"] is NSNull })
      }
      try await client.execute(uri: "/api/albums?q=blue&sort=relevance&offset=1&limit=2", method: .get) { response in
        let albums = response.object["albums"] as? [[String: Any]] ?? []
        #expect(response.object["count"] as? Int == 4)
        #expect(albums.map { $0["title"] as? String } == ["Kind of Blue", "Blue Train"])
      }
      // Without words, the default order with its headings.
      try await client.execute(uri: "/api/albums?sort=relevance&limit=2", method: .get) { response in
        let albums = response.object["albums"] as? [[String: Any]] ?? []
        #expect(albums.map { $0["title"] as? String } == ["Paranoid", "Blue Train"])
        #expect(albums.map { $0["group"] as? String } == ["B", "J"])
      }
    }
  }
}
