import Foundation
import TestSupport
import Testing

/// `rk clone`, `rk remote` and `rk sync` over plain paths and `file://`,
/// with two clones and a bare repository (docs/sharing.md).
@Suite("rk clone, remote and sync")
struct SyncCommandTests {
  @Test func cloneCopiesTheCollectionAndNamesTheRemoteOrigin() throws {
    let shared = try SharedCollection()
    let alice = try shared.clone("alice")
    #expect(try shared.albumText(in: alice).contains("title: Blue Train"))
    #expect(try shared.revision("HEAD", in: alice) == shared.revision("HEAD", in: shared.origin))
    let remotes = try expectSuccess(shared.rk(["-C", alice, "remote"]))
    #expect(remotes.stdout == "origin\t\(shared.origin)\n")
    let viaFileURL = try shared.clone("bob", url: "file://" + shared.origin)
    #expect(try shared.revision("HEAD", in: viaFileURL) == shared.revision("HEAD", in: alice))
  }

  @Test func cloneRefusesAFolderThatIsNotEmpty() throws {
    let shared = try SharedCollection()
    try FileManager.default.createDirectory(atPath: shared.root + "/taken", withIntermediateDirectories: true)
    _ = FileManager.default.createFile(atPath: shared.root + "/taken/notes.txt", contents: Data("mine\n".utf8))
    let result = try shared.rk(["clone", shared.origin, "taken"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("taken exists and is not empty"))
    #expect(try String(contentsOfFile: shared.root + "/taken/notes.txt", encoding: .utf8) == "mine\n")
  }

  @Test func changesTravelBothWaysAndEveryCommitIsKept() throws {
    let shared = try SharedCollection()
    let alice = try shared.clone("alice")
    let bob = try shared.clone("bob")
    try expectSuccess(shared.rk(["-C", alice, "tag", "add", shared.album, "hard-bop"]))
    try expectSuccess(shared.rk(["-C", alice, "set", shared.album, "--label", "Blue Note"]))
    let pushed = try expectSuccess(shared.rk(["-C", alice, "sync"]))
    #expect(pushed.stdout.contains("Pushed 2 changes to origin."), "\(pushed.stdout)")
    #expect(try shared.revision("HEAD", in: shared.origin) == shared.revision("HEAD", in: alice))

    let pulled = try expectSuccess(shared.rk(["-C", bob, "sync"]))
    #expect(pulled.stdout.contains("Fetched 2 changes from origin"), "\(pulled.stdout)")
    #expect(try shared.revision("HEAD", in: bob) == shared.revision("HEAD", in: alice))
    #expect(try shared.albumText(in: bob).contains("hard-bop"))
    #expect(try shared.albumText(in: bob).contains("label: Blue Note"))
    #expect(try git(["status", "--porcelain"], in: bob, environment: shared.environment).isEmpty)

    // And back: bob's change reaches alice with alice's commits all kept.
    try expectSuccess(shared.rk(["-C", bob, "set", shared.album, "--rating", "5"]))
    try expectSuccess(shared.rk(["-C", bob, "sync"]))
    let aliceBefore = try shared.commits(in: alice)
    try expectSuccess(shared.rk(["-C", alice, "sync"]))
    #expect(try shared.commits(in: alice).isSuperset(of: aliceBefore))
    #expect(try shared.commits(in: alice) == shared.commits(in: bob))
    #expect(try shared.albumText(in: alice).contains("rating: 5"))
  }

  @Test func syncWithNothingToDoCommitsAndPushesNothing() throws {
    let shared = try SharedCollection()
    let alice = try shared.clone("alice")
    let before = try shared.revision("HEAD", in: alice)
    let result = try expectSuccess(shared.rk(["-C", alice, "sync"]))
    #expect(result.stdout == "Nothing new from origin.\norigin has every change made here.\n")
    #expect(try shared.revision("HEAD", in: alice) == before)
    #expect(try shared.revision("HEAD", in: shared.origin) == before)
  }

  @Test func noPushPullsOnly() throws {
    let shared = try SharedCollection()
    let alice = try shared.clone("alice")
    let bob = try shared.clone("bob")
    try expectSuccess(shared.rk(["-C", alice, "tag", "add", shared.album, "favourite"]))
    try expectSuccess(shared.rk(["-C", alice, "sync"]))
    let before = try shared.revision("HEAD", in: shared.origin)
    try expectSuccess(shared.rk(["-C", alice, "tag", "add", shared.album, "second"]))
    let mine = try expectSuccess(shared.rk(["-C", alice, "sync", "--no-push"]))
    #expect(mine.stdout == "Nothing new from origin.\n")
    #expect(try shared.revision("HEAD", in: shared.origin) == before)
    let theirs = try expectSuccess(shared.rk(["-C", bob, "sync", "--no-push"]))
    #expect(theirs.stdout.hasPrefix("Fetched 1 change from origin"))
    #expect(try shared.revision("HEAD", in: bob) == before)
  }

  @Test func aSyncRecordsAHandEditFirstAndMergesItWithTheRemotesChange() throws {
    let shared = try SharedCollection()
    let (bob, file) = try bobBehindAlicesRating(shared)
    try (try String(contentsOfFile: file, encoding: .utf8) + "\nMy own words.\n").write(toFile: file, atomically: false, encoding: .utf8)
    let result = try expectSuccess(shared.rk(["-C", bob, "sync"]))
    #expect(result.stdout.hasPrefix("["), "\(result.stdout)")
    #expect(result.stdout.contains("] Edit John Coltrane – Blue Train by hand\n"), "\(result.stdout)")
    let merged = try String(contentsOfFile: file, encoding: .utf8)
    #expect(merged.contains("My own words."))
    #expect(merged.contains("rating: 4"))
    #expect(try git(["status", "--porcelain"], in: bob, environment: shared.environment).isEmpty)
  }

  @Test func aHandEditThatStaysHomeAndThatTheMergeWouldOverwriteStopsTheSync() throws {
    let shared = try SharedCollection()
    let (bob, file) = try bobBehindAlicesRating(shared)
    let edited = try String(contentsOfFile: file, encoding: .utf8).replacingOccurrences(
      of: "---\n", with: "---\nreleased: 1957-02-30\n", options: .anchored)
    try edited.write(toFile: file, atomically: false, encoding: .utf8)
    let before = try shared.revision("HEAD", in: bob)
    let result = try shared.rk(["-C", bob, "sync"])
    #expect(result.status == 1)
    #expect(result.stderr.contains(shared.album + "/album.md"), "\(result.stderr)")
    #expect(result.stderr.contains("git commit"))
    #expect(try String(contentsOfFile: file, encoding: .utf8) == edited)
    #expect(try shared.revision("HEAD", in: bob) == before)
  }

  @Test func remotesAreAddedListedAndRemoved() throws {
    let shared = try SharedCollection()
    let alice = try shared.clone("alice")
    try expectSuccess(shared.rk(["-C", alice, "remote", "add", "bob", "bob"]))
    #expect(try shared.rk(["-C", alice, "remote"]).stdout == "bob\t\(shared.root)/bob\norigin\t\(shared.origin)\n")
    let taken = try shared.rk(["-C", alice, "remote", "add", "bob", "/elsewhere"])
    #expect(taken.status == 1)
    #expect(taken.stderr.contains("there is a remote named \"bob\" already (\(shared.root)/bob)"))
    let badName = try shared.rk(["-C", alice, "remote", "add", "no good", "/x"])
    #expect(badName.status == 1)
    #expect(badName.stderr.contains("\"no good\" cannot name a remote"))
    try expectSuccess(shared.rk(["-C", alice, "remote", "rm", "bob"]))
    #expect(try shared.rk(["-C", alice, "remote"]).stdout == "origin\t\(shared.origin)\n")
    let gone = try shared.rk(["-C", alice, "remote", "rm", "bob"])
    #expect(gone.status == 1)
    #expect(gone.stderr.contains("there is no remote named \"bob\" (the remotes are origin)"))
  }

  @Test func syncNamesWhatIsMissing() throws {
    let shared = try SharedCollection()
    let alone = shared.root + "/alone"
    try expectSuccess(shared.rk(["init", alone]))
    let none = try shared.rk(["-C", alone, "sync"])
    #expect(none.status == 1)
    #expect(none.stderr.contains("has no remote to sync with: add one with rk remote add NAME URL"))
    try expectSuccess(shared.rk(["-C", alone, "remote", "add", "gone", shared.root + "/nowhere.git"]))
    let unreachable = try shared.rk(["-C", alone, "sync"])
    #expect(unreachable.status == 1)
    #expect(unreachable.stderr.contains("could not reach remote gone (\(shared.root)/nowhere.git)"), "\(unreachable.stderr)")
    #expect(unreachable.stderr.split(separator: "\n").count == 1)
  }

  /// Both sides changed one album in different fields: sync merges them by
  /// field, pushes the merge, and every commit of both sides is kept.
  @Test func divergedSidesMergeByFieldAndPush() throws {
    let shared = try SharedCollection()
    let alice = try shared.clone("alice")
    let bob = try shared.clone("bob")
    #expect(try git(["config", "merge.rk.driver"], in: bob, environment: shared.environment).contains("merge-file %O %A %B %P"))
    try expectSuccess(shared.rk(["-C", alice, "set", shared.album, "--rating", "4"]))
    try expectSuccess(shared.rk(["-C", alice, "tag", "add", shared.album, "hard-bop"]))
    try expectSuccess(shared.rk(["-C", alice, "sync"]))
    try expectSuccess(shared.rk(["-C", bob, "set", shared.album, "--label", "Blue Note"]))
    try expectSuccess(shared.rk(["-C", bob, "tag", "add", shared.album, "sax"]))
    let (aliceCommits, bobCommits) = (try shared.commits(in: alice), try shared.commits(in: bob))
    let merged = try expectSuccess(shared.rk(["-C", bob, "sync"]))
    #expect(merged.stdout.contains("Fetched 2 changes from origin and merged them by field"), "\(merged.stdout)")
    #expect(merged.stdout.contains("Pushed 3 changes to origin."), "\(merged.stdout)")
    let text = try shared.albumText(in: bob)
    #expect(text.contains("rating: 4") && text.contains("label: Blue Note"), "\(text)")
    #expect(text.contains("hard-bop") && text.contains("sax"), "\(text)")
    #expect(try git(["log", "-1", "--format=%P"], in: bob, environment: shared.environment).split(separator: " ").count == 2)
    #expect(try shared.revision("HEAD", in: shared.origin) == shared.revision("HEAD", in: bob))
    #expect(try shared.commits(in: bob).isSuperset(of: aliceCommits.union(bobCommits)))
    try expectSuccess(shared.rk(["-C", alice, "sync"]))
    #expect(try shared.albumText(in: alice) == text)
  }

  /// One field changed two ways: sync stops before pushing, the album keeps
  /// our value, and after rk resolve the next sync pushes the merge.
  @Test func aTrueConflictStopsTheSyncUntilResolved() throws {
    let shared = try SharedCollection()
    let alice = try shared.clone("alice")
    let bob = try shared.clone("bob")
    try expectSuccess(shared.rk(["-C", alice, "set", shared.album, "--label", "Blue Note"]))
    try expectSuccess(shared.rk(["-C", alice, "sync"]))
    try expectSuccess(shared.rk(["-C", bob, "set", shared.album, "--label", "Capitol"]))
    let originBefore = try shared.revision("HEAD", in: shared.origin)
    let stopped = try shared.rk(["-C", bob, "sync"])
    #expect(stopped.status == 1)
    #expect(stopped.stdout.contains("1 field of 1 album changed both ways"), "\(stopped.stdout)")
    #expect(stopped.stdout.contains("rk conflicts"))
    #expect(try shared.revision("HEAD", in: shared.origin) == originBefore)
    #expect(try shared.albumText(in: bob).contains("label: Capitol"))
    let listed = try expectSuccess(shared.rk(["-C", bob, "conflicts"]))
    #expect(listed.stdout.contains(": label"), "\(listed.stdout)")
    try expectSuccess(shared.rk(["-C", bob, "resolve", shared.album, "--take", "theirs"]))
    let pushed = try expectSuccess(shared.rk(["-C", bob, "sync"]))
    #expect(pushed.stdout.contains("Pushed"), "\(pushed.stdout)")
    #expect(try shared.revision("HEAD", in: shared.origin) == shared.revision("HEAD", in: bob))
    #expect(try shared.albumText(in: bob).contains("label: Blue Note"))
  }

  /// The reproduction: both sides reorder tracks (lines merge
  /// cleanly, the track order does not). The conflict is `tracks`, never a
  /// ghost `album` one, and taking theirs keeps the album with their order.
  @Test func bothReorderingTracksThenTakingTheirsKeepsTheAlbum() throws {
    let shared = try SharedCollection()
    let alice = try shared.clone("alice")
    for name in ["Blue Train", "Moment's Notice", "Locomotion", "I'm Old Fashioned", "Lazy Bird"] {
      try expectSuccess(shared.rk(["-C", alice, "track", "add", shared.album, name]))
    }
    try expectSuccess(shared.rk(["-C", alice, "sync"]))
    let bob = try shared.clone("bob")
    try expectSuccess(shared.rk(["-C", alice, "track", "down", shared.album, "1"]))
    try expectSuccess(shared.rk(["-C", alice, "sync"]))
    try expectSuccess(shared.rk(["-C", bob, "track", "up", shared.album, "5"]))
    let stopped = try shared.rk(["-C", bob, "sync"])
    #expect(stopped.status == 1, "\(stopped.stdout)\(stopped.stderr)")
    let listed = try expectSuccess(shared.rk(["-C", bob, "conflicts"]))
    #expect(listed.stdout.contains(": tracks"), "\(listed.stdout)")
    #expect(!listed.stdout.contains(": album"), "\(listed.stdout)")
    try expectSuccess(shared.rk(["-C", bob, "resolve", shared.album, "--take", "theirs"]))
    let text = try shared.albumText(in: bob)
    #expect(text.contains("1. Moment's Notice\n2. Blue Train\n3. Locomotion\n4. I'm Old Fashioned\n5. Lazy Bird\n"), "\(text)")
    #expect(try git(["status", "--porcelain"], in: bob, environment: shared.environment).isEmpty)
    try expectSuccess(shared.rk(["-C", bob, "sync"]))
    try expectSuccess(shared.rk(["-C", alice, "sync"]))
    #expect(try shared.albumText(in: alice) == text)
  }

  /// Resolving a field's conflict twice the same way changes nothing more,
  /// and taking ours after theirs for another field keeps the first choice.
  @Test func aConflictResolvedIsNotResolvedAgain() throws {
    let shared = try SharedCollection()
    let alice = try shared.clone("alice")
    let bob = try shared.clone("bob")
    try expectSuccess(shared.rk(["-C", alice, "set", shared.album, "--label", "Blue Note", "--rating", "4"]))
    try expectSuccess(shared.rk(["-C", alice, "sync"]))
    try expectSuccess(shared.rk(["-C", bob, "set", shared.album, "--label", "Capitol", "--rating", "5"]))
    #expect(try shared.rk(["-C", bob, "sync"]).status == 1)
    try expectSuccess(shared.rk(["-C", bob, "resolve", shared.album, "--take", "theirs", "--field", "label"]))
    let again = try shared.rk(["-C", bob, "resolve", shared.album, "--take", "ours", "--field", "label"])
    #expect(again.status == 1, "\(again.stdout)")
    try expectSuccess(shared.rk(["-C", bob, "resolve", shared.album, "--take", "ours", "--field", "rating"]))
    let text = try shared.albumText(in: bob)
    #expect(text.contains("label: Blue Note") && text.contains("rating: 5"), "\(text)")
  }

  /// rk mv and an edit on one side, an edit of the same line on the other:
  /// the rename is followed, both sides' edits are in the new folder, and
  /// only the field changed both ways is a conflict.
  @Test func aMovedAlbumEditedOnBothSidesMergesInItsNewFolder() throws {
    let shared = try SharedCollection()
    let alice = try shared.clone("alice")
    let bob = try shared.clone("bob")
    try expectSuccess(shared.rk(["-C", alice, "mv", shared.album, "albums/blue-train"]))
    try expectSuccess(shared.rk(["-C", alice, "set", "albums/blue-train", "--label", "Blue Note"]))
    try expectSuccess(shared.rk(["-C", alice, "sync"]))
    try expectSuccess(shared.rk(["-C", bob, "set", shared.album, "--label", "Capitol"]))
    try expectSuccess(shared.rk(["-C", bob, "tag", "add", shared.album, "hard-bop"]))
    #expect(try shared.rk(["-C", bob, "sync"]).status == 1)
    let listed = try expectSuccess(shared.rk(["-C", bob, "conflicts"]))
    #expect(listed.stdout.contains("albums/blue-train: label"), "\(listed.stdout)")
    #expect(!listed.stdout.contains(shared.album), "\(listed.stdout)")
    try expectSuccess(shared.rk(["-C", bob, "resolve", "albums/blue-train", "--take", "theirs"]))
    let text = try String(contentsOfFile: bob + "/albums/blue-train/album.md", encoding: .utf8)
    #expect(text.contains("label: Blue Note") && text.contains("- hard-bop"), "\(text)")
    #expect(!FileManager.default.fileExists(atPath: bob + "/" + shared.album))
    try expectSuccess(shared.rk(["-C", bob, "sync"]))
  }

  /// Alice rates the album and syncs; Bob, cloned before, has not synced
  /// since. Bob's clone and his copy of the album's file.
  private func bobBehindAlicesRating(_ shared: SharedCollection) throws -> (bob: String, file: String) {
    let alice = try shared.clone("alice")
    let bob = try shared.clone("bob")
    try expectSuccess(shared.rk(["-C", alice, "set", shared.album, "--rating", "4"]))
    try expectSuccess(shared.rk(["-C", alice, "sync"]))
    return (bob, bob + "/" + shared.album + "/album.md")
  }
}
