import Foundation
import RecordKeeper
import RecordKeeperServer
import TestSupport
import Testing

/// The details view's "More by" (docs/commands.md, "Credited artists"): an album by
/// `A feat. B` links to the albums of A and of B, and names both.
@Suite struct CreditsAPITests {
  @Test func theAlbumObjectNamesCreditsAndOtherAlbumsIncludeThem() async throws {
    let fixture = try await ServerFixture(albums: [
      "albums/santana-supernatural": albumText(title: "Supernatural", artist: "Santana feat. Rob Thomas", released: "1999"),
      "albums/rob-thomas-something": albumText(title: "Something to Be", artist: "Rob Thomas", released: "2005"),
      "albums/santana-abraxas": albumText(title: "Abraxas", artist: "Santana", released: "1970"),
    ])
    try await fixture.withClient { client in
      try await client.execute(uri: "/api/albums/" + encoded("albums/santana-supernatural"), method: .get) { response in
        #expect(response.object["credits"] as? [String] == ["Santana", "Rob Thomas"])
        #expect(response.object["other_albums"] as? [String] == ["albums/santana-abraxas", "albums/rob-thomas-something"])
      }
      try await client.execute(uri: "/api/albums?q=" + encoded("@artist:=\"rob thomas\""), method: .get) { response in
        #expect(response.object["count"] as? Int == 2)
      }
      try await client.execute(uri: "/api/artists?prefix=rob", method: .get) { response in
        #expect(response.array as? [String] == ["Rob Thomas"])
      }
    }
  }
}
