import CoverTestSupport
import Foundation
import HTTPTestSupport
import HTTPTypes
import Hummingbird
import RecordKeeper
import RecordKeeperCovers
import RecordKeeperLookup
import RecordKeeperServer
import TestSupport
import Testing

/// "Scan a sleeve" through the router of `rk serve`: `POST /api/identify`,
/// the scan history, its covers, and Add to collection / wantlist, with the
/// real HTTP code against the Anthropic, MusicBrainz and Cover Art Archive
/// fixture servers on loopback.
@Suite("API: scans of a sleeve and the scan history")
struct ScanAPITests {
  static let photoHeaders: HTTPFields = [.origin: "http://localhost", .contentType: "image/png"]

  static func photo() throws -> ByteBuffer {
    ByteBuffer(bytes: try CoverMaker.testImage(width: 320, height: 320, suffix: ".png") { x, y in (UInt8(x % 256), 40, UInt8(y % 256)) })
  }

  /// Runs `body` with the fixture collection and a client whose scans ask
  /// the fixture model with `key` (none: no key).
  static func withServer(
    key: String?, _ body: @escaping @Sendable (LookupAPITests.Fixture, any TestClientProtocol) async throws -> Void
  ) async throws {
    let fixture = try LookupAPITests.Fixture()
    try await LookupFixtureServer.run { url, _ in
      try await AnthropicFixtureServer.run { anthropic, _ in
        let access = LookupAccess(
          configuration: LookupConfiguration(
            musicBrainzURL: url, coverArtURL: url, contact: "test@example.org", cacheFolder: try MusicBrainzClientTests.cacheFolder(),
            timeout: 10),
          vision: key.map { VisionConfiguration(apiKey: $0, baseURL: anthropic, attempts: 1) })
        try await fixture.withClient(lookups: access) { client in try await body(fixture, client) }
      }
    }
  }

  @Test func aScanIsKeptThenItsAlbumGoesOnTheWantlistOnceAndTheScanIsRemoved() async throws {
    try await Self.withServer(key: "good") { fixture, client in
      let before = try fixture.commitCount()
      var id = ""
      try await client.execute(uri: "/api/identify", method: .post, headers: Self.photoHeaders, body: try Self.photo()) { response in
        #expect(response.status == .created)
        let scan = response.object
        id = scan["id"] as? String ?? ""
        let answer = scan["answer"] as? [String: Any] ?? [:]
        #expect(answer["album_title"] as? String == "Kind of Blue")
        #expect(answer["artist_name"] as? String == "Miles Davis")
        #expect(answer["recommendation"] as? String == "ESSENTIAL")
        #expect(answer["rating"] as? Int == 10)
        #expect(scan["badge"] as? String == "💎")
        #expect(scan["musicbrainz"] as? String == MusicBrainzFixtures.kindOfBlue)
        #expect(scan["cover"] as? String == "/api/scans/\(id)/cover")
        #expect(scan["album"] is NSNull)
      }
      #expect(Scan.isID(id))
      // A scan is this clone's own: no commit.
      #expect(try fixture.commitCount() == before)
      try await client.execute(uri: "/api/scans", method: .get) { response in
        #expect(response.array.compactMap { ($0 as? [String: Any])?["id"] as? String } == [id])
      }
      for (path, side) in [("cover", 400), ("thumbnail", 100)] {
        try await client.execute(uri: "/api/scans/\(id)/\(path)", method: .get) { response in
          #expect(response.status == .ok)
          #expect(response.headers[.contentType] == "image/webp")
          let file = FileManager.default.temporaryDirectory.appendingPathComponent("rk-scan-\(UUID().uuidString).webp")
          defer { try? FileManager.default.removeItem(at: file) }
          try Data(response.body.readableBytesView).write(to: file)
          #expect(try CoverMaker.inspect(file: file.path).width == side)
        }
      }
      let headers: HTTPFields = [.origin: "http://localhost"]
      try await client.execute(uri: "/api/scans/\(id)/want", method: .post, headers: headers) { response in
        #expect(response.status == .created)
        #expect(response.object["id"] as? String == "albums/miles-davis-kind-of-blue")
        #expect(response.object["status"] as? String == "wanted")
        #expect(response.object["already_present"] as? Bool == false)
        #expect(response.object["cover"] as? String == "albums/miles-davis-kind-of-blue/cover.webp")
        #expect((response.object["track_list"] as? [Any])?.count == 5)
      }
      #expect(try fixture.commitCount() == before + 1)
      let text = try fixture.collection.read("albums/miles-davis-kind-of-blue/album.md")
      #expect(text.contains("## Context"))
      #expect(text.contains("Rating: 10/10"))
      // Not twice.
      try await client.execute(uri: "/api/scans/\(id)/add", method: .post, headers: headers) { response in
        #expect(response.status == .ok)
        #expect(response.object["already_present"] as? Bool == true)
      }
      #expect(try fixture.commitCount() == before + 1)
      try await client.execute(uri: "/api/scans/\(id)", method: .get) { response in
        #expect(response.object["album"] as? String == "albums/miles-davis-kind-of-blue")
      }
      try await client.execute(uri: "/api/scans/\(id)", method: .delete, headers: headers) { response in
        #expect(response.status == .noContent)
      }
      try await client.execute(uri: "/api/scans", method: .get) { response in
        #expect(response.array.isEmpty)
      }
      try await client.execute(uri: "/api/scans/\(id)", method: .get) { response in
        #expect(response.status == .notFound)
        #expect(response.object["field"] as? String == "scan")
      }
      try await client.execute(uri: "/api/scans/..%2Fconfig", method: .get) { response in
        #expect(response.status == .badRequest)
      }
      #expect(try fixture.isClean())
    }
  }

