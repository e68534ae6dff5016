import Foundation
import HTTPTestSupport
import HTTPTypes
import Hummingbird
import RecordKeeper
import RecordKeeperServer
import TestSupport
import Testing

/// The app's favourite star, Favourites screen and Play Next (docs/commands.md, "Favourite tracks", "Suggestions").
@Suite struct FavouritesAPITests {
  static let id = "albums/miles-davis-kind-of-blue"
  static var uri: String { "/api/albums/" + encoded(id) + "/favourites" }

  @Test func aStarSavedAtAnOldVersionMergesWithAHandEditMadeSince() async throws {
    let fixture = try await ServerFixture()
    let headers = try await saveHeaders(fixture, Self.id)
    // A hand edit after the page was shown: a track added before the starred one.
    let path = Self.id + "/album.md"
    let text = try fixture.collection.read(path)
    try fixture.collection.write(Self.id, text.replacingOccurrences(of: "1. So What (9:22)\n", with: "1. Intro\n2. So What (9:22)\n"))
    let before = try fixture.commitCount()
    let (status, album) = try await fixture.withClient { client in
      try await client.execute(uri: Self.uri, method: .post, headers: headers, body: json(["track": 1, "favourite": true])) {
        ($0.status, $0.object)
      }
    }
    #expect(status == .ok)
    // Track 1 as the page numbered it: So What, not the new Intro.
    #expect((album["track_list"] as? [[String: Any]])?.map { $0["favourite"] as? Bool } == [false, true, false, false])
    let written = try fixture.collection.read(path)
    // After a merge each track list is numbered 1..n in order (docs/merging.md, "What the merge guarantees").
    #expect(written.contains("1. Intro\n2. So What (9:22) ★\n"), "\(written)")
    #expect(try fixture.commitCount() == before + 2, "the hand edit alone, then the star")
    let subject = try git(["log", "-1", "--format=%s"], in: fixture.collection.path)
    #expect(subject == "Mark track 2 \"So What\" as a favourite in Miles Davis – Kind of Blue\n", "\(subject)")
  }

  @Test func aBadRequestSaysWhatToSend() async throws {
    let fixture = try await ServerFixture()
    let headers = try await saveHeaders(fixture, Self.id)
    let (missing, noTrack) = try await fixture.withClient { client in
      let a = try await client.execute(uri: Self.uri, method: .post, headers: sameOrigin, body: json(["track": 1, "favourite": true])) {
        $0.status
      }
      let b = try await client.execute(uri: Self.uri, method: .post, headers: headers, body: json(["track": 9, "favourite": true])) {
        $0.text
      }
      return (a, b)
    }
    #expect(missing == .preconditionRequired)
    #expect(noTrack.contains("there is no track 9: the tracks are numbered 1 to 3"))
  }

  @Test func favouritesAndSuggestionsAreListed() async throws {
    let fixture = try await ServerFixture()
    try await fixture.service.apply(.setFavourite(2, true), to: Self.id)
    let (favourites, suggestions) = try await fixture.withClient { client in
      let a = try await client.execute(uri: "/api/favourites", method: .get) { $0.array as? [[String: Any]] ?? [] }
      let b = try await client.execute(uri: "/api/suggestions?count=2", method: .get) { $0.array as? [[String: Any]] ?? [] }
      return (a, b)
    }
    #expect(favourites.map { $0["name"] as? String } == ["Freddie Freeloader"])
    #expect(favourites.first?["album"] as? String == Self.id)
    #expect(favourites.first?["number"] as? Int == 2)
    #expect(suggestions.map { $0["id"] as? String } == ["albums/miles-davis-bitches-brew", "albums/the-beatles-abbey-road"])
    #expect(suggestions.first?["reason"] as? String == "also by Miles Davis, like Kind of Blue; never played")
    // `rk suggest --json`'s objects with cover addresses: not the details
    // view's, whose other albums cost a pass over the collection each.
    #expect(suggestions.first?.keys.contains("thumbnail_url") == true)
    #expect(suggestions.first?.keys.contains("other_albums") == false)
  }
}
