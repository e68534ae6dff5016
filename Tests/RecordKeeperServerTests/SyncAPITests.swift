import Foundation
import HTTPTestSupport
import Hummingbird
import RecordKeeper
import RecordKeeperServer
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A bare remote and two clones of it: `alice`, served by a
/// ``CollectionService``, and `bob`, changed with the git CLI.
final class SharingFixture: Sendable {
  let origin: TemporaryCollection
  let remote: String
  let alice: String
  let bob: String
  private let clones: SharedClones
  let service: CollectionService
  static let album = "albums/radiohead-ok-computer"

  init() async throws {
    origin = try TemporaryCollection(albums: ServerFixture.albums)
    try origin.initializeGit()
    clones = try SharedClones(of: origin.path)
    (remote, alice, bob) = (clones.remote, clones.alice, clones.bob)
    service = try CollectionService(location: CollectionLocation(root: alice))
  }

  deinit {
    let service = service
    Task { await service.close() }
    clones.remove()
  }

  func withClient<Value>(_ body: @escaping @Sendable (any TestClientProtocol) async throws -> Value) async throws -> Value {
    let app = Application(router: buildRouter(service: service, configuration: ServerConfiguration(host: "127.0.0.1", port: 0)))
    return try await app.test(.router) { client in try await body(client) }
  }

  /// Bob rewrites a line of the album and pushes it.
  func bobChanges(_ old: String, to new: String, path: String = SharingFixture.album + "/album.md") throws {
    let file = bob + "/" + path
    let text = try String(contentsOfFile: file, encoding: .utf8)
    precondition(text.contains(old), "\(path) has no \(old)")
    try text.replacingOccurrences(of: old, with: new).write(toFile: file, atomically: true, encoding: .utf8)
    try git(["commit", "-q", "-am", "Bob: \(new)"], in: bob)
    try git(["push", "-q", "origin", "HEAD"], in: bob)
  }

