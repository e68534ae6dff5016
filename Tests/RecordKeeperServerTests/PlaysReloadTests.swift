import Foundation
import RecordKeeper
import TestSupport
import Testing

@testable import RecordKeeperServer

/// The server reads `plays/*.md` again only when the folder or a file in it
/// changed: a commit that touches no plays file (every `rk` change is one)
/// costs no re-read of ten years of plays.
@Suite struct PlaysReloadTests {
  static let id = "albums/miles-davis-kind-of-blue"

  @Test func aCommitThatTouchesNoPlaysFileReadsNoPlays() async throws {
    let fixture = try await ServerFixture()
    let plays = fixture.collection.path + "/plays"
    try FileManager.default.createDirectory(atPath: plays, withIntermediateDirectories: true)
    try Data("- 2026-01-02 20:00 · \(Self.id)\n".utf8).write(to: URL(fileURLWithPath: plays + "/2026.md"))
    await fixture.service.apply(WatchBatch(created: [PlayHistory.folder]))
    #expect(fixture.service.snapshot.albums[Self.id]?.plays == 1)
    let reads = await fixture.service.playsReads

    // A commit of an album's edit: the watcher reports git and the album's folder.
    _ = try git(["commit", "--allow-empty", "-q", "-m", "Nothing about plays"], in: fixture.collection.path)
    await fixture.service.apply(WatchBatch(folders: ["albums/radiohead-ok-computer"], git: true))
    await fixture.service.apply(WatchBatch(overflow: true))
    #expect(await fixture.service.playsReads == reads)

    // A hand edit of plays/2026.md is still picked up, by a batch naming the
    // folder or by the full comparison after a git event.
    try Data("- 2026-01-02 20:00 · \(Self.id)\n- 2026-01-03 · \(Self.id)\n".utf8).write(to: URL(fileURLWithPath: plays + "/2026.md"))
    await fixture.service.apply(WatchBatch(git: true))
    #expect(fixture.service.snapshot.albums[Self.id]?.plays == 2)
    #expect(await fixture.service.playsReads == reads + 1)
    try Data("- 2025-12-31 · \(Self.id)\n".utf8).write(to: URL(fileURLWithPath: plays + "/2025.md"))
    await fixture.service.apply(WatchBatch(folders: [PlayHistory.folder]))
    #expect(fixture.service.snapshot.albums[Self.id]?.plays == 3)
  }
}
