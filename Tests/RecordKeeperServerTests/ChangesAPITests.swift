import CompressNIO
import Foundation
import HTTPTestSupport
import Hummingbird
import RecordKeeper
import RecordKeeperServer
import TestSupport
import Testing

/// The offline copy costs its own size (issue 30): responses travel
/// compressed when the browser accepts it, and `GET /api/changes` gives
/// only what changed since the version a device holds.
@Suite("API: compression and changes since a version")
struct ChangesAPITests {
  static let edited = "albums/radiohead-ok-computer"
  static let removed = "albums/bjork-homogenic"

  func changes(_ fixture: ServerFixture, since version: String? = nil) async throws -> [String: Any] {
    try await fixture.withClient { client in
      try await client.execute(uri: "/api/changes" + (version.map { "?since=" + $0 } ?? ""), method: .get) { response in
        #expect(response.status == .ok)
        return response.object
      }
    }
  }

  func ids(_ answer: [String: Any]) -> [String] {
    (answer["albums"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
  }

  @Test func aJSONAnswerIsGzippedWhenTheBrowserAcceptsItAndPlainOtherwise() async throws {
    let fixture = try await ServerFixture()
    try await fixture.withClient { client in
      let plain = try await client.execute(uri: "/api/albums?q=", method: .get) { $0 }
      #expect(plain.headers[.contentEncoding] == nil)
      #expect((plain.object["albums"] as? [Any])?.count == 5)
      let zipped = try await client.execute(uri: "/api/albums?q=", method: .get, headers: [.acceptEncoding: "gzip, deflate, br"]) { $0 }
      #expect(zipped.headers[.contentEncoding] == "gzip")
      #expect(zipped.headers[.vary] == "Accept-Encoding")
      #expect(zipped.body.readableBytes < plain.body.readableBytes)
      var body = zipped.body
      let unzipped = try body.decompress(with: .gzip())
      #expect(unzipped == plain.body)
      let refused = try await client.execute(uri: "/api/albums?q=", method: .get, headers: [.acceptEncoding: "gzip;q=0"]) { $0 }
      #expect(refused.headers[.contentEncoding] == nil)
    }
  }

  @Test func aSmallAnswerGoesPlainEvenWhenGzipIsAccepted() async throws {
    let fixture = try await ServerFixture()
    try await fixture.withClient { client in
      try await client.execute(uri: "/api/status", method: .get, headers: [.acceptEncoding: "gzip"]) { response in
        #expect(response.headers[.contentEncoding] == nil)
        #expect(response.object["count"] as? Int == 5)
      }
    }
  }

  @Test func withoutAVersionEveryAlbumComesAsTheEmptyQueryListsIt() async throws {
    let fixture = try await ServerFixture()
    let answer = try await changes(fixture)
    #expect(answer["full"] as? Bool == true)
    #expect(answer["version"] as? String != nil)
    let listed = try await fixture.withClient { client in
      try await client.execute(uri: "/api/albums?q=", method: .get) { response in
        (response.object["albums"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
      }
    }
    #expect(ids(answer) == listed)
  }

  @Test func eachAlbumCarriesItsTextFoldedByTheLibraryForOfflineSearch() async throws {
    let fixture = try await ServerFixture()
    let albums = try await changes(fixture)["albums"] as? [[String: Any]] ?? []
    let homogenic = try #require(albums.first { $0["id"] as? String == Self.removed })
    let search = try #require(homogenic["search"] as? [String: String])
    // Björk folded as the server's search folds it, each text ended by a zero byte; notes are never shipped.
    #expect(search["artist"] == "bjork\u{0}")
    #expect(search["title"] == "homogenic\u{0}")
    #expect(search["notes"] == nil)
  }

  @Test func eachAlbumCarriesWhatItsRulesReadSoTheAppReadsNoDateItself() async throws {
    let fixture = try await ServerFixture()
    let albums = try await changes(fixture)["albums"] as? [[String: Any]] ?? []
    let homogenic = try #require(albums.first { $0["id"] as? String == Self.removed })
    let rules = try #require(homogenic["rules"] as? [String: Any])
    #expect(rules["released"] as? Int == 1997_09_22)
    #expect(rules["year"] as? Int == 1997)
    #expect(rules["plays"] as? Int == 0)
    // None written reads as owned, though a bare @status finds none.
    #expect(rules["status"] as? String == "owned")
    let present = try #require(rules["present"] as? [String])
    #expect(present.contains("released") && present.contains("year") && !present.contains("status") && !present.contains("plays"))
  }

  @Test func aHandEditAndARemovalAreAllThatComesSinceAVersion() async throws {
    let fixture = try await ServerFixture(watching: true)
    let first = try #require(try await changes(fixture)["version"] as? String)
    #expect(ids(try await changes(fixture, since: first)).isEmpty, "nothing changed yet")
    try fixture.collection.write(Self.edited, albumText(title: "OK Computer OKNOTOK", artist: "Radiohead", released: "1997-05-21"))
    try FileManager.default.removeItem(atPath: fixture.collection.path + "/" + Self.removed)
    #expect(
      try await ServerFixture.eventually {
        let answer = try await changes(fixture, since: first)
        return ids(answer) == [Self.edited] && answer["removed"] as? [String] == [Self.removed]
      })
    let answer = try await changes(fixture, since: first)
    #expect(answer["full"] as? Bool == false)
    let album = try #require((answer["albums"] as? [[String: Any]])?.first)
    #expect(album["title"] as? String == "OK Computer OKNOTOK")
    // Its place in the list: after the album listed before it.
    let order = ids(try await changes(fixture))
    let index = try #require(order.firstIndex(of: Self.edited))
    #expect(album["after"] as? String == (index == 0 ? nil : order[index - 1]))
    let latest = try #require(answer["version"] as? String)
    #expect(latest != first)
    #expect(ids(try await changes(fixture, since: latest)).isEmpty, "the newest version has nothing to fetch")
  }

  @Test func aVersionTheServerCannotFollowStartsAgainWithEveryAlbum() async throws {
    let fixture = try await ServerFixture()
    let first = try #require(try await changes(fixture)["version"] as? String)
    for unknown in ["0123abcd.0", "nonsense", first + "9"] {
      let answer = try await changes(fixture, since: unknown)
      #expect(answer["full"] as? Bool == true, "\(unknown)")
      #expect(ids(answer).count == 5)
    }
    // A new sort setting may change every entry: older versions start again.
    try await fixture.withClient { client in
      try await client.execute(uri: "/api/sort", method: .put, headers: sameOrigin, body: json(["mode": "year"])) { response in
        #expect(response.status == .ok)
      }
    }
    let answer = try await changes(fixture, since: first)
    #expect(answer["full"] as? Bool == true)
    #expect(ids(answer).count == 5)
  }
}
