import Foundation
import RecordKeeper
import RecordKeeperLookup
import TestSupport
import Testing

/// docs/commands.md, "Identifying a sleeve from a photo": a failed step is never stored as an answer. A scan made
/// while MusicBrainz is down says so, adds nothing, and the next scan of
/// the album asks MusicBrainz again.
@Suite("A scan made during an outage")
struct IdentifyOutageTests {
  /// An address nothing listens on.
  static func closedURL() throws -> String {
    let server = try TimingServer { _ in (200, [], "") }
    defer { server.stop() }
    return server.url
  }

  @Test func aFailedMusicBrainzStepIsMarkedAndAskedAgainNextTime() async throws {
    let collection = try TemporaryCollection()
    let history = ScanHistory(location: CollectionLocation(root: collection.path))
    let cache = try MusicBrainzClientTests.cacheFolder()
    let down = try Self.closedURL()
    try await LookupFixtureServer.run { lookupURL, lookups in
      try await AnthropicFixtureServer.run { anthropicURL, _ in
        let vision = VisionConfiguration(apiKey: "good", baseURL: anthropicURL + "/", attempts: 3)
        func identifier(musicBrainz: String) -> (Identifier, LookupHTTP) {
          let http = LookupHTTP(
            configuration: LookupConfiguration(
              musicBrainzURL: musicBrainz, coverArtURL: lookupURL, contact: "test@example.org", cacheFolder: cache, timeout: 10))
          return (Identifier(http: http, vision: vision), http)
        }
        let (outage, outageHTTP) = identifier(musicBrainz: down)
        let first = try await outage.identify(photo: IdentifierTests.photo, history: history)
        await outageHTTP.shutdown()
        #expect(first.scan.match == nil)
        #expect(first.scan.failed == [.musicBrainz])
        #expect(first.scan.coverURL == nil && first.cover == nil)
        #expect(first.notes.count == 1)
        #expect(
          first.notes.first?.hasPrefix(
            "MusicBrainz could not be asked for the release, so neither was the Cover Art Archive: cannot reach MusicBrainz") == true)
        // The archive was not asked either.
        #expect(await lookups.requests.isEmpty)
        // Stored with the failure, so it is not read back as "no match".
        #expect(try history.read(first.scan.id).failed == [.musicBrainz])

        let (working, workingHTTP) = identifier(musicBrainz: lookupURL)
        let second = try await working.identify(photo: IdentifierTests.photo, history: history)
        await workingHTTP.shutdown()
        #expect(second.scan.reusedFrom == first.scan.id)
        #expect(second.scan.musicbrainz == MusicBrainzFixtures.kindOfBlue)
        #expect(second.scan.failed.isEmpty)
        #expect(second.scan.coverURL == lookupURL + "/release/\(MusicBrainzFixtures.kindOfBlue)/front")
        #expect(second.cover == LookupFixtureServer.coverJPEG)
      }
    }
  }

  @Test func identifyAddDuringAnOutageAddsNothingAndSaysWhatFailed() async throws {
    let setup = try IdentifyCommandTests.Setup()
    let before = try setup.commitCount()
    let down = try Self.closedURL()
    let cache = try MusicBrainzClientTests.cacheFolder()
    let (failed, added) = try await LookupFixtureServer.run { lookupURL, _ in
      try await AnthropicFixtureServer.run { anthropicURL, _ in
        var environment = try LookupCommandTests.environment(lookupURL, cache: cache)
        environment["RK_ANTHROPIC_URL"] = anthropicURL
        environment["ANTHROPIC_API_KEY"] = "good"
        let arguments = ["-C", setup.collection.path, "identify", setup.photo, "--add"]
        let failed = try await LookupCommandTests.rk(arguments, environment: environment.merging(["RK_MUSICBRAINZ_URL": down]) { $1 })
        let added = try await LookupCommandTests.rk(arguments, environment: environment)
        return (failed, added)
      }
    }
    #expect(failed.status == 1)
    #expect(failed.stdout.contains("\nMusicBrainz: could not be asked (see the warning above); the next scan of this album asks again.\n"))
    #expect(failed.stdout.contains("\nCover: not looked for (no MusicBrainz release)\n"))
    #expect(!failed.stdout.contains("none in the Cover Art Archive"))
    #expect(failed.stderr.contains("cannot reach MusicBrainz at \(down)"), "\(failed.stderr)")
    #expect(failed.stderr.contains("nothing was added: MusicBrainz could not be asked"), "\(failed.stderr)")
    #expect(!failed.stdout.contains("Added "))

    // The next scan reuses the review but asks MusicBrainz again, and adds the whole album.
    #expect(added.status == 0, "\(added.stderr)")
    #expect(added.stdout.contains("(the answer of scan "))
    #expect(added.stdout.hasSuffix("Added albums/miles-davis-kind-of-blue.\n"))
    #expect(try setup.commitCount() == before + 1)
    let text = try setup.collection.read("albums/miles-davis-kind-of-blue/album.md")
    #expect(text.contains("catalog_number: CL 1355\n"))
    #expect(text.contains("### Side B\n\n1. All Blues (11:33)"))
    #expect(FileManager.default.fileExists(atPath: setup.collection.path + "/albums/miles-davis-kind-of-blue/cover.webp"))
  }
}
