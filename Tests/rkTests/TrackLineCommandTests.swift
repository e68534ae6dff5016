import Foundation
import TestSupport
import Testing

/// Issue 20.10: `--track "A1. Name (2:43)"` stores sides and lengths as a
/// hand-written track list does, all in one commit.
@Suite("Tracks typed with their positions")
struct TrackLineCommandTests: CollectionCommands {
  let collection: TemporaryCollection

  init() throws {
    collection = try TemporaryCollection()
    try collection.write("albums/prince-1999", albumText(title: "1999", artist: "Prince"))
    try collection.initializeGit()
  }

  func trackList(_ reference: String) throws -> [[String: Any]] {
    let shown = try rk(["show", "--json", reference])
    let album = try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
    return try #require(album["track_list"] as? [[String: Any]])
  }

  @Test func addTakesPositionsAndLengthsInOneCommit() throws {
    let before = try collection.commitSubjects().count
    let added = try rk([
      "add", "--title", "OK Computer", "--artist", "Radiohead",
      "--track", "A1. Airbag (4:44)", "--track", "A2 Paranoid Android (6:23)", "--track", "B1. Karma Police (4:21)",
    ])
    #expect(added.status == 0, "\(added.stderr)")
    #expect(try collection.commitSubjects().count == before + 1)
    let list = try trackList("ok computer")
    #expect(list.map { $0["position"] as? String } == ["A1", "A2", "B1"])
    #expect(list.map { $0["name"] as? String } == ["Airbag", "Paranoid Android", "Karma Police"])
    #expect(list.map { $0["duration"] as? Int } == [284, 383, 261])
    let text = try collection.read("albums/radiohead-ok-computer/album.md")
    #expect(
      text.contains("### Side A\n\n1. Airbag (4:44)\n2. Paranoid Android (6:23)\n\n### Side B\n\n1. Karma Police (4:21)\n"), "\(text)")
  }

  @Test func namesThatOnlyLookLikePositionsStayNames() throws {
    let added = try rk(["add", "--title", "Mix", "--artist", "Various", "--track", "99 Problems", "--track", "1999", "--track", "3. Lucky"])
    #expect(added.status == 0, "\(added.stderr)")
    let list = try trackList("various mix")
    #expect(list.map { $0["name"] as? String } == ["99 Problems", "1999", "Lucky"])
    #expect(list.map { $0["side"] is NSNull } == [true, true, true])
  }

  @Test func trackAddTakesALineToo() throws {
    #expect(try rk(["track", "add", "prince-1999", "A1. 1999 (6:15)"]).status == 0)
    #expect(try rk(["track", "add", "prince-1999", "B1. Delirious"]).status == 0)
    #expect(try rk(["track", "add", "prince-1999", "A2. Little Red Corvette (4:58)"]).status == 0)
    let list = try trackList("prince-1999")
    #expect(list.map { $0["position"] as? String } == ["A1", "A2", "B1"])
    #expect(list.map { $0["name"] as? String } == ["1999", "Little Red Corvette", "Delirious"])
    #expect(list.first?["duration"] as? Int == 375)
  }
}
