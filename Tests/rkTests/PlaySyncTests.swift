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
}
