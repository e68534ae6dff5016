import Foundation
import HTTPTestSupport
import Hummingbird
import RecordKeeper
import RecordKeeperServer
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Changes made outside the server (by hand, by `rk`, by git) reach the API
/// and `/api/events` without a restart (docs/app.md, "Goals at any size").
@Suite("Server: following the disk")
struct WatchingTests {
  static let id = "albums/radiohead-ok-computer"

  func eventually(_ condition: () async throws -> Bool) async throws -> Bool {
    try await ServerFixture.eventually(condition)
  }

  /// The events up to the first that `stop` accepts, within the same
  /// bound; `nil` when none came.
  func events(
    _ events: AsyncStream<ServerEvent>, until stop: @escaping @Sendable (ServerEvent) -> Bool
  ) async -> [ServerEvent]? {
    await withTaskGroup(of: [ServerEvent]?.self) { group in
      group.addTask {
        var seen: [ServerEvent] = []
        for await event in events {
          seen.append(event)
          if stop(event) { return seen }
        }
        return nil
      }
      group.addTask {
        // A bound for a busy machine, not a speed: events come within a second.
        try? await Task.sleep(for: .seconds(15))
        return nil
      }
      let first = await group.next() ?? nil
      group.cancelAll()
      return first
    }
  }

  /// Whether an event naming `id` comes.
  func nextChange(of id: String, in events: AsyncStream<ServerEvent>) async -> Bool {
    await self.events(events) { event in
      if case .change(let ids) = event { return ids.contains(id) }
      return false
    } != nil
  }

  func title(_ fixture: ServerFixture, _ id: String) async throws -> String? {
    try await fixture.withClient { client in
      try await client.execute(uri: "/api/albums/" + encoded(id), method: .get) { $0.object["title"] as? String }
    }
  }

  @Test func aHandEditShowsUpWithAnEvent() async throws {
    let fixture = try await ServerFixture(watching: true)
    let events = fixture.service.events.subscribe()
    try fixture.collection.write(Self.id, albumText(title: "OK Computer OKNOTOK", artist: "Radiohead", released: "1997-05-21"))
    #expect(await nextChange(of: Self.id, in: events))
    #expect(try await title(fixture, Self.id) == "OK Computer OKNOTOK")
  }

