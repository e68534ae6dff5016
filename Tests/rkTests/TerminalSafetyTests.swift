import Foundation
import TestSupport
import Testing

/// Escape, bell and other control characters in collection text never reach
/// the terminal raw; JSON keeps the exact values, escaped.
@Suite("Terminal safety")
struct TerminalSafetyTests {
  let collection: TemporaryCollection

  init() throws {
    collection = try TemporaryCollection()
    try collection.write(
      "albums/evil",
      """
      ---
      title: "Evil\\e[2J\\a Title"
      artist: "Bad \\x9b31m \\u202Eartist"
      wikipedia: "x\\e[31m"
      tags:
      - "t\\e]0;pwned\\a"
      mood: "m\\e[1m"
      ---

      ## Tracks

      1. Track\u{1B}[5m

      ## Notes

      Note \u{1B}[31m red

      """)
    try collection.initializeGit()
  }

  /// Whether `text` holds a C0 control other than a line break or tab, DEL, a C1 control or a bidi override.
  func hasRawControls(_ text: String) -> Bool {
    text.unicodeScalars.contains { scalar in
      let value = scalar.value
      return (value < 0x20 && value != 0x0A && value != 0x09) || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value)
    }
  }

  @Test(arguments: [
    ["list"], ["show", "evil"], ["artists"], ["tags"], ["check"], ["show", "evil\u{1B}[2J"], ["set", "evil", "--title", "x\u{1B}"],
  ])
  func outputShowsControlsVisibly(arguments: [String]) throws {
    let result = try runRK(["-C", collection.path] + arguments)
    #expect(!hasRawControls(result.stdout), "\(result.stdout.debugDescription)")
    #expect(!hasRawControls(result.stderr), "\(result.stderr.debugDescription)")
    let output = result.stdout + result.stderr
    #expect(output.contains("^[") || output.contains("<U+009B>"))
  }

  @Test func logAndChangeReportsShowControlsVisibly() throws {
    let change = try runRK(["-C", collection.path, "tag", "add", "evil", "fine"])
    #expect(change.status == 0, "\(change.stderr)")
    #expect(!hasRawControls(change.stdout))
    #expect(change.stdout.contains("Evil^[[2J^G Title"))
    // Nor through git log: the commit message holds the visible form.
    #expect(try collection.commitSubjects().first == "Add tag \"fine\" to Bad <U+009B>31m <U+202E>artist – Evil^[[2J^G Title")
    let log = try runRK(["-C", collection.path, "log"])
    #expect(log.status == 0)
    #expect(!hasRawControls(log.stdout), "\(log.stdout.debugDescription)")
    #expect(log.stdout.contains("Evil^[[2J^G Title"))
  }

  @Test func jsonKeepsExactValuesEscaped() throws {
    let result = try runRK(["-C", collection.path, "show", "--json", "evil"])
    #expect(!hasRawControls(result.stdout))
    #expect(result.stdout.contains(#""title": "Evil\u001b[2J\u0007 Title""#))
    #expect(result.stdout.contains(#""artist": "Bad \u009b31m \u202eartist""#))
    let album = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(album["title"] as? String == "Evil\u{1B}[2J\u{07} Title")
  }

  @Test func formatIsExactForScripts() throws {
    let result = try runRK(["-C", collection.path, "list", "--format", "{title}"])
    #expect(result.stdout == "Evil\u{1B}[2J\u{07} Title\n")
  }
}
