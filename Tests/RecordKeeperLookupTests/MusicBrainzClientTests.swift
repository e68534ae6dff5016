import Foundation
import RecordKeeper
import RecordKeeperLookup
import TestSupport
import Testing

/// The real HTTP code (async-http-client) against the fixture server on
/// loopback: nothing here reaches the internet.
@Suite("MusicBrainz and the Cover Art Archive over HTTP")
struct MusicBrainzClientTests {
  /// A fresh cache folder, so tests share no cache and no request slots:
  /// in the tests' hermetic home, removed when they end.
  static func cacheFolder() throws -> String {
    let home = hermeticEnvironment["HOME"] ?? FileManager.default.temporaryDirectory.path
    let folder = home + "/rk-lookup-test-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder
  }

  /// Runs `body` with clients of the fixture server.
  static func withClients<T: Sendable>(
    timeout: Int = 30, cache: String? = nil,
    _ body: @escaping @Sendable (MusicBrainzClient, CoverArtClient, RequestLog) async throws -> T
  ) async throws -> T {
    let cache = try cache ?? cacheFolder()
    return try await LookupFixtureServer.run { url, log in
      let http = LookupHTTP(
        configuration: LookupConfiguration(
          musicBrainzURL: url, coverArtURL: url, contact: "test@example.org", cacheFolder: cache, timeout: timeout))
      do {
        let result = try await body(MusicBrainzClient(http: http), CoverArtClient(http: http), log)
        await http.shutdown()
        return result
      } catch {
        await http.shutdown()
        throw error
      }
    }
  }

  @Test func aReleaseWithSeveralMediaBecomesAnAlbumWithSidesAndLengths() async throws {
    let release = try await Self.withClients { musicBrainz, _, log in
      let bytes = try await musicBrainz.release(MusicBrainzFixtures.whiteAlbum)
      let seen = await log.requests
      #expect(seen.count == 1)
      #expect(seen.first?.userAgent == "RecordKeeper/\(RecordKeeperVersion.current) ( test@example.org )")
      return try MusicBrainzRelease.decode(bytes)
    }
    let album = release.album()
    #expect(album.title == "The Beatles")
    #expect(album.format == "2×LP")
    #expect(album.trackList.map(\.position) == ["A1", "A2", "B1", "C1", "D1", "D2"])
    #expect(album.trackList.map(\.side) == ["Side A", "Side A", "Side B", "Side C", "Side D", "Side D"])
    #expect(album.trackList.map(\.duration) == [163, 236, 148, 162, 255, nil])
  }

  @Test func aReleaseIsAskedForOnceThenReadFromTheCache() async throws {
    let cache = try Self.cacheFolder()
    let count = try await Self.withClients(cache: cache) { musicBrainz, _, log in
      let first = try await musicBrainz.release(MusicBrainzFixtures.kindOfBlue)
      let second = try await musicBrainz.release(MusicBrainzFixtures.kindOfBlue.uppercased())
      #expect(first == second)
      return await log.requests.count
    }
    #expect(count == 1)
    #expect(FileManager.default.fileExists(atPath: cache + "/musicbrainz/release/\(MusicBrainzFixtures.kindOfBlue).json"))
  }

  @Test func searchesByBarcodeAndCatalogNumberSendMusicBrainzQueries() async throws {
    let queries = try await Self.withClients { musicBrainz, _, log in
      let byBarcode = try MusicBrainzReleaseSearch.decode(try await musicBrainz.search(.barcode("0 602498 658467")))
      #expect(byBarcode.releases.map(\.id) == [MusicBrainzFixtures.twoDiscs])
      let byNumber = try MusicBrainzReleaseSearch.decode(try await musicBrainz.search(.catalogNumber("CL 1355")))
      #expect(LookupCandidate.all(in: byNumber).first?.catalogNumber == "CL 1355")
      return await log.requests.compactMap(\.query)
    }
    #expect(queries == ["barcode:0602498658467", "catno:\"CL 1355\""])
  }

  @Test func coversComeFromTheReleaseElseItsGroupElseNowhere() async throws {
    try await Self.withClients { _, coverArt, log in
      let own = try await coverArt.front(release: MusicBrainzFixtures.kindOfBlue, releaseGroup: MusicBrainzFixtures.kindOfBlueGroup)
      #expect(own?.source == .release)
      #expect(own?.image == LookupFixtureServer.coverJPEG)
      let group = try await coverArt.front(release: MusicBrainzFixtures.whiteAlbum, releaseGroup: MusicBrainzFixtures.whiteAlbumGroup)
      #expect(group?.source == .releaseGroup)
      let none = try await coverArt.front(release: MusicBrainzFixtures.noCover, releaseGroup: MusicBrainzFixtures.noCoverGroup)
      #expect(none == nil)
      let paths = await log.requests.map(\.path)
      #expect(paths.contains("/release-group/\(MusicBrainzFixtures.noCoverGroup)/front"))
    }
  }

  @Test func a503IsRetriedAfterItsRetryAfter() async throws {
    let release = MusicBrainzFixtures.releases[MusicBrainzFixtures.busyOnce] ?? ""
    let server = try TimingServer { $0 == 0 ? (503, ["Retry-After: 2"], "busy") : (200, [], release) }
    defer { server.stop() }
    let answer = try await Self.withClient(server) { try await $0.release(MusicBrainzFixtures.busyOnce) }
    #expect(try MusicBrainzRelease.decode(answer).title == "Busy")
    let times = server.arrivals
    try #require(times.count == 2)
    #expect(times[1] - times[0] >= 1.95, "the retry came \(times[1] - times[0]) s after the 503's Retry-After: 2")
  }

