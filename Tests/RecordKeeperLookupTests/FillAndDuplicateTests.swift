import Foundation
import RecordKeeper
import TestSupport
import Testing

/// Issue 20.12: `rk set ALBUM --fill` fills from the album's own release;
/// `rk add --musicbrainz` refuses a release already in the collection, as
/// `rk identify --add` does, unless the collector insists.
@Suite("set --fill from the album's own id; add --musicbrainz once")
struct FillAndDuplicateTests {
  @Test func fillUsesTheAlbumsOwnMusicBrainzID() async throws {
    let collection = try TemporaryCollection(albums: [
      "albums/kob": "---\ntitle: Kind Of Blue\nartist: Miles Davis\nmusicbrainz: \(MusicBrainzFixtures.kindOfBlue)\n---\n",
      "albums/other": albumText(title: "Giant Steps", artist: "John Coltrane"),
    ])
    try collection.initializeGit()
    let before = try LookupCommandTests.commitCount(collection)
    try await LookupFixtureServer.run { url, _ in
      let environment = try LookupCommandTests.environment(url)
      let fill = try await LookupCommandTests.rk(["-C", collection.path, "set", "kob", "--fill"], environment: environment)
      #expect(fill.status == 0, "\(fill.stderr)")
      let text = try collection.read("albums/kob/album.md")
      #expect(text.contains("label: Columbia\n") && text.contains("### Side B\n\n1. All Blues (11:33)"), "\(text)")
      #expect(try LookupCommandTests.commitCount(collection) == before + 1)

      let none = try await LookupCommandTests.rk(["-C", collection.path, "set", "other", "--fill"], environment: environment)
      #expect(none.status == 1)
      #expect(
        none.stderr.contains("albums/other has no musicbrainz id to fill it from: give the release with --musicbrainz ID"), "\(none.stderr)"
      )
      #expect(try LookupCommandTests.commitCount(collection) == before + 1)
    }
  }

  @Test func addMusicBrainzRefusesAReleaseAlreadyThereUnlessInsisted() async throws {
    let collection = try TemporaryCollection()
    try collection.initializeGit()
    try await LookupFixtureServer.run { url, _ in
      let environment = try LookupCommandTests.environment(url)
      let add = ["-C", collection.path, "add", "--musicbrainz", MusicBrainzFixtures.kindOfBlue]
      let first = try await LookupCommandTests.rk(add, environment: environment)
      #expect(first.status == 0, "\(first.stderr)")
      let before = try LookupCommandTests.commitCount(collection)
      let again = try await LookupCommandTests.rk(add, environment: environment)
      #expect(again.status == 1)
      #expect(
        again.stderr.contains(
          "the collection already has this release: albums/miles-davis-kind-of-blue (the same MusicBrainz id). Nothing was added; give --duplicate"
        ),
        "\(again.stderr)")
      #expect(try LookupCommandTests.commitCount(collection) == before)
      let insisted = try await LookupCommandTests.rk(add + ["--duplicate"], environment: environment)
      #expect(insisted.status == 0, "\(insisted.stderr)")
      #expect(try LookupCommandTests.commitCount(collection) == before + 1)
    }
  }
}
