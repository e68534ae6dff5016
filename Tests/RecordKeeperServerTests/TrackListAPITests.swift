import Foundation
import HTTPTestSupport
import HTTPTypes
import Hummingbird
import RecordKeeper
import TestSupport
import Testing

@testable import RecordKeeperServer

/// The editor's Save with sides and lengths: `track_list` in PUT and POST
/// /api/albums (docs/album-format.md, "Sides and durations"), one commit, and no byte changed by a
/// Save that changes nothing.
@Suite struct TrackListAPITests {
  static let id = "albums/miles-davis-kind-of-blue"
  /// Sides, lengths, a note under a track and a comment: what a Save must keep.
  static let text = ExampleAlbums.kindOfBlue(keys: ["title", "artist", "released"])
    .replacingOccurrences(of: "released: 1959-08-17\n", with: "released: 1959-08-17 # the US release\ntags: [jazz]\n")

  func fixture() async throws -> ServerFixture {
    try await ServerFixture(albums: [Self.id: Self.text])
  }

  func put(_ body: [String: Any], on fixture: ServerFixture) async throws -> (HTTPResponse.Status, [String: Any]) {
    let bytes = json(body)
    let headers = try await saveHeaders(fixture, Self.id)
    return try await fixture.withClient { client in
      try await client.execute(uri: "/api/albums/" + encoded(Self.id), method: .put, headers: headers, body: bytes) {
        ($0.status, $0.object)
      }
    }
  }

  func get(on fixture: ServerFixture) async throws -> [String: Any] {
    try await fixture.withClient { client in
      try await client.execute(uri: "/api/albums/" + encoded(Self.id), method: .get) { $0.object }
    }
  }

  @Test func theAlbumObjectSentBackAsItIsChangesNoByteAndMakesNoCommit() async throws {
    let fixture = try await fixture()
    let before = try fixture.commitCount()
    let album = try await get(on: fixture)
    #expect(album["notes"] as? String == "## Notes\n\nSix-eye label.", "the text outside the track list, read-only")
    let (status, saved) = try await put(album, on: fixture)
    #expect(status == .ok)
    #expect((saved["track_list"] as? [[String: Any]])?.count == 5)
    #expect(try fixture.collection.read(Self.id + "/album.md") == Self.text)
    #expect(try fixture.commitCount() == before)
  }

  @Test func aTrackMovesToTheNextSideAndANewSideIsAddedAsOneCommit() async throws {
    let fixture = try await fixture()
    let before = try fixture.commitCount()
    // Blue in Green goes down onto side B; Flamenco Sketches onto a new side C.
    let list: [[String: Any]] = [
      ["name": "So What", "duration": 562, "side": "Side A"],
      ["name": "Freddie Freeloader", "duration": 586, "side": "Side A"],
      ["name": "Blue in Green", "duration": 337, "side": "Side B"],
      ["name": "All Blues", "duration": 693, "side": "Side B"],
      ["name": "Flamenco Sketches (9:27)", "duration": NSNull(), "side": "Side C"],
    ]
    let (status, saved) = try await put(["track_list": list], on: fixture)
    #expect(status == .ok, "\(saved)")
    let tracks = saved["track_list"] as? [[String: Any]] ?? []
    #expect(tracks.map { $0["position"] as? String } == ["A1", "A2", "B1", "B2", "C1"])
    #expect(tracks.map { $0["duration"] as? Int } == [562, 586, 337, 693, 567])
    #expect(try fixture.commitCount() == before + 1)
    #expect(try fixture.collection.commitSubjects().first == "Change tracks of Miles Davis – Kind of Blue")
    let text = try fixture.collection.read(Self.id + "/album.md")
    #expect(text.contains("released: 1959-08-17 # the US release"), "the front matter is untouched")
    #expect(text.contains("### Side B\n\n1. Blue in Green (5:37)\n2. All Blues (11:33)\n"), "\(text)")
    #expect(text.contains("### Side C\n\n1. Flamenco Sketches (9:27)\n"), "\(text)")
    #expect(text.hasSuffix("## Notes\n\nSix-eye label.\n"), "\(text)")
  }

