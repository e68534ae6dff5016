import CoverTestSupport
import Foundation
import HTTPTestSupport
import Hummingbird
import RecordKeeper
import RecordKeeperCovers
import RecordKeeperServer
import TestSupport
import Testing

@Suite("API: covers and photos")
struct ImagesAPITests {
  static let id = encoded("albums/radiohead-ok-computer")

  /// A JPEG photo made with libvips, with a GPS position in its EXIF-like XMP.
  static func photo(width: Int = 640, height: Int = 480) throws -> ByteBuffer {
    let bytes = try CoverMaker.testImage(
      width: width, height: height, suffix: ".jpg[Q=90]", xmp: "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\">secret place</x:xmpmeta>"
    ) { x, y in (UInt8(x % 256), UInt8(y % 256), 128) }
    return ByteBuffer(bytes: bytes)
  }

  static let jpeg: HTTPFields = [.origin: "http://localhost", .contentType: "image/jpeg"]

  @Test func setsServesAndRemovesTheCoverAsOneCommitEach() async throws {
    let fixture = try await ServerFixture()
    let before = try fixture.commitCount()
    try await fixture.withClient { client in
      try await client.execute(uri: "/api/albums/\(Self.id)/cover", method: .get) { response in
        #expect(response.status == .notFound)
      }
      try await client.execute(uri: "/api/albums/\(Self.id)/cover", method: .put, headers: Self.jpeg, body: try Self.photo()) { response in
        #expect(response.status == .ok)
        #expect(response.object["cover"] as? String == "albums/radiohead-ok-computer/cover.webp")
        #expect(response.object["thumbnail"] as? String == "albums/radiohead-ok-computer/cover-thumb.webp")
      }
      #expect(try fixture.commitCount() == before + 1)
      for (path, side) in [("cover", 400), ("thumbnail", 100)] {
        try await client.execute(uri: "/api/albums/\(Self.id)/\(path)", method: .get) { response in
          #expect(response.status == .ok)
          #expect(response.headers[.contentType] == "image/webp")
          let file = FileManager.default.temporaryDirectory.appendingPathComponent("rk-serve-test-\(UUID().uuidString).webp")
          defer { try? FileManager.default.removeItem(at: file) }
          try Data(response.body.readableBytesView).write(to: file)
          let info = try CoverMaker.inspect(file: file.path)
          #expect(info.width == side && info.height == side && info.format == "webp")
          // The browser's copy is current: 304, no body.
          let tag = response.headers[.eTag] ?? ""
          try await client.execute(uri: "/api/albums/\(Self.id)/\(path)", method: .get, headers: [.ifNoneMatch: tag]) { again in
            #expect(again.status == .notModified)
          }
        }
      }
      try await client.execute(uri: "/api/albums/\(Self.id)/cover", method: .delete, headers: sameOrigin) { response in
        #expect(response.status == .ok)
        #expect(response.object["cover"] is NSNull)
      }
    }
    #expect(try fixture.commitCount() == before + 2)
    #expect(try fixture.isClean())
  }

  @Test func refusesWhatIsNotAnImageAndWhatIsTooLarge() async throws {
    let fixture = try await ServerFixture()
    let before = try fixture.commitCount()
    try await fixture.withClient { client in
      // Declared as an image, but text.
      try await client.execute(
        uri: "/api/albums/\(Self.id)/cover", method: .put, headers: Self.jpeg, body: ByteBuffer(string: "<script>alert(1)</script>")
      ) { response in
        #expect(response.status == .unsupportedMediaType)
        #expect(response.object["field"] as? String == "image")
      }
      // Not declared as an image at all.
      try await client.execute(uri: "/api/albums/\(Self.id)/photos", method: .post, headers: sameOrigin, body: try Self.photo()) {
        response in
        #expect(response.status == .unsupportedMediaType)
      }
      // Over the 20 MB limit.
      let large = ByteBuffer(repeating: 0xFF, count: ServerConfiguration.uploadLimit + 1)
      try await client.execute(uri: "/api/albums/\(Self.id)/cover", method: .put, headers: Self.jpeg, body: large) { response in
        #expect(response.status == .contentTooLarge)
        #expect(response.object["field"] as? String == "image")
      }
      try await client.execute(uri: "/api/albums/\(Self.id)/photos", method: .post, headers: Self.jpeg, body: large) { response in
        #expect(response.status == .contentTooLarge)
      }
    }
    #expect(try fixture.commitCount() == before)
    #expect(try fixture.isClean())
  }

  @Test func photosAreAddedListedServedAndDeletedWithTheirFile() async throws {
    let fixture = try await ServerFixture()
    let before = try fixture.commitCount()
    try await fixture.withClient { client in
      try await client.execute(uri: "/api/albums/\(Self.id)/photos", method: .get) { response in
        #expect(response.status == .ok)
        #expect(response.array.isEmpty)
      }
      try await client.execute(uri: "/api/albums/\(Self.id)/photos", method: .post, headers: Self.jpeg, body: try Self.photo()) {
        response in
        #expect(response.status == .created)
      }
      try await client.execute(
        uri: "/api/albums/\(Self.id)/photos", method: .post, headers: Self.jpeg, body: try Self.photo(width: 3000, height: 2000)
      ) { response in
        let photos = response.array.compactMap { $0 as? [String: Any] }
        #expect(photos.map { $0["name"] as? String } == ["photo-1", "photo-2"])
        #expect(photos.last?["url"] as? String == "/api/albums/\(Self.id)/photos/photo-2")
      }
      #expect(try fixture.commitCount() == before + 2)
      let file = fixture.collection.path + "/albums/radiohead-ok-computer/photos/photo-2.webp"
      let info = try CoverMaker.inspect(file: file)
      #expect(info.format == "webp" && info.width == 1600 && (1066...1067).contains(info.height))
      // libvips wrote no metadata: the XMP with its place is gone.
      let stored = try Data(contentsOf: URL(fileURLWithPath: file))
      #expect(stored.range(of: Data("secret place".utf8)) == nil)
      #expect(stored.range(of: Data("XMP ".utf8)) == nil && stored.range(of: Data("EXIF".utf8)) == nil)
      try await client.execute(uri: "/api/albums/\(Self.id)/photos/photo-2", method: .get) { response in
        #expect(response.status == .ok)
        #expect(response.headers[.contentType] == "image/webp")
        #expect(Data(response.body.readableBytesView) == stored)
      }
      try await client.execute(uri: "/api/albums/\(Self.id)/photos/photo-2", method: .delete, headers: sameOrigin) { response in
        #expect(response.status == .ok)
        #expect(response.array.compactMap { ($0 as? [String: Any])?["name"] as? String } == ["photo-1"])
      }
      #expect(!FileManager.default.fileExists(atPath: file))
      #expect(try fixture.commitCount() == before + 3)
      #expect(try fixture.collection.commitSubjects().first == "Remove photo \"photo-2\" from Radiohead – OK Computer")
      for name in ["photo-9", "..%2Falbum.md", ".hidden"] {
        try await client.execute(uri: "/api/albums/\(Self.id)/photos/\(name)", method: .delete, headers: sameOrigin) { response in
          #expect(response.status == .notFound || response.status == .badRequest, "\(name)")
        }
      }
    }
    #expect(try fixture.commitCount() == before + 3)
    #expect(try fixture.isClean())
    #expect(FileManager.default.fileExists(atPath: fixture.collection.path + "/albums/radiohead-ok-computer/album.md"))
  }
}
