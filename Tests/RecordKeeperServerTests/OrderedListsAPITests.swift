import Foundation
import HTTPTestSupport
import HTTPTypes
import Hummingbird
import RecordKeeper
import RecordKeeperServer
import TestSupport
import Testing

/// Ordered lists through the API (issue 32): made, added to, reordered and
/// emptied by the app, one commit each, through the library's own calls.
@Suite("API: ordered lists")
struct OrderedListsAPITests {
  static let kind = "albums/miles-davis-kind-of-blue"
  static let file = ".recordkeeper/lists/weekend.md"

  /// The list as GET gives it: its object and its version.
  static func shown(_ client: any TestClientProtocol, _ name: String = "weekend") async throws -> ([String: Any], String) {
    try await client.execute(uri: "/api/ordered-lists/" + name, method: .get) { response in
      #expect(response.status == .ok, "\(response.text)")
      let version = response.object["version"] as? String ?? ""
      #expect(response.headers[.eTag] == "\"\(version)\"")
      return (response.object, version)
    }
  }

  static func entries(_ list: [String: Any]) -> [[String: Any]] { list["entries"] as? [[String: Any]] ?? [] }

  static func headers(_ version: String) -> HTTPFields {
    var headers = sameOrigin
    headers[.ifMatch] = "\"\(version)\""
    return headers
  }

  @Test func aListIsMadeAndFilledOneCommitEachAndShownWithItsAlbums() async throws {
    let fixture = try await ServerFixture()
    let start = try fixture.commitCount()
    try await fixture.withClient { client in
      try await client.execute(uri: "/api/ordered-lists", method: .post, headers: sameOrigin, body: json(["name": "weekend"])) { response in
        #expect(response.status == .created, "\(response.text)")
        #expect(response.headers[.location] == "/api/ordered-lists/weekend")
        #expect(Self.entries(response.object).isEmpty)
      }
      for body: [String: Any] in [
        ["album": "albums/radiohead-ok-computer"],
        ["album": Self.kind, "track": 2, "note": "to open", "at": 1],
        ["album": "albums/bjork-homogenic", "track": NSNull(), "at": NSNull()],
      ] {
        try await client.execute(uri: "/api/ordered-lists/weekend/entries", method: .post, headers: sameOrigin, body: json(body)) {
          response in
          #expect(response.status == .ok, "\(response.text)")
        }
      }
      let (list, _) = try await Self.shown(client)
      let entries = Self.entries(list)
      #expect(entries.map { $0["title"] as? String } == ["Kind of Blue", "OK Computer", "Homogenic"])
      #expect(entries.map { $0["place"] as? Int } == [1, 2, 3])
      #expect(entries.first?["track"] as? String == "2")
      #expect(entries.first?["track_name"] as? String == "Freddie Freeloader")
      #expect(entries.first?["note"] as? String == "to open")
      #expect(entries.first?["artist"] as? String == "Miles Davis")
      #expect(entries.first?["missing"] as? Bool == false)
      #expect(entries.first.map { $0.keys.contains("thumbnail_url") } == true)
      try await client.execute(uri: "/api/ordered-lists", method: .get) { response in
        let lists = (try? JSONSerialization.jsonObject(with: Data(response.text.utf8))) as? [[String: Any]] ?? []
        #expect(lists.map { $0["name"] as? String } == ["weekend"])
        #expect(lists.map { $0["count"] as? Int } == [3])
      }
    }
    #expect(try fixture.commitCount() == start + 4, "one commit to make the list, one per album added")
    #expect(try fixture.isClean())
    let text = try fixture.collection.read(Self.file)
    #expect(text.hasSuffix("1. albums/miles-davis-kind-of-blue#2 to open\n2. albums/radiohead-ok-computer\n3. albums/bjork-homogenic\n"))
  }

