import Foundation
import RecordKeeper
import TestSupport
import Testing

@testable import RecordKeeperServer

/// Credits in the server follow `.recordkeeper/config.yaml` (docs/commands.md,
/// "Credited artists"): album objects, "More by", `/api/artists` and `@artist:=` all
/// split an artist the same way, with rules read once and again when the
/// watcher reports the file changed, not once per album served.
@Suite struct CreditRulesAPITests {
  static let albums = [
    "albums/csn": albumText(title: "Crosby, Stills & Nash", artist: "Crosby, Stills & Nash", released: "1969"),
    "albums/nash-songs": albumText(title: "Songs for Beginners", artist: "Nash", released: "1971"),
    "albums/crosby": albumText(title: "If I Could Only Remember My Name", artist: "Crosby", released: "1971"),
    "albums/stills": albumText(title: "Stephen Stills", artist: "Stills", released: "1970"),
    "albums/simon-garfunkel-bookends": albumText(title: "Bookends", artist: "Simon & Garfunkel", released: "1968"),
  ]
  static let aggressive = "version: 1\ncredits:\n  mode: aggressive\n  never: [\"Simon & Garfunkel\"]\n"

  @Test func anAggressiveConfigSplitsArtistsEverywhere() async throws {
    let fixture = try await ServerFixture(albums: Self.albums)
    try fixture.collection.writeFile(".recordkeeper/config.yaml", Array(Self.aggressive.utf8))
    await fixture.service.apply(WatchBatch(preferences: true))
    try await fixture.withClient { client in
      try await client.execute(uri: "/api/albums/" + encoded("albums/csn"), method: .get) { response in
        #expect(response.object["credits"] as? [String] == ["Crosby", "Stills", "Nash"])
        #expect(response.object["other_albums"] as? [String] == ["albums/stills", "albums/crosby", "albums/nash-songs"])
      }
      try await client.execute(uri: "/api/albums/" + encoded("albums/simon-garfunkel-bookends"), method: .get) { response in
        #expect(response.object["credits"] as? [String] == ["Simon & Garfunkel"])
      }
      try await client.execute(uri: "/api/artists?prefix=st", method: .get) { response in
        #expect(response.array as? [String] == ["Stills"])
      }
      try await client.execute(uri: "/api/albums?q=" + encoded("@artist:=nash"), method: .get) { response in
        #expect(response.object["count"] as? Int == 2)
      }
    }
  }

  @Test func theConfigIsReadWhenItChangesNotForEveryAlbum() async throws {
    let fixture = try await ServerFixture(albums: Self.albums)
    try fixture.collection.writeFile(".recordkeeper/config.yaml", Array(Self.aggressive.utf8))
    await fixture.service.apply(WatchBatch(preferences: true))
    #expect(fixture.service.snapshot.credits == CreditRules(mode: .aggressive, never: ["Simon & Garfunkel"]))
    // Changed behind the watcher's back: the album objects keep the rules read.
    try fixture.collection.writeFile(".recordkeeper/config.yaml", Array("version: 1\n".utf8))
    try await fixture.withClient { client in
      try await client.execute(uri: "/api/albums/" + encoded("albums/csn"), method: .get) { response in
        #expect(response.object["credits"] as? [String] == ["Crosby", "Stills", "Nash"])
      }
    }
    // Reported by the watcher: read again.
    await fixture.service.apply(WatchBatch(preferences: true))
    try await fixture.withClient { client in
      try await client.execute(uri: "/api/albums/" + encoded("albums/csn"), method: .get) { response in
        #expect(response.object["credits"] as? [String] == ["Crosby, Stills & Nash"])
      }
    }
  }
}
