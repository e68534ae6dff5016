import Foundation
import Hummingbird
import HummingbirdTesting
import RecordKeeper
import RecordKeeperCovers
import RecordKeeperServer
import Testing
import TestSupport

/// Albums that cannot be read are named (`GET /api/problems`), and cover
/// addresses change when the image does (issue 18, points 3 and 4).
@Suite("API: problems and cover addresses")
struct ProblemsAndCoversAPITests {
  static let broken = "---\ntitle: [unclosed\nartist: Nobody\n---\n\n## Tracks\n"

  func eventually(_ condition: () async throws -> Bool) async throws -> Bool {
    // A bound for a busy machine, not a speed.
    for _ in 0..<300 {
      if try await condition() { return true }
      try await Task.sleep(for: .milliseconds(50))
    }
    return try await condition()
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

  @Test func anAlbumBrokenWhileServingIsNamedAndItsAddressSaysNotFound() async throws {
    let fixture = try await ServerFixture(watching: true)
    let id = "albums/radiohead-ok-computer"
    try fixture.collection.write(id, Self.broken)
    #expect(try await eventually { fixture.service.snapshot.albums[id] == nil })
    try await fixture.withClient { client in
      try await client.execute(uri: "/api/albums/" + encoded(id), method: .get) { response in
        #expect(response.status == .notFound)
      }
      try await client.execute(uri: "/api/problems", method: .get) { response in
        #expect(response.object["unreadable"] as? [String] == [id])
      }
    }
  }

  @Test func coverAddressesChangeWhenTheCoverIsSetFromTheCommandLine() async throws {
    let fixture = try await ServerFixture(watching: true)
    let id = "albums/radiohead-ok-computer"
    let uri = "/api/albums/" + encoded(id)
    let first = try await fixture.withClient { client in
      try await client.execute(uri: uri + "/cover", method: .put, headers: ImagesAPITests.jpeg, body: try ImagesAPITests.photo()) {
        response in
        #expect(response.status == .ok)
        // The paths of PRODUCT.md §3 stay as they are for the command line.
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
