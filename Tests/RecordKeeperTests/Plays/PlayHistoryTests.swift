import TestSupport
import Testing

@testable import RecordKeeper

@Suite struct PlayHistoryTests {
  private func parse(_ text: String) -> ([Play], [AlbumIssue]) {
    PlayHistory.parse(Array(text.utf8), file: "plays/2026.md")
  }

  @Test func aPlayLineReadsBackAsWritten() throws {
    let play = Play(
      time: try PlayTime(parsing: "2026-11-26 20:15"), album: "albums/kind-of-blue", sides: ["A", "B"], who: "Ada", note: "late night")
    #expect(play.line == "- 2026-11-26 20:15 · albums/kind-of-blue · sides A, B · Ada · late night")
    #expect(parse(play.line).0 == [play])
  }

  @Test func optionalPartsMayBeLeftOut() throws {
    let (plays, problems) = parse(
      """
      # 2026

      - 2026-01-02 · albums/a
      * 2026-01-03 21:00 · albums/b/ · side A
      - 2026-01-04 | albums/c | Bob
      - 2026-01-05 · albums/d · · a note · with a dot
      Some prose a person wrote.
      """)
    #expect(problems.isEmpty)
    #expect(plays.map(\.album) == ["albums/a", "albums/b", "albums/c", "albums/d"])
    #expect(plays[0].time.minutes == nil && plays[0].sides.isEmpty && plays[0].who.isEmpty)
    #expect(plays[1].sides == ["A"] && plays[1].time.text == "2026-01-03 21:00")
    #expect(plays[2].who == "Bob")
    #expect(plays[3].who.isEmpty && plays[3].note == "a note · with a dot")
    #expect(Play(time: plays[3].time, album: "albums/d", note: "n").line == "- 2026-01-05 · albums/d ·  · n")
  }

  @Test func aLineThatIsNoPlayIsAProblemNamingFileAndLineAndTheRestStillLoad() {
    let (plays, problems) = parse(
      "- 2026-01-02 · albums/a\n- yesterday · albums/b\n- 2026-02-30 · albums/c\n- 2026-01-03\n- 2026-01-04 25:00 · albums/e\n")
    #expect(plays.map(\.album) == ["albums/a"])
    #expect(problems.map(\.line) == [2, 3, 4, 5])
    #expect(problems.allSatisfy { $0.id == "plays/2026.md" && $0.field == "play" })
    #expect(problems[0].message.hasPrefix("\"yesterday\" is not a date"))
    #expect(problems[2].message.contains("no album id"))
  }

  @Test func theHistoryCountsAndKnowsTheLastPlayOfEachAlbum() throws {
    let collection = try TemporaryCollection()
    try collection.writeFile("plays/2025.md", Array("- 2025-12-31 23:00 · albums/a\n- 2025-03-01 · albums/b\n".utf8))
    try collection.writeFile("plays/2026.md", Array("- 2026-01-01 10:00 · albums/a · Ada\n- bad\n".utf8))
    let history = PlayHistory.load(CollectionLocation(root: collection.path))
    #expect(history.count(of: "albums/a") == 2)
    #expect(history.count(of: "albums/none") == 0)
    #expect(history.lastPlayed(of: "albums/a")?.text == "2026-01-01 10:00")
    #expect(history.lastPlayed(of: "albums/none") == nil)
    #expect(history.plays.map(\.time.day) == ["2025-03-01", "2025-12-31", "2026-01-01"])
    #expect(
      history.problems == [AlbumIssue(id: "plays/2026.md", line: 2, field: "play", message: PlayLineError.time("bad").description)])
  }

  @Test func noPlaysFolderIsNoPlays() throws {
    let collection = try TemporaryCollection()
    #expect(PlayHistory.load(CollectionLocation(root: collection.path)).plays.isEmpty)
  }

  @Test func movingPlaysRenamesOnlyTheMovedAlbumsAndKeepsEveryOtherByte() throws {
    let text =
      "# Plays in 2026\n\n- 2026-01-02 20:00 · albums/blue · side A · Ada\n* 2026-01-03 | albums/other | Bo\r\nprose about albums/blue\n- 2026-01-04 · albums/blue-train\n"
    let moved = try #require(PlayHistory.moving(Array(text.utf8), ["albums/blue": "albums/kind-of-blue"]))
    #expect(
      String(decoding: moved, as: UTF8.self)
        == "# Plays in 2026\n\n- 2026-01-02 20:00 · albums/kind-of-blue · side A · Ada\n* 2026-01-03 | albums/other | Bo\r\nprose about albums/blue\n- 2026-01-04 · albums/blue-train\n"
    )
    #expect(PlayHistory.moving(Array(text.utf8), ["albums/gone": "albums/new"]) == nil)
  }
}
