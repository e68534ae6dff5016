import Foundation
import HTTPTestSupport
import Hummingbird
import RecordKeeper
import TestSupport
import Testing

@testable import RecordKeeperServer

/// "Played it" and the Stats screen's data (docs/commands.md, "Plays and statistics").
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

  /// A play kept on a device while offline is sent later with the time it was played.
  @Test func aPlaySentLaterKeepsTheTimeItWasPlayed() async throws {
    let fixture = try await ServerFixture()
    try await fixture.withClient { client in
      let body = json(["sides": ["A"], "at": "2026-11-20 21:05"])
      try await client.execute(uri: "/api/albums/\(encoded(Self.id))/plays", method: .post, headers: sameOrigin, body: body) { response in
        #expect(response.status == .created, "\(response.text)")
        let list = response.object["list"] as? [[String: Any]] ?? []
        #expect(list.first?["time"] as? String == "2026-11-20 21:05")
      }
      let bad = json(["at": "yesterday"])
      try await client.execute(uri: "/api/albums/\(encoded(Self.id))/plays", method: .post, headers: sameOrigin, body: bad) { response in
        #expect(response.status == .badRequest)
        #expect(response.object["field"] as? String == "at")
        #expect((response.object["error"] as? String)?.contains("\"yesterday\" is not a date") == true)
      }
    }
  }

  /// Album objects carry `plays` and `last_played` (docs/commands.md, "Plays and statistics"): from
  /// the plays files at start-up, and again after a play from the app or a
  /// hand edit of a plays file.
  @Test func albumObjectsCarryTheirPlays() async throws {
    let fixture = try await ServerFixture(watching: true)
    let plays = fixture.collection.path + "/plays"
    try FileManager.default.createDirectory(atPath: plays, withIntermediateDirectories: true)
    try await fixture.withClient { client in
      try await client.execute(uri: "/api/albums/\(encoded(Self.id))/plays", method: .post, headers: sameOrigin, body: json([:])) {
        response in
        #expect(response.status == .created)
      }
    }
    #expect(try await ServerFixture.eventually { fixture.service.snapshot.albums[Self.id]?.plays == 1 })
    let other = "albums/radiohead-ok-computer"
    try Data("- 2024-03-01 20:00 · \(other)\n- 2024-03-02 · \(other)\n".utf8).write(to: URL(fileURLWithPath: plays + "/2024.md"))
    #expect(try await ServerFixture.eventually { fixture.service.snapshot.albums[other]?.plays == 2 })
    try await fixture.withClient { client in
      try await client.execute(uri: "/api/albums/\(encoded(other))", method: .get) { response in
        #expect(response.object["plays"] as? Int == 2)
        #expect(response.object["last_played"] as? String == "2024-03-02")
      }
    }
    // A new service reads them at start-up.
    let restarted = try CollectionService(location: CollectionLocation(root: fixture.collection.path), watching: false)
    #expect(restarted.snapshot.albums[other]?.plays == 2)
    #expect(restarted.snapshot.albums[Self.id]?.plays == 1)
    await restarted.close()
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

  /// A play recorded through the API is in the server's memory before the
  /// POST answers: the next GET of the album, its plays and the stats see
  /// it, with no watcher to report the plays file.
  @Test func aPlayFromTheAppIsSeenByTheVeryNextRequests() async throws {
    let fixture = try await ServerFixture()
    let reads = await fixture.service.playsReads
    try await fixture.withClient { client in
      try await client.execute(
        uri: "/api/albums/\(encoded(Self.id))/plays", method: .post, headers: sameOrigin, body: json(["note": "first"])
      ) {
        response in
        #expect(response.status == .created)
        #expect(response.object["plays"] as? Int == 1)
      }
      try await client.execute(uri: "/api/albums/\(encoded(Self.id))/plays", method: .get) { response in
        #expect(response.object["plays"] as? Int == 1)
        #expect((response.object["list"] as? [[String: Any]])?.first?["note"] as? String == "first")
      }
      try await client.execute(uri: "/api/albums/\(encoded(Self.id))", method: .get) { response in
        #expect(response.object["plays"] as? Int == 1)
        #expect(response.object["last_played"] is String)
      }
      try await client.execute(uri: "/api/stats", method: .get) { response in
        #expect(response.object["never_played"] as? Int == 4)
        #expect((response.object["most_played"] as? [[String: Any]])?.first?["id"] as? String == Self.id)
      }
    }
    // The play's own file was read once, by the POST; no GET read it.
    #expect(await fixture.service.playsReads == reads + 1)
  }

  /// The plays routes answer from the server's copy of the plays: a plays
  /// file written behind its back is not read by a GET, only once the
  /// watcher reports it.
  @Test func playsAndStatsDoNotReadThePlaysFiles() async throws {
    let fixture = try await ServerFixture()
    let reads = await fixture.service.playsReads
    let plays = fixture.collection.path + "/plays"
    try FileManager.default.createDirectory(atPath: plays, withIntermediateDirectories: true)
    try Data("- 2026-01-02 20:00 · \(Self.id)\n".utf8).write(to: URL(fileURLWithPath: plays + "/2026.md"))
    try await fixture.withClient { client in
      try await client.execute(uri: "/api/albums/\(encoded(Self.id))/plays", method: .get) { response in
        #expect(response.object["plays"] as? Int == 0)
      }
      try await client.execute(uri: "/api/stats", method: .get) { response in
        #expect(response.object["never_played"] as? Int == 5)
      }
      try await client.execute(uri: "/api/suggestions", method: .get) { response in
        #expect(response.status == .ok)
      }
    }
    #expect(await fixture.service.playsReads == reads)
    await fixture.service.apply(WatchBatch(created: [PlayHistory.folder]))
    try await fixture.withClient { client in
      try await client.execute(uri: "/api/albums/\(encoded(Self.id))/plays", method: .get) { response in
        #expect(response.object["plays"] as? Int == 1)
        #expect(response.object["last_played"] as? String == "2026-01-02")
      }
      try await client.execute(uri: "/api/stats", method: .get) { response in
        #expect(response.object["never_played"] as? Int == 4)
      }
    }
    #expect(await fixture.service.playsReads == reads + 1)
  }
}