  @Test func sidesOutOfOrderAreRefusedAndNothingIsWritten() async throws {
    let fixture = try await fixture()
    let before = try fixture.commitCount()
    let list: [[String: Any]] = [
      ["name": "All Blues", "side": "Side B"],
      ["name": "So What", "side": "Side A"],
    ]
    let (status, answer) = try await put(["track_list": list], on: fixture)
    #expect(status == .unprocessableContent)
    #expect(answer["field"] as? String == "tracks")
    #expect((answer["error"] as? String ?? "").contains("track 2 (So What)"), "\(answer)")
    let untitled: [[String: Any]] = [["name": "So What", "side": "Side A"], ["name": "Loose", "side": NSNull()]]
    let (second, _) = try await put(["track_list": untitled], on: fixture)
    #expect(second == .unprocessableContent)
    #expect(try fixture.collection.read(Self.id + "/album.md") == Self.text)
    #expect(try fixture.commitCount() == before)
  }

  @Test func trackListIsCheckedLikeTheCommandLine() async throws {
    let fixture = try await fixture()
    let long = String(repeating: "x", count: 256)
    for (list, field) in [
      ([["name": long, "side": "A"]], "tracks"),
      ([["name": "  ", "side": "A"]], "tracks"),
    ] as [([[String: Any]], String)] {
      let (status, answer) = try await put(["track_list": list], on: fixture)
      #expect(status == .unprocessableContent, "\(answer)")
      #expect(answer["field"] as? String == field)
    }
    for body: [String: Any] in [
      ["track_list": [["name": "So What", "duration": -1]]],
      ["track_list": [["name": "So What", "duration": 1.5]]],
      ["track_list": [["name": "So What", "length": 3]]],
      ["track_list": [["side": "A"]]],
      ["track_list": "So What"],
      ["tracks": ["So What"], "track_list": [["name": "All Blues"]]],
    ] {
      let (status, answer) = try await put(body, on: fixture)
      #expect(status == .badRequest, "\(body): \(answer)")
      #expect(answer["field"] as? String == "track_list")
    }
    #expect(try fixture.collection.read(Self.id + "/album.md") == Self.text)
  }

  @Test func theFlatTrackNamesKeepEachTracksSide() async throws {
    let fixture = try await fixture()
    let names = ["So What", "Freddie Freeloader", "Blue in Green (5:40)", "All Blues", "Flamenco Sketches"]
    let (status, saved) = try await put(["tracks": names], on: fixture)
    #expect(status == .ok)
    let tracks = saved["track_list"] as? [[String: Any]] ?? []
    #expect(tracks.map { $0["side"] as? String } == ["Side A", "Side A", "Side A", "Side B", "Side B"])
    #expect(tracks.map { $0["duration"] as? Int } == [562, 586, 340, 693, 566])
    let text = try fixture.collection.read(Self.id + "/album.md")
    #expect(text == Self.text.replacingOccurrences(of: "Blue in Green (5:37)", with: "Blue in Green (5:40)"))
  }

  @Test func aNewAlbumIsAddedWithItsSides() async throws {
    let fixture = try await fixture()
    let body: [String: Any] = [
      "title": "Blue Train", "artist": "John Coltrane",
      "track_list": [
        ["name": "Blue Train", "duration": 643, "side": "Side A"],
        ["name": "Moment's Notice", "side": "Side B"],
      ],
    ]
    let bytes = json(body)
    let text = try await fixture.withClient { client in
      try await client.execute(uri: "/api/albums", method: .post, headers: sameOrigin, body: bytes) { response in
        #expect(response.status == .created, "\(response.text)")
        return response.object["id"] as? String ?? "?"
      }
    }
    let file = try fixture.collection.read(text + "/album.md")
    #expect(file.contains("## Tracks\n\n### Side A\n\n1. Blue Train (10:43)\n\n### Side B\n\n1. Moment's Notice\n"), "\(file)")
  }
}
