import TestSupport
import Testing

@testable import RecordKeeper

private let okComputer = ExampleAlbums.okComputer

private func parse(_ text: String) throws -> AlbumFile.Parsed {
  try AlbumFile.parse(Array(text.utf8), id: "albums/radiohead-ok-computer")
}

/// The file after `change`, written the way `rk` writes a change.
private func edited(_ text: String = okComputer, _ change: (inout Album) throws -> Void) throws -> String {
  var album = try parse(text).album
  try change(&album)
  let output = String(decoding: try AlbumFile.rewrite(Array(text.utf8), to: album), as: UTF8.self)
  // What was written reads back as what was asked for.
  #expect(try parse(output).album.trackList == album.trackList)
  return output
}

/// The lines removed and added between two texts, in order (a small diff).
private func changedLines(_ old: String, _ new: String) -> (removed: [String], added: [String]) {
  let a = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  let b = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  let difference = b.difference(from: a)
  return (
    difference.removals.map { if case .remove(_, let line, _) = $0 { line } else { "" } },
    difference.insertions.map { if case .insert(_, let line, _) = $0 { line } else { "" } }
  )
}

@Suite("Sides and durations (docs/album-format.md)")
struct SidesAndDurationsTests {
  // MARK: Reading

  @Test(
    "a trailing (m:ss) or (h:mm:ss) is the length, not part of the name",
    arguments: [
      ("Airbag (4:44)", "Airbag", 284),
      ("Airbag(4:44)", "Airbag", 284),
      ("  Airbag   (0:05) ", "Airbag", 5),
      ("Shine On (Parts I–V) (13:31)", "Shine On (Parts I–V)", 811),
      ("Atom Heart Mother (23:44)", "Atom Heart Mother", 1424),
      ("Echoes (1:02:03)", "Echoes", 3723),
      ("The Long One (75:00)", "The Long One", 4500),
    ] as [(String, String, Int)])
  func lengths(text: String, name: String, seconds: Int) {
    #expect(TrackDuration.split(text) == (name, seconds))
  }

  @Test(
    "anything else at the end stays in the name",
    arguments: [
      "Airbag", "Airbag (live)", "(4:44)", "Airbag (4:44) live", "Airbag 4:44", "Airbag (4:75)", "Airbag (4:5)",
      "Airbag (1:60:00)", "Airbag (:44)", "Airbag (4:44:)", "Airbag (1:2:3:4)",
    ])
  func notLengths(text: String) {
    #expect(TrackDuration.split(text) == (text, nil))
  }

  @Test func lengthsAreWrittenMinutesAndSeconds() throws {
    #expect(TrackDuration.text(284) == "4:44")
    #expect(TrackDuration.text(5) == "0:05")
    #expect(TrackDuration.text(3599) == "59:59")
    #expect(TrackDuration.text(3723) == "1:02:03")
    #expect(try TrackDuration.parse("4:44") == 284)
    #expect(try TrackDuration.parse("(1:02:03)") == 3723)
    for bad in ["4:75", "4", "", "a:bc", "4:44:", "-1:00", "4.44"] {
      #expect(throws: TrackDurationError(text: bad)) { try TrackDuration.parse(bad) }
    }
  }

  @Test func theExampleReadsAsSidesPositionsAndLengths() throws {
    let album = try parse(okComputer).album
    #expect(album.tracks == ["Airbag", "Paranoid Android", "Karma Police", "Lucky"])
    #expect(album.trackList.map(\.position) == ["A1", "A2", "B1", "B2"])
    #expect(album.trackList.map(\.side) == ["Side A", "Side A", "Side B", "Side B"])
    #expect(album.trackList.map(\.duration) == [284, 383, 261, 259])
    #expect(album.duration == 284 + 383 + 261 + 259)
  }