  @Test func aChangeMadeBeforeWatchingStartedShowsUp() async throws {
    let collection = try TemporaryCollection(albums: ServerFixture.albums)
    try collection.initializeGit()
    let service = try CollectionService(location: CollectionLocation(root: collection.path), watching: true)
    // After loading and before the events are followed: only the watches
    // made while loading walked the tree can tell, as it is not walked again.
    try collection.write(Self.id, albumText(title: "Changed early", artist: "Radiohead"))
    try collection.write("albums/new/deep", albumText(title: "Made early", artist: "Someone"))
    await service.startWatching()
    #expect(
      try await eventually {
        service.snapshot.albums[Self.id]?.title == "Changed early" && service.snapshot.albums["albums/new/deep"]?.title == "Made early"
      })
    await service.close()
  }

  @Test func anRkCommandShowsUp() async throws {
    let fixture = try await ServerFixture(watching: true)
    let events = fixture.service.events.subscribe()
    let result = try runRK(["-C", fixture.collection.path, "set", "radiohead-ok-computer", "--title", "OK Computer (Remastered)"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(await nextChange(of: Self.id, in: events))
    #expect(try await title(fixture, Self.id) == "OK Computer (Remastered)")
    // rk add makes the folder aside and renames it into place; rk rm parks it.
    _ = try runRK(["-C", fixture.collection.path, "add", "--title", "Amnesiac", "--artist", "Radiohead"])
    #expect(try await eventually { fixture.service.snapshot.albums["albums/radiohead-amnesiac"] != nil })
    _ = try runRK(["-C", fixture.collection.path, "rm", "radiohead-amnesiac", "--yes"])
    #expect(try await eventually { fixture.service.snapshot.albums["albums/radiohead-amnesiac"] == nil })
    #expect(fixture.service.snapshot.albums.count == 5)
  }

  @Test func aFolderDeletedOrMovedByHandShowsUp() async throws {
    let fixture = try await ServerFixture(watching: true)
    let root = fixture.collection.path
    try FileManager.default.removeItem(atPath: root + "/" + Self.id)
    #expect(try await eventually { fixture.service.snapshot.albums[Self.id] == nil })
    try FileManager.default.createDirectory(atPath: root + "/shelf/jazz", withIntermediateDirectories: true)
    try FileManager.default.moveItem(atPath: root + "/albums/miles-davis-kind-of-blue", toPath: root + "/shelf/jazz/kind-of-blue")
    #expect(try await eventually { fixture.service.snapshot.albums["shelf/jazz/kind-of-blue"]?.title == "Kind of Blue" })
    #expect(fixture.service.snapshot.albums["albums/miles-davis-kind-of-blue"] == nil)
    // A file written in the moved folder is seen under its new name.
    try fixture.collection.write("shelf/jazz/kind-of-blue", albumText(title: "Kind of Blue (Legacy)", artist: "Miles Davis"))
    #expect(try await eventually { fixture.service.snapshot.albums["shelf/jazz/kind-of-blue"]?.title == "Kind of Blue (Legacy)" })
    #expect(fixture.service.snapshot.albums.count == 4)
  }

  @Test func aPulledCommitShowsUp() async throws {
    let fixture = try await ServerFixture(watching: true)
    let other = FileManager.default.temporaryDirectory.appendingPathComponent("rk-serve-clone-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: other) }
    try git(["clone", "-q", fixture.collection.path, other], in: fixture.collection.path)
    try git(["config", "user.name", "Other Collector"], in: other)
    try git(["config", "user.email", "other@example.com"], in: other)
    try FileManager.default.createDirectory(atPath: other + "/albums/portishead-dummy", withIntermediateDirectories: true)
    try albumText(title: "Dummy", artist: "Portishead").write(
      toFile: other + "/albums/portishead-dummy/album.md", atomically: true, encoding: .utf8)
    try albumText(title: "OK Computer", artist: "Radiohead", released: "1997-05-21", tags: ["rock", "pulled"])
      .write(toFile: other + "/" + Self.id + "/album.md", atomically: true, encoding: .utf8)
    try git(["add", "-A"], in: other)
    try git(["commit", "-q", "-m", "Two albums from the other shelf"], in: other)
    let events = fixture.service.events.subscribe()
    try git(["pull", "-q", "--ff-only", other, "main"], in: fixture.collection.path)
    #expect(await nextChange(of: Self.id, in: events))
    #expect(try await eventually { fixture.service.snapshot.albums["albums/portishead-dummy"]?.title == "Dummy" })
    #expect(fixture.service.snapshot.albums[Self.id]?.tags == ["rock", "pulled"])
  }

  @Test func aChangedSortSettingReloads() async throws {
    let fixture = try await ServerFixture(watching: true)
    let events = fixture.service.events.subscribe()
    _ = try runRK(["-C", fixture.collection.path, "sort", "title"])
    #expect(await self.events(events) { $0 == .reload } != nil)
    #expect(fixture.service.snapshot.preferences.sortMode == .title)
  }

  @Test func theServersOwnChangeIsAnnouncedOnce() async throws {
    let fixture = try await ServerFixture(watching: true)
    let events = fixture.service.events.subscribe()
    _ = try await fixture.service.apply(.addTags(["again"]), to: Self.id)
    #expect(await nextChange(of: Self.id, in: events))
    // The watcher sees the same write; re-reading finds nothing new.
    _ = try runRK(["-C", fixture.collection.path, "tag", "add", "bjork-homogenic", "marker"])
    let seen = await self.events(events) { event in
      if case .change(let ids) = event { return ids.contains("albums/bjork-homogenic") }
      return false
    }
    // Up to the other album's change, nothing names the server's own again.
    let named = (seen ?? []).flatMap { event -> [String] in
      if case .change(let ids) = event { return ids }
      return []
    }
    #expect(named == ["albums/bjork-homogenic"], "events: \(String(describing: seen))")
  }

  @Test func eventsStreamOverHTTP() async throws {
    let fixture = try await ServerFixture(watching: true)
    let router = buildRouter(service: fixture.service, configuration: fixture.configuration)
    let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
    try await app.test(.live) { client in
      let port = try #require(client.port)
      let stream = try EventStreamReader(port: port)
      #expect(try await stream.read(until: "retry: 1000\n\n").contains("text/event-stream"))
      try fixture.collection.write(Self.id, albumText(title: "OK Computer!", artist: "Radiohead"))
      let text = try await stream.read(until: "\n\n", after: "event: change")
      #expect(text.contains("event: change\ndata: {\"ids\": [\"albums/radiohead-ok-computer\"]}"), "\(text)")
    }
  }
}

/// A plain HTTP/1.1 connection reading `/api/events` as a browser's
/// EventSource would. Its blocking reads run on a Dispatch thread: on
/// Swift's cooperative pool (two threads here) they could hold up the very
/// server they wait for.
final class EventStreamReader: Sendable {
  private let socket: Int32
  private let buffered = Mutex("")

  init(port: Int) throws {
    socket = try connectLoopback(port: port, timeout: 30)  // a bound: a loaded machine once took over 10 s
    let request = "GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\n\r\n"
    _ = request.withCString { send(socket, $0, strlen($0), 0) }
  }

  deinit { close(socket) }

  /// Everything received until `marker` (after `start`, when given) arrives.
  func read(until marker: String, after start: String? = nil) async throws -> String {
    try await withCheckedThrowingContinuation { continuation in
      DispatchQueue.global().async {
        continuation.resume(with: Result { try self.readBlocking(until: marker, after: start) })
      }
    }
  }

  private func readBlocking(until marker: String, after start: String?) throws -> String {
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let found = buffered.withLock { received -> String? in
        let from = start == nil ? received.startIndex : received.range(of: start ?? "")?.upperBound
        guard let from, let end = received.range(of: marker, range: from..<received.endIndex) else { return nil }
        let text = String(received[..<end.upperBound])
        received = String(received[end.upperBound...])
        return text
      }
      if let found { return found }
      let count = recv(socket, &buffer, buffer.count, 0)
      guard count > 0 else { throw POSIXError(.ETIMEDOUT) }
      let text = String(decoding: buffer[..<count], as: UTF8.self)
      buffered.withLock { $0 += text }
    }
  }
}
