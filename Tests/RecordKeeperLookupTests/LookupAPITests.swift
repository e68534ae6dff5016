import CoverTestSupport
import Foundation
import HTTPTestSupport
import HTTPTypes
import Hummingbird
import RecordKeeper
import RecordKeeperCovers
import RecordKeeperLookup
import RecordKeeperServer
import TestSupport
import Testing

/// The app's look-ups (`/api/lookup`, `POST /api/albums {"musicbrainz"}`,
/// `/api/barcode`) through the router of `rk serve`, with the real HTTP
/// code against the fixture servers on loopback.
@Suite("API: look-ups, adding from MusicBrainz, barcodes")
struct LookupAPITests {
  static let origin: HTTPFields = [.origin: "http://localhost", .contentType: "application/json"]

  /// A collection in git with one album, `rk serve`'s router over it, and
  /// lookups at `url` (the fixture server), or none when `url` is nil.
  final class Fixture: Sendable {
    let collection: TemporaryCollection
    let service: CollectionService

    init() throws {
      collection = try TemporaryCollection(albums: [
        "albums/radiohead-ok-computer": albumText(title: "OK Computer", artist: "Radiohead", released: "1997-05-21")
      ])
      try collection.initializeGit()
      service = try CollectionService(location: CollectionLocation(root: collection.path))
    }

    deinit {
      let service = service
      Task { await service.close() }
    }

    func withClient<Value: Sendable>(
      lookups: LookupAccess, _ body: @escaping @Sendable (any TestClientProtocol) async throws -> Value
    ) async throws -> Value {
      let router = buildRouter(service: service, configuration: ServerConfiguration(host: "127.0.0.1", port: 0), lookups: lookups)
      return try await Application(router: router).test(.router) { client in try await body(client) }
    }

