import Foundation
import TestSupport
import Testing

/// Plays files are merged by keeping both sides' lines (`plays/*.md
/// merge=union` in `.gitattributes`), so collectors' plays never conflict.
@Suite("Plays across rk sync")
struct PlaySyncTests {
  @Test func twoCollectorsPlayingDifferentAlbumsOnTheSameDayKeepBothPlays() throws {
    let shared = try SharedCollection()
    let alice = try shared.clone("alice")
    let other = try expectSuccess(shared.rk(["-C", alice, "add", "--title", "Giant Steps", "--artist", "John Coltrane"]))
      .stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    try expectSuccess(shared.rk(["-C", alice, "sync"]))
    let bob = try shared.clone("bob")

    try expectSuccess(shared.rk(["-C", alice, "play", shared.album, "--at", "2026-11-26 20:00"]))
    try expectSuccess(shared.rk(["-C", bob, "play", other, "--at", "2026-11-26 21:00", "--side", "B"]))
    try expectSuccess(shared.rk(["-C", alice, "sync"]))
    let merged = try expectSuccess(shared.rk(["-C", bob, "sync"]))
    #expect(!merged.stdout.contains("onflict"), "\(merged.stdout)")
    try expectSuccess(shared.rk(["-C", alice, "sync"]))

    for clone in [alice, bob] {
      let plays = try expectSuccess(shared.rk(["-C", clone, "plays"])).stdout
      #expect(plays.contains("2026-11-26 20:00 · \(shared.album)"), "\(plays)")
      #expect(plays.contains("2026-11-26 21:00 · \(other) · side B"), "\(plays)")
      #expect(try git(["status", "--porcelain"], in: clone, environment: shared.environment).isEmpty)
    }
    #expect(try shared.revision("HEAD", in: alice) == shared.revision("HEAD", in: bob))
  }

