import Foundation
import TestSupport
import Testing

/// `rk set` on several albums at once (docs/commands.md, "Command reference"): one commit, all or
/// nothing, undone as one.
@Suite("rk set on several albums")
struct SetManyTests: CollectionCommands {
  let collection: TemporaryCollection

  init() throws {
    collection = try TemporaryCollection()
    try collection.write("albums/miles-davis-kind-of-blue", albumText(title: "Kind of Blue", artist: "Miles Davis", tags: ["jazz"]))
    try collection.write("albums/john-coltrane-a-love-supreme", albumText(title: "A Love Supreme", artist: "John Coltrane", tags: ["jazz"]))
    try collection.write("albums/bjork-homogenic", albumText(title: "Homogenic", artist: "Björk", tags: ["electronic"]))
    try collection.initializeGit()
  }

  func file(_ id: String) throws -> String { try collection.read(id + "/album.md") }

  @Test func twoAlbumsByReferenceChangeInOneCommit() throws {
    let result = try rk(["set", "miles", "john-coltrane", "--released", "1959"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try collection.commitSubjects() == ["Change release date of 2 albums", "Start"])
    #expect(try file("albums/miles-davis-kind-of-blue").contains("released: 1959\n"))
    #expect(try file("albums/john-coltrane-a-love-supreme").contains("released: 1959\n"))
    #expect(!(try file("albums/bjork-homogenic").contains("released")))
    #expect(try collection.status().isEmpty)
  }

  @Test func oneAlbumKeepsItsOwnSummary() throws {
    let result = try rk(["set", "miles", "--released", "1959"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try collection.commitSubjects().first == "Change release date of Miles Davis – Kind of Blue")
  }

  @Test func whereChangesEveryMatchAndLeavesThoseAlreadySet() throws {
    #expect(try rk(["set", "miles", "--sort-artist", "Davis, Miles"]).status == 0)
    let result = try rk(["set", "--where", "jazz", "--sort-artist", "Davis, Miles"])
    #expect(result.status == 0, "\(result.stderr)")
    // Kind of Blue already had the value: only one album changed.
    #expect(try collection.commitSubjects().first == "Change sort artist of John Coltrane – A Love Supreme")
    let again = try rk(["set", "--where", "jazz", "--sort-artist", "Davis, Miles"])
    #expect(again.status == 0)
    #expect(again.stderr.contains("No change"))
    #expect(try collection.commitSubjects().count == 3)
  }

  @Test func whereMatchingNothingIsAnError() throws {
    let result = try rk(["set", "--where", "polka", "--released", "1990"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("no album matches \"polka\""), "\(result.stderr)")
    #expect(try collection.commitSubjects() == ["Start"])
  }

  @Test func aRefusalLeavesEveryFileAsItWas() throws {
    let before = try ["albums/miles-davis-kind-of-blue", "albums/john-coltrane-a-love-supreme", "albums/bjork-homogenic"].map(file)
    // 1959-02-29 is no date; every album would break the rule.
    let result = try rk(["set", "--where", "", "--released", "1959-02-29"])
    #expect(result.status == 1)
    for name in ["Miles Davis – Kind of Blue", "John Coltrane – A Love Supreme", "Björk – Homogenic"] {
      #expect(result.stderr.contains(name), "\(result.stderr)")
    }
    #expect(try ["albums/miles-davis-kind-of-blue", "albums/john-coltrane-a-love-supreme", "albums/bjork-homogenic"].map(file) == before)
    #expect(try collection.commitSubjects() == ["Start"])
    #expect(try collection.status().isEmpty)
  }

  @Test func aBlankTitleIsRefusedNamingEachAlbumAsItWas() throws {
    let result = try rk(["set", "miles", "coltrane", "--title", " "])
    #expect(result.status == 1)
    #expect(result.stderr.contains("Miles Davis – Kind of Blue was not changed"), "\(result.stderr)")
    #expect(result.stderr.contains("John Coltrane – A Love Supreme was not changed"), "\(result.stderr)")
    #expect(try collection.commitSubjects() == ["Start"])
  }

  @Test func anUnknownReferenceChangesNoneOfTheOthers() throws {
    let result = try rk(["set", "miles", "no-such-album", "--released", "1959"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("no-such-album"), "\(result.stderr)")
    #expect(!(try file("albums/miles-davis-kind-of-blue").contains("released")))
    #expect(try collection.commitSubjects() == ["Start"])
  }

  @Test func handEditsAreCommittedFirstInOneCommit() throws {
    for id in ["albums/miles-davis-kind-of-blue", "albums/john-coltrane-a-love-supreme"] {
      try (try file(id) + "\nBought used.\n").write(
        to: collection.root.appendingPathComponent(id + "/album.md"), atomically: false, encoding: .utf8)
    }
    let result = try rk(["set", "miles", "coltrane", "--released", "1960"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try collection.commitSubjects() == ["Change release date of 2 albums", "Edit 2 albums by hand", "Start"])
    let undo = try rk(["undo"])
    #expect(undo.status == 0, "\(undo.stderr)")
    #expect(try file("albums/miles-davis-kind-of-blue").contains("Bought used."))
  }

  @Test func undoRestoresEveryAlbum() throws {
    let before = try ["albums/miles-davis-kind-of-blue", "albums/john-coltrane-a-love-supreme"].map(file)
    #expect(try rk(["set", "--where", "jazz", "--title", "Same Title", "--released", "1960"]).status == 0)
    #expect(try collection.commitSubjects().first == "Change title and release date of 2 albums")
    let undo = try rk(["undo"])
    #expect(undo.status == 0, "\(undo.stderr)")
    #expect(try ["albums/miles-davis-kind-of-blue", "albums/john-coltrane-a-love-supreme"].map(file) == before)
    #expect(try collection.status().isEmpty)
  }

  /// Killed at any moment, a change to several albums is found whole or
  /// not at all by the next `rk`: never some albums changed and others not.
  @Test func aKilledChangeToSeveralAlbumsIsWholeOrRolledBack() throws {
    let ids = ["albums/bjork-homogenic", "albums/john-coltrane-a-love-supreme", "albums/miles-davis-kind-of-blue"]
    for trial in 0..<12 {
      let year = "\(1960 + trial)"
      let process = try startRK(["-C", collection.path, "set", "--where", "", "--released", year])
      try process.bounded {
        while process.isRunning && !FileManager.default.fileExists(atPath: collection.path + "/.git/rk-journal") { usleep(100) }
      }
      usleep(useconds_t(trial * 400))
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      // The next rk finishes or rolls back the change.
      #expect(try rk(["log", "-n", "1"]).status == 0)
      let released = try ids.map { id in try file(id).split(separator: "\n").first { $0.hasPrefix("released: ") } ?? "" }
      #expect(Set(released).count == 1, "trial \(trial): \(released)")
      #expect(try collection.status().isEmpty, "trial \(trial)")
      try git(["fsck", "--no-progress"], in: collection.path)
    }
  }

  @Test func albumsOrWhereButNotBoth() throws {
    #expect(try rk(["set", "miles", "--where", "jazz", "--released", "1959"]).status == 64)
    #expect(try rk(["set", "--released", "1959"]).status == 64)
  }
}
