import Foundation
import RecordKeeper
import RecordKeeperCovers
import TestSupport
import Testing

/// `rk identify`, `--add`, `--want` and `rk scans`: the built `rk` (with
/// its `rk-lookup` and `rk-cover` helpers) against the fixture servers.
@Suite("rk identify and rk scans")
struct IdentifyCommandTests {
  /// A collection with a git repository, and a photo beside it.
  final class Setup: Sendable {
    let collection: TemporaryCollection
    let photo: String

    init() throws {
      collection = try TemporaryCollection()
      try collection.initializeGit()
      photo = collection.path + "-sleeve.jpg"
      try Data(IdentifierTests.photo).write(to: URL(fileURLWithPath: photo))
    }

    deinit { try? FileManager.default.removeItem(atPath: photo) }

    func commitCount() throws -> Int { try LookupCommandTests.commitCount(collection) }

    func scans() throws -> [[String: Any]] {
      let result = try runRK(["-C", collection.path, "scans", "--json"])
      return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    }
  }

  /// A stored scan of `title` by `artist`, made at `seconds`.
  static func scan(_ id: String, _ seconds: Double, title: String = "Kind of Blue", artist: String = "Miles Davis") -> Scan {
    Scan(
      id: id, date: Date(timeIntervalSince1970: seconds),
      answer: VisionAnswer(albumTitle: title, artistName: artist, contextSummary: "A classic.", rating: 10, recommendation: .essential))
  }

  /// Runs `rk ARGUMENTS` with API key `key` against both fixture servers.
  static func rk(_ arguments: [String], key: String) async throws -> RKResult {
    let cache = try MusicBrainzClientTests.cacheFolder()
    return try await LookupFixtureServer.run { lookupURL, _ in
      try await AnthropicFixtureServer.run { anthropicURL, _ in
        var environment = try LookupCommandTests.environment(lookupURL, cache: cache)
        environment["RK_ANTHROPIC_URL"] = anthropicURL
        environment["ANTHROPIC_API_KEY"] = key
        return try await LookupCommandTests.rk(arguments, environment: environment)
      }
    }
  }

  @Test func identifyShowsTheAlbumDetailsAndKeepsTheScanOnly() async throws {
    let setup = try Setup()
    let before = try setup.commitCount()
    let result = try await Self.rk(["-C", setup.collection.path, "identify", setup.photo], key: "good")
    #expect(result.status == 0, "\(result.stderr)")
    for line in [
      "Kind of Blue – Miles Davis\n1959 · Columbia · jazz, modal jazz\n\n💎 ESSENTIAL  Rating: 10/10\n\nThe best-selling jazz album of all time,",
      "\n• Bill Evans' voicings shaped a generation of pianists\n", "\n• Rolling Stone and DownBeat: five stars\n",
      "\nKey tracks: So What, Blue in Green, All Blues\n",
      "\nMusicBrainz: Kind of Blue – Miles Davis · 1959-08-17 · US · LP · Columbia CL 1355\n  \(MusicBrainzFixtures.kindOfBlue)\n",
      "\nCover: http://127.0.0.1:",
    ] {
      #expect(result.stdout.contains(line), "missing \(line) in \(result.stdout)")
    }
    let scans = try setup.scans()
    #expect(scans.count == 1)
    let id = try #require(scans.first?["id"] as? String)
    #expect(result.stdout.contains("Scan \(id) saved.\n"))
    // The collection is unchanged: no commit, nothing for git to see, no photo kept.
    #expect(try setup.commitCount() == before)
    #expect(try setup.collection.status().isEmpty)
    let files = try FileManager.default.contentsOfDirectory(atPath: setup.collection.path + "/.recordkeeper/scans")
    #expect(Set(files) == [".gitignore", id + ".json"])
  }

  @Test func addPutsTheAlbumWithTracksCoverAndContextInOneCommitOnce() async throws {
    let setup = try Setup()
    let before = try setup.commitCount()
    let added = try await Self.rk(["-C", setup.collection.path, "identify", setup.photo, "--add"], key: "good")
    #expect(added.status == 0, "\(added.stderr)")
    #expect(added.stdout.hasSuffix("Added albums/miles-davis-kind-of-blue.\n"))
    #expect(try setup.commitCount() == before + 1)
    #expect(try setup.collection.status().isEmpty)
    let text = try setup.collection.read("albums/miles-davis-kind-of-blue/album.md")
    #expect(text.contains("musicbrainz: \(MusicBrainzFixtures.kindOfBlue)\n"))
    #expect(text.contains("tags:\n- jazz\n- modal jazz\n"))
    #expect(text.contains("### Side B\n\n1. All Blues (11:33)\n2. Flamenco Sketches (9:26)\n\n## Context\n\nThe best-selling jazz album"))
    #expect(text.contains("\n- Certified 5× platinum in the US\n"))
    #expect(text.hasSuffix("\n\nRating: 10/10\n\nRecommendation: 💎 ESSENTIAL\n\nKey tracks: So What, Blue in Green, All Blues\n"))
    #expect(!text.contains("status:"))
    #expect(FileManager.default.fileExists(atPath: setup.collection.path + "/albums/miles-davis-kind-of-blue/cover.webp"))
    // The context is the album's notes: shown after the tracks, and valid.
    let show = try runRK(["-C", setup.collection.path, "show", "kind of blue"])
    #expect(show.stdout.contains("  Context\n\n  The best-selling jazz album"))
    #expect(show.stdout.contains("  Recommendation: 💎 ESSENTIAL\n"))
    #expect(try runRK(["-C", setup.collection.path, "check"]).status == 0)

    // Scanned again: the stored answer is reused, and the album is not added twice.
    let again = try await Self.rk(["-C", setup.collection.path, "identify", setup.photo, "--want", "--json"], key: "good")
    #expect(again.status == 0, "\(again.stderr)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [String: Any])
    #expect(object["already_present"] as? Bool == true)
    #expect(object["album"] as? String == "albums/miles-davis-kind-of-blue")
    #expect(object["reused_from"] as? String != nil)
    #expect((object["answer"] as? [String: Any])?["rating"] as? Int == 10)
    #expect(try setup.commitCount() == before + 1)
    #expect(try setup.scans().count == 2)
  }

