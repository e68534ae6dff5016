import Foundation
import TestSupport
import Testing

/// The rules a hand edit breaks are said wherever it is committed or
/// checked: before an `rk` change, and by `rk check PATH…`.
@Suite("Hand edits are checked where they are committed")
struct HandEditCheckTests {
  let album: OneAlbumCollection
  init() throws { album = try OneAlbumCollection() }

  /// Runs `rk` inside the collection, so paths are shown from its root.
  func rk(_ arguments: [String]) throws -> RKResult { try runRK(arguments, in: album.path) }

  @Test func aHandEditCommittedBeforeAChangeHasTheRulesItBreaksPrinted() throws {
    try album.collection.write(
      OneAlbumCollection.id,
      OneAlbumCollection.text.replacingOccurrences(of: "artist: Miles Davis\n", with: "artist: Miles Davis\nreleased: 1957-02-30\n"))
    let result = try rk(["tag", "add", OneAlbumCollection.id, "modal"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stderr.contains(
        "rk: warning: \(OneAlbumCollection.file):4: released: "),
      "\(result.stderr)")
    #expect(result.stderr.contains("committed as you wrote it"), "\(result.stderr)")
    // Still committed as written, before rk's own change.
    #expect(try album.message(of: "HEAD~1") == "Edit Miles Davis – Kind of Blue by hand\n\n")
    #expect(try album.read().contains("released: 1957-02-30"))
  }

  @Test func aCleanHandEditCommittedBeforeAChangeWarnsOfNothing() throws {
    try album.collection.write(
      OneAlbumCollection.id, OneAlbumCollection.text.replacingOccurrences(of: "Six-eye label.", with: "Six-eye label, mine."))
    let result = try expectSuccess(rk(["tag", "add", OneAlbumCollection.id, "modal"]))
    #expect(result.stderr.isEmpty, "\(result.stderr)")
  }

  @Test func checkWithPathsReportsOnlyThoseFiles() throws {
    try album.collection.write("albums/broken-one", "---\ntitle: Broken\nartist: One\nreleased: 1957-02-30\n---\n")
    try album.collection.write("albums/broken-two", "---\ntitle: \"\"\nartist: Two\n---\n")
    let one = try rk(["check", "albums/broken-one/album.md"])
    #expect(one.status == 1)
    #expect(one.stdout.hasPrefix("albums/broken-one/album.md:4: released: "), "\(one.stdout)")
    #expect(!one.stdout.contains("broken-two"), "\(one.stdout)")
    #expect(one.stderr == "rk: warning: 1 file checked: 1 problem in 1 album.\n", "\(one.stderr)")
    let clean = try rk(["check", album.path + "/" + OneAlbumCollection.id])
    #expect(clean.status == 0, "\(clean.stdout)\(clean.stderr)")
    #expect(clean.stdout == "1 file checked: no problems.\n", "\(clean.stdout)")
    let outside = try rk(["check", "/tmp"])
    #expect(outside.status == 1)
    #expect(outside.stderr.contains("/tmp is not inside the collection"), "\(outside.stderr)")
  }

  @Test func checkNamesAlbumsGitDoesNotTrackYetWithoutFailing() throws {
    try album.collection.write("albums/nick-drake-pink-moon", "---\ntitle: Pink Moon\nartist: Nick Drake\n---\n")
    let result = try rk(["check"])
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(
      result.stdout
        == "albums/nick-drake-pink-moon/album.md: not yet recorded in git; rk sync records it\n2 albums checked: no problems.\n",
      "\(result.stdout)")
    let json = try #require(try JSONSerialization.jsonObject(with: Data(rk(["check", "--json"]).stdout.utf8)) as? [String: Any])
    #expect(json["unrecorded"] as? [String] == ["albums/nick-drake-pink-moon/album.md"])
  }
}

extension HandEditCheckTests {
  @Test func statusWithoutARemoteNamesHandEditsAndStrayPlays() throws {
    try album.collection.writeFile(
      "plays/2025.md", Array("- 2025-03-01 · albums/gone-away · Me\n- 2025-03-02 · \(OneAlbumCollection.id)\n".utf8))
    let result = try expectSuccess(rk(["status"]))
    #expect(
      result.stdout == """
        On branch main.
        Changed by hand, not yet recorded (rk sync records them):
          added: plays/2025.md (stays home until fixed)
            plays/2025.md:1: album: no album albums/gone-away in the collection: write the id the album has now (rk list --format '{id}' shows ids), or remove the line
        No remote to share with: rk remote add NAME URL names one.
        Plays of albums not in the collection:
          albums/gone-away: 1 play

        """, "\(result.stdout)")
    let json = try #require(try JSONSerialization.jsonObject(with: Data(rk(["status", "--json"]).stdout.utf8)) as? [String: Any])
    #expect(json["remote"] is NSNull)
    #expect((json["stray_plays"] as? [[String: Any]])?.first?["album"] as? String == "albums/gone-away")
  }
}

extension HandEditCheckTests {
  @Test func aSmartListEditedByHandAndCommittedBeforeAChangeHasTheRulesItBreaksPrinted() throws {
    try expectSuccess(rk(["lists", "save", "jazz", "#jazz"]))
    let file = ".recordkeeper/lists/jazz.yaml"
    let text = try String(contentsOfFile: album.path + "/" + file, encoding: .utf8)
    try album.collection.writeFile(file, Array((text + "sort: sideways\n").utf8))
    let result = try rk(["lists", "save", "jazz", "#jazz", "#modal"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stderr.contains("rk: warning: \(file):4: sort: \"sideways\" is not an order; write custom or one of"), "\(result.stderr)")
    #expect(result.stderr.contains("committed as you wrote it"), "\(result.stderr)")
    #expect(try album.message(of: "HEAD~1") == "Edit smart list jazz by hand\n\n")
  }
}