  /// Runs `body` with a client of `server`, with a cache of its own unless
  /// `cache` is given.
  static func withClient<T: Sendable>(
    _ server: TimingServer, cache: String? = nil, _ body: @Sendable (MusicBrainzClient) async throws -> T
  ) async throws -> T {
    let http = LookupHTTP(
      configuration: LookupConfiguration(
        musicBrainzURL: server.url, contact: "test@example.org", cacheFolder: try cache ?? cacheFolder(), timeout: 30))
    do {
      let result = try await body(MusicBrainzClient(http: http))
      await http.shutdown()
      return result
    } catch {
      await http.shutdown()
      throw error
    }
  }

  @Test func aServiceThatStaysBusyIsAClearError() async throws {
    let (error, count): (LookupError?, Int) = try await Self.withClients { musicBrainz, _, log in
      do throws(LookupError) { _ = try await musicBrainz.release(MusicBrainzFixtures.alwaysBusy) } catch {
        return (error, await log.requests.count)
      }
      return (nil, await log.requests.count)
    }
    #expect(error == .busy(service: .musicBrainz, attempts: 4, retryAfter: nil))
    #expect(count == 4)
  }

  @Test func aServiceThatDoesNotAnswerTimesOut() async throws {
    let error: LookupError? = try await Self.withClients(timeout: 1) { musicBrainz, _, _ in
      do throws(LookupError) { _ = try await musicBrainz.release(MusicBrainzFixtures.slow) } catch { return error }
      return nil
    }
    guard case .timedOut(let service, _, let seconds) = error else {
      Issue.record("expected a timeout, got \(String(describing: error))")
      return
    }
    #expect(service == .musicBrainz && seconds == 1)
    #expect(error?.description.contains("MusicBrainz did not answer within 1 s") == true)
  }

  @Test(arguments: [MusicBrainzFixtures.malformed, MusicBrainzFixtures.notJSON])
  func aMalformedAnswerNamesTheServiceAndIsNotCached(id: String) async throws {
    let cache = try Self.cacheFolder()
    let error: LookupError? = try await Self.withClients(cache: cache) { musicBrainz, _, _ in
      do throws(LookupError) { _ = try await musicBrainz.release(id) } catch { return error }
      return nil
    }
    guard case .malformed(.musicBrainz, let detail) = error else {
      Issue.record("expected a malformed answer, got \(String(describing: error))")
      return
    }
    #expect(error?.description.hasPrefix("MusicBrainz sent an answer rk cannot read") == true)
    #expect(id == MusicBrainzFixtures.malformed ? detail.contains("title") : detail.contains("not JSON"))
    #expect(!FileManager.default.fileExists(atPath: cache + "/musicbrainz/release/\(id).json"))
  }

  @Test func anUnknownReleaseAndABadIDAreClearErrors() async throws {
    try await Self.withClients { musicBrainz, _, log in
      let unknown = "00000000-0000-4000-8000-000000000000"
      await #expect(throws: LookupError.notFound(service: .musicBrainz, what: "release \(unknown)")) {
        _ = try await musicBrainz.release(unknown)
      }
      await #expect(throws: LookupError.invalidID("../../etc/passwd")) { _ = try await musicBrainz.release("../../etc/passwd") }
      #expect(await log.requests.count == 1)
    }
  }

  @Test func anAnswerTooLargeToBeAReleaseIsRefused() async throws {
    let huge = "{" + String(repeating: " ", count: 17_000_000) + "}"
    let server = try TimingServer { _ in (200, [], huge) }
    defer { server.stop() }
    let error: LookupError? = try await Self.withClient(server) { musicBrainz in
      do throws(LookupError) { _ = try await musicBrainz.search(.text("blue")) } catch { return error }
      return nil
    }
    guard case .malformed(.musicBrainz, let detail) = error else {
      Issue.record("expected a refusal, got \(String(describing: error))")
      return
    }
    #expect(detail.hasSuffix("is larger than 16 MB"), "\(detail)")
  }

  @Test func concurrentLookupsAreOneSecondApart() async throws {
    let search = MusicBrainzFixtures.search([MusicBrainzFixtures.kindOfBlue])
    let server = try TimingServer { _ in (200, [], search) }
    defer { server.stop() }
    try await Self.withClient(server) { musicBrainz in
      try await withThrowingTaskGroup(of: Void.self) { group in
        for query in ["blue", "white", "green", "red"] {
          group.addTask { _ = try await musicBrainz.search(.text(query)) }
        }
        try await group.waitForAll()
      }
    }
    let times = server.arrivals
    #expect(times.count == 4)
    for (earlier, later) in zip(times, times.dropFirst()) {
      #expect(later - earlier >= 0.95, "two requests came \(later - earlier) s apart")
    }
  }

  @Test func nothingAnsweringIsAClearErrorNamingTheService() async throws {
    let http = LookupHTTP(
      configuration: LookupConfiguration(
        musicBrainzURL: "http://127.0.0.1:9", contact: "test@example.org", cacheFolder: try Self.cacheFolder(), timeout: 2))
    defer { Task { await http.shutdown() } }
    do {
      _ = try await MusicBrainzClient(http: http).search(.text("blue"))
      Issue.record("a search without a server succeeded")
    } catch {
      #expect(error.description.hasPrefix("cannot reach MusicBrainz at http://127.0.0.1:9/ws/2/release"), "\(error)")
    }
  }
}