  func head(_ clone: String, _ name: String = "HEAD") throws -> String {
    try git(["rev-parse", name], in: clone).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  func parents(_ clone: String, _ name: String = "HEAD") throws -> [String] {
    try git(["rev-list", "--parents", "-n", "1", name], in: clone).split(separator: " ").dropFirst()
      .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
  }

  func commitCount(_ clone: String) throws -> Int {
    Int(try git(["rev-list", "--count", "HEAD"], in: clone).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
  }
}

/// A loopback port that takes connections and never answers, like a remote
/// on a network that went quiet; closing it resets them.
final class SilentListener: Sendable {
  let port: Int
  private let socket: Int32

  init() throws {
    let (fd, port) = try bindLoopback()
    guard listen(fd, 8) == 0 else {
      _ = Glibc.close(fd)
      throw POSIXError(.EADDRINUSE)
    }
    socket = fd
    self.port = port
  }

  func close() {
    shutdown(socket, Int32(SHUT_RDWR))
    _ = Glibc.close(socket)
  }
}

extension TestClientProtocol {
  /// A change sent as the app's own page sends it.
  @discardableResult
  func change(_ uri: String, _ method: HTTPRequest.Method = .post, body: Any? = nil) async throws -> TestResponse {
    var headers = sameOrigin
    // A save names the version it was opened at, as the app does.
    if method == .put, uri.hasPrefix("/api/albums/") { headers[.ifMatch] = try await get(uri).headers[.eTag] }
    return try await execute(uri: uri, method: method, headers: headers, body: body.map(json)) { $0 }
  }

  func get(_ uri: String) async throws -> TestResponse {
    try await execute(uri: uri, method: .get) { $0 }
  }
}

@Suite("API: sync and conflicts")
struct SyncAPITests {
  let album = SharingFixture.album

  @Test func aCollectionWithoutRemoteHasNothingToSync() async throws {
    let fixture = try await ServerFixture()
    try await fixture.withClient { client in
      let status = try await client.get("/api/sync")
      #expect(status.status == .ok)
      #expect(status.object["remote"] is NSNull)
      #expect(status.object["branch"] as? String == "main")
      #expect(status.object["incoming"] as? Int == 0)
      #expect(status.object["conflicts"] as? Int == 0)
      let sync = try await client.change("/api/sync")
      #expect(sync.status == .conflict)
      #expect(sync.object["field"] as? String == "remote")
      #expect((sync.object["error"] as? String)?.contains("has no remote to sync with") == true)
      #expect(try await client.get("/api/conflicts").array.isEmpty)
    }
  }

  @Test func fetchCountsWhatCameInAndWhatIsToSend() async throws {
    let fixture = try await SharingFixture()
    try fixture.bobChanges("rock", to: "britpop")
    try await fixture.withClient { client in
      // Nothing fetched yet: the remote's branch is as cloned.
      let before = try await client.get("/api/sync")
      #expect(before.object["remote"] as? String == "origin")
      #expect(before.object["incoming"] as? Int == 0)
      #expect(before.object["fetchedAt"] is NSNull)
      let fetched = try await client.change("/api/sync/fetch")
      #expect(fetched.status == .ok)
      #expect(fetched.object["incoming"] as? Int == 1)
      #expect(fetched.object["outgoing"] as? Int == 0)
      #expect(fetched.object["fetchedAt"] is String)
      #expect(fetched.object["error"] is NSNull)
      // A change through the app is one commit to send; fetching merged nothing.
      #expect(try await client.change("/api/albums/\(encoded(album))/tags", body: ["tag": "90s"]).status == .ok)
      let after = try await client.get("/api/sync")
      #expect(after.object["outgoing"] as? Int == 1)
      #expect(after.object["incoming"] as? Int == 1)
    }
    #expect(!(try String(contentsOfFile: fixture.alice + "/" + album + "/album.md", encoding: .utf8)).contains("britpop"))
  }

  // Waits for an event or a state with no end of their own: the time limit
  // cancels the test (ending the wait) and fails it instead of hanging.
  @Test(.timeLimit(.minutes(2))) func syncMergesByFieldPushesAndShowsTheChange() async throws {
    let fixture = try await SharingFixture()
    try fixture.bobChanges("rock", to: "britpop")
    let bobHead = try fixture.head(fixture.bob)
    let events = fixture.service.events.subscribe()
    try await fixture.withClient { client in
      #expect(try await client.change("/api/albums/\(encoded(album))/tags", body: ["tag": "90s"]).status == .ok)
      let aliceHead = try fixture.head(fixture.alice)
      let sync = try await client.change("/api/sync")
      #expect(sync.status == .ok, "\(sync.text)")
      #expect(sync.object["result"] as? String == "merged")
      #expect(sync.object["received"] as? Int == 1)
      #expect(sync.object["sent"] as? Int == 2)
      #expect((sync.object["conflicts"] as? [Any])?.isEmpty == true)
      // One merge commit, of both sides, now on the remote too.
      let merge = try fixture.head(fixture.alice)
      #expect(sync.object["commit"] as? String == merge)
      #expect(try fixture.parents(fixture.alice) == [aliceHead, bobHead])
      #expect(try fixture.head(fixture.remote, "main") == merge)
      // The open app sees both tags at once.
      let shown = try await client.get("/api/albums/\(encoded(album))")
      #expect(Set(shown.object["tags"] as? [String] ?? []) == ["britpop", "90s"])
      let status = try await client.get("/api/sync")
      #expect(status.object["incoming"] as? Int == 0)
      #expect(status.object["outgoing"] as? Int == 0)
      // Nothing more to do: a second sync changes nothing.
      let again = try await client.change("/api/sync")
      #expect(again.object["result"] as? String == "up-to-date")
      #expect(again.object["sent"] as? Int == 0)
    }
    #expect(try fixture.commitCount(fixture.alice) == 4)
    // The app heard of the album and of the new sync state.
    var heard: [String] = []
    for await event in events {
      if case .change(let ids) = event { heard += ids }
      if heard.contains(album) { break }
    }
    #expect(heard.contains(album))
  }

  @Test func withNothingOfOursSyncFastForwardsAndSendsNothing() async throws {
    let fixture = try await SharingFixture()
    try fixture.bobChanges("rock", to: "britpop")
    try await fixture.withClient { client in
      let sync = try await client.change("/api/sync")
      #expect(sync.object["result"] as? String == "fast-forwarded")
      #expect(sync.object["commit"] as? String == (try fixture.head(fixture.bob)))
      #expect(sync.object["received"] as? Int == 1)
      #expect(sync.object["sent"] as? Int == 0)
      #expect(try await client.get("/api/albums/\(encoded(album))").object["tags"] as? [String] == ["britpop"])
    }
    #expect(try fixture.head(fixture.alice) == (try fixture.head(fixture.bob)))
  }

  /// The app's Sync button records hand edits first, as rk sync does, and
  /// names what stayed home.
  @Test func syncRecordsHandEditsAndNamesWhatStayedHome() async throws {
    let fixture = try await SharingFixture()
    let file = fixture.alice + "/" + album + "/album.md"
    try (try String(contentsOfFile: file, encoding: .utf8) + "\nMy own words.\n").write(toFile: file, atomically: true, encoding: .utf8)
    try FileManager.default.createDirectory(atPath: fixture.alice + "/albums/broken", withIntermediateDirectories: true)
    try "---\ntitle: Broken\nartist: Hand\nreleased: 1957-02-30\n---\n".write(
      toFile: fixture.alice + "/albums/broken/album.md", atomically: true, encoding: .utf8)
    try await fixture.withClient { client in
      let sync = try await client.change("/api/sync")
      #expect(sync.object["recorded"] as? Int == 1)
      #expect(sync.object["sent"] as? Int == 1)
      let home = try #require(sync.object["stayed_home"] as? [[String: Any]])
      // Shown as rk check --json shows paths (GET /api/problems too).
      #expect(home.count == 1)
      #expect((home.first?["path"] as? String)?.hasSuffix("/albums/broken/album.md") == true, "\(home)")
    }
    #expect(try git(["show", "origin/HEAD:" + album + "/album.md"], in: fixture.alice).contains("My own words."))
  }

  /// Plays a sync brings in are in the server's copy when the sync answers,
  /// without waiting for the watcher: the album's plays and its object.
  @Test func playsASyncBringsAreSeenAtOnce() async throws {
    let fixture = try await SharingFixture()
    try FileManager.default.createDirectory(atPath: fixture.bob + "/plays", withIntermediateDirectories: true)
    try "- 2026-01-02 20:00 · \(album)\n".write(toFile: fixture.bob + "/plays/2026.md", atomically: true, encoding: .utf8)
    try git(["add", "plays"], in: fixture.bob)
    try git(["commit", "-q", "-m", "Bob: a play"], in: fixture.bob)
    try git(["push", "-q", "origin", "HEAD"], in: fixture.bob)
    try await fixture.withClient { client in
      let sync = try await client.change("/api/sync")
      #expect(sync.object["result"] as? String == "fast-forwarded")
      let plays = try await client.get("/api/albums/\(encoded(album))/plays")
      #expect(plays.object["plays"] as? Int == 1)
      let object = try await client.get("/api/albums/\(encoded(album))")
      #expect(object.object["last_played"] as? String == "2026-01-02")
    }
  }

  @Test func aConflictIsListedAndTakingTheirsMakesTheMergeCommit() async throws {
    let fixture = try await SharingFixture()
    try fixture.bobChanges("title: OK Computer", to: "title: OK Computer (Remastered)")
    let bobHead = try fixture.head(fixture.bob)
    try await fixture.withClient { client in
      let saved = try await client.change("/api/albums/\(encoded(album))", .put, body: ["title": "OK Computer OKNOTOK"])
      #expect(saved.status == .ok)
      let aliceHead = try fixture.head(fixture.alice)
      let sync = try await client.change("/api/sync")
      #expect(sync.status == .ok)
      #expect(sync.object["result"] as? String == "conflicts")
      #expect(sync.object["sent"] is NSNull)
      let expected: [String: String] = [
        "album": album, "title": "OK Computer OKNOTOK", "field": "title", "ours": "OK Computer OKNOTOK",
        "theirs": "OK Computer (Remastered)",
      ]
      #expect((sync.object["conflicts"] as? [[String: String]]) == [expected])
      // Nothing was pushed, and the merge is not committed yet.
      #expect(try fixture.head(fixture.remote, "main") == bobHead)
      #expect(try fixture.head(fixture.alice) == aliceHead)
      #expect((try await client.get("/api/conflicts").array as? [[String: String]]) == [expected])
      #expect(try await client.get("/api/sync").object["conflicts"] as? Int == 1)
      // Other changes wait for the conflict to be settled.
      let refused = try await client.change("/api/albums/\(encoded(album))/tags", body: ["tag": "90s"])
      #expect(refused.status == .conflict)
      #expect((refused.object["error"] as? String)?.contains(album) == true)

      let resolved = try await client.change("/api/conflicts/resolve", body: ["album": album, "take": "theirs"])
      #expect(resolved.status == .ok, "\(resolved.text)")
      #expect((resolved.object["remaining"] as? [Any])?.isEmpty == true)
      let merge = try fixture.head(fixture.alice)
      #expect(resolved.object["commit"] as? String == merge)
      #expect(try fixture.parents(fixture.alice) == [aliceHead, bobHead])
      #expect(try git(["status", "--porcelain"], in: fixture.alice).isEmpty)
      #expect(try await client.get("/api/albums/\(encoded(album))").object["title"] as? String == "OK Computer (Remastered)")
      #expect(try await client.get("/api/conflicts").array.isEmpty)
      // The merge goes out with the next sync.
      let pushed = try await client.change("/api/sync")
      #expect(pushed.object["sent"] as? Int == 2)
      #expect(try fixture.head(fixture.remote, "main") == merge)
    }
  }

  @Test func settingAValueSettlesOneFieldAndTheLastMakesTheCommit() async throws {
    let fixture = try await SharingFixture()
    try fixture.bobChanges("released: 1997-05-21", to: "released: 1997-06-16")
    try fixture.bobChanges("title: OK Computer", to: "title: OK Computer (Remastered)")
    try await fixture.withClient { client in
      try await client.change("/api/albums/\(encoded(album))", .put, body: ["title": "OKNOTOK", "released": "2017-06-23"])
      #expect(try await client.change("/api/sync").object["result"] as? String == "conflicts")
      let fields = try await client.get("/api/conflicts").array.compactMap { ($0 as? [String: Any])?["field"] as? String }
      #expect(fields.sorted() == ["released", "title"])

      // Refused, each naming what is wrong; nothing changes.
      let badDate = try await client.change("/api/conflicts/resolve", body: ["album": album, "set": ["released": "soon"]])
      #expect(badDate.status == .unprocessableContent)
      #expect(badDate.object["field"] as? String == "released")
      let tracks = try await client.change("/api/conflicts/resolve", body: ["album": album, "set": ["tracks": "Airbag"]])
      #expect(tracks.status == .notFound)
      let side = try await client.change("/api/conflicts/resolve", body: ["album": album, "take": "mine"])
      #expect(side.status == .badRequest)
      #expect(side.object["field"] as? String == "take")
      let unknown = try await client.change("/api/conflicts/resolve", body: ["album": album, "take": "ours", "force": true])
      #expect(unknown.status == .badRequest)
      #expect(unknown.object["field"] as? String == "force")
      let both = try await client.change("/api/conflicts/resolve", body: ["album": album, "take": "ours", "set": ["title": "X"]])
      #expect(both.status == .badRequest)
      let noAlbum = try await client.change("/api/conflicts/resolve", body: ["album": "albums/nobody-nothing", "take": "ours"])
      #expect(noAlbum.status == .notFound)
      let foreign = try await client.execute(uri: "/api/conflicts/resolve", method: .post, body: json(["album": album, "take": "ours"])) {
        $0
      }
      #expect(foreign.status == .forbidden)
      #expect(try await client.get("/api/conflicts").array.count == 2)

      let first = try await client.change(
        "/api/conflicts/resolve", body: ["album": album, "set": ["title": "OK Computer OKNOTOK 1997 2017"]])
      #expect(first.status == .ok, "\(first.text)")
      #expect(first.object["commit"] is NSNull)
      #expect((first.object["remaining"] as? [[String: Any]])?.map { $0["field"] as? String } == ["released"])
      let last = try await client.change("/api/conflicts/resolve", body: ["album": album, "take": "ours", "field": "released"])
      #expect(last.object["commit"] as? String == (try fixture.head(fixture.alice)))
      let shown = try await client.get("/api/albums/\(encoded(album))").object
      #expect(shown["title"] as? String == "OK Computer OKNOTOK 1997 2017")
      #expect(shown["released"] as? String == "2017-06-23")
      // No merge left to settle.
      let none = try await client.change("/api/conflicts/resolve", body: ["album": album, "take": "ours"])
      #expect(none.status == .conflict)
    }
    #expect(try fixture.parents(fixture.alice).count == 2)
  }

  @Test func anUnreachableRemoteIsNamedAndNothingChanges() async throws {
    let fixture = try await SharingFixture()
    try git(["remote", "set-url", "origin", fixture.remote + "-gone"], in: fixture.alice)
    let before = try fixture.head(fixture.alice)
    try await fixture.withClient { client in
      let fetched = try await client.change("/api/sync/fetch")
      #expect(fetched.status == .ok)
      #expect((fetched.object["error"] as? String)?.contains("could not reach remote origin") == true)
      #expect(fetched.object["fetchedAt"] is NSNull)
      #expect(try await client.change("/api/albums/\(encoded(album))/tags", body: ["tag": "90s"]).status == .ok)
      let sync = try await client.change("/api/sync")
      #expect(sync.status == .badGateway)
      #expect(sync.object["field"] as? String == "remote")
      #expect((sync.object["error"] as? String)?.contains("could not reach remote origin") == true)
    }
    #expect(try fixture.commitCount(fixture.alice) == 2)
    #expect(try fixture.parents(fixture.alice) == [before])
  }

  // Waits for an event or a state with no end of their own: the time limit
  // cancels the test (ending the wait) and fails it instead of hanging.
  @Test(.timeLimit(.minutes(2))) func aFetchUnderWayHoldsUpNoRequest() async throws {
    let fixture = try await SharingFixture()
    let listener = try SilentListener()
    try git(["remote", "set-url", "origin", "http://127.0.0.1:\(listener.port)/origin.git"], in: fixture.alice)
    // Should a request wait for the fetch after all, the test ends (failing) instead of hanging.
    let safetyNet = Task {
      try await Task.sleep(for: .seconds(120))
      listener.close()
    }
    let fetch = Task { await fixture.service.sync.fetch() }
    while !fixture.service.sync.state.fetching { try await Task.sleep(for: .milliseconds(10)) }
    try await fixture.withClient { client in
      #expect(try await client.change("/api/albums/\(encoded(album))/tags", body: ["tag": "90s"]).status == .ok)
      let status = try await client.get("/api/sync")
      #expect(status.object["fetching"] as? Bool == true)
      #expect(status.object["outgoing"] as? Int == 1)
      #expect(try await client.get("/api/albums").object["count"] as? Int == 5)
    }
    listener.close()
    safetyNet.cancel()
    let state = await fetch.value
    #expect(!state.fetching)
    #expect(state.error?.contains("could not reach remote origin") == true, "\(state)")
  }

  // Waits for an event or a state with no end of their own: the time limit
  // cancels the test (ending the wait) and fails it instead of hanging.
  @Test(.timeLimit(.minutes(2))) func theServerFetchesInTheBackgroundAndSaysSo() async throws {
    let fixture = try await SharingFixture()
    try fixture.bobChanges("rock", to: "britpop")
    let events = fixture.service.events.subscribe()
    await fixture.service.sync.startFetching(every: .seconds(3600))
    for await event in events where event == .sync { break }
    #expect(fixture.service.sync.state.fetchedAt != nil)
    let status = await fixture.service.syncReport()
    #expect(status.status?.incoming == 1)
  }
}
