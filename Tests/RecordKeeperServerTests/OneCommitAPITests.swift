import Foundation
import HTTPTestSupport
import HTTPTypes
import Hummingbird
import RecordKeeper
import RecordKeeperServer
import TestSupport
import Testing

/// Add and Save with a cover are one action, one commit (issue 18 point 2).
@Suite struct OneCommitAPITests {
  static let boundary = "rk-test-boundary-7MA4YWxkTrZu0gW"

  /// A `multipart/form-data` body: the album's JSON and, when given, a cover.
  static func form(_ album: [String: Any], cover: [UInt8]?) -> ByteBuffer {
    var bytes: [UInt8] = []
    func line(_ text: String) { bytes += Array((text + "\r\n").utf8) }
    line("--" + boundary)
    line("Content-Disposition: form-data; name=\"album\"")
    line("Content-Type: application/json")
    line("")
    bytes += Array((try? JSONSerialization.data(withJSONObject: album)) ?? Data())
    line("")
    if let cover {
      line("--" + boundary)
      line("Content-Disposition: form-data; name=\"cover\"; filename=\"cover.jpg\"")
      line("Content-Type: image/jpeg")
      line("")
      bytes += cover
      line("")
    }
    line("--" + boundary + "--")
    return ByteBuffer(bytes: bytes)
  }

  static var headers: HTTPFields {
    [.origin: "http://localhost", .contentType: "multipart/form-data; boundary=\(boundary)"]
  }

  /// The form's headers for a save opened at the album's current version.
  static func headers(ifMatch fixture: ServerFixture, _ id: String) async throws -> HTTPFields {
    var fields = headers
    fields[.ifMatch] = try await saveHeaders(fixture, id)[.ifMatch]
    return fields
  }

  static func photo() throws -> [UInt8] {
    try Array(ImagesAPITests.photo().readableBytesView)
  }

  func files(_ fixture: ServerFixture) throws -> [String] {
    try git(["ls-files"], in: fixture.collection.path).split(separator: "\n").map(String.init).sorted()
  }

  @Test func addWithACoverIsOneCommit() async throws {
    let fixture = try await ServerFixture()
    let before = try fixture.commitCount()
    let body = Self.form(["title": "In Rainbows", "artist": "Radiohead"], cover: try Self.photo())
    try await fixture.withClient { client in
      try await client.execute(uri: "/api/albums", method: .post, headers: Self.headers, body: body) {
        #expect($0.status == .created, "\($0.text)")
        #expect($0.object["cover"] as? Bool == true || $0.object["cover"] is String)
      }
    }
    #expect(try fixture.commitCount() == before + 1)
    #expect(try fixture.collection.commitSubjects().first == "Add Radiohead – In Rainbows")
    let files = try files(fixture)
    #expect(files.contains("albums/radiohead-in-rainbows/cover.webp"))
    #expect(files.contains("albums/radiohead-in-rainbows/cover-thumb.webp"))
    #expect(try fixture.isClean())
  }

  @Test func saveWithACoverIsOneCommit() async throws {
    let fixture = try await ServerFixture()
    let id = "albums/radiohead-ok-computer"
    let before = try fixture.commitCount()
    let headers = try await Self.headers(ifMatch: fixture, id)
    let body = Self.form(["title": "OK Computer OKNOTOK", "artist": "Radiohead"], cover: try Self.photo())
    try await fixture.withClient { client in
      try await client.execute(uri: "/api/albums/" + encoded(id), method: .put, headers: headers, body: body) {
        #expect($0.status == .ok, "\($0.text)")
        #expect($0.object["title"] as? String == "OK Computer OKNOTOK")
      }
    }
    #expect(try fixture.commitCount() == before + 1)
    let files = try files(fixture)
    #expect(files.contains(id + "/cover.webp"))
    #expect(try fixture.collection.read(id + "/album.md").contains("OK Computer OKNOTOK"))
    #expect(try fixture.isClean())
  }

  @Test(arguments: ["not an image", "too large"])
  func aRefusedCoverWritesNothing(_ kind: String) async throws {
    let fixture = try await ServerFixture()
    let before = try fixture.commitCount()
    let ids = try files(fixture)
    let cover =
      kind == "too large" ? [UInt8](repeating: 0xFF, count: ServerConfiguration.uploadLimit + 1) : Array("<script>alert(1)</script>".utf8)
    let id = "albums/radiohead-ok-computer"
    let putHeaders = try await Self.headers(ifMatch: fixture, id)
    try await fixture.withClient { client in
      // Tapped twice: still no album, and no "-2" duplicate.
      for _ in 0..<2 {
        let body = Self.form(["title": "In Rainbows", "artist": "Radiohead"], cover: cover)
        try await client.execute(uri: "/api/albums", method: .post, headers: Self.headers, body: body) {
          #expect($0.status == (kind == "too large" ? .contentTooLarge : .unsupportedMediaType), "\($0.text)")
          #expect($0.object["field"] as? String == "cover")
        }
      }
      let body = Self.form(["title": "OK Computer OKNOTOK"], cover: cover)
      try await client.execute(uri: "/api/albums/" + encoded(id), method: .put, headers: putHeaders, body: body) {
        #expect($0.status == (kind == "too large" ? .contentTooLarge : .unsupportedMediaType), "\($0.text)")
      }
    }
    #expect(try fixture.commitCount() == before)
    #expect(try files(fixture) == ids)
    #expect(try fixture.isClean())
  }
}
