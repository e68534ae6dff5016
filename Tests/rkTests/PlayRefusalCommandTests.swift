import Foundation
import TestSupport
import Testing

/// `rk play` refuses a side the album does not have and a time in the
/// future, each refusal showing the option's own format (docs/commands.md, "Exit status and errors").
@Suite("rk play refusals")
struct PlayRefusalCommandTests {
  let album: OneAlbumCollection
  static let sided = "albums/radiohead-ok-computer"

  init() throws {
    album = try OneAlbumCollection()
    try album.collection.write(
      Self.sided,
      "---\ntitle: OK Computer\nartist: Radiohead\n---\n\n## Tracks\n\n### Side A\n\n1. Airbag\n\n### Side B\n\n1. Karma Police\n")
    try git(["add", "-A"], in: album.path)
    try git(["commit", "-qm", "Second album"], in: album.path)
  }

  @Test func aSideTheAlbumDoesNotHaveIsRefusedNamingTheSidesItHas() throws {
    let result = try album.rk(["play", "radiohead", "--side", "Z", "--at", "2026-01-02 20:00"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("--side: no play of Radiohead – OK Computer was recorded: the album has no side \"Z\""))
    #expect(result.stderr.contains("sides A and B"))
    #expect(try album.collection.commitSubjects().first == "Second album")
    #expect(!FileManager.default.fileExists(atPath: album.path + "/plays"))

    #expect(try album.rk(["play", "radiohead", "--side", "b", "--at", "2026-01-02 20:00"]).status == 0)
    #expect(try album.read("plays/2026.md").contains("albums/radiohead-ok-computer · side B"))
  }

  @Test func aTimeInTheFutureIsRefused() throws {
    let year = Calendar.current.component(.year, from: Date()) + 1
    let result = try album.rk(["play", "miles", "--at", "\(year)-01-01 20:00"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("--at: no play of Miles Davis – Kind of Blue was recorded: \(year)-01-01 20:00 is in the future"))
    #expect(result.stderr.contains("\"YYYY-MM-DD HH:MM\" or YYYY-MM-DD"))
    #expect(try album.collection.commitSubjects().first == "Second album")
  }

  @Test func aTimeThatIsNoTimeShowsTheOptionsFormatNotALineOfAPlaysFile() throws {
    let result = try album.rk(["play", "miles", "--at", "yesterday"])
    #expect(result.status == 64)
    #expect(
      result.stderr.contains("--at: \"yesterday\" is not a date with an optional time: give it as \"YYYY-MM-DD HH:MM\" or YYYY-MM-DD"))
    #expect(!result.stderr.contains("albums/kind-of-blue"))
  }
}
