import Foundation
import HTTPTestSupport
import Hummingbird
import RecordKeeper
import RecordKeeperServer
import TestSupport
import Testing

/// A smart list's own order and the favourites' order through the API (issue 32).
@Suite("API: smart lists and favourites in an order of their own")
struct ListOrderAPITests {
  func titles(_ client: any TestClientProtocol, _ uri: String) async throws -> [String?] {
    try await client.execute(uri: uri, method: .get) { response in
      (response.object["albums"] as? [[String: Any]] ?? []).map { $0["title"] as? String }
    }
  }

  @Test func aListWithASortModeIsShownSoUnlessTheRequestNamesASort() async throws {
    let fixture = try await ServerFixture()
    try await fixture.withClient { client in
      try await client.execute(
        uri: "/api/lists/jazz", method: .put, headers: sameOrigin, body: json(["rules": ["#jazz"], "sort": "title"])
      ) { response in
        #expect(response.status == .ok, "\(response.text)")
        let lists = (try? JSONSerialization.jsonObject(with: Data(response.text.utf8))) as? [[String: Any]] ?? []
        #expect(lists.first?["sort"] as? String == "title")
      }
      #expect(try await titles(client, "/api/albums?q=%40jazz") == ["Bitches Brew", "Kind of Blue"])
      #expect(try await titles(client, "/api/albums?q=%40jazz&sort=artist-year") == ["Kind of Blue", "Bitches Brew"])
      #expect(try await titles(client, "/api/albums?q=%40jazz+%23modal") == ["Kind of Blue"])
      // Saving new rules without "sort" keeps the list's order.
      try await client.execute(uri: "/api/lists/jazz", method: .put, headers: sameOrigin, body: json(["rules": ["#jazz", "-#modal"]])) {
        #expect($0.status == .ok)
      }
      #expect(try fixture.collection.read(".recordkeeper/lists/jazz.yaml").hasSuffix("sort: title\n"))
      try await client.execute(uri: "/api/lists/jazz/sort", method: .put, headers: sameOrigin, body: json(["sort": "sideways"])) {
        #expect($0.status == .badRequest)
      }
    }
  }

  @Test func aCustomListKeepsTheOrderItIsMovedInto() async throws {
    let fixture = try await ServerFixture()
    try await fixture.withClient { client in
      try await client.execute(uri: "/api/lists/rock", method: .put, headers: sameOrigin, body: json(["rules": ["#rock"]])) {
        #expect($0.status == .ok)
      }
      let start = try fixture.commitCount()
      try await client.execute(uri: "/api/lists/rock/sort", method: .put, headers: sameOrigin, body: json(["sort": "custom"])) {
        #expect($0.status == .ok, "\($0.text)")
      }
      try await client.execute(uri: "/api/lists/rock/move", method: .post, headers: sameOrigin, body: json(["from": 2, "to": 1])) {
        #expect($0.status == .ok, "\($0.text)")
      }
      #expect(try fixture.commitCount() == start + 2)
      #expect(
        try fixture.collection.read(".recordkeeper/lists/rock.yaml").hasSuffix(
          "sort: custom\norder:\n- albums/radiohead-ok-computer\n- albums/the-beatles-abbey-road\n"))
      try await client.execute(uri: "/api/albums?q=%40rock", method: .get) { response in
        let albums = response.object["albums"] as? [[String: Any]] ?? []
        #expect(albums.map { $0["title"] as? String } == ["OK Computer", "Abbey Road"])
        // A custom order has no headings.
        #expect(albums.allSatisfy { $0["group"] is NSNull })
        #expect(response.object["count"] as? Int == 2)
      }
      #expect(try await titles(client, "/api/albums?q=%40rock&offset=1&limit=1") == ["Abbey Road"])
      try await client.execute(uri: "/api/lists/rock/move", method: .post, headers: sameOrigin, body: json(["from": 3, "to": 1])) {
        #expect($0.status == .unprocessableContent)
        #expect($0.text.contains("has no album 3"))
      }
    }
  }

  @Test func aListSavedAsCustomKeepsTheOrderItWasShownIn() async throws {
    let fixture = try await ServerFixture()
    try await fixture.withClient { client in
      let body = json(["rules": ["#rock"], "sort": "custom"])
      try await client.execute(uri: "/api/lists/rock", method: .put, headers: sameOrigin, body: body) {
        #expect($0.status == .ok, "\($0.text)")
      }
    }
    #expect(
      try fixture.collection.read(".recordkeeper/lists/rock.yaml").hasSuffix(
        "sort: custom\norder:\n- albums/the-beatles-abbey-road\n- albums/radiohead-ok-computer\n"))
  }

  @Test func favouritesAreMovedAsOneCommitOfTheirList() async throws {
    let fixture = try await ServerFixture()
    let id = "albums/miles-davis-kind-of-blue"
    try await fixture.service.apply(.setFavourite(1, true), to: id)
    try await fixture.service.apply(.setFavourite(3, true), to: id)
    let start = try fixture.commitCount()
    let moved = try await fixture.withClient { client in
      try await client.execute(uri: "/api/favourites/move", method: .post, headers: sameOrigin, body: json(["from": 2, "to": 1])) {
        #expect($0.status == .ok, "\($0.text)")
        return ($0.array as? [[String: Any]] ?? []).map { $0["name"] as? String }
      }
    }
    #expect(moved == ["Blue in Green", "So What"])
    #expect(try fixture.commitCount() == start + 1)
    #expect(try fixture.collection.read(".recordkeeper/lists/favourites.md").hasSuffix("1. \(id)#3\n2. \(id)#1\n"))
    let listed = try await fixture.withClient { client in
      try await client.execute(uri: "/api/favourites", method: .get) { ($0.array as? [[String: Any]] ?? []).map { $0["name"] as? String } }
    }
    #expect(listed == ["Blue in Green", "So What"])
  }
}
