import Foundation
import TestSupport
import Testing

/// docs/commands.md, "Exit status and errors": a word beginning with `--` is always an option; an unknown
/// one is a usage error that suggests the closest option or command.
@Suite("rk usage mistakes")
struct UsageTests {
  let collection: TemporaryCollection

  init() throws {
    collection = try TemporaryCollection(albums: [
      "albums/sigur-ros-agaetis-byrjun": albumText(title: "Ágætis byrjun", artist: "Sigur Rós", tags: ["post-rock"]),
      "albums/miles-davis-kind-of-blue": albumText(title: "Kind of Blue", artist: "Miles Davis", tags: ["jazz", "live"]),
    ])
  }

  @Test(arguments: [
    (["list", "--cuont"], "Unknown option '--cuont'. Did you mean '--count'?"),
    (["list", "jazz", "--frmat", "{id}"], "Unknown option '--frmat'. Did you mean '--format'?"),
    (["set", "sigur", "--titel", "X"], "Unknown option '--titel'. Did you mean '--title'?"),
    (["show", "sigur", "--jsn"], "Unknown option '--jsn'. Did you mean '--json'?"),
    (["lsit"], "Unknown command 'lsit'. Did you mean 'list'?"),
    (["tag", "ad", "sigur", "x"], "Unknown command 'ad'. Did you mean 'add'?"),
    (["track", "remove", "sigur", "1"], "Unknown command 'remove'."),
  ])
  func mistakesAreUsageErrorsWithASuggestion(arguments: [String], message: String) throws {
    let result = try runRK(["-C", collection.path] + arguments)
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("Error: \(message)"), "\(result.stderr)")
    #expect(result.stderr.contains("Usage: rk"))
  }

  @Test func anUnknownOptionWithNoNeighbourSaysSo() throws {
    let result = try runRK(["-C", collection.path, "list", "--zzzzzz"])
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix("Error: Unknown option '--zzzzzz'."))
    #expect(!result.stderr.contains("Did you mean"))
  }

  @Test func singleDashWordsAreTermsAndDoubleDashEndsOptions() throws {
    let excluded = try runRK(["-C", collection.path, "list", "--format", "{id}", "jazz", "-live"])
    #expect(excluded.status == 0)
    #expect(excluded.stdout == "")
    let afterEnd = try runRK(["-C", collection.path, "list", "--format", "{id}", "--", "\"--cuont\""])
    #expect(afterEnd.status == 0, "\(afterEnd.stderr)")
    #expect(afterEnd.stdout == "")
    let options = try runRK(["-C", collection.path, "list", "--format={id}", "--in", "tags", "jazz"])
    #expect(options.stdout == "albums/miles-davis-kind-of-blue\n")
  }

  @Test func helpAndVersionStillWork() throws {
    #expect(try runRK(["help", "list"]).status == 0)
    #expect(try runRK(["list", "--help"]).status == 0)
    #expect(try runRK(["--version"]).status == 0)
  }
}