    func commitCount() throws -> Int {
      Int(try git(["rev-list", "--count", "HEAD"], in: collection.path).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    func isClean() throws -> Bool { try git(["status", "--porcelain"], in: collection.path).isEmpty }
  }

  /// Lookups that ask the services at `url`, with a fresh cache. The
  /// timeout is the default 30 s: a bound for a loaded 2-core machine (a CI
  /// run once kept the fixture from answering within 10 s), not a speed.
  static func access(_ url: String) throws -> LookupAccess {
    LookupAccess(
      configuration: LookupConfiguration(
        musicBrainzURL: url, coverArtURL: url, contact: "test@example.org", cacheFolder: try MusicBrainzClientTests.cacheFolder()))
  }

  /// Runs `body` with a fixture collection and a client whose lookups go to
  /// the fixture server.
  static func withServer(
    _ body: @escaping @Sendable (Fixture, any TestClientProtocol, RequestLog) async throws -> Void
  ) async throws {
    let fixture = try Fixture()
    try await LookupFixtureServer.run { url, log in
      try await fixture.withClient(lookups: try access(url)) { client in try await body(fixture, client, log) }
    }
  }

  static func body(_ object: Any) -> ByteBuffer {
    ByteBuffer(bytes: (try? JSONSerialization.data(withJSONObject: object)) ?? Data())
  }

  @Test func aLookupByBarcodeWordsOrCatalogNumberListsTheCandidatesAsRkLookupJSON() async throws {
    try await Self.withServer { _, client, log in
      try await client.execute(uri: "/api/lookup?barcode=0602498658467", method: .get) { response in
        #expect(response.status == .ok)
        let candidates = response.array
        #expect(candidates.count == 1)
        let first = candidates.first as? [String: Any] ?? [:]
        #expect(first["musicbrainz"] as? String == MusicBrainzFixtures.twoDiscs)
        #expect(first["title"] as? String == "Live in Paris")
        #expect(first["artist"] as? String == "Diana Krall")
        #expect(first["format"] as? String == "2×CD")
        #expect(first["label"] as? String == "Verve")
        #expect(first["catalog_number"] as? String == "065 109-2")
        #expect(first["country"] as? String == "XE")
        #expect(first["date"] as? String == "2002")
        #expect(first["score"] as? Int == 100)
      }
      try await client.execute(uri: "/api/lookup?catalog_number=CL+1355", method: .get) { response in
        #expect((response.array.first as? [String: Any])?["musicbrainz"] as? String == MusicBrainzFixtures.kindOfBlue)
      }
      try await client.execute(uri: "/api/lookup?q=miles+davis+kind+of+blue", method: .get) { response in
        #expect(response.array.compactMap { ($0 as? [String: Any])?["title"] as? String } == ["Kind of Blue", "The Beatles"])
      }
      // The query MusicBrainz was asked, and the User-Agent it was asked with.
      let seen = await log.requests
      #expect(seen.map(\.query) == ["barcode:0602498658467", "catno:\"CL 1355\"", "miles davis kind of blue"])
      #expect(seen.allSatisfy { $0.userAgent == "RecordKeeper/\(RecordKeeperVersion.current) ( test@example.org )" })
    }
  }

  @Test func aLookupNeedsExactlyOneOfItsParameters() async throws {
    try await Self.withServer { _, client, log in
      for query in ["", "?q=+", "?q=blue&barcode=123", "?barcode=abc", "?barcode=12a"] {
        try await client.execute(uri: "/api/lookup" + query, method: .get) { response in
          #expect(response.status == .badRequest, "\(query)")
          #expect(!(response.object["error"] as? String ?? "").isEmpty)
        }
      }
      try await client.execute(uri: "/api/lookup?barcode=12a", method: .get) { response in
        #expect(response.object["error"] as? String == "barcode takes the digits printed under the barcode, not \"12a\"")
        #expect(response.object["field"] as? String == "barcode")
      }
      #expect(await log.requests.isEmpty)
    }
  }

  @Test func aReleaseBecomesAnAlbumWithFieldsSidesLengthsAndCoverInOneCommit() async throws {
    try await Self.withServer { fixture, client, _ in
      let before = try fixture.commitCount()
      let request = Self.body(["musicbrainz": MusicBrainzFixtures.kindOfBlue, "tags": ["jazz"]])
      try await client.execute(uri: "/api/albums", method: .post, headers: Self.origin, body: request) { response in
        #expect(response.status == .created)
        let album = response.object
        #expect(album["id"] as? String == "albums/miles-davis-kind-of-blue")
        #expect(response.headers[.location] == "/api/albums/albums%2Fmiles-davis-kind-of-blue")
        #expect(album["title"] as? String == "Kind of Blue")
        #expect(album["artist"] as? String == "Miles Davis")
        #expect(album["sort_artist"] as? String == "Davis, Miles")
        #expect(album["released"] as? String == "1959-08-17")
        #expect(album["label"] as? String == "Columbia")
        #expect(album["catalog_number"] as? String == "CL 1355")
        #expect(album["format"] as? String == "LP")
        #expect(album["country"] as? String == "US")
        #expect(album["musicbrainz"] as? String == MusicBrainzFixtures.kindOfBlue)
        #expect(album["tags"] as? [String] == ["jazz"])
        #expect(album["cover"] as? String == "albums/miles-davis-kind-of-blue/cover.webp")
        let tracks = album["track_list"] as? [[String: Any]] ?? []
        #expect(tracks.compactMap { $0["side"] as? String } == ["Side A", "Side A", "Side A", "Side B", "Side B"])
        #expect(tracks.compactMap { $0["duration"] as? Int } == [562, 586, 337, 693, 566])
      }
      #expect(try fixture.commitCount() == before + 1)
      #expect(try fixture.isClean())
      let text = try fixture.collection.read("albums/miles-davis-kind-of-blue/album.md")
      #expect(text.contains("### Side B\n"))
      let cover = fixture.collection.path + "/albums/miles-davis-kind-of-blue/cover.webp"
      #expect(try CoverMaker.inspect(file: cover).width == CoverMaker.coverSize)
      // The commit holds the album and both cover files.
      let files = try git(["show", "--name-only", "--format=", "HEAD"], in: fixture.collection.path).split(separator: "\n")
      #expect(
        Set(files) == [
          "albums/miles-davis-kind-of-blue/album.md", "albums/miles-davis-kind-of-blue/cover.webp",
          "albums/miles-davis-kind-of-blue/cover-thumb.webp",
        ])
    }
  }