  @Test func aHandEditOfAnOlderLineSurvivesAnotherCollectorsNewPlay() throws {
    let shared = try SharedCollection()
    let alice = try shared.clone("alice")
    try expectSuccess(shared.rk(["-C", alice, "play", shared.album, "--at", "2026-01-01 10:00"]))
    try expectSuccess(shared.rk(["-C", alice, "play", shared.album, "--at", "2026-01-02 10:00"]))
    try expectSuccess(shared.rk(["-C", alice, "sync"]))
    let bob = try shared.clone("bob")

    // Alice corrects her first play by hand and commits it with git.
    let file = alice + "/plays/2026.md"
    let text = try String(contentsOfFile: file, encoding: .utf8)
    try text.replacingOccurrences(of: "2026-01-01 10:00", with: "2026-01-01 09:30").write(toFile: file, atomically: true, encoding: .utf8)
    try git(["commit", "-qam", "Fix the time of a play"], in: alice, environment: shared.environment)
    try expectSuccess(shared.rk(["-C", bob, "play", shared.album, "--at", "2026-03-01 20:00"]))
    try expectSuccess(shared.rk(["-C", alice, "sync"]))
    try expectSuccess(shared.rk(["-C", bob, "sync"]))

    let plays = try expectSuccess(shared.rk(["-C", bob, "plays"])).stdout
    #expect(
      plays.components(separatedBy: "\n").filter { !$0.isEmpty }.map { String($0.prefix(16)) } == [
        "2026-03-01 20:00", "2026-01-02 10:00", "2026-01-01 09:30",
      ])
  }

  /// Alice plays the album twice while Bob moves it (`rk mv`) and syncs.
  private func playsAndAMove(_ shared: SharedCollection) throws -> (alice: String, bob: String, moved: String) {
    let alice = try shared.clone("alice")
    let bob = try shared.clone("bob")
    try expectSuccess(shared.rk(["-C", alice, "play", shared.album, "--at", "2026-11-26 20:00"]))
    try expectSuccess(shared.rk(["-C", alice, "play", shared.album, "--at", "2026-11-27 21:30", "--side", "A"]))
    try expectSuccess(shared.rk(["-C", bob, "mv", shared.album, "coltrane-blue-train"]))
    try expectSuccess(shared.rk(["-C", bob, "sync"]))
    return (alice, bob, "albums/coltrane-blue-train")
  }

  /// Both plays name the moved album, which counts them, in `clone`.
  private func expectPlaysFollowed(_ shared: SharedCollection, in clone: String, moved: String) throws {
    let plays = try expectSuccess(shared.rk(["-C", clone, "plays", moved])).stdout
    #expect(plays == "2026-11-27 21:30 · \(moved) · side A · Test Collector\n2026-11-26 20:00 · \(moved) · Test Collector\n", "\(plays)")
    let list = try expectSuccess(shared.rk(["-C", clone, "list", "--format", "{id} {plays} {last_played}"])).stdout
    #expect(list == "\(moved) 2 2026-11-27\n", "\(list)")
    try expectSuccess(shared.rk(["-C", clone, "check"]))
    #expect(try git(["status", "--porcelain"], in: clone, environment: shared.environment).isEmpty)
  }

  @Test func playsRecordedUnderAnAlbumsOldIdFollowItsMoveThroughRkSync() throws {
    let shared = try SharedCollection()
    let (alice, bob, moved) = try playsAndAMove(shared)

    let merged = try expectSuccess(shared.rk(["-C", alice, "sync"]))
    #expect(!merged.stdout.contains("onflict"), "\(merged.stdout)")
    try expectPlaysFollowed(shared, in: alice, moved: moved)
    // The move is in the merge commit itself, not a commit of its own after it.
    #expect(try git(["rev-list", "--parents", "-n1", "HEAD"], in: alice, environment: shared.environment).split(separator: " ").count == 3)

    try expectSuccess(shared.rk(["-C", bob, "sync"]))
    try expectPlaysFollowed(shared, in: bob, moved: moved)
    #expect(try shared.revision("HEAD", in: alice) == shared.revision("HEAD", in: bob))
  }

  @Test func playsRecordedUnderAnAlbumsOldIdFollowItsMoveThroughGitPull() throws {
    let shared = try SharedCollection()
    let (alice, bob, moved) = try playsAndAMove(shared)
    let before = try shared.revision("HEAD", in: alice)

    let pulled = try runGit(["pull", "--no-rebase", "--no-edit", "-q"], in: alice, environment: shared.environment)
    #expect(pulled.status == 0, "\(pulled.err)")
    try expectPlaysFollowed(shared, in: alice, moved: moved)
    let parents = try git(["rev-list", "--parents", "-n1", "HEAD"], in: alice, environment: shared.environment)
      .trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ").map(String.init)
    #expect(parents.count == 3 && parents[1] == before, "\(parents)")

    try expectSuccess(shared.rk(["-C", alice, "sync"]))
    try expectSuccess(shared.rk(["-C", bob, "sync"]))
    try expectPlaysFollowed(shared, in: bob, moved: moved)
    #expect(try shared.revision("HEAD", in: alice) == shared.revision("HEAD", in: bob))
  }

  @Test func playsRecordedUnderAnAlbumsOldIdFollowItsMoveThroughGitPullRebase() throws {
    let shared = try SharedCollection()
    let (alice, bob, moved) = try playsAndAMove(shared)

    let pulled = try runGit(["pull", "--rebase", "-q"], in: alice, environment: shared.environment)
    #expect(pulled.status == 0, "\(pulled.err)")
    try expectPlaysFollowed(shared, in: alice, moved: moved)
    #expect(!FileManager.default.fileExists(atPath: alice + "/.git/rebase-merge"))

    try expectSuccess(shared.rk(["-C", alice, "sync"]))
    try expectSuccess(shared.rk(["-C", bob, "sync"]))
    try expectPlaysFollowed(shared, in: bob, moved: moved)
    #expect(try shared.revision("HEAD", in: alice) == shared.revision("HEAD", in: bob))
  }

  /// Alice's collection is the folder `records` of a git repository that
  /// holds other files too (`rk init` made it there, with rk's hooks); Bob
  /// clones the repository with git. Alice plays the album twice while Bob
  /// moves it and pushes.
  private func playsAndAMoveInASubfolder(_ shared: SharedCollection) throws -> (alice: String, moved: String) {
    let repository = shared.root + "/alice-repo"
    let remote = shared.root + "/records.git"
    let environment = shared.environment
    try git(["init", "-q", "--bare", "-b", "main", remote], in: shared.root, environment: environment)
    try git(["init", "-q", "-b", "main", repository], in: shared.root, environment: environment)
    try "Notes, not records.\n".write(toFile: repository + "/README", atomically: true, encoding: .utf8)
    try git(["add", "README"], in: repository, environment: environment)
    try git(["commit", "-qm", "Notes"], in: repository, environment: environment)
    let alice = repository + "/records"
    try expectSuccess(shared.rk(["init", alice]))
    let album = try expectSuccess(shared.rk(["-C", alice, "add", "--title", "Blue Train", "--artist", "John Coltrane"]))
      .stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    try git(["remote", "add", "origin", remote], in: repository, environment: environment)
    try git(["push", "-q", "-u", "origin", "main"], in: repository, environment: environment)
    try git(["clone", "-q", remote, shared.root + "/bob-repo"], in: shared.root, environment: environment)
    let bob = shared.root + "/bob-repo/records"

    try expectSuccess(shared.rk(["-C", alice, "play", album, "--at", "2026-11-26 20:00"]))
    try expectSuccess(shared.rk(["-C", alice, "play", album, "--at", "2026-11-27 21:30", "--side", "A"]))
    try expectSuccess(shared.rk(["-C", bob, "mv", album, "coltrane-blue-train"]))
    try git(["push", "-q", "origin", "main"], in: bob, environment: environment)
    return (alice, "albums/coltrane-blue-train")
  }

  @Test func playsFollowAMoveThroughGitPullWhenTheCollectionIsASubfolderOfTheRepository() throws {
    let shared = try SharedCollection()
    let (alice, moved) = try playsAndAMoveInASubfolder(shared)
    let pulled = try runGit(["pull", "--no-rebase", "--no-edit", "-q"], in: alice, environment: shared.environment)
    #expect(pulled.status == 0, "\(pulled.err)")
    try expectPlaysFollowed(shared, in: alice, moved: moved)
  }

  @Test func playsFollowAMoveThroughGitPullRebaseWhenTheCollectionIsASubfolderOfTheRepository() throws {
    let shared = try SharedCollection()
    let (alice, moved) = try playsAndAMoveInASubfolder(shared)
    let pulled = try runGit(["pull", "--rebase", "-q"], in: alice, environment: shared.environment)
    #expect(pulled.status == 0, "\(pulled.err)")
    try expectPlaysFollowed(shared, in: alice, moved: moved)
  }

  @Test func aClonePullingAMoveOfAnAlbumNobodyPlayedKeepsGitsMergeCommit() throws {
    let shared = try SharedCollection()
    let alice = try shared.clone("alice")
    let bob = try shared.clone("bob")
    try expectSuccess(shared.rk(["-C", alice, "add", "--title", "Giant Steps", "--artist", "John Coltrane"]))
    try expectSuccess(shared.rk(["-C", bob, "mv", shared.album, "coltrane-blue-train"]))
    try expectSuccess(shared.rk(["-C", bob, "sync"]))
    let pulled = try runGit(["pull", "--no-rebase", "--no-edit", "-q"], in: alice, environment: shared.environment)
    #expect(pulled.status == 0, "\(pulled.err)")
    #expect(try git(["reflog", "-n1", "--format=%gs"], in: alice, environment: shared.environment).hasPrefix("pull"))
  }

  @Test func playsFollowTheMoveWhenAGitPullStopsOnAConflictAndRkResolveFinishesIt() throws {
    let shared = try SharedCollection()
    let alice = try shared.clone("alice")
    let bob = try shared.clone("bob")
    let moved = "albums/coltrane-blue-train"
    try expectSuccess(shared.rk(["-C", alice, "play", shared.album, "--at", "2026-11-26 20:00"]))
    try expectSuccess(shared.rk(["-C", alice, "play", shared.album, "--at", "2026-11-27 21:30", "--side", "A"]))
    try expectSuccess(shared.rk(["-C", alice, "set", shared.album, "--released", "1958"]))
    try expectSuccess(shared.rk(["-C", bob, "set", shared.album, "--released", "1957"]))
    try expectSuccess(shared.rk(["-C", bob, "mv", shared.album, "coltrane-blue-train"]))
    try expectSuccess(shared.rk(["-C", bob, "sync"]))

    let pulled = try runGit(["pull", "--no-rebase", "--no-edit", "-q"], in: alice, environment: shared.environment)
    #expect(pulled.status != 0)
    try expectSuccess(shared.rk(["-C", alice, "resolve", moved, "--take", "ours"]))
    try expectPlaysFollowed(shared, in: alice, moved: moved)
    #expect(try git(["rev-list", "--parents", "-n1", "HEAD"], in: alice, environment: shared.environment).split(separator: " ").count == 3)
  }

  @Test func playsTheOtherSideRecordedUnderTheOldIdFollowAMoveMadeHere() throws {
    let shared = try SharedCollection()
    let alice = try shared.clone("alice")
    let bob = try shared.clone("bob")
    try expectSuccess(shared.rk(["-C", alice, "play", shared.album, "--at", "2026-11-26 20:00"]))
    try expectSuccess(shared.rk(["-C", alice, "play", shared.album, "--at", "2026-11-27 21:30", "--side", "A"]))
    try expectSuccess(shared.rk(["-C", alice, "sync"]))
    try expectSuccess(shared.rk(["-C", bob, "mv", shared.album, "coltrane-blue-train"]))

    try expectSuccess(shared.rk(["-C", bob, "sync"]))
    try expectPlaysFollowed(shared, in: bob, moved: "albums/coltrane-blue-train")
    try expectSuccess(shared.rk(["-C", alice, "sync"]))
    try expectPlaysFollowed(shared, in: alice, moved: "albums/coltrane-blue-train")
  }
}
