import Foundation
import TestSupport
import Testing

/// rk's one progress line: on a terminal only, and only once the work has
/// taken its delay (a second; `RK_PROGRESS_AFTER` sets it for tests).
@Suite("Progress on a terminal")
struct ProgressLineTests {
  private func folderWithAnAlbum() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("rk-progress-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path + "/albums/a", withIntermediateDirectories: true)
    try Data("---\ntitle: A\nartist: B\n---\n".utf8).write(to: URL(fileURLWithPath: path + "/albums/a/album.md"))
    return path
  }

  @Test func initShowsWhatItIsDoingOnATerminalOnceTheDelayHasPassed() throws {
    let folder = try folderWithAnAlbum()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let shown = try runRKOnTerminal(["-C", folder, "init"], environment: ["RK_PROGRESS_AFTER": "0"])
    #expect(shown.contains("Looking at the files in"), "\(shown)")
    #expect(shown.contains("with 1 album."), "\(shown)")
  }

  @Test func aQuickInitOnATerminalShowsNoProgress() throws {
    let folder = try folderWithAnAlbum()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let shown = try runRKOnTerminal(["-C", folder, "init"], environment: [:])
    #expect(!shown.contains("Looking at the files"), "\(shown)")
    #expect(!shown.contains("\u{1B}[K"), "\(shown)")
  }

  @Test func withoutATerminalNothingIsShownEvenPastTheDelay() throws {
    let folder = try folderWithAnAlbum()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let result = try runRK(["-C", folder, "init"], environment: ["RK_PROGRESS_AFTER": "0"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(!result.stderr.contains("Looking at the files"), "\(result.stderr)")
    #expect(!result.stderr.contains("\r"), "\(result.stderr)")
  }
}