  @Test func aReleaseWithoutCoverArtIsAddedWithoutACover() async throws {
    try await Self.withServer { fixture, client, _ in
      let before = try fixture.commitCount()
      try await client.execute(
        uri: "/api/albums", method: .post, headers: Self.origin, body: Self.body(["musicbrainz": MusicBrainzFixtures.noCover])
      ) { response in
        #expect(response.status == .created)
        #expect(response.object["title"] as? String == "Unsleeved")
        #expect(response.object["cover"] is NSNull)
        #expect(response.object["format"] as? String == "7\"")
      }
      #expect(try fixture.commitCount() == before + 1)
    }
  }

  @Test func theBodysFieldsGoOnTopOfTheRelease() async throws {
    try await Self.withServer { fixture, client, _ in
      let before = try fixture.commitCount()
      // A value the rules refuse refuses the whole album, as the editor's Add does.
      let refused = Self.body(["musicbrainz": MusicBrainzFixtures.whiteAlbum, "rating": "9"])
      try await client.execute(uri: "/api/albums", method: .post, headers: Self.origin, body: refused) { response in
        #expect(response.status == .unprocessableContent)
        #expect(response.object["field"] as? String == "rating")
      }
      #expect(try fixture.commitCount() == before)
      let request = Self.body(["musicbrainz": MusicBrainzFixtures.whiteAlbum, "title": "The White Album", "rating": "5"])
      try await client.execute(uri: "/api/albums", method: .post, headers: Self.origin, body: request) { response in
        #expect(response.status == .created)
        #expect(response.object["title"] as? String == "The White Album")
        #expect(response.object["artist"] as? String == "The Beatles")
        #expect(response.object["rating"] as? String == "5")
        #expect(response.object["format"] as? String == "2×LP")
      }
    }
  }

  @Test func anUnknownOrInvalidReleaseAddsNothing() async throws {
    try await Self.withServer { fixture, client, _ in
      let before = try fixture.commitCount()
      let unknown = "00000000-0000-4000-8000-000000000000"
      try await client.execute(uri: "/api/albums", method: .post, headers: Self.origin, body: Self.body(["musicbrainz": unknown])) {
        response in
        #expect(response.status == .notFound)
        #expect(response.object["field"] as? String == "musicbrainz")
        #expect((response.object["error"] as? String ?? "").contains("has no release \(unknown)"))
      }
      try await client.execute(uri: "/api/albums", method: .post, headers: Self.origin, body: Self.body(["musicbrainz": "kind of blue"])) {
        response in
        #expect(response.status == .badRequest)
        #expect(response.object["field"] as? String == "musicbrainz")
      }
      try await client.execute(
        uri: "/api/albums", method: .post, headers: Self.origin, body: Self.body(["musicbrainz": MusicBrainzFixtures.notJSON])
      ) {
        response in
        #expect(response.status == .badGateway)
        #expect((response.object["error"] as? String ?? "").hasPrefix("MusicBrainz sent an answer rk cannot read"))
      }
      #expect(try fixture.commitCount() == before)
      #expect(try fixture.isClean())
    }
  }

  @Test func anUnreachableServiceOrNoContactIsSaidClearly() async throws {
    let fixture = try Fixture()
    // A port nothing listens on: taken, then let go.
    let closed = try await LookupFixtureServer.run { url, _ in url }
    try await fixture.withClient(lookups: try Self.access(closed)) { client in
      try await client.execute(uri: "/api/lookup?q=blue", method: .get) { response in
        #expect(response.status == .badGateway)
        #expect((response.object["error"] as? String ?? "").contains("cannot reach MusicBrainz"))
      }
    }
    try await fixture.withClient(lookups: LookupAccess(configuration: nil)) { client in
      try await client.execute(uri: "/api/lookup?q=blue", method: .get) { response in
        #expect(response.status == .serviceUnavailable)
        #expect(response.object["error"] as? String == LookupContact.missing)
      }
    }
  }

