import Foundation
import HTTPTestSupport
import Hummingbird
import RecordKeeper
import RecordKeeperServer
import TestSupport
import Testing

/// The accent colour through the API (docs/app.md, "The app on a phone"): a per-clone
/// preference, kept in the git-ignored `local.yaml`, never a commit.
@Suite("API: preferences")
struct PreferencesAPITests {
  @Test func theAccentIsChosenKeptInLocalYamlAndNeverCommitted() async throws {
    let fixture = try await ServerFixture()
    let start = try fixture.commitCount()
    try await fixture.withClient { client in
      try await client.execute(uri: "/api/preferences", method: .get) { response in
        #expect(response.status == .ok)
        #expect(response.object["accent"] as? String == "blue")
        let accents = response.object["accents"] as? [[String: Any]] ?? []
        #expect(accents.first?["colour"] as? String == "#4798F6")
        #expect(accents.contains { $0["name"] as? String == "purple" })
      }
      try await client.execute(uri: "/api/preferences", method: .put, headers: sameOrigin, body: json(["accent": "purple"])) { response in
        #expect(response.status == .ok, "\(response.text)")
        #expect(response.object["accent"] as? String == "purple")
      }
      try await client.execute(uri: "/api/preferences", method: .get) { response in
        #expect(response.object["accent"] as? String == "purple")
      }
      try await client.execute(uri: "/api/preferences", method: .put, headers: sameOrigin, body: json(["accent": "chartreuse"])) {
        response in
        #expect(response.status == .badRequest)
        #expect(response.object["field"] as? String == "accent")
        #expect((response.object["error"] as? String)?.contains("purple") == true)
      }
      // Choosing the sort mode keeps the accent.
      try await client.execute(uri: "/api/sort", method: .put, headers: sameOrigin, body: json(["mode": "year"])) { response in
        #expect(response.status == .ok)
      }
    }
    #expect(try Preferences.load(fixture.service.location).accent.name == "purple")
    #expect(try fixture.commitCount() == start)
    // git ignores the file (the fixture's repository was not made by `rk init`, so the
    // `.gitignore` naming it is new here).
    #expect(try !git(["status", "--porcelain", "--untracked-files=all"], in: fixture.collection.path).contains("local.yaml"))
    // A new server over the same clone (a restart) reads it back.
    let restarted = try CollectionService(location: fixture.service.location, watching: false)
    #expect(restarted.snapshot.preferences.accent.name == "purple")
    await restarted.close()
  }
}
