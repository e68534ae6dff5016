import Foundation
import HTTPTestSupport
import Hummingbird
import RecordKeeper
import RecordKeeperServer
import TestSupport

/// A collection in git, a ``CollectionService`` watching it, and the
/// router of `rk serve` over it, for in-process API tests.
final class ServerFixture: Sendable {
  let collection: TemporaryCollection
  let service: CollectionService
  let configuration: ServerConfiguration

  static let albums: [String: String] = [
    "albums/miles-davis-kind-of-blue": albumText(
      title: "Kind of Blue", artist: "Miles Davis", released: "1959-08-17", tags: ["jazz", "modal"],
      tracks: ["So What (9:22)", "Freddie Freeloader", "Blue in Green"]),
    "albums/miles-davis-bitches-brew": albumText(
      title: "Bitches Brew", artist: "Miles Davis", released: "1970-03-30", tags: ["jazz", "fusion"]),
    "albums/radiohead-ok-computer": albumText(title: "OK Computer", artist: "Radiohead", released: "1997-05-21", tags: ["rock"]),
    "albums/bjork-homogenic": albumText(title: "Homogenic", artist: "Björk", released: "1997-09-22"),
    "albums/the-beatles-abbey-road": albumText(
      title: "Abbey Road", artist: "The Beatles", sortArtist: "Beatles, The", released: "1969-09-26", tags: ["rock"]),
  ]

  init(albums: [String: String] = ServerFixture.albums, host: String = "127.0.0.1", watching: Bool = false) async throws {
    collection = try TemporaryCollection(albums: albums)
    try collection.initializeGit()
    service = try CollectionService(location: CollectionLocation(root: collection.path), watching: watching)
    await service.startWatching()
    configuration = ServerConfiguration(host: host, port: 0)
  }

  deinit {
    let service = service
    Task { await service.close() }
  }

  /// Waits until `condition` holds, up to a bound meant for a loaded
  /// machine (15 s), not a speed; whether it held.
  static func eventually(_ condition: () async throws -> Bool) async throws -> Bool {
    for _ in 0..<300 {
      if try await condition() { return true }
      try await Task.sleep(for: .milliseconds(50))
    }
    return try await condition()
  }

  /// Runs `body` with a client of the router, in process.
  func withClient<Value>(_ body: @escaping @Sendable (any TestClientProtocol) async throws -> Value) async throws -> Value {
    let router = buildRouter(service: service, configuration: configuration)
    let app = Application(router: router)
    return try await app.test(.router) { client in try await body(client) }
  }

  /// The number of commits in the collection's repository.
  func commitCount() throws -> Int {
    Int(try git(["rev-list", "--count", "HEAD"], in: collection.path).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
  }

  /// Whether the work tree has anything uncommitted.
  func isClean() throws -> Bool {
    try git(["status", "--porcelain"], in: collection.path).isEmpty
  }
}

/// Headers of a change made by the app's own page.
let sameOrigin: HTTPFields = [.origin: "http://localhost", .contentType: "application/json"]

/// The id as one path part of an API address.
func encoded(_ id: String) -> String {
  id.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-_.~"))) ?? id
}

/// A JSON body.
func json(_ object: Any) -> ByteBuffer {
  ByteBuffer(bytes: (try? JSONSerialization.data(withJSONObject: object)) ?? Data())
}

extension TestResponse {
  /// The body parsed as JSON.
  var json: Any? { try? JSONSerialization.jsonObject(with: Data(body.readableBytesView), options: [.fragmentsAllowed]) }
  var object: [String: Any] { json as? [String: Any] ?? [:] }
  var array: [Any] { json as? [Any] ?? [] }
  var text: String { String(decoding: body.readableBytesView, as: UTF8.self) }
}
