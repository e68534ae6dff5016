import Foundation
import Hummingbird
import HummingbirdTesting
import RecordKeeper
import RecordKeeperServer
import Testing
import TestSupport

/// "Played it" and the Stats screen's data (PRODUCT.md §1.4).
@Suite("API: plays and stats")
struct PlaysAPITests {
  static let id = "albums/miles-davis-kind-of-blue"

  @Test func playedItIsOneCommitAndTheAlbumsPlaysListIt() async throws {
    let fixture = try await ServerFixture()
    let before = try fixture.commitCount()
    try await fixture.withClient { client in
      try await client.execute(uri: "/api/albums/\(encoded(Self.id))/plays", method: .get) { response in
        #expect(response.status == .ok)
        #expect(response.object["plays"] as? Int == 0)
        #expect(response.object["last_played"] is NSNull)
      }
      let body = json(["sides": ["A", "B"], "note": "loud"])
      try await client.execute(uri: "/api/albums/\(encoded(Self.id))/plays", method: .post, headers: sameOrigin, body: body) { response in
        #expect(response.status == .created, "\(response.text)")
        #expect(response.object["plays"] as? Int == 1)
        let list = response.object["list"] as? [[String: Any]] ?? []
        #expect(list.first?["sides"] as? [String] == ["A", "B"])
        #expect(list.first?["note"] as? String == "loud")
        #expect(list.first?["who"] as? String == "Test Collector")
      }
      let bad = json(["sides": "A"])
      try await client.execute(uri: "/api/albums/\(encoded(Self.id))/plays", method: .post, headers: sameOrigin, body: bad) { response in
        #expect(response.status == .badRequest)
        #expect(response.object["field"] as? String == "sides")
      }
      try await client.execute(uri: "/api/albums/\(encoded("albums/nope"))/plays", method: .post, headers: sameOrigin, body: json([:])) {
        response in
        #expect(response.status == .notFound)
      }
    }
    #expect(try fixture.commitCount() == before + 1)
    #expect(try fixture.isClean())
  }

  @Test func statsCountTheAlbumsTheServerHolds() async throws {
    let fixture = try await ServerFixture()
    try await fixture.withClient { client in
      try await client.execute(uri: "/api/albums/\(encoded(Self.id))/plays", method: .post, headers: sameOrigin, body: json([:])) { _ in }
      try await client.execute(uri: "/api/stats", method: .get) { response in
        #expect(response.status == .ok)
        #expect(response.object["owned"] as? Int == 5)
        #expect(response.object["never_played"] as? Int == 4)
        let decades = (response.object["decades"] as? [[String: Any]] ?? []).map { $0["label"] as? String }
        #expect(decades == ["1950s", "1960s", "1970s", "1990s"])
        #expect((response.object["most_played"] as? [[String: Any]])?.first?["id"] as? String == Self.id)
      }
    }
  }
}
