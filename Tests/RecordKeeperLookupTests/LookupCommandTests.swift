import CoverTestSupport
import Foundation
import RecordKeeper
import RecordKeeperCovers
import TestSupport
import Testing

/// `rk lookup`, `rk add --musicbrainz` and `rk set --musicbrainz --fill`:
/// the built `rk` (and its `rk-lookup` helper) against the fixture server.
@Suite("rk lookup, add --musicbrainz, set --fill")
struct LookupCommandTests {
  /// The variables that point `rk` at the fixture server, with a contact
  /// and a cache of its own.
  static func environment(_ url: String, cache: String? = nil) throws -> [String: String] {
    [
      "RK_MUSICBRAINZ_URL": url, "RK_COVERART_URL": url, "RK_CONTACT": "collector@example.org",
      "XDG_CACHE_HOME": try cache ?? MusicBrainzClientTests.cacheFolder(),
    ]
  }

  /// Runs `rk` on a thread of its own: the fixture server answers on the
  /// concurrency threads, which a waiting test must not hold.
  static func rk(_ arguments: [String], environment: [String: String]) async throws -> RKResult {
    try await withCheckedThrowingContinuation { continuation in
      Thread.detachNewThread {
        continuation.resume(with: Result { try runRK(arguments, environment: environment) })
      }
    }
  }

  static func commitCount(_ collection: TemporaryCollection) throws -> Int {
    Int(try git(["rev-list", "--count", "HEAD"], in: collection.path).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
  }

  @Test func lookupListsCandidatesWithTheirIDs() async throws {
    try await LookupFixtureServer.run { url, _ in
      let environment = try Self.environment(url)
      let text = try await Self.rk(["lookup", "kind", "of", "blue"], environment: environment)
      #expect(text.status == 0, "\(text.stderr)")
      #expect(
        text.stdout.contains(
          "Kind of Blue – Miles Davis\n  1959-08-17 · US · LP · Columbia CL 1355 · score 100\n  rk add --musicbrainz \(MusicBrainzFixtures.kindOfBlue)\n"
        ))
      #expect(text.stdout.contains("The Beatles – The Beatles"))
      let json = try await Self.rk(["lookup", "--barcode", "0602498658467", "--json"], environment: environment)
      let candidates = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
      #expect(candidates.count == 1)
      #expect(candidates.first?["musicbrainz"] as? String == MusicBrainzFixtures.twoDiscs)
      #expect(candidates.first?["format"] as? String == "2×CD")
      #expect(candidates.first?["catalog_number"] as? String == "065 109-2")
      let none = try await Self.rk(["lookup", "--barcode", "0000"], environment: environment)
      #expect(none.status == 1)
      #expect(none.stderr.contains("MusicBrainz found no release."))
    }
  }

  @Test func lookupNeedsExactlyOneKindOfQuery() throws {
    for arguments in [["lookup"], ["lookup", "blue", "--barcode", "123"], ["lookup", "--barcode", "--"], ["lookup", "--barcode", "12a"]] {
      let result = try runRK(arguments)
      #expect(result.status == 64, "\(arguments): \(result.stderr)")
    }
    // Issue 22.3: the API's rule; a barcode is digits.
    #expect(try runRK(["lookup", "--barcode", "12a"]).stderr.contains("--barcode takes the digits printed under the barcode, not \"12a\""))
  }

