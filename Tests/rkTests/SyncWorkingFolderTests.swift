import Foundation
import TestSupport
import Testing

/// docs/sharing.md's `rk remote add bob ../bob-records && rk sync bob`, where
/// bob's folder is his working collection, not a bare repository: the push
/// is refused as git refuses it, and the message says why and what to do,
/// never "check your network" (issue 20.3).
@Suite("rk sync to a working folder")
struct SyncWorkingFolderTests {
  @Test func aPushIntoAWorkingFolderIsRefusedWithWhatToDo() throws {
    let shared = try SharedCollection()
    let alice = try shared.clone("alice")
    let bob = try shared.clone("bob-records")
    // As docs/sharing.md writes it, from inside alice's collection.
    try expectSuccess(runRK(["remote", "add", "bob", "../bob-records"], environment: shared.environment, in: alice))
    try expectSuccess(shared.rk(["-C", bob, "set", shared.album, "--rating", "4"]))
    try expectSuccess(shared.rk(["-C", alice, "set", shared.album, "--label", "Blue Note"]))
    let bobBefore = try shared.revision("HEAD", in: bob)

    let refused = try shared.rk(["-C", alice, "sync", "bob"])
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("remote bob (\(bob)) is a working folder"), "\(refused.stderr)")
    #expect(refused.stderr.contains("rk sync bob --no-push"), "\(refused.stderr)")
    #expect(refused.stderr.contains("git init --bare"), "\(refused.stderr)")
    #expect(!refused.stderr.contains("network"), "\(refused.stderr)")
    // Nothing in bob's folder changed; alice has bob's change, merged.
    #expect(try shared.revision("HEAD", in: bob) == bobBefore)
    #expect(try shared.albumText(in: bob).contains("rating: 4"))
    #expect(!(try shared.albumText(in: bob).contains("Blue Note")))
    #expect(try shared.albumText(in: alice).contains("rating: 4"))

    // The option the message suggests exists and works.
    let pulled = try expectSuccess(shared.rk(["-C", alice, "sync", "bob", "--no-push"]))
    #expect(pulled.stdout.contains("bob"), "\(pulled.stdout)")
    #expect(try shared.revision("HEAD", in: bob) == bobBefore)
  }
}
