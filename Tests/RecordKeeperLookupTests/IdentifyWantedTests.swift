import Foundation
import TestSupport
import Testing

/// Issue 20.9 (identify): `rk identify --add` of an album on the wantlist
/// offers to mark it owned (`--owned` for scripts), never adds it twice.
@Suite("rk identify --add of a wanted album")
struct IdentifyWantedTests {
  @Test func addOfAWantedAlbumMarksItOwnedWhenAsked() async throws {
    let setup = try IdentifyCommandTests.Setup()
    let path = setup.collection.path
    let wanted = try await IdentifyCommandTests.rk(["-C", path, "identify", setup.photo, "--want"], key: "good")
    #expect(wanted.status == 0, "\(wanted.stderr)")
    let album = "albums/miles-davis-kind-of-blue/album.md"
    #expect(try setup.collection.read(album).contains("status: wanted\n"))
    let before = try setup.commitCount()

    // Not on a terminal and not asked to: nothing changes, and rk says how.
    let plain = try await IdentifyCommandTests.rk(["-C", path, "identify", setup.photo, "--add"], key: "good")
    #expect(plain.status == 0, "\(plain.stderr)")
    #expect(
      plain.stdout.hasSuffix(
        "Already in the collection (on the wantlist): albums/miles-davis-kind-of-blue. Nothing was added. Give --owned to mark it owned.\n")
    )
    #expect(try setup.commitCount() == before)

    let owned = try await IdentifyCommandTests.rk(["-C", path, "identify", setup.photo, "--add", "--owned"], key: "good")
    #expect(owned.status == 0, "\(owned.stderr)")
    #expect(owned.stdout.hasSuffix("On the wantlist: albums/miles-davis-kind-of-blue, now marked owned.\n"), "\(owned.stdout)")
    #expect(try setup.commitCount() == before + 1)
    #expect(!(try setup.collection.read(album).contains("status:")))
    let all = try runRK(["-C", path, "list", "--format", "{id}"])
    #expect(all.stdout == "albums/miles-davis-kind-of-blue\n")

    #expect(try runRK(["-C", path, "identify", setup.photo, "--owned"]).status == 64)
  }
}
