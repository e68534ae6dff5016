import Foundation
import HTTPTestSupport
import HTTPTypes
import Hummingbird
import RecordKeeper
import RecordKeeperServer
import TestSupport
import Testing

/// After a 409 the app sends the person's choice per conflicting field with
/// the version the form was opened at, and the server merges as for any
/// save (docs/merging.md, "The app's save is the same merge"; issue 29
/// point 6).
extension SaveMergeAPITests {
  /// The form opened at `tag`: the title and track 1 renamed, a tag added.
  func editedForm(_ object: [String: Any], choices: [String: Any]? = nil) -> ByteBuffer {
    var changes: [String: Any] = [
      "title": "Kind of Blue (App)",
      "tracks": ["So What (Take 2) (9:22)", "Freddie Freeloader", "Blue in Green"],
      "tags": ["jazz", "modal", "app-tag"],
    ]
    if let choices { changes["choices"] = choices }
    // The names alone: each kept track keeps its length.
    return json(object.filter { $0.key != "track_list" }.merging(changes) { $1 })
  }

  /// Meanwhile, in the file: the title and track 3 renamed by hand, a tag
  /// added by `rk tag add`.
  func changeTheFile(_ fixture: ServerFixture) throws {
    var text = try fixture.collection.read(Self.id + "/album.md")
    try #require(text.contains("title: Kind of Blue\n") && text.contains("3. Blue in Green\n"), "\(text)")
    text = text.replacingOccurrences(of: "title: Kind of Blue\n", with: "title: Kind of Blue (File)\n")
    text = text.replacingOccurrences(of: "3. Blue in Green\n", with: "3. Blue in Green (Alternate)\n")
    try fixture.collection.write(Self.id, text)
    _ = try runRK(["-C", fixture.collection.path, "tag", "add", "miles-davis-kind-of-blue", "cli-tag"])
  }

  @Test(arguments: [("ours", "Kind of Blue (App)"), ("theirs", "Kind of Blue (File)")])
  func aConflictSettledByOneSideKeepsEveryOtherChangeOfBothSides(side: String, title: String) async throws {
    let fixture = try await ServerFixture()
    try await fixture.withClient { client in
      let (object, tag) = try await opened(client)
      try changeTheFile(fixture)
      try await client.execute(uri: Self.uri, method: .put, headers: headers(ifMatch: tag), body: editedForm(object)) {
        #expect($0.status == .conflict, "\($0.text)")
        #expect(($0.object["conflicts"] as? [[String: Any]])?.map { $0["field"] as? String } == ["title"])
      }
      let before = try fixture.commitCount()
      // The same form, the same version, and the choice.
      try await client.execute(
        uri: Self.uri, method: .put, headers: headers(ifMatch: tag), body: editedForm(object, choices: ["title": side])
      ) {
        #expect($0.status == .ok, "\($0.text)")
        #expect($0.object["title"] as? String == title)
        #expect(
          $0.object["tracks"] as? [String] == ["So What (Take 2)", "Freddie Freeloader", "Blue in Green (Alternate)"],
          "track 1 renamed by the form, track 3 by the file")
        #expect($0.object["tags"] as? [String] == ["jazz", "modal", "cli-tag", "app-tag"], "the file's tags, then the form's")
      }
      #expect(try fixture.commitCount() == before + 1)
      #expect(try fixture.isClean())
    }
  }

  @Test func aValueSettlesAConflictEvenWhenItIsTheValueTheFormWasOpenedWith() async throws {
    for value in ["Kind of Blue (Both)", "Kind of Blue"] {
      let fixture = try await ServerFixture()
      try await fixture.withClient { client in
        let (object, tag) = try await opened(client)
        try changeTheFile(fixture)
        try await client.execute(
          uri: Self.uri, method: .put, headers: headers(ifMatch: tag), body: editedForm(object, choices: ["title": ["value": value]])
        ) {
          #expect($0.status == .ok, "\($0.text)")
          #expect($0.object["title"] as? String == value)
          #expect(($0.object["tracks"] as? [String])?.last == "Blue in Green (Alternate)")
        }
        #expect(try fixture.collection.read(Self.id + "/album.md").contains("title: \(value)\n"))
      }
    }
  }

  @Test func aValueIsCheckedAsEveryWriteIs() async throws {
    let fixture = try await ServerFixture()
    try await fixture.withClient { client in
      let (object, tag) = try await opened(client)
      try changeTheFile(fixture)
      let file = try fixture.collection.read(Self.id + "/album.md")
      try await client.execute(
        uri: Self.uri, method: .put, headers: headers(ifMatch: tag), body: editedForm(object, choices: ["title": ["value": " "]])
      ) {
        #expect($0.status == .unprocessableContent, "\($0.text)")
        #expect($0.object["field"] as? String == "title")
      }
      #expect(try fixture.collection.read(Self.id + "/album.md") == file)
    }
  }

  @Test func choicesThatAreNoneAreRefusedByName() async throws {
    let fixture = try await ServerFixture()
    try await fixture.withClient { client in
      let (object, tag) = try await opened(client)
      let refused: [([String: Any], String)] = [
        (["title": "mine"], "title"), (["*": "ours"], "*"), (["tracks": ["value": "So What"]], "tracks"),
        (["notes": ["value": "x"]], "notes"),
      ]
      for (choices, field) in refused {
        try await client.execute(uri: Self.uri, method: .put, headers: headers(ifMatch: tag), body: editedForm(object, choices: choices)) {
          #expect($0.status == .badRequest, "\(choices): \($0.text)")
          #expect($0.object["field"] as? String == field)
        }
      }
      try await client.execute(
        uri: "/api/albums", method: .post, headers: sameOrigin, body: json(["title": "T", "artist": "A", "choices": [:]])
      ) {
        #expect($0.status == .badRequest, "an album added has no conflict to settle")
      }
    }
  }
}

