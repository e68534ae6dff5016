import Foundation
import TestSupport
import Testing

/// Commits are by whoever git says (issue 20.8): `GIT_AUTHOR_*` and
/// `GIT_COMMITTER_*` win over `user.name`/`user.email`; with no identity at
/// all rk commits as Record Keeper and says so once, with how to set one.
@Suite("Who rk's commits are by")
struct GitIdentityCommandTests {
  /// A collection made by `rk init`, with no identity anywhere (the test's
  /// global git configuration is empty).
  static func collection() throws -> TemporaryCollection {
    let collection = try TemporaryCollection()
    try git(["init", "-q", "-b", "main"], in: collection.path)
    return collection
  }

  static func lastCommit(_ collection: TemporaryCollection) throws -> String {
    try git(["log", "-1", "--format=%an <%ae> %at|%cn <%ce> %ct"], in: collection.path).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  @Test func gitsVariablesNameTheAuthorAndCommitter() throws {
    let collection = try Self.collection()
    try git(["config", "user.name", "Config Name"], in: collection.path)
    try git(["config", "user.email", "config@example.com"], in: collection.path)
    let result = try runRK(
      ["-C", collection.path, "add", "--title", "Blue Train", "--artist", "John Coltrane"],
      environment: [
        "GIT_AUTHOR_NAME": "Ann Author", "GIT_AUTHOR_EMAIL": "ann@example.com", "GIT_AUTHOR_DATE": "@1700000000 +0100",
        "GIT_COMMITTER_NAME": "Carl Committer", "GIT_COMMITTER_EMAIL": "carl@example.com",
      ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(!result.stderr.contains("identity"), "\(result.stderr)")
    let parts = try Self.lastCommit(collection).split(separator: "|").map(String.init)
    #expect(parts.first == "Ann Author <ann@example.com> 1700000000")
    #expect(parts.last?.hasPrefix("Carl Committer <carl@example.com> ") == true)
    // Without the variables, the configuration's identity.
    let plain = try runRK(["-C", collection.path, "add", "--title", "Giant Steps", "--artist", "John Coltrane"])
    #expect(plain.status == 0, "\(plain.stderr)")
    #expect(try Self.lastCommit(collection).hasPrefix("Config Name <config@example.com> "))
    #expect(plain.stderr.isEmpty, "\(plain.stderr)")
  }

  @Test func withNoIdentityRkSaysSoOnceAndHowToSetOne() throws {
    let collection = try Self.collection()
    // Two commits in one command (an album, then its tag), one warning.
    let result = try runRK(["-C", collection.path, "add", "--title", "Blue Train", "--artist", "John Coltrane"])
    #expect(result.status == 0, "\(result.stderr)")
    let warnings = result.stderr.components(separatedBy: "no git identity is set").count - 1
    #expect(warnings == 1, "\(result.stderr)")
    #expect(result.stderr.contains("committed as Record Keeper <rk@localhost>"))
    #expect(result.stderr.contains("git config --global user.name \"Your Name\""))
    #expect(result.stderr.contains("git config --global user.email"))
    #expect(try Self.lastCommit(collection).hasPrefix("Record Keeper <rk@localhost> "))
  }

  /// Once per clone, as docs/commands.md says, not once per command.
  @Test func theWarningIsNotRepeatedByLaterCommands() throws {
    let collection = try Self.collection()
    let first = try runRK(["-C", collection.path, "add", "--title", "Blue Train", "--artist", "John Coltrane"])
    #expect(first.stderr.contains("no git identity is set"), "\(first.stderr)")
    let second = try runRK(["-C", collection.path, "add", "--title", "Giant Steps", "--artist", "John Coltrane"])
    #expect(second.status == 0, "\(second.stderr)")
    #expect(!second.stderr.contains("no git identity is set"), "\(second.stderr)")
    #expect(try Self.lastCommit(collection).hasPrefix("Record Keeper <rk@localhost> "))
  }
}
