import CoverTestSupport
import Foundation
import RecordKeeper
import RecordKeeperCovers
import RecordKeeperLookup
import TestSupport
import Testing

/// Seed 001's scan through the real HTTP code: the Messages API, MusicBrainz
/// and the Cover Art Archive answered by fixture servers on loopback.
@Suite("Identifying a sleeve")
struct IdentifierTests {
  /// A photo of a sleeve: larger than the API needs, so it is scaled down.
  static let photo: [UInt8] =
    (try? CoverMaker.testImage(width: 2000, height: 1500, suffix: ".jpg[Q=80]") { x, y in (UInt8(x % 200), UInt8(y % 200), 40) }) ?? []

  struct Servers: Sendable {
    var identifier: Identifier
    var history: ScanHistory
    var anthropic: AnthropicFixtureServer.Log
    var lookups: RequestLog
    var coverArtURL: String
  }

  /// Runs `body` with an identifier whose API key is `key`, both fixture
  /// servers, and the history of a fresh collection.
  static func with<T: Sendable>(key: String, _ body: @escaping @Sendable (Servers) async throws -> T) async throws -> T {
    let collection = try TemporaryCollection()
    let cache = try MusicBrainzClientTests.cacheFolder()
    return try await LookupFixtureServer.run { lookupURL, lookups in
      try await AnthropicFixtureServer.run { anthropicURL, anthropic in
        let http = LookupHTTP(
          configuration: LookupConfiguration(
            musicBrainzURL: lookupURL, coverArtURL: lookupURL, contact: "test@example.org", cacheFolder: cache, timeout: 10))
        let identifier = Identifier(http: http, vision: VisionConfiguration(apiKey: key, baseURL: anthropicURL + "/", attempts: 3))
        let servers = Servers(
          identifier: identifier, history: ScanHistory(location: CollectionLocation(root: collection.path)), anthropic: anthropic,
          lookups: lookups,
          coverArtURL: lookupURL)
        do {
          let result = try await body(servers)
          await http.shutdown()
          return result
        } catch {
          await http.shutdown()
          throw error
        }
      }
    }
  }

  @Test func aSleeveBecomesAScanWithReviewReleaseAndCover() async throws {
    try await Self.with(key: "good") { servers in
      let made = try await servers.identifier.identify(photo: Self.photo, history: servers.history)
      let scan = made.scan
      #expect(scan.answer.albumTitle == "Kind of Blue")
      #expect(scan.answer.artistName == "Miles Davis")
      #expect(scan.answer.rating == 10)
      #expect(scan.answer.recommendation == .essential)
      #expect(scan.answer.keyTracks == ["So What", "Blue in Green", "All Blues"])
      #expect(scan.musicbrainz == MusicBrainzFixtures.kindOfBlue)
      #expect(scan.match?.format == "LP")
      #expect(scan.coverURL == servers.coverArtURL + "/release/\(MusicBrainzFixtures.kindOfBlue)/front")
      #expect(made.cover == LookupFixtureServer.coverJPEG)
      #expect(made.notes.isEmpty)
      #expect(servers.history.list().scans == [scan])
      // Two turns: the photo (WebP, scaled down, no metadata), then the review without it.
      let seen = await servers.anthropic.requests
      #expect(seen.count == 2)
      #expect(seen.allSatisfy { $0.model == VisionConfiguration.defaultModel })
      let image = try #require(seen.first?.image)
      #expect(image.mediaType == "image/webp")
      let file = FileManager.default.temporaryDirectory.appendingPathComponent("rk-identify-sent-\(UUID().uuidString).webp")
      try Data(image.bytes).write(to: file)
      defer { try? FileManager.default.removeItem(at: file) }
      let sent = try CoverMaker.inspect(file: file.path)
      #expect(sent.width == 1600 && sent.height == 1200)
      #expect(seen.last?.image == nil)
      #expect(seen.last?.text.contains("\"Kind of Blue\" by Miles Davis (1959)") == true)
      let paths = await servers.lookups.requests.map(\.path)
      #expect(paths == ["/ws/2/release", "/release/\(MusicBrainzFixtures.kindOfBlue)/front", "/images/front.jpg"])
    }
  }

  @Test func theSameAlbumScannedAgainReusesTheAnswer() async throws {
    try await Self.with(key: "good") { servers in
      let first = try await servers.identifier.identify(photo: Self.photo, history: servers.history).scan
      let second = try await servers.identifier.identify(photo: Self.photo, history: servers.history)
      #expect(second.scan.id != first.id)
      #expect(second.scan.reusedFrom == first.id)
      #expect(second.scan.answer == first.answer)
      #expect(second.scan.match == first.match)
      #expect(second.cover == LookupFixtureServer.coverJPEG)
      // Every scan is kept, duplicates too (seed 001).
      #expect(Set(servers.history.list().scans.map(\.id)) == [second.scan.id, first.id])
      // The photo was asked about again; the review and MusicBrainz were not.
      #expect(await servers.anthropic.requests.map { $0.image != nil } == [true, false, true])
      #expect(await servers.lookups.requests.filter { $0.path.hasPrefix("/ws/2/") }.count == 1)
    }
  }