  @Test func addFillsEveryFieldTracksWithSidesAndTheCoverInOneCommit() async throws {
    let collection = try TemporaryCollection()
    try collection.initializeGit()
    let before = try Self.commitCount(collection)
    try await LookupFixtureServer.run { url, _ in
      let result = try await Self.rk(
        ["-C", collection.path, "add", "--musicbrainz", MusicBrainzFixtures.kindOfBlue, "--tag", "jazz"],
        environment: try Self.environment(url))
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stdout == "albums/miles-davis-kind-of-blue\n")
    }
    #expect(try Self.commitCount(collection) == before + 1)
    #expect(
      try collection.read("albums/miles-davis-kind-of-blue/album.md") == """
        ---
        title: Kind of Blue
        artist: Miles Davis
        sort_artist: Davis, Miles
        released: 1959-08-17
        tags:
        - jazz
        format: LP
        label: Columbia
        catalog_number: CL 1355
        country: US
        musicbrainz: \(MusicBrainzFixtures.kindOfBlue)
        ---

        ## Tracks

        ### Side A

        1. So What (9:22)
        2. Freddie Freeloader (9:46)
        3. Blue in Green (5:37)

        ### Side B

        1. All Blues (11:33)
        2. Flamenco Sketches (9:26)

        """)
    for name in ["cover.webp", "cover-thumb.webp"] {
      #expect(FileManager.default.fileExists(atPath: collection.path + "/albums/miles-davis-kind-of-blue/" + name))
    }
    #expect(try git(["status", "--porcelain"], in: collection.path).isEmpty)
  }

  @Test func optionsGivenWithMusicBrainzReplaceItsValues() async throws {
    let collection = try TemporaryCollection()
    try collection.initializeGit()
    let photo = collection.path + "/../rk-lookup-photo-\(UUID().uuidString).png"
    try Data(try CoverMaker.testImage(width: 200, height: 200, suffix: ".png") { _, _ in (200, 10, 10) }).write(
      to: URL(fileURLWithPath: photo))
    defer { try? FileManager.default.removeItem(atPath: photo) }
    let paths = try await LookupFixtureServer.run { url, log in
      let result = try await Self.rk(
        [
          "-C", collection.path, "add", "--musicbrainz", MusicBrainzFixtures.kindOfBlue, "--title", "Kind of Blue (mono)",
          "--track", "So What", "--cover", photo, "--rating", "5",
        ],
        environment: try Self.environment(url))
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stdout == "albums/miles-davis-kind-of-blue-mono\n")
      return await log.requests.map(\.path)
    }
    // The photo given is the cover: the archive is not asked.
    #expect(paths == ["/ws/2/release/\(MusicBrainzFixtures.kindOfBlue)"])
    let text = try collection.read("albums/miles-davis-kind-of-blue-mono/album.md")
    #expect(text.contains("title: Kind of Blue (mono)\n") && text.contains("label: Columbia\n") && text.contains("rating: 5\n"))
    #expect(text.hasSuffix("## Tracks\n\n1. So What\n"))
    #expect(FileManager.default.fileExists(atPath: collection.path + "/albums/miles-davis-kind-of-blue-mono/cover.webp"))
  }

  @Test func anAlbumWithoutCoverArtIsAddedWithANote() async throws {
    let collection = try TemporaryCollection()
    try collection.initializeGit()
    try await LookupFixtureServer.run { url, _ in
      let result = try await Self.rk(
        ["-C", collection.path, "add", "--musicbrainz", MusicBrainzFixtures.noCover], environment: try Self.environment(url))
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stderr.contains("the Cover Art Archive has no front cover for this release"))
    }
    let show = try runRK(["-C", collection.path, "show", "unsleeved", "--json"])
    let album = try #require(try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any])
    #expect(album["cover"] is NSNull)
    #expect(album["format"] as? String == "7\"")
    // Not a barcode, no real label, no catalog number: left out.
    #expect(album["barcode"] is NSNull && album["label"] is NSNull && album["catalog_number"] is NSNull)
    let positions = (album["track_list"] as? [[String: Any]])?.compactMap { $0["position"] as? String }
    #expect(positions == ["A1", "AA1"])
  }

  @Test func setFillFillsOnlyWhatIsEmptyAndOverwriteReplaces() async throws {
    let collection = try TemporaryCollection(albums: [
      "albums/kob": albumText(title: "Kind Of Blue (mono)", artist: "Miles Davis", released: "1959", tags: ["jazz"])
    ])
    try collection.initializeGit()
    let before = try Self.commitCount(collection)
    try await LookupFixtureServer.run { url, _ in
      let environment = try Self.environment(url)
      let fill = try await Self.rk(
        ["-C", collection.path, "set", "kob", "--musicbrainz", MusicBrainzFixtures.kindOfBlue, "--fill"], environment: environment)
      #expect(fill.status == 0, "\(fill.stderr)")
      #expect(fill.stdout.contains("Fill Miles Davis – Kind Of Blue (mono) from MusicBrainz"))
      let text = try collection.read("albums/kob/album.md")
      #expect(text.contains("title: Kind Of Blue (mono)\n"))
      #expect(text.contains("released: 1959\n"))
      #expect(text.contains("label: Columbia\n") && text.contains("### Side B\n\n1. All Blues (11:33)"))
      #expect(FileManager.default.fileExists(atPath: collection.path + "/albums/kob/cover.webp"))
      #expect(try Self.commitCount(collection) == before + 1)

      let again = try await Self.rk(
        ["-C", collection.path, "set", "kob", "--musicbrainz", MusicBrainzFixtures.kindOfBlue, "--fill"], environment: environment)
      #expect(again.status == 0)
      #expect(again.stderr.contains("No change"))
      #expect(try Self.commitCount(collection) == before + 1)

      let overwrite = try await Self.rk(
        ["-C", collection.path, "set", "kob", "--musicbrainz", MusicBrainzFixtures.kindOfBlue, "--fill", "--overwrite"],
        environment: environment)
      #expect(overwrite.status == 0, "\(overwrite.stderr)")
      let replaced = try collection.read("albums/kob/album.md")
      #expect(replaced.contains("title: Kind of Blue\n") && replaced.contains("released: 1959-08-17\n"))
      #expect(replaced.contains("- jazz\n"))
    }
  }

  @Test func fillRefusesWhatItCannotDo() throws {
    for (arguments, message) in [
      (["set", "kob", "--overwrite", "--musicbrainz", MusicBrainzFixtures.kindOfBlue], "--overwrite goes with --fill"),
      (["set", "kob", "other", "--fill", "--musicbrainz", MusicBrainzFixtures.kindOfBlue], "one album"),
      (["set", "kob", "--fill", "--musicbrainz", MusicBrainzFixtures.kindOfBlue, "--label", "X"], "no other fields"),
    ] {
      let result = try runRK(arguments)
      #expect(result.status == 64, "\(arguments)")
      #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
    }
  }

  @Test func errorsNameTheServiceAndChangeNothing() async throws {
    let collection = try TemporaryCollection()
    try collection.initializeGit()
    let before = try Self.commitCount(collection)
    try await LookupFixtureServer.run { url, _ in
      let environment = try Self.environment(url)
      let malformed = try await Self.rk(
        ["-C", collection.path, "add", "--musicbrainz", MusicBrainzFixtures.notJSON], environment: environment)
      #expect(malformed.status == 1)
      #expect(malformed.stderr.contains("MusicBrainz sent an answer rk cannot read: the release is not JSON."))
      let unknown = try await Self.rk(
        ["-C", collection.path, "add", "--musicbrainz", "00000000-0000-4000-8000-000000000000"], environment: environment)
      #expect(unknown.status == 1)
      #expect(unknown.stderr.contains("MusicBrainz has no release 00000000-0000-4000-8000-000000000000"))
      // Outside a collection, with an empty global git configuration.
      let noContact = try await Self.rk(["lookup", "blue"], environment: environment.merging(["RK_CONTACT": ""]) { $1 })
      #expect(noContact.status == 1)
      #expect(noContact.stderr.contains("set RK_CONTACT"))
    }
    #expect(try Self.commitCount(collection) == before)
  }

  @Test func theContactComesFromGitWhenRKContactIsUnset() async throws {
    let collection = try TemporaryCollection()
    try collection.initializeGit()
    _ = try git(["config", "rk.contact", "https://example.org/collector"], in: collection.path)
    let agents = try await LookupFixtureServer.run { url, log in
      let result = try await Self.rk(
        ["-C", collection.path, "lookup", "blue"], environment: try Self.environment(url).merging(["RK_CONTACT": ""]) { $1 })
      #expect(result.status == 0, "\(result.stderr)")
      return await log.requests.compactMap(\.userAgent)
    }
    #expect(agents == ["RecordKeeper/\(RecordKeeperVersion.current) ( https://example.org/collector )"])
  }

  @Test func twoRKProcessesAskOneSecondApart() async throws {
    let search = MusicBrainzFixtures.search([MusicBrainzFixtures.kindOfBlue])
    let server = try TimingServer { _ in (200, [], search) }
    defer { server.stop() }
    let environment = try Self.environment(server.url)
    async let first = Self.rk(["lookup", "blue", "--json"], environment: environment)
    async let second = Self.rk(["lookup", "white", "--json"], environment: environment)
    async let third = Self.rk(["lookup", "--catalog-number", "CL 1355", "--json"], environment: environment)
    for result in try await [first, second, third] { #expect(result.status == 0, "\(result.stderr)") }
    let times = server.arrivals
    #expect(times.count == 3)
    for (earlier, later) in zip(times, times.dropFirst()) {
      #expect(later - earlier >= 0.95, "two rk processes asked \(later - earlier) s apart")
    }
  }
}
