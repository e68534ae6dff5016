import CoverTestSupport
import Foundation
import HTTPTestSupport
import Hummingbird
import RecordKeeper
import RecordKeeperCovers
import RecordKeeperServer
import TestSupport
import Testing

/// Albums that cannot be read are named (`GET /api/problems`), and cover
/// addresses change when the image does (issue 18, points 3 and 4).
@Suite("API: problems and cover addresses")
struct ProblemsAndCoversAPITests {
  static let broken = "---\ntitle: [unclosed\nartist: Nobody\n---\n\n## Tracks\n"

  func eventually(_ condition: () async throws -> Bool) async throws -> Bool {
    try await ServerFixture.eventually(condition)
  }

  @Test func anUnreadableAlbumIsNamedWithItsFileLineAndMessage() async throws {
    var albums = ServerFixture.albums
    albums["albums/broken"] = Self.broken
    let fixture = try await ServerFixture(albums: albums)
    try await fixture.withClient { client in
      try await client.execute(uri: "/api/albums?q=", method: .get) { response in
        #expect(response.object["count"] as? Int == 5)
      }
      try await client.execute(uri: "/api/problems", method: .get) { response in
        #expect(response.status == .ok)
        #expect(response.object["unreadable"] as? [String] == ["albums/broken"])
        #expect(response.object["albums"] as? Int == 6)
        let problems = response.object["problems"] as? [[String: Any]] ?? []
        let problem = try #require(problems.first { $0["id"] as? String == "albums/broken" })
        #expect((problem["path"] as? String)?.hasSuffix("albums/broken/album.md") == true)
        #expect((problem["line"] as? Int ?? 0) > 0)
        #expect((problem["message"] as? String)?.isEmpty == false)
      }
    }
  }

  @Test func anAlbumBrokenWhileServingIsNamedAndItsAddressSaysItCannotBeReadNamingFileAndLine() async throws {
    let fixture = try await ServerFixture(watching: true)
    let id = "albums/radiohead-ok-computer"
    try fixture.collection.write(id, Self.broken)
    #expect(try await eventually { fixture.service.snapshot.albums[id] == nil })
    try await fixture.withClient { client in
      try await client.execute(uri: "/api/albums/" + encoded(id), method: .get) { response in
        #expect(response.status == .unprocessableContent)
        let message = response.object["error"] as? String ?? ""
        #expect(message.contains("can't be read: \(id)/album.md:3: "), "\(message)")
        #expect(response.object["field"] as? String == "file")
      }
      // A save of a form opened before the file broke says the same.
      var opened = sameOrigin
      opened[.ifMatch] = "\"\(String(repeating: "0", count: 40))\""
      try await client.execute(
        uri: "/api/albums/" + encoded(id), method: .put, headers: opened,
        body: ByteBuffer(string: #"{"title": "OK Computer"}"#)
      ) { response in
        #expect(response.status == .unprocessableContent)
        #expect((response.object["error"] as? String)?.contains("\(id)/album.md:3") == true)
      }
      try await client.execute(uri: "/api/problems", method: .get) { response in
        #expect(response.object["unreadable"] as? [String] == [id])
      }
    }
  }

  /// The app asks after every change: the answer comes from what the
  /// server holds, not from reading every album again (issue 18 point 5).
  @Test func problemsAreAnsweredFromTheServersAlbumsWithoutReadingTheCollectionAgain() async throws {
    let fixture = try await ServerFixture()  // not watching: nothing re-reads behind the test's back
    try fixture.collection.write("albums/broken-later", Self.broken)
    try await fixture.withClient { client in
      try await client.execute(uri: "/api/problems", method: .get) { response in
        #expect(response.status == .ok)
        #expect(response.object["unreadable"] as? [String] == [])
        #expect(response.object["albums"] as? Int == 5)
      }
    }
  }

  /// Albums broken, bent and mended while serving: the answer follows each
  /// re-read and says what `rk check --json` says.
  @Test func problemsFollowHandEditsAndMatchRkCheck() async throws {
    let fixture = try await ServerFixture(watching: true)
    let broken = "albums/radiohead-ok-computer"
    let bent = "albums/bjork-homogenic"
    try fixture.collection.write(broken, Self.broken)
    try fixture.collection.write(bent, albumText(title: "Homogenic", artist: "Björk", released: "1997-02-31"))
    func problems(_ query: String = "") async throws -> [String: Any] {
      try await fixture.withClient { client in
        try await client.execute(uri: "/api/problems" + query, method: .get) { $0.object }
      }
    }
    func paths(_ object: [String: Any]) -> [String] {
      (object["problems"] as? [[String: Any]] ?? []).map { "\($0["path"] ?? ""):\($0["line"] ?? 0): \($0["message"] ?? "")" }
    }
    #expect(try await eventually { (try await problems()["unreadable"] as? [String]) == [broken] })
    #expect(try await eventually { paths(try await problems()).contains { $0.contains(bent) } })
    let check = try runRK(["-C", fixture.collection.path, "check", "--json"])
    let expected = try JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as? [String: Any] ?? [:]
    let answer = try await problems()
    #expect(
      paths(answer).map { $0.replacingOccurrences(of: fixture.collection.path + "/", with: "") }
        == paths(expected).map { $0.replacingOccurrences(of: fixture.collection.path + "/", with: "") })
    #expect(answer["albums"] as? Int == expected["albums"] as? Int)
    // The app's line asks only for the unreadable albums: the same, without the rest.
    let unreadable = try await problems("?of=unreadable")
    #expect(unreadable["unreadable"] as? [String] == [broken])
    #expect(paths(unreadable) == paths(answer).filter { $0.contains(broken) })
    #expect(unreadable["albums"] as? Int == expected["albums"] as? Int)

    try fixture.collection.write(broken, ServerFixture.albums[broken] ?? "")
    try fixture.collection.write(bent, ServerFixture.albums[bent] ?? "")
    #expect(try await eventually { paths(try await problems()).isEmpty })
    #expect(try await problems()["unreadable"] as? [String] == [])
  }