  @Test func aMoveAndADropChangeOnlyTheirLinesAndKeepAHandWrittenComment() async throws {
    let fixture = try await ServerFixture()
    let text = """
      # Saturday

      <!-- keep the loud ones last -->
      1. albums/radiohead-ok-computer
      2. albums/bjork-homogenic  late
      3. albums/miles-davis-kind-of-blue

      """
    try fixture.collection.writeFile(Self.file, Array(text.utf8))
    _ = try git(["add", "-A"], in: fixture.collection.path)
    _ = try git(["commit", "-q", "-m", "A list by hand"], in: fixture.collection.path)
    let start = try fixture.commitCount()
    try await fixture.withClient { client in
      let (_, version) = try await Self.shown(client)
      try await client.execute(
        uri: "/api/ordered-lists/weekend/move", method: .post, headers: Self.headers(version), body: json(["from": 3, "to": 1])
      ) { response in
        #expect(response.status == .ok, "\(response.text)")
        #expect(Self.entries(response.object).map { $0["title"] as? String } == ["Kind of Blue", "OK Computer", "Homogenic"])
      }
      let (_, moved) = try await Self.shown(client)
      #expect(moved != version)
      try await client.execute(uri: "/api/ordered-lists/weekend/entries/2", method: .delete, headers: Self.headers(moved)) { response in
        #expect(response.status == .ok, "\(response.text)")
        #expect(Self.entries(response.object).map { $0["title"] as? String } == ["Kind of Blue", "Homogenic"])
      }
    }
    #expect(try fixture.commitCount() == start + 2)
    #expect(
      try fixture.collection.read(Self.file) == """
        # Saturday

        <!-- keep the loud ones last -->
        1. albums/miles-davis-kind-of-blue
        2. albums/bjork-homogenic  late

        """)
  }

  @Test func aMoveOrDropOnAListChangedSinceItWasShownIsAConflictAndWritesNothing() async throws {
    let fixture = try await ServerFixture()
    _ = try await fixture.service.makeOrderedList(named: "weekend")
    for album in ["albums/radiohead-ok-computer", "albums/bjork-homogenic"] {
      try await fixture.service.addToOrderedList("weekend", album: album)
    }
    try await fixture.withClient { client in
      let (_, version) = try await Self.shown(client)
      // Meanwhile, from the command line: an album put first.
      try await fixture.service.addToOrderedList("weekend", album: Self.kind, at: 1)
      let start = try fixture.commitCount()
      let before = try fixture.collection.read(Self.file)
      try await client.execute(
        uri: "/api/ordered-lists/weekend/move", method: .post, headers: Self.headers(version), body: json(["from": 1, "to": 2])
      ) { response in
        #expect(response.status == .conflict)
        #expect(response.object["field"] as? String == "If-Match")
        #expect((response.object["error"] as? String)?.contains("changed since it was shown") == true)
      }
      try await client.execute(uri: "/api/ordered-lists/weekend/entries/1", method: .delete, headers: Self.headers(version)) { response in
        #expect(response.status == .conflict)
      }
      // Without a version the places mean nothing: refused as a save without one is.
      try await client.execute(uri: "/api/ordered-lists/weekend/entries/1", method: .delete, headers: sameOrigin) { response in
        #expect(response.status == .preconditionRequired)
        #expect(response.object["field"] as? String == "If-Match")
      }
      #expect(try fixture.commitCount() == start)
      #expect(try fixture.collection.read(Self.file) == before)
      // An addition means the same whatever changed: it needs no version.
      try await client.execute(
        uri: "/api/ordered-lists/weekend/entries", method: .post, headers: sameOrigin,
        body: json(["album": "albums/the-beatles-abbey-road"])
      ) { response in
        #expect(response.status == .ok)
        #expect(Self.entries(response.object).count == 4)
      }
    }
  }

  @Test func refusedRequestsNameWhatToFixAndWriteNothing() async throws {
    let fixture = try await ServerFixture()
    _ = try await fixture.service.makeOrderedList(named: "weekend")
    try await fixture.service.addToOrderedList("weekend", album: Self.kind)
    let start = try fixture.commitCount()
    try await fixture.withClient { client in
      let (_, version) = try await Self.shown(client)
      let cases: [(String, HTTPRequest.Method, HTTPFields, [String: Any]?, HTTPResponse.Status, String)] = [
        ("/api/ordered-lists/weekly", .get, [:], nil, .notFound, "name"),
        ("/api/ordered-lists", .post, sameOrigin, ["name": "weekend"], .unprocessableContent, "name"),
        ("/api/ordered-lists", .post, sameOrigin, ["name": "../escape"], .unprocessableContent, "name"),
        ("/api/ordered-lists/weekly/entries", .post, sameOrigin, ["album": Self.kind], .notFound, "name"),
        ("/api/ordered-lists/weekend/entries", .post, sameOrigin, ["album": "albums/nothing-here"], .notFound, "album"),
        ("/api/ordered-lists/weekend/entries", .post, sameOrigin, ["album": Self.kind, "track": "C9"], .unprocessableContent, "track"),
        ("/api/ordered-lists/weekend/entries", .post, sameOrigin, ["album": Self.kind, "at": 5], .unprocessableContent, "at"),
        ("/api/ordered-lists/weekend/entries", .post, sameOrigin, ["track": 1], .badRequest, "album"),
        ("/api/ordered-lists/weekend/move", .post, Self.headers(version), ["from": 1, "to": 4], .unprocessableContent, "to"),
        ("/api/ordered-lists/weekend/move", .post, Self.headers(version), ["from": 1, "to": "2"], .badRequest, "to"),
        ("/api/ordered-lists/weekend/entries/7", .delete, Self.headers(version), nil, .unprocessableContent, "place"),
      ]
      for (uri, method, headers, body, status, field) in cases {
        try await client.execute(uri: uri, method: method, headers: headers, body: body.map(json)) { response in
          #expect(response.status == status, "\(method) \(uri) \(body ?? [:]): \(response.text)")
          #expect(response.object["field"] as? String == field, "\(method) \(uri): \(response.text)")
        }
      }
    }
    #expect(try fixture.commitCount() == start)
  }

  @Test func aSmartListMayNotTakeAnOrderedListsName() async throws {
    let fixture = try await ServerFixture()
    _ = try await fixture.service.makeOrderedList(named: "weekend")
    let start = try fixture.commitCount()
    try await fixture.withClient { client in
      try await client.execute(uri: "/api/lists/weekend", method: .put, headers: sameOrigin, body: json(["rules": ["#jazz"]])) {
        response in
        #expect(response.status == .unprocessableContent)
        #expect(response.object["field"] as? String == "name")
        #expect((response.object["error"] as? String)?.contains("already an ordered list weekend") == true, "\(response.text)")
      }
    }
    #expect(try fixture.commitCount() == start)
    #expect(!FileManager.default.fileExists(atPath: fixture.collection.path + "/.recordkeeper/lists/weekend.yaml"))
  }

  @Test func anEntryWhoseAlbumIsGoneIsShownAsMissingAndAnUnreadableLineIsNamed() async throws {
    let fixture = try await ServerFixture()
    try fixture.collection.writeFile(
      Self.file, Array("1. albums/sold-long-ago#A1 a note\n2. albums/bjork-homogenic\n3. /etc/passwd\n".utf8))
    try await fixture.withClient { client in
      let (list, _) = try await Self.shown(client)
      let entries = Self.entries(list)
      #expect(entries.map { $0["missing"] as? Bool } == [true, false])
      #expect(entries.first?["album"] as? String == "albums/sold-long-ago")
      #expect(entries.first?["track"] as? String == "A1")
      #expect(entries.first?["title"] == nil)
      let problems = list["problems"] as? [[String: Any]] ?? []
      #expect(problems.map { $0["line"] as? Int } == [3])
      #expect((problems.first?["message"] as? String)?.contains("is not an album id") == true)
    }
  }
}
