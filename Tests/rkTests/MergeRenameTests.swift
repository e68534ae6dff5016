import Foundation
import RecordKeeper
import TestSupport
import Testing

/// Issue 29 point 3: both collectors rename one album's folder (`rk mv`),
/// differently; `git pull` leaves git's rename/rename conflict, which `rk
/// conflicts` lists and `rk resolve` settles like any other (docs/merging.md, "Albums added, deleted or moved").
extension MergeCommandTests {
  func renamedTwoWays() throws -> Clones {
    let clones = try Clones()
    #expect(try runRK(["-C", clones.alice, "mv", Self.id, "ok-computer-alice"]).status == 0)
    #expect(try runRK(["-C", clones.bob, "mv", Self.id, "ok-computer-bob"]).status == 0)
    try git(["push", "-q"], in: clones.bob)
    #expect(try clones.pull(clones.alice).status != 0)
    return clones
  }

  @Test(arguments: [MergeSide.ours, .theirs])
  func aFolderRenamedTwoWaysThroughGitPullIsSettledByResolve(side: MergeSide) throws {
    let clones = try renamedTwoWays()
    let listed = try runRK(["-C", clones.alice, "conflicts", "--json"])
    #expect(listed.status == 0, "\(listed.stderr)")
    #expect(listed.stdout.contains("ok-computer"), "\(listed.stdout)")
    // Every album the conflict names is settled, one resolve each.
    var steps = 0
    while steps < 4 {
      let left = try runRK(["-C", clones.alice, "conflicts", "--json"])
      let albums = ((try? JSONSerialization.jsonObject(with: Data(left.stdout.utf8))) as? [[String: Any]] ?? []).compactMap {
        $0["album"] as? String
      }
      guard let album = albums.first else { break }
      let resolved = try runRK(["-C", clones.alice, "resolve", album, "--take", side.rawValue])
      #expect(resolved.status == 0, "resolve \(album): \(resolved.stdout)\(resolved.stderr)")
      steps += 1
    }
    #expect(try runRK(["-C", clones.alice, "conflicts"]).stdout.isEmpty)
    #expect(try git(["status", "--porcelain"], in: clones.alice).isEmpty)
    #expect(try git(["log", "-1", "--format=%P"], in: clones.alice).split(separator: " ").count == 2)
    let kept = side == .ours ? "albums/ok-computer-alice" : "albums/ok-computer-bob"
    let gone = side == .ours ? "albums/ok-computer-bob" : "albums/ok-computer-alice"
    #expect(FileManager.default.fileExists(atPath: clones.alice + "/" + kept + "/album.md"))
    #expect(!FileManager.default.fileExists(atPath: clones.alice + "/" + gone))
    #expect(!FileManager.default.fileExists(atPath: clones.alice + "/" + Self.id))
    // And rk changes the collection again.
    #expect(try runRK(["-C", clones.alice, "tag", "add", kept, "jazz"]).status == 0)
    #expect(try runRK(["-C", clones.alice, "check"]).status == 0)
  }
}