  @Test func aStoredCoverAddressIsOnlyFetchedFromTheArchive() async throws {
    try await Self.with(key: "good") { servers in
      let answer = VisionAnswer(
        albumTitle: "Kind of Blue", artistName: "Miles Davis", contextSummary: "A classic.", rating: 9, recommendation: .essential)
      // Stored by another run, when the archive was elsewhere: the path is kept, the address is today's.
      try servers.history.save(
        Scan(
          id: "20261101-100000-aaaa", date: Date(timeIntervalSince1970: 1_793_527_200), answer: answer,
          coverURL: "https://old.example/release/\(MusicBrainzFixtures.kindOfBlue.uppercased())/front"))
      let made = try await servers.identifier.identify(photo: Self.photo, history: servers.history)
      #expect(made.scan.reusedFrom == "20261101-100000-aaaa")
      #expect(made.cover == LookupFixtureServer.coverJPEG)
      #expect(made.scan.coverURL == servers.coverArtURL + "/release/\(MusicBrainzFixtures.kindOfBlue)/front")
      #expect(await servers.lookups.requests.first?.path == "/release/\(MusicBrainzFixtures.kindOfBlue)/front")
      // Anything else a scan file says is never fetched.
      try servers.history.remove("20261101-100000-aaaa")
      try servers.history.remove(made.scan.id)
      try servers.history.save(
        Scan(
          id: "20261101-100000-bbbb", date: Date(timeIntervalSince1970: 1_793_527_200), answer: answer,
          coverURL: servers.coverArtURL + "/images/front.jpg"))
      let again = try await servers.identifier.identify(photo: Self.photo, history: servers.history)
      #expect(again.scan.reusedFrom == "20261101-100000-bbbb")
      #expect(again.cover == nil)
      #expect(again.scan.coverURL == nil)
      #expect(await servers.lookups.requests.map(\.path) == ["/release/\(MusicBrainzFixtures.kindOfBlue)/front", "/images/front.jpg"])
    }
  }

  @Test func anAnswerInProseOrAFenceIsRead() async throws {
    try await Self.with(key: "prose") { servers in
      let scan = try await servers.identifier.identify(photo: Self.photo, history: servers.history).scan
      #expect(scan.answer.albumTitle == "Kind of Blue")
      #expect(scan.answer.contextBullets.count == 3)
    }
  }

  @Test func aSleeveTheModelCannotTellSavesNoScan() async throws {
    try await Self.with(key: "unknown") { servers in
      await #expect(throws: IdentifyError.notIdentified) {
        try await servers.identifier.identify(photo: Self.photo, history: servers.history)
      }
      #expect(servers.history.list().scans.isEmpty)
      #expect(await servers.anthropic.requests.count == 1)
      #expect(await servers.lookups.requests.isEmpty)
    }
  }

  @Test func aMalformedReviewSavesNoScan() async throws {
    try await Self.with(key: "malformed") { servers in
      await #expect(throws: IdentifyError.malformedAnswer("\"rating\" is great; it must be a number from 0 to 10")) {
        try await servers.identifier.identify(photo: Self.photo, history: servers.history)
      }
      #expect(servers.history.list().scans.isEmpty)
    }
  }

  @Test func aRefusedKeyIsNamed() async throws {
    try await Self.with(key: "wrong") { servers in
      let expected = IdentifyError.api(status: 401, type: "authentication_error", message: "invalid x-api-key")
      await #expect(throws: expected) { try await servers.identifier.identify(photo: Self.photo, history: servers.history) }
      #expect(expected.description == "Anthropic's API refused the key (HTTP 401: invalid x-api-key). Check ANTHROPIC_API_KEY.")
      // An error that asking again cannot mend is not retried.
      #expect(await servers.anthropic.requests.count == 1)
    }
  }

  @Test func anOverloadedAPIIsAskedAgain() async throws {
    try await Self.with(key: "overloaded-once") { servers in
      let scan = try await servers.identifier.identify(photo: Self.photo, history: servers.history).scan
      #expect(scan.answer.albumTitle == "Kind of Blue")
      #expect(await servers.anthropic.requests.count == 3)
    }
    try await Self.with(key: "overloaded") { servers in
      await #expect(throws: IdentifyError.overloaded(status: 529, attempts: 3)) {
        try await servers.identifier.identify(photo: Self.photo, history: servers.history)
      }
      #expect(await servers.anthropic.requests.count == 3)
      #expect(servers.history.list().scans.isEmpty)
    }
  }

  @Test func anAlbumMusicBrainzDoesNotHaveIsStillAScan() async throws {
    try await Self.with(key: "nomatch") { servers in
      let made = try await servers.identifier.identify(photo: Self.photo, history: servers.history)
      #expect(made.scan.answer.albumTitle == "Unheard Tapes")
      #expect(made.scan.answer.recommendation == .skip)
      #expect(made.scan.match == nil)
      #expect(made.scan.coverURL == nil)
      #expect(made.cover == nil)
      #expect(servers.history.list().scans.count == 1)
      // The fielded search, then the words alone.
      #expect(
        await servers.lookups.requests.map(\.query) == [
          #"artist:"Nobody Known" AND release:"Unheard Tapes""#, "nobody known unheard tapes",
        ])
    }
  }

  @Test func somethingThatIsNotAnImageIsRefusedBeforeAnyRequest() async throws {
    try await Self.with(key: "good") { servers in
      await #expect(throws: IdentifyError.self) {
        try await servers.identifier.identify(photo: Array("not an image".utf8), history: servers.history)
      }
      #expect(await servers.anthropic.requests.isEmpty)
    }
  }
}