  @Test func aCoverIsFetchedOnlyFromTheConfiguredArchive() async throws {
    let fixture = try LookupAPITests.Fixture()
    try await LookupFixtureServer.run { url, log in
      // A scan file whose cover address names another host (the same server, spelled otherwise).
      let id = "20261123-184512-3f2a"
      let elsewhere = url.replacingOccurrences(of: "127.0.0.1", with: "localhost") + "/release/\(MusicBrainzFixtures.kindOfBlue)/front"
      let answer =
        #"{"album_title": "Kind of Blue", "artist_name": "Miles Davis", "context_summary": "Modal.", "rating": 9, "recommendation": "ESSENTIAL"}"#
      let scan =
        #"{"id": "\#(id)", "date": "2026-11-23T18:45:12Z", "answer": \#(answer), "musicbrainz": null, "match": null, "cover_url": "\#(elsewhere)", "reused_from": null}"#
      try fixture.collection.writeFile(".recordkeeper/scans/\(id).json", Array(scan.utf8))
      try await fixture.withClient(lookups: try LookupAPITests.access(url)) { client in
        try await client.execute(uri: "/api/scans/\(id)", method: .get) { response in
          #expect(response.status == .ok)
          #expect(response.object["badge"] as? String == "💎")
        }
        try await client.execute(uri: "/api/scans/\(id)/cover", method: .get) { response in
          #expect(response.status == .notFound)
        }
      }
      #expect(await log.requests.isEmpty)
    }
  }

  /// A scan whose MusicBrainz step failed is not made an album: 503, nothing committed.
  @Test func aScanMadeWhileMusicBrainzWasDownIsNotAdded() async throws {
    let fixture = try LookupAPITests.Fixture()
    let before = try fixture.commitCount()
    try await LookupFixtureServer.run { url, _ in
      let id = "20261123-184512-3f2b"
      let answer =
        #"{"album_title": "Kind of Blue", "artist_name": "Miles Davis", "context_summary": "Modal.", "rating": 9, "recommendation": "ESSENTIAL"}"#
      let scan =
        #"{"id": "\#(id)", "date": "2026-11-23T18:45:12Z", "answer": \#(answer), "musicbrainz": null, "match": null, "cover_url": null, "reused_from": null, "failed": ["musicbrainz"]}"#
      try fixture.collection.writeFile(".recordkeeper/scans/\(id).json", Array(scan.utf8))
      try await fixture.withClient(lookups: try LookupAPITests.access(url)) { client in
        try await client.execute(uri: "/api/scans/\(id)/add", method: .post, headers: LookupAPITests.origin) { response in
          #expect(response.status == .serviceUnavailable)
        }
      }
    }
    #expect(try fixture.commitCount() == before)
  }

  @Test func aSleeveTheModelCannotTellIsCouldntFindAMatchAndSavesNothing() async throws {
    try await Self.withServer(key: "unknown") { _, client in
      try await client.execute(uri: "/api/identify", method: .post, headers: Self.photoHeaders, body: try Self.photo()) { response in
        #expect(response.status == .unprocessableContent)
        #expect((response.object["error"] as? String ?? "").hasPrefix("Couldn't find a match"))
      }
      try await client.execute(uri: "/api/scans", method: .get) { response in
        #expect(response.status == .ok)
        #expect(response.array.isEmpty)
      }
    }
  }

  @Test func withoutAKeyOrWithABadOneTheErrorSaysWhatToDo() async throws {
    try await Self.withServer(key: nil) { _, client in
      try await client.execute(uri: "/api/identify", method: .post, headers: Self.photoHeaders, body: try Self.photo()) { response in
        #expect(response.status == .serviceUnavailable)
        #expect(response.object["error"] as? String == IdentifyError.missingKey.description)
      }
    }
    try await Self.withServer(key: "refused") { _, client in
      try await client.execute(uri: "/api/identify", method: .post, headers: Self.photoHeaders, body: try Self.photo()) { response in
        #expect(response.status == .badGateway)
        #expect((response.object["error"] as? String ?? "").contains("Check ANTHROPIC_API_KEY"))
      }
    }
  }
}