  @Test func coverAddressesChangeWhenTheCoverIsSetFromTheCommandLine() async throws {
    let fixture = try await ServerFixture(watching: true)
    let id = "albums/radiohead-ok-computer"
    let uri = "/api/albums/" + encoded(id)
    let first = try await fixture.withClient { client in
      try await client.execute(uri: uri + "/cover", method: .put, headers: ImagesAPITests.jpeg, body: try ImagesAPITests.photo()) {
        response in
        #expect(response.status == .ok)
        // The paths of docs/commands.md, "Output: JSON, --format and the terminal" stay as they are for the command line.
        #expect(response.object["cover"] as? String == id + "/cover.webp")
        return (response.object["cover_url"] as? String, response.object["thumbnail_url"] as? String)
      }
    }
    let cover = try #require(first.0)
    let thumbnail = try #require(first.1)
    #expect(cover.hasPrefix(uri + "/cover?v="))
    #expect(thumbnail.hasPrefix(uri + "/thumbnail?v="))
    // The versioned address serves the image.
    try await fixture.withClient { client in
      try await client.execute(uri: cover, method: .get) { #expect($0.status == .ok) }
    }

    let events = fixture.service.events.subscribe()
    let image = FileManager.default.temporaryDirectory.appendingPathComponent("rk-cover-\(UUID().uuidString).png")
    defer { try? FileManager.default.removeItem(at: image) }
    try Data(try CoverMaker.testImage(width: 300, height: 300, suffix: ".png") { x, _ in (UInt8(x % 256), 0, 0) }).write(to: image)
    let result = try runRK(["-C", fixture.collection.path, "cover", "set", "radiohead-ok-computer", image.path])
    #expect(result.status == 0, "\(result.stderr)")
    // The app hears of it, though album.md did not change.
    #expect(await WatchingTests().nextChange(of: id, in: events))
    try await fixture.withClient { client in
      for path in [uri, "/api/albums?q=computer"] {
        try await client.execute(uri: path, method: .get) { response in
          let object = path == uri ? response.object : (response.object["albums"] as? [[String: Any]] ?? []).first ?? [:]
          let newCover = object["cover_url"] as? String
          let newThumbnail = object["thumbnail_url"] as? String
          #expect(newCover != nil && newCover != cover)
          #expect(newThumbnail != nil && newThumbnail != thumbnail)
        }
      }
    }
  }
}