  @Test func wantPutsTheAlbumOnTheWantlist() async throws {
    let setup = try Setup()
    let result = try await Self.rk(["-C", setup.collection.path, "identify", setup.photo, "--want"], key: "nomatch")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("MusicBrainz: no matching release.\n"))
    #expect(result.stdout.hasSuffix("Added albums/nobody-known-unheard-tapes to the wantlist.\n"))
    let text = try setup.collection.read("albums/nobody-known-unheard-tapes/album.md")
    #expect(
      text.hasPrefix(
        "---\ntitle: Unheard Tapes\nartist: Nobody Known\nreleased: 1971\ntags:\n- jazz\n- modal jazz\nlabel: Columbia\nstatus: wanted\n---\n\n## Context\n\n"
      ))
    #expect(text.contains("Recommendation: 😐 SKIP"))
    let wanted = try runRK(["-C", setup.collection.path, "list", "@status:=wanted", "--format", "{id}"])
    #expect(wanted.stdout == "albums/nobody-known-unheard-tapes\n")
  }

  @Test func aSleeveTheModelCannotTellIsNoMatchAndNoScan() async throws {
    let setup = try Setup()
    let result = try await Self.rk(["-C", setup.collection.path, "identify", setup.photo, "--add"], key: "unknown")
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("Couldn't find a match"))
    #expect(result.stdout.isEmpty)
    #expect(try setup.scans().isEmpty)
    #expect(try setup.collection.status().isEmpty)
  }

  @Test func failuresSayWhatToDo() async throws {
    let setup = try Setup()
    let noKey = try runRK(["-C", setup.collection.path, "identify", setup.photo], environment: ["ANTHROPIC_API_KEY": ""])
    #expect(noKey.status == 1)
    #expect(noKey.stderr.contains("set ANTHROPIC_API_KEY"))
    let refused = try await Self.rk(["-C", setup.collection.path, "identify", setup.photo], key: "wrong")
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("Anthropic's API refused the key (HTTP 401: invalid x-api-key). Check ANTHROPIC_API_KEY."))
    let malformed = try await Self.rk(["-C", setup.collection.path, "identify", setup.photo], key: "malformed")
    #expect(malformed.status == 1)
    #expect(malformed.stderr.contains("\"rating\" is great; it must be a number from 0 to 10"))
    let both = try runRK(["-C", setup.collection.path, "identify", setup.photo, "--add", "--want"])
    #expect(both.status == 64)
    let missing = try runRK(["-C", setup.collection.path, "identify", setup.photo + ".none"], environment: ["ANTHROPIC_API_KEY": "good"])
    #expect(missing.status == 1)
    #expect(missing.stderr.contains("cannot read the photo"))
    #expect(try setup.scans().isEmpty)
    // A collection --add cannot change says so before the model is asked.
    let plain = try TemporaryCollection()
    let notGit = try await Self.rk(["-C", plain.path, "identify", setup.photo, "--add"], key: "good")
    #expect(notGit.status == 1)
    #expect(!notGit.stderr.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: plain.path + "/.recordkeeper/scans"))
  }

  @Test func scansListsShowsAndRemoves() throws {
    let setup = try Setup()
    let history = ScanHistory(location: CollectionLocation(root: setup.collection.path))
    let empty = try runRK(["-C", setup.collection.path, "scans"])
    #expect(empty.stdout == "No scans yet: rk identify PHOTO scans a sleeve.\n")
    try history.save(Self.scan("20261101-100000-aaaa", 1_793_527_200, title: "Abbey Road", artist: "The Beatles"))
    try history.save(Self.scan("20261102-100000-bbbb", 1_793_613_600))
    let list = try runRK(["-C", setup.collection.path, "scans"])
    #expect(
      list.stdout == """
        20261102-100000-bbbb  2026-11-02 10:00  Kind of Blue – Miles Davis  💎 10/10
        20261101-100000-aaaa  2026-11-01 10:00  Abbey Road – The Beatles  💎 10/10

        """)
    #expect(try setup.scans().map { $0["id"] as? String } == ["20261102-100000-bbbb", "20261101-100000-aaaa"])
    let show = try runRK(["-C", setup.collection.path, "scans", "show", "20261101"])
    #expect(show.stdout.hasPrefix("Abbey Road – The Beatles\n"))
    let removed = try runRK(["-C", setup.collection.path, "scans", "rm", "20261101"])
    #expect(removed.status == 0)
    #expect(removed.stdout == "Removed scan 20261101-100000-aaaa.\n")
    #expect(try setup.scans().map { $0["id"] as? String } == ["20261102-100000-bbbb"])
    let unknown = try runRK(["-C", setup.collection.path, "scans", "rm", "20261101"])
    #expect(unknown.status == 1)
    #expect(unknown.stderr.contains("no scan \"20261101\": rk scans lists the scans with their ids."))
  }
}