/// A save whose form adds a tag keeps the file's order of tags, as written
/// by hand, and just adds the tag (docs/merging.md, "The app's save is the same merge"; issue 29 point 3).
@Suite struct SaveTagOrderAPITests {
  static let id = "albums/bjork-homogenic"
  static var uri: String { "/api/albums/" + encoded(id) }

  static func album(tags: String) -> String {
    "---\ntitle: Homogenic\nartist: Björk\n\(tags)---\n\n## Tracks\n\n1. Hunter\n2. Jóga\n"
  }

  /// Opens the album, lets `meanwhile` change the file, then saves the form
  /// with `tags`; the file after.
  func save(tags: String, adding: [String], meanwhile: @escaping @Sendable (ServerFixture) throws -> Void) async throws -> String {
    let fixture = try await ServerFixture(albums: [Self.id: Self.album(tags: tags)])
    try await fixture.withClient { client in
      let (object, tag) = try await client.execute(uri: Self.uri, method: .get) { ($0.object, $0.headers[.eTag] ?? "") }
      try meanwhile(fixture)
      var headers = sameOrigin
      headers[.ifMatch] = tag
      let form = object.merging(["tags": (object["tags"] as? [String] ?? []) + adding]) { $1 }
      try await client.execute(uri: Self.uri, method: .put, headers: headers, body: json(form)) {
        #expect($0.status == .ok, "\($0.text)")
      }
    }
    return try fixture.collection.read(Self.id + "/album.md")
  }

  static func handEditLabel(_ fixture: ServerFixture) throws {
    let text = try fixture.collection.read(id + "/album.md")
    try fixture.collection.write(id, text.replacingOccurrences(of: "artist: Björk\n", with: "artist: Björk\nlabel: One Little Indian\n"))
  }

  @Test func aFlowListKeepsItsOrderWhenTheFormAddsATag() async throws {
    let saved = try await save(tags: "tags: [b, a]\n", adding: ["c"]) { _ in }
    #expect(saved.contains("tags: [b, a, c]\n"), "\(saved)")
  }

  @Test func aFlowListKeepsItsOrderWhenTheFormAddsATagToAFileChangedMeanwhile() async throws {
    let saved = try await save(tags: "tags: [b, a]\n", adding: ["c"], meanwhile: Self.handEditLabel)
    #expect(saved.contains("tags: [b, a, c]\n") && saved.contains("label: One Little Indian\n"), "\(saved)")
  }

  @Test func aBlockListKeepsItsOrderWhenTheFormAndTheCommandLineEachAddATag() async throws {
    let saved = try await save(tags: "tags:\n- zebra\n- apple\n", adding: ["kiwi"]) { fixture in
      _ = try runRK(["-C", fixture.collection.path, "tag", "add", "bjork-homogenic", "mango"])
    }
    // As the app's own tag add would have put it: after the file's tags.
    #expect(saved.contains("tags:\n- zebra\n- apple\n- mango\n- kiwi\n"), "\(saved)")
  }

  /// The file's tags put in another order by hand while the form was open.
  static func reorder(_ from: String, _ to: String) -> @Sendable (ServerFixture) throws -> Void {
    { fixture in
      let text = try fixture.collection.read(id + "/album.md")
      try #require(text.contains(from), "\(text)")
      try fixture.collection.write(id, text.replacingOccurrences(of: from, with: to))
    }
  }

  @Test func aFlowListReorderedInTheFileMeanwhileKeepsThatOrderWhenTheFormAddsATag() async throws {
    let saved = try await save(tags: "tags: [b, a]\n", adding: ["c"], meanwhile: Self.reorder("tags: [b, a]\n", "tags: [a, b]\n"))
    #expect(saved.contains("tags: [a, b, c]\n"), "\(saved)")
  }

  @Test func aTagRemovedInTheFileMeanwhileStaysRemovedWhenTheFormAddsOne() async throws {
    let saved = try await save(tags: "tags: [b, a, z]\n", adding: ["c"], meanwhile: Self.reorder("tags: [b, a, z]\n", "tags: [z, b]\n"))
    #expect(saved.contains("tags: [z, b, c]\n"), "\(saved)")
  }

  @Test func aBlockListReorderedInTheFileMeanwhileKeepsThatOrderWhenTheFormAddsATag() async throws {
    let saved = try await save(
      tags: "tags:\n- b\n- a\n", adding: ["c"], meanwhile: Self.reorder("tags:\n- b\n- a\n", "tags:\n- a\n- b\n"))
    #expect(saved.contains("tags:\n- a\n- b\n- c\n"), "\(saved)")
  }

  @Test func aTagAddedInTheAppBeforeSaveKeepsTheFlowListsOrder() async throws {
    // The details view saves a tag at once (POST …/tags), then Save sends the
    // form, opened before, with the tag in its list.
    let saved = try await save(tags: "tags: [b, a]\n", adding: ["c"]) { fixture in
      _ = try runRK(["-C", fixture.collection.path, "tag", "add", "bjork-homogenic", "c"])
      try Self.handEditLabel(fixture)
    }
    #expect(saved.contains("tags: [b, a, c]\n") && saved.contains("label: One Little Indian\n"), "\(saved)")
  }
}
