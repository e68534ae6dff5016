import Foundation
import TestSupport
import Testing

/// `rk mv` and `rk fmt` killed with SIGKILL part way: the next change finds
/// the album moved and committed or where it was, every file formatted and
/// committed or none, and the repository sound.
@Suite("Killing rk mv and rk fmt part way")
struct MoveFormatCrashTests {
  let album: OneAlbumCollection
  init() throws {
    album = try OneAlbumCollection()
    try album.collection.write("albums/other", "---\r\nartist: Someone\r\ntitle: Other\r\n---\r\n")
    try album.collection.writeFile(OneAlbumCollection.id + "/cover.webp", Array(repeating: 7, count: 50_000))
    try git(["add", "-A"], in: album.path)
    try git(["commit", "-qm", "More"], in: album.path)
  }

  func kill(_ arguments: [String], afterMicroseconds delay: UInt32) throws {
    let process = try startRK(["-C", album.path] + arguments)
    usleep(delay)
    Foundation.kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }

  /// Runs the next change, then checks the repository, the work tree and the index agree.
  func expectSound(_ context: String) throws {
    let next = try album.rk(["tag", "add", "other", "next"])
    #expect(next.status == 0, "\(context): \(next.stderr)")
    try git(["fsck", "--no-progress"], in: album.path)
    #expect(try album.collection.status().isEmpty, "\(context)")
    #expect(try git(["diff", "--cached", "--name-only"], in: album.path).isEmpty, "\(context)")
    #expect(!FileManager.default.fileExists(atPath: album.path + "/.git/rk-journal"), "\(context)")
  }

  @Test func aKilledMoveIsMovedAndCommittedOrNotMoved() throws {
    var names = ["albums/miles-davis-kind-of-blue", "jazz/kind-of-blue"]
    for trial in 0..<8 {
      try kill(["mv", names[0], names[1]], afterMicroseconds: UInt32(trial) * 9_000)
      try expectSound("trial \(trial)")
      let tree = try git(["ls-tree", "-r", "--name-only", "HEAD"], in: album.path)
      let moved = tree.contains(names[1] + "/album.md")
      #expect(moved != tree.contains(names[0] + "/album.md"), "trial \(trial): \(tree)")
      #expect(tree.contains((moved ? names[1] : names[0]) + "/cover.webp"), "trial \(trial)")
      if moved { names.reverse() }
    }
  }

  @Test func aKilledFormatLeavesEveryFileFormattedOrNone() throws {
    for trial in 0..<6 {
      try kill(["fmt"], afterMicroseconds: UInt32(trial) * 12_000)
      try expectSound("trial \(trial)")
      let other = try album.read("albums/other/album.md")
      #expect(other.hasPrefix("---\ntitle: Other\nartist: Someone\n") || other.hasPrefix("---\r\nartist: Someone\r\n"), "trial \(trial)")
      // Back to the hand-written file for the next trial.
      try album.collection.write("albums/other", "---\r\nartist: Someone\r\ntitle: Other\r\n---\r\n")
      try git(["commit", "-qam", "Again"], in: album.path)
    }
  }
}