  @Test("positions: a letter only under `Side X`, numbers from 1 again after each ### heading")
  func positions() throws {
    let text = """
      ---
      title: T
      artist: A
      ---

      ## Tracks

      1. Before
      2. Any heading

      ### Disc 2

      1. One
      1. Two

      ### side c

      3. Three
      3. Four

      ### Side AA

      1) Five

      """
    let album = try parse(text).album
    #expect(album.trackList.map(\.position) == ["1", "2", "1", "2", "c1", "c2", "AA1"])
    #expect(album.trackList.map(\.side) == [nil, nil, "Disc 2", "Disc 2", "side c", "side c", "Side AA"])
    #expect(album.duration == nil)
  }

  @Test func theAlbumsLengthNeedsEveryTrackLength() {
    var album = Album(id: "a", title: "T", artist: "A", tracks: ["One (1:00)", "Two (2:00)"])
    #expect(album.duration == 180)
    #expect(album.tracks == ["One", "Two"])
    album.tracks.append("Three")
    #expect(album.duration == nil)
    #expect(Album(id: "a", title: "T", artist: "A").duration == nil)
  }

  // MARK: Validation

  @Test("a length that is not one is a problem naming the track and the line")
  func invalidLength() throws {
    let parsed = try parse(okComputer.replacingOccurrences(of: "Lucky (4:19)", with: "Lucky (4:75)"))
    #expect(parsed.album.tracks[3] == "Lucky (4:75)")
    #expect(parsed.album.trackList[3].duration == nil)
    let problem = try #require(parsed.problems.first)
    #expect(parsed.problems.count == 1)
    #expect(problem.rule == .trackLength)
    #expect(problem.line == 17)
    #expect(problem.description.hasPrefix("tracks: track 4 ends in (4:75), which is not a length"))
    #expect(problem.description.contains("m:ss"))
    #expect(problem.description.contains("below 60"))
    var album = parsed.album
    #expect(throws: AlbumEditError.self) { try album.addTrack("Exit Music (4:5)") }
    #expect(throws: AlbumEditError.self) { try album.renameTrack(1, to: "Airbag (1:99)") }
  }

