import Foundation
import HTTPTestSupport
import HTTPTypes
import Hummingbird
import RecordKeeper
import RecordKeeperServer
import TestSupport
import Testing

/// The headers of a save from a form opened at the album's current version.
func saveHeaders(_ fixture: ServerFixture, _ id: String) async throws -> HTTPFields {
  var headers = sameOrigin
  headers[.ifMatch] = "\"\(try await fixture.service.versioned(id).version)\""
  return headers
}

/// The app's Save merges the form's changes into the file as it is now
/// (docs/merging.md, "The app's save is the same merge", issue 18 point 1).
@Suite struct SaveMergeAPITests {
  static let id = "albums/miles-davis-kind-of-blue"
  static var uri: String { "/api/albums/" + encoded(id) }

  /// The album as GET gives it: its object and its ETag.
  func opened(_ client: any TestClientProtocol) async throws -> ([String: Any], String) {
    try await client.execute(uri: Self.uri, method: .get) { response in
      (response.object, response.headers[.eTag] ?? "")
    }
  }

  /// `object` with `changes`, as the app sends it back.
  func form(_ object: [String: Any], _ changes: [String: Any]) -> ByteBuffer {
    json(object.merging(changes) { $1 })
  }

  func headers(ifMatch tag: String?) -> HTTPFields {
    var headers = sameOrigin
    if let tag { headers[.ifMatch] = tag }
    return headers
  }

  @Test func everyAlbumObjectCarriesItsVersion() async throws {
    let fixture = try await ServerFixture()
    try await fixture.withClient { client in
      let (object, tag) = try await opened(client)
      let hashed = try git(["hash-object", Self.id + "/album.md"], in: fixture.collection.path).trimmingCharacters(
        in: .whitespacesAndNewlines)
      #expect(tag == "\"\(hashed)\"")
      #expect(object["version"] as? String == hashed)
      // Written into the object database, so a hand edit's version can be read back.
      #expect((try? git(["cat-file", "-t", hashed], in: fixture.collection.path))?.hasPrefix("blob") == true)
    }
  }

  @Test func aSaveWithoutIfMatchIs428AndWritesNothing() async throws {
    let fixture = try await ServerFixture()
    let before = try fixture.commitCount()
    try await fixture.withClient { client in
      let (object, _) = try await opened(client)
      try await client.execute(uri: Self.uri, method: .put, headers: headers(ifMatch: nil), body: form(object, ["title": "Kind of Blue!"]))
      {
        #expect($0.status == .preconditionRequired)
        #expect($0.object["field"] as? String == "If-Match")
      }
    }
    #expect(try fixture.commitCount() == before)
    #expect(try fixture.collection.read(Self.id + "/album.md").contains("title: Kind of Blue\n"))
  }

  @Test func ifMatchCurrentIsAPlainSave() async throws {
    let fixture = try await ServerFixture()
    let before = try fixture.commitCount()
    try await fixture.withClient { client in
      let (object, tag) = try await opened(client)
      try await client.execute(
        uri: Self.uri, method: .put, headers: headers(ifMatch: tag), body: form(object, ["title": "Kind of Blue (Legacy)"])
      ) {
        #expect($0.status == .ok)
        #expect($0.object["title"] as? String == "Kind of Blue (Legacy)")
        #expect($0.headers[.eTag] != tag)
      }
    }
    #expect(try fixture.commitCount() == before + 1)
    #expect(try fixture.collection.commitSubjects().first == "Change title of Miles Davis – Kind of Blue (Legacy)")
  }

  @Test func theMergeKeepsHandEditsAndAnotherRkChangeMadeMeanwhile() async throws {
    let fixture = try await ServerFixture()
    let theirs = try await fixture.withClient { client in
      let (object, tag) = try await opened(client)
      // Meanwhile: label by hand, a track appended by hand, a tag from the command line.
      var text = try fixture.collection.read(Self.id + "/album.md")
      try #require(text.contains("title: Kind of Blue\n") && text.contains("3. Blue in Green\n"), "\(text)")
      text = text.replacingOccurrences(of: "title: Kind of Blue\n", with: "title: Kind of Blue\nlabel: Columbia\n")
      text = text.replacingOccurrences(of: "3. Blue in Green\n", with: "3. Blue in Green\n4. Flamenco Sketches\n")
      try fixture.collection.write(Self.id, text)
      _ = try runRK(["-C", fixture.collection.path, "tag", "add", "miles-davis-kind-of-blue", "cli-tag"])
      let theirs = try fixture.collection.read(Self.id + "/album.md").split(separator: "\n", omittingEmptySubsequences: false).map(
        String.init)
      try await client.execute(
        uri: Self.uri, method: .put, headers: headers(ifMatch: tag), body: form(object, ["title": "Kind of Blue Remastered"])
      ) {
        #expect($0.status == .ok, "\($0.text)")
        #expect($0.object["label"] as? String == "Columbia")
        #expect(($0.object["tracks"] as? [String])?.last == "Flamenco Sketches")
        #expect(($0.object["tags"] as? [String])?.contains("cli-tag") == true)
      }
      return theirs
    }
    // Every line of the file as it was at Save is still there, but the title the form changed.
    let saved = try fixture.collection.read(Self.id + "/album.md").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    for line in theirs where line != "title: Kind of Blue" {
      #expect(saved.contains(line), "\(line) lost:\n\(saved.joined(separator: "\n"))")
    }
    #expect(saved.contains("title: Kind of Blue Remastered"))
    #expect(try fixture.isClean())
  }

  @Test func aFieldChangedBothWaysIs409WithBothValuesAndWritesNothing() async throws {
    let fixture = try await ServerFixture()
    try await fixture.withClient { client in
      let (object, tag) = try await opened(client)
      _ = try runRK(["-C", fixture.collection.path, "set", "miles-davis-kind-of-blue", "--title", "Kind of Blue (CLI)"])
      let before = try fixture.commitCount()
      let file = try fixture.collection.read(Self.id + "/album.md")
      try await client.execute(
        uri: Self.uri, method: .put, headers: headers(ifMatch: tag), body: form(object, ["title": "Kind of Blue (App)"])
      ) {
        #expect($0.status == .conflict)
        let conflicts = $0.object["conflicts"] as? [[String: Any]] ?? []
        #expect(conflicts.count == 1)
        #expect(conflicts.first?["field"] as? String == "title")
        #expect(conflicts.first?["ours"] as? String == "Kind of Blue (App)")
        #expect(conflicts.first?["theirs"] as? String == "Kind of Blue (CLI)")
      }
      #expect(try fixture.commitCount() == before)
      #expect(try fixture.collection.read(Self.id + "/album.md") == file)
      // The app saves again with the chosen value and the new version.
      let (now, current) = try await opened(client)
      try await client.execute(
        uri: Self.uri, method: .put, headers: headers(ifMatch: current), body: form(now, ["title": "Kind of Blue (App)"])
      ) {
        #expect($0.status == .ok)
        #expect($0.object["title"] as? String == "Kind of Blue (App)")
      }
    }
  }

  @Test func anUnknownVersionIs412() async throws {
    let fixture = try await ServerFixture()
    try await fixture.withClient { client in
      let (object, _) = try await opened(client)
      let tag = "\"" + String(repeating: "ab", count: 20) + "\""
      try await client.execute(uri: Self.uri, method: .put, headers: headers(ifMatch: tag), body: form(object, ["title": "X"])) {
        #expect($0.status == .preconditionFailed)
      }
    }
  }
}