  @Test func aPhotoOfABarcodeIsRead() async throws {
    let fixture = try Fixture()
    try await fixture.withClient(lookups: LookupAccess(configuration: nil)) { client in
      let png: HTTPFields = [.origin: "http://localhost", .contentType: "image/png"]
      try await client.execute(uri: "/api/barcode", method: .post, headers: png, body: ByteBuffer(bytes: try EAN13.png("060249865846"))) {
        response in
        #expect(response.status == .ok)
        #expect(response.object["barcodes"] as? [String] == ["0602498658468"])
      }
      // Upside down and grey on grey, as a photo may be.
      let rotated = try EAN13.png("509990298792", upsideDown: true, ink: 70, paper: 200)
      try await client.execute(uri: "/api/barcode", method: .post, headers: png, body: ByteBuffer(bytes: rotated)) { response in
        #expect(response.object["barcodes"] as? [String] == ["5099902987927"])
      }
      let blank = try CoverMaker.testImage(width: 300, height: 200, suffix: ".png") { _, _ in (255, 255, 255) }
      try await client.execute(uri: "/api/barcode", method: .post, headers: png, body: ByteBuffer(bytes: blank)) { response in
        #expect(response.status == .unprocessableContent)
        #expect(response.object["field"] as? String == "image")
        #expect((response.object["error"] as? String ?? "").hasPrefix("no barcode was found in the photo"))
      }
      try await client.execute(uri: "/api/barcode", method: .post, headers: png, body: ByteBuffer(string: "not an image")) { response in
        #expect(response.status == .unsupportedMediaType)
      }
      try await client.execute(uri: "/api/barcode", method: .post, headers: Self.origin, body: ByteBuffer(bytes: blank)) { response in
        #expect(response.status == .unsupportedMediaType)
      }
    }
  }
}

/// EAN-13 barcodes drawn as PNG images, for the barcode tests.
enum EAN13 {
  static let left = ["0001101", "0011001", "0010011", "0111101", "0100011", "0110001", "0101111", "0111011", "0110111", "0001011"]
  static let right = left.map { String($0.map { $0 == "0" ? "1" : "0" }) }
  static let even = right.map { String($0.reversed()) }
  /// Which of the left half's digits use the even code, by the first digit.
  static let parity = ["LLLLLL", "LLGLGG", "LLGGLG", "LLGGGL", "LGLLGG", "LGGLLG", "LGGGLL", "LGLGLG", "LGLGGL", "LGGLGL"]

  static func checkDigit(_ twelve: [Int]) -> Int {
    let sum = twelve.enumerated().reduce(0) { $0 + $1.element * ($1.offset % 2 == 0 ? 1 : 3) }
    return (10 - sum % 10) % 10
  }

  /// The 95 modules (`1` a bar) of the twelve digits and their check digit.
  static func modules(_ twelve: String) -> [Bool] {
    var digits = twelve.compactMap(\.wholeNumberValue)
    digits.append(checkDigit(digits))
    var bits = "101"
    for (kind, digit) in zip(parity[digits[0]], digits[1...6]) { bits += kind == "L" ? left[digit] : even[digit] }
    bits += "01010"
    for digit in digits[7...12] { bits += right[digit] }
    bits += "101"
    return bits.map { $0 == "1" }
  }

  /// A PNG of the barcode, 3 pixels a module, with quiet zones.
  static func png(_ twelve: String, upsideDown: Bool = false, ink: UInt8 = 0, paper: UInt8 = 255) throws -> [UInt8] {
    let bars = modules(twelve)
    let (module, quiet, height) = (3, 12, 150)
    let width = (bars.count + 2 * quiet) * module
    return try CoverMaker.testImage(width: width, height: height, suffix: ".png") { x, y in
      let column = (upsideDown ? width - 1 - x : x) / module - quiet
      let bar = (0..<bars.count).contains(column) && bars[column] && (20..<height - 20).contains(y)
      let value = bar ? ink : paper
      return (value, value, value)
    }
  }
}

extension TestResponse {
  /// The body parsed as JSON.
  var json: Any? { try? JSONSerialization.jsonObject(with: Data(body.readableBytesView), options: [.fragmentsAllowed]) }
  var object: [String: Any] { json as? [String: Any] ?? [:] }
  var array: [Any] { json as? [Any] ?? [] }
}
