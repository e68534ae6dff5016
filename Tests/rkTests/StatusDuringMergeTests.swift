import Foundation
import TestSupport
import Testing

/// `rk status` while a merge is under way (docs/sharing.md, "What you write by hand travels"): what the merge
/// staged is the other collector's, not a hand edit; its conflicts are
/// shown, and that a merge is in progress.
@Suite("rk status during an unfinished merge")
struct StatusDuringMergeTests {
  @Test func aGitPullStoppedOnAConflictIsShownAsAMergeAndWhatItStagedIsNoHandEdit() throws {
    let shared = try SharedCollection()
    let alice = try shared.clone("alice")
    let bob = try shared.clone("bob")
    try expectSuccess(shared.rk(["-C", bob, "set", shared.album, "--released", "1958"]))
    let added = try expectSuccess(shared.rk(["-C", bob, "add", "--title", "Giant Steps", "--artist", "John Coltrane"]))
      .stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    try expectSuccess(shared.rk(["-C", bob, "sync"]))
    try expectSuccess(shared.rk(["-C", alice, "set", shared.album, "--released", "1957"]))
    let pulled = try runGit(["pull", "--no-rebase", "--no-edit", "-q"], in: alice, environment: shared.environment)
    #expect(pulled.status != 0, "the pull should stop on the conflict")

    let status = try expectSuccess(runRK(["status"], environment: shared.environment, in: alice)).stdout
    #expect(!status.contains("Changed by hand"), "\(status)")
    #expect(status.contains("A merge is in progress"), "\(status)")
    #expect(status.contains("Unresolved conflicts") && status.contains("  \(shared.album): released"), "\(status)")

    // A file the merge staged and Alice then edits by hand is hers.
    let file = alice + "/" + added + "/album.md"
    try (try String(contentsOfFile: file, encoding: .utf8) + "\nBought at the fair.\n").write(
      toFile: file, atomically: true, encoding: .utf8)
    let edited = try expectSuccess(runRK(["status", "--json"], environment: shared.environment, in: alice)).stdout
    let json = try #require(try JSONSerialization.jsonObject(with: Data(edited.utf8)) as? [String: Any])
    #expect(json["merging"] as? Bool == true)
    let paths = (json["hand_edits"] as? [[String: Any]])?.compactMap { $0["path"] as? String }
    #expect(paths == [added + "/album.md"], "\(edited)")
  }
}
