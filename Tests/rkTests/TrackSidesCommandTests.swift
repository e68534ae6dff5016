import Foundation
import TestSupport
import Testing

/// `rk track`, `rk show`, `rk check` and `--json` with sides and lengths (docs/commands.md, "Sides and durations").
@Suite("Sides and durations on the command line")
struct TrackSidesCommandTests: CollectionCommands {
  let collection: TemporaryCollection
  let okComputer = ExampleAlbums.okComputer
  let path = "albums/radiohead-ok-computer/album.md"

  init() throws {
    collection = try TemporaryCollection()
    try collection.write("albums/radiohead-ok-computer", okComputer)
    try collection.initializeGit()
  }

  /// The lines `git show` says the last commit removed and added.
  func lastChange() throws -> [String] {
    try git(["show", "--format=", "--unified=0", "HEAD"], in: collection.path).split(separator: "\n")
      .filter { ($0.hasPrefix("+") || $0.hasPrefix("-")) && !$0.hasPrefix("+++") && !$0.hasPrefix("---") }.map(String.init)
  }

  @Test func addToASideWithALength() throws {
    let result = try rk(["track", "add", "radiohead", "Exit Music", "--side", "b", "--duration", "4:24"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try lastChange() == ["+3. Exit Music (4:24)"])
    #expect(try collection.commitSubjects().first == "Add track \"Exit Music\" to Radiohead – OK Computer")
    // A new side gets its heading at the end of the list; a length may end the name.
    #expect(try rk(["track", "add", "radiohead", "Electioneering (3:50)", "--side", "C"]).status == 0)
    #expect(try lastChange().allSatisfy { $0.hasPrefix("+") })
    #expect(try collection.read(path).contains("3. Exit Music (4:24)\n\n### Side C\n\n1. Electioneering (3:50)\n\n## Notes\n"))
  }

  @Test func aBulletListOfPlayersAndASetextHeadingAreNotTracks() throws {
    // Issue 17: the players became tracks 3–4 and `track add` appended to
    // them; a setext `Tracks` heading got a second `## Tracks` added.
    try collection.write(
      "albums/miles-davis-kind-of-blue",
      """
      ---
      title: Kind of Blue
      artist: Miles Davis
      ---

      Tracks
      ------

      1. So What
      2. Freddie Freeloader

      - Miles Davis, trumpet
      - Bill Evans, piano

      """)
    try git(["add", "-A"], in: collection.path)
    try git(["commit", "-qm", "Kind of Blue"], in: collection.path)
    let show = try rk(["show", "kind of blue", "--json"])
    let album = try #require(try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any])
    #expect(album["tracks"] as? [String] == ["So What", "Freddie Freeloader"])
    #expect(try rk(["track", "add", "kind of blue", "Blue in Green"]).status == 0)
    #expect(try lastChange() == ["+3. Blue in Green"])
    let text = try collection.read("albums/miles-davis-kind-of-blue/album.md")
    #expect(text.hasSuffix("2. Freddie Freeloader\n3. Blue in Green\n\n- Miles Davis, trumpet\n- Bill Evans, piano\n"))
  }

  @Test func badLengthsAndSidesAreUsageErrors() throws {
    let bad = try rk(["track", "add", "radiohead", "Exit Music", "--duration", "4:75"])
    #expect(bad.status == 64)
    #expect(bad.stderr.contains("--duration: \"4:75\" is not a length: write m:ss or h:mm:ss"))
    let both = try rk(["track", "add", "radiohead", "Exit Music", "--side", "B", "--at", "1"])
    #expect(both.status == 64)
    #expect(both.stderr.contains("either --at or --side"))
    // A name ending in a length that is not one is refused, naming the rule.
    let named = try rk(["track", "add", "radiohead", "Exit Music (4:75)"])
    #expect(named.status == 1)
    #expect(named.stderr.contains("ends in (4:75), which is not a length"))
    #expect(try collection.commitSubjects().count == 1)
  }

  @Test func tracksAreNumberedAcrossSides() throws {
    #expect(try rk(["track", "rm", "radiohead", "3"]).status == 0)
    #expect(try lastChange() == ["-1. Karma Police (4:21)", "-2. Lucky (4:19)", "+1. Lucky (4:19)"])
    #expect(try collection.commitSubjects().first == "Remove track 3 \"Karma Police\" from Radiohead – OK Computer")
  }

  @Test func upAndDownCrossTheSideBoundary() throws {
    #expect(try rk(["track", "up", "radiohead", "3"]).status == 0)
    let text = try collection.read(path)
    #expect(
      text.contains("2. Paranoid Android (6:23)\n   Recorded in a mansion.\n3. Karma Police (4:21)\n\n### Side B\n\n1. Lucky (4:19)\n"))
    #expect(try rk(["track", "down", "radiohead", "3"]).status == 0)
    #expect(try collection.read(path) == okComputer)
    let last = try rk(["track", "down", "radiohead", "4"])
    #expect(last.status == 0)
    #expect((last.stdout + last.stderr).contains("No change: track 4 is already the last."))
    #expect(try collection.commitSubjects().count == 3)
  }

  @Test func renameKeepsTheLength() throws {
    #expect(try rk(["track", "rename", "radiohead", "4", "Lucky (remastered)"]).status == 0)
    #expect(try lastChange() == ["-2. Lucky (4:19)", "+2. Lucky (remastered) (4:19)"])
  }

  @Test func showListsSidesPositionsAndLengths() throws {
    let result = try rk(["show", "radiohead"])
    #expect(result.status == 0)
    #expect(
      result.stdout.contains(
        """
          Tracks
          Side A
            A1  Airbag            4:44
            A2  Paranoid Android  6:23

          Side B
            B1  Karma Police      4:21
            B2  Lucky             4:19
          Total length           19:47

        """))
  }

  @Test func jsonAndFormatGiveLengthsInSeconds() throws {
    let show = try rk(["show", "radiohead", "--json"])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any])
    #expect(object["tracks"] as? [String] == ["Airbag", "Paranoid Android", "Karma Police", "Lucky"])
    let list = try #require(object["track_list"] as? [[String: Any]])
    #expect(list.map { $0["position"] as? String } == ["A1", "A2", "B1", "B2"])
    #expect(list.map { $0["side"] as? String } == ["Side A", "Side A", "Side B", "Side B"])
    #expect(list.map { $0["duration"] as? Int } == [284, 383, 261, 259])
    #expect(object["duration"] as? Int == 1187)
    let format = try rk(["list", "--format", "{title}\\t{duration}"])
    #expect(format.stdout == "OK Computer\t19:47\n")
  }

  @Test func checkReportsALengthThatIsNotOne() throws {
    try collection.write("albums/radiohead-ok-computer", okComputer.replacingOccurrences(of: "(4:19)", with: "(4:75)"))
    let result = try rk(["check"])
    #expect(result.status == 1)
    #expect(
      result.stdout.contains(
        "\(collection.path)/\(path):17: tracks: track 4 ends in (4:75), which is not a length: write (m:ss) or (h:mm:ss) with minutes and seconds below 60, e.g. (4:44)\n"
      ))
  }
}
