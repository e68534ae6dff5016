import Foundation
import HTTPTestSupport
import Hummingbird
import RecordKeeper
import RecordKeeperServer
import TestSupport
import Testing

/// Rules in the search bar and smart lists through the API (docs/commands.md, "Rules and smart lists"; docs/app.md, "The JSON API").
@Suite("API: rules and smart lists")
struct SmartListsAPITests {
  @Test func rulesAndClausesFilterTheList() async throws {
    let fixture = try await ServerFixture()
    try await fixture.withClient { client in
      for (query, titles) in [
        ("%23jazz", ["Kind of Blue", "Bitches Brew"]),
        ("%23jazz+-%23fusion", ["Kind of Blue"]),
        ("%40year%3A1965..1999+-%23jazz", ["Abbey Road", "Homogenic", "OK Computer"]),
        ("%2B(%23rock%2C+%23fusion)+%40year%3A%3E1969", ["Bitches Brew", "OK Computer"]),
        ("%40artist%3A%3D%22miles+davis%22", ["Kind of Blue", "Bitches Brew"]),
        // Seed 003's count(#instruments:) <= 2; no album here has such a tag.
        ("count(%23instruments%3A)+%3C%3D+2", ["Abbey Road", "Homogenic", "Kind of Blue", "Bitches Brew", "OK Computer"]),
        ("count(%23instruments%3A)%3E0", []),
      ] {
        try await client.execute(uri: "/api/albums?q=" + query, method: .get) { response in
          let albums = response.object["albums"] as? [[String: Any]] ?? []
          #expect(albums.map { $0["title"] as? String } == titles, "\(query)")
          #expect(response.object["count"] as? Int == titles.count, "\(query)")
        }
      }
      try await client.execute(uri: "/api/albums?q=%40colour%3Ared", method: .get) { response in
        #expect(response.status == .badRequest)
        #expect(response.object["field"] as? String == "q")
      }
    }
  }

  @Test func listsAreSavedShownUsedAndRemovedOneCommitEach() async throws {
    let fixture = try await ServerFixture()
    let start = try fixture.commitCount()
    try await fixture.withClient { client in
      let body = json(["rules": ["#jazz", "-#fusion"], "description": "Jazz, no fusion"])
      try await client.execute(uri: "/api/lists/pure-jazz", method: .put, headers: sameOrigin, body: body) { response in
        #expect(response.status == .ok, "\(response.text)")
      }
      #expect(try fixture.commitCount() == start + 1)
      try await client.execute(uri: "/api/lists", method: .get) { response in
        let lists = (try? JSONSerialization.jsonObject(with: Data(response.text.utf8))) as? [[String: Any]] ?? []
        #expect(lists.count == 1)
        #expect(lists.first?["name"] as? String == "pure-jazz")
        #expect(lists.first?["rules"] as? [String] == ["#jazz", "-#fusion"])
        #expect(lists.first?["count"] as? Int == 1)
      }
      try await client.execute(uri: "/api/albums?q=%40pure-jazz", method: .get) { response in
        #expect((response.object["albums"] as? [[String: Any]])?.map { $0["title"] as? String } == ["Kind of Blue"])
      }
      // A rule that cannot be read changes nothing.
      try await client.execute(uri: "/api/lists/broken", method: .put, headers: sameOrigin, body: json(["rules": ["@colour:red"]])) {
        response in
        #expect(response.status == .unprocessableContent)
        #expect(response.object["field"] as? String == "rules")
      }
      #expect(try fixture.commitCount() == start + 1)
      try await client.execute(uri: "/api/lists/pure-jazz", method: .delete, headers: sameOrigin) { response in
        #expect(response.status == .ok)
      }
      #expect(try fixture.commitCount() == start + 2)
      #expect(!FileManager.default.fileExists(atPath: fixture.collection.path + "/.recordkeeper/lists/pure-jazz.yaml"))
    }
  }
}

@Suite("API: renaming a smart list")
struct SmartListRenameAPITests {
  @Test func fromRenamesInOneCommitAndATakenNameIsRefused() async throws {
    let fixture = try await ServerFixture()
    let start = try fixture.commitCount()
    try await fixture.withClient { client in
      for name in ["pure-jazz", "rock"] {
        try await client.execute(
          uri: "/api/lists/" + name, method: .put, headers: sameOrigin, body: json(["rules": [name == "rock" ? "#rock" : "#jazz"]])
        ) { response in
          #expect(response.status == .ok, "\(response.text)")
        }
      }
      try await client.execute(
        uri: "/api/lists/modal-jazz", method: .put, headers: sameOrigin,
        body: json(["rules": ["#jazz", "-#fusion"], "description": "No fusion", "from": "pure-jazz"])
      ) { response in
        #expect(response.status == .ok, "\(response.text)")
        let lists = (try? JSONSerialization.jsonObject(with: Data(response.text.utf8))) as? [[String: Any]] ?? []
        #expect(lists.compactMap { $0["name"] as? String }.sorted() == ["modal-jazz", "rock"])
      }
      #expect(try fixture.commitCount() == start + 3, "two saves and one rename")
      try await client.execute(
        uri: "/api/lists/rock", method: .put, headers: sameOrigin, body: json(["rules": ["#jazz"], "from": "modal-jazz"])
      ) { response in
        #expect(response.status == .unprocessableContent)
        #expect(response.object["field"] as? String == "name")
        #expect((response.object["error"] as? String)?.contains("already a smart list rock") == true)
      }
      #expect(try fixture.commitCount() == start + 3)
    }
    #expect(!FileManager.default.fileExists(atPath: fixture.collection.path + "/.recordkeeper/lists/pure-jazz.yaml"))
  }
}