  @Test("the 255-character rule is about the name without its length")
  func nameLengthWithoutDuration() throws {
    var album = Album(id: "a", title: "T", artist: "A")
    try album.addTrack(String(repeating: "é", count: 255) + " (4:44)")
    #expect(album.problems().isEmpty)
    #expect(album.trackList[0].duration == 284)
    #expect(throws: AlbumEditError.tooLong(.track(1), count: 256)) {
      try album.addTrack(String(repeating: "é", count: 256) + " (4:44)")
    }
  }

  // MARK: Track commands

  @Test("tracks are numbered 1…N across all sides")
  func removeCountsAcrossSides() throws {
    let output = try edited { try $0.removeTrack(3) }
    #expect(changedLines(okComputer, output) == (["1. Karma Police (4:21)", "2. Lucky (4:19)"], ["1. Lucky (4:19)"]))
    #expect(try parse(output).album.trackList.map(\.position) == ["A1", "A2", "B1"])
  }

  @Test("--side appends to the side named `Side B` or `B`, any case", arguments: ["B", "b", "Side B", "SIDE b", " side B "])
  func addToSide(side: String) throws {
    let output = try edited { try $0.addTrack("Exit Music", side: side, duration: 264) }
    #expect(changedLines(okComputer, output) == ([], ["3. Exit Music (4:24)"]))
    #expect(output.contains("2. Lucky (4:19)\n3. Exit Music (4:24)\n\n## Notes"))
    let album = try parse(output).album
    #expect(album.trackList.last?.position == "B3")
  }

  @Test func addToASideInTheMiddle() throws {
    let output = try edited { try $0.addTrack("Subterranean Homesick Alien (4:27)", side: "a") }
    #expect(changedLines(okComputer, output) == ([], ["3. Subterranean Homesick Alien (4:27)"]))
    #expect(try parse(output).album.trackList.map(\.position) == ["A1", "A2", "A3", "B1", "B2"])
  }

  @Test("a side that is not there gets a `### Side X` heading at the end of the list")
  func addToNewSide() throws {
    let output = try edited { try $0.addTrack("Electioneering (3:50)", side: "C") }
    #expect(output.contains("2. Lucky (4:19)\n\n### Side C\n\n1. Electioneering (3:50)\n\n## Notes\n"))
    #expect(changedLines(okComputer, output).removed.isEmpty)
    let album = try parse(output).album
    #expect(album.trackList.last.map { [$0.position, $0.side, $0.name] } == ["C1", "Side C", "Electioneering"])
    // A side named in full is used as it is.
    let disc = try edited { try $0.addTrack("Bonus", side: "Disc 2") }
    #expect(disc.contains("\n### Disc 2\n\n1. Bonus\n"))
  }

  @Test func addingWithoutASideJoinsTheNeighbour() throws {
    let atEnd = try edited { try $0.addTrack("Exit Music") }
    #expect(changedLines(okComputer, atEnd) == ([], ["3. Exit Music"]))
    let atThree = try edited { try $0.addTrack("Exit Music", at: 3) }
    #expect(try parse(atThree).album.trackList.map(\.position) == ["A1", "A2", "B1", "B2", "B3"])
    #expect(try parse(atThree).album.tracks[2] == "Exit Music")
    var album = try parse(okComputer).album
    #expect(throws: AlbumEditError.positionAndSide) { try album.addTrack("X", at: 1, side: "A") }
    #expect(throws: AlbumEditError.blankSide) { try album.addTrack("X", side: "  ") }
  }

  @Test("the first track of a list that has only side headings goes under the first")
  func addUnderEmptyHeadings() throws {
    let text = "---\ntitle: T\nartist: A\n---\n\n## Tracks\n\n### Side A\n\n### Side B\n"
    let output = try edited(text) { try $0.addTrack("One (1:00)") }
    #expect(output == "---\ntitle: T\nartist: A\n---\n\n## Tracks\n\n### Side A\n\n1. One (1:00)\n\n### Side B\n")
    let onB = try edited(text) { try $0.addTrack("Two", side: "b") }
    #expect(onB == "---\ntitle: T\nartist: A\n---\n\n## Tracks\n\n### Side A\n\n### Side B\n\n1. Two\n")
  }

  @Test("a length from --duration, or from the end of the name")
  func durations() throws {
    let fromName = try edited { try $0.addTrack("Exit Music (4:24)") }
    let fromOption = try edited { try $0.addTrack("Exit Music", duration: 264) }
    #expect(fromName == fromOption)
    let album = try parse(fromName).album
    #expect(album.trackList.last?.duration == 264)
    #expect(album.tracks.last == "Exit Music")
  }

  @Test("rename keeps the length unless the new name gives one; only the name changes")
  func renameKeepsLength() throws {
    let output = try edited { try $0.renameTrack(1, to: "Airbag (remastered)") }
    #expect(changedLines(okComputer, output) == (["1. Airbag (4:44)"], ["1. Airbag (remastered) (4:44)"]))
    let retimed = try edited { try $0.renameTrack(1, to: "Airbag (4:45)") }
    #expect(changedLines(okComputer, retimed) == (["1. Airbag (4:44)"], ["1. Airbag (4:45)"]))
    var album = try parse(okComputer).album
    #expect(try album.renameTrack(1, to: " Airbag ") == false)
    #expect(try album.renameTrack(1, to: "Airbag (4:44)") == false)
  }

  @Test("a length written another way is kept as written when the name changes")
  func renameKeepsLengthAsWritten() throws {
    let text = okComputer.replacingOccurrences(of: "Airbag (4:44)", with: "Airbag  (04:44)")
    let output = try edited(text) { try $0.renameTrack(1, to: "Air Bag") }
    #expect(output.contains("1. Air Bag  (04:44)\n"))
  }

  @Test("up and down swap within a side, and cross a side boundary")
  func movesAcrossSides() throws {
    // The first track of side B moved up becomes the last of side A.
    let up = try edited {
      let moved = try $0.moveTrackUp(3)
      #expect(moved)
    }
    var album = try parse(up).album
    #expect(album.trackList.map(\.position) == ["A1", "A2", "A3", "B1"])
    #expect(album.tracks == ["Airbag", "Paranoid Android", "Karma Police", "Lucky"])
    #expect(album.trackList[2].side == "Side A")
    #expect(up.contains("   Recorded in a mansion.\n3. Karma Police (4:21)\n\n### Side B\n\n1. Lucky (4:19)\n"))
    // And down again: the last of side A becomes the first of side B.
    let down = try edited(up) {
      let moved = try $0.moveTrackDown(3)
      #expect(moved)
    }
    #expect(down == okComputer)
    // Within a side: a swap, with the per-track note moving with its track.
    let swapped = try edited {
      let moved = try $0.moveTrackDown(1)
      #expect(moved)
    }
    #expect(swapped.contains("### Side A\n\n1. Paranoid Android (6:23)\n   Recorded in a mansion.\n2. Airbag (4:44)\n\n### Side B"))
    // The ends do nothing.
    album = try parse(okComputer).album
    #expect(try album.moveTrackUp(1) == false)
    #expect(try album.moveTrackDown(4) == false)
  }

  @Test("a track with a note moved to another side takes its note along")
  func movingKeepsTheNote() throws {
    let output = try edited {
      let moved = try $0.moveTrackDown(2)
      #expect(moved)
    }
    #expect(
      output.contains(
        "### Side A\n\n1. Airbag (4:44)\n\n### Side B\n\n1. Paranoid Android (6:23)\n   Recorded in a mansion.\n2. Karma Police (4:21)\n3. Lucky (4:19)\n"
      ))
    #expect(try parse(output).album.trackList.map(\.position) == ["A1", "B1", "B2", "B3"])
  }

  @Test func aSideLeftEmptyKeepsItsHeadingAndTakesTracksBack() throws {
    let text = okComputer.replacingOccurrences(of: "2. Lucky (4:19)\n", with: "")
    let up = try edited(text) {
      let moved = try $0.moveTrackUp(3)
      #expect(moved)
    }
    #expect(up.contains("3. Karma Police (4:21)\n\n### Side B\n\n## Notes"))
    // Nothing follows on side B; the last track down does nothing.
    var album = try parse(up).album
    #expect(try album.moveTrackDown(3) == false)
    // A track added to side B goes under its heading.
    try album.addTrack("Lucky (4:19)", side: "B")
    let output = String(decoding: try AlbumFile.rewrite(Array(up.utf8), to: album), as: UTF8.self)
    #expect(output.contains("### Side B\n\n1. Lucky (4:19)\n\n## Notes"))
  }

  @Test("a track moved up past an empty side lands on that side, under its heading")
  func emptySideInBetween() throws {
    let text = "---\ntitle: T\nartist: A\n---\n\n## Tracks\n\n### Side A\n\n1. One\n\n### Side B\n\n### Side C\n\n1. Three\n2. Four\n"
    let output = try edited(text) {
      let moved = try $0.moveTrackUp(2)
      #expect(moved)
    }
    #expect(
      output == "---\ntitle: T\nartist: A\n---\n\n## Tracks\n\n### Side A\n\n1. One\n\n### Side B\n\n1. Three\n\n### Side C\n\n1. Four\n")
    #expect(try parse(output).album.trackList.map(\.position) == ["A1", "B1", "C1"])
  }

  @Test("lines written keep the file's CRLF and the list's markers")
  func crlfAndMarkers() throws {
    let text = "---\r\ntitle: T\r\nartist: A\r\n---\r\n\r\n## Tracks\r\n\r\n### Side A\r\n\r\n 1)  One (1:00)\r\n 2)  Two\r\n"
    let output = try edited(text) { try $0.addTrack("Three", side: "B", duration: 125) }
    #expect(output == text + "\r\n### Side B\r\n\r\n 1)  Three (2:05)\r\n")
    let timed = try edited(text) { try $0.renameTrack(2, to: "Two (0:59)") }
    #expect(timed == text.replacingOccurrences(of: " Two", with: " Two (0:59)"))
    let untimed = try edited(text) { $0.trackList[0].duration = nil }
    #expect(untimed == text.replacingOccurrences(of: " One (1:00)", with: " One"))
  }

  @Test func newAlbumsWriteSides() {
    var album = Album(id: "a", title: "T", artist: "A")
    album.trackList = [
      Album.Track(name: "Airbag", duration: 284, side: "Side A", sideIndex: 1),
      Album.Track(name: "Karma Police", duration: 261, side: "Side B", sideIndex: 2),
    ]
    #expect(album.trackList.map(\.position) == ["A1", "B1"])
    let text = AlbumFile.render(album)
    #expect(text.hasSuffix("---\n\n## Tracks\n\n### Side A\n\n1. Airbag (4:44)\n\n### Side B\n\n1. Karma Police (4:21)\n"))
  }

  @Test("setting the names keeps each kept track's side and length")
  func settingNames() throws {
    var album = try parse(okComputer).album
    album.tracks = ["Airbag", "Paranoid Android", "Karma Police", "Lucky", "Exit Music (4:24)"]
    #expect(album.trackList.map(\.position) == ["A1", "A2", "B1", "B2", "B3"])
    #expect(album.trackList.map(\.duration) == [284, 383, 261, 259, 264])
    album.tracks.swapAt(0, 1)
    #expect(album.trackList.map(\.duration) == [383, 284, 261, 259, 264])
  }

  @Test("rk log shows a new length as a change of the track")
  func logShowsLengths() throws {
    let old = try parse(okComputer).album
    var new = old
    try new.renameTrack(4, to: "Lucky (4:20)")
    #expect(
      AlbumChange.between(old, new, id: old.id) == [
        AlbumChange(album: old.id, field: "tracks", old: "4. Lucky (4:19)", new: "4. Lucky (4:20)")
      ])
  }

  // MARK: Output

  @Test func jsonHasTheTrackListAndTheLengthInSeconds() throws {
    func field(_ json: JSONValue, _ key: String) -> JSONValue? {
      guard case .object(let pairs) = json else { return nil }
      return pairs.first { $0.0 == key }?.1
    }
    func track(_ position: String, _ name: String, _ side: String?, _ duration: Int?) -> JSONValue {
      .object([
        ("position", .string(position)), ("name", .string(name)), ("side", .optional(side)),
        ("duration", duration.map(JSONValue.number) ?? .null), ("favourite", .bool(false)),
      ])
    }
    let json = try parse(okComputer).album.json()
    #expect(field(json, "tracks") == .array(["Airbag", "Paranoid Android", "Karma Police", "Lucky"].map(JSONValue.string)))
    #expect(
      field(json, "track_list")
        == .array([
          track("A1", "Airbag", "Side A", 284), track("A2", "Paranoid Android", "Side A", 383),
          track("B1", "Karma Police", "Side B", 261), track("B2", "Lucky", "Side B", 259),
        ]))
    #expect(field(json, "duration") == .number(1187))
    let plain = Album(id: "a", title: "T", artist: "A", tracks: ["One", "Two (1:00)"]).json()
    #expect(field(plain, "track_list") == .array([track("1", "One", nil, nil), track("2", "Two", nil, 60)]))
    #expect(field(plain, "duration") == .null)
    #expect(json.serialized().contains("\"duration\": 284,\n"))
  }

  @Test func durationPlaceholder() throws {
    #expect(try FormatTemplate("{duration}").render(try parse(okComputer).album) == "19:47")
    #expect(try FormatTemplate("[{duration}]").render(Album(id: "a", title: "T", artist: "A", tracks: ["One"])) == "[]")
  }

  @Test("rk fmt keeps sides and lengths")
  func canonicalKeepsThem() throws {
    let text = okComputer.replacingOccurrences(of: "2. Lucky", with: "5. Lucky")
    let output = String(decoding: try AlbumFile.canonical(Array(text.utf8)), as: UTF8.self)
    #expect(output == okComputer)
  }
}
