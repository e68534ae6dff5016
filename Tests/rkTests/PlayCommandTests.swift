import Foundation
import TestSupport
import Testing

@Suite("rk play, rk plays and rk stats")
struct PlayCommandTests {
  let album: OneAlbumCollection
  static let other = "albums/bill-evans-waltz"

  init() throws {
    album = try OneAlbumCollection()
    try album.collection.write(
      Self.other,
      """
      ---
      title: Waltz for Debby
      artist: Bill Evans
      released: 1962
      format: LP
      rating: 5
      price: 30.00 EUR
      purchased: 2024-05-01
      tags:
      - jazz
      ---

      """)
    try git(["add", "-A"], in: album.path)
    try git(["commit", "-qm", "Second album"], in: album.path)
  }

  @Test func aPlayIsOneLineInOneCommitThatUndoTakesBack() throws {
    let result = try album.rk(["play", "miles", "--side", "A", "--side", "B", "--at", "2026-11-26 20:15", "--note", "late night"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      try album.read("plays/2026.md")
        == "# Plays in 2026\n\n- 2026-11-26 20:15 · albums/miles-davis-kind-of-blue · sides A, B · Test Collector · late night\n")
    #expect(try album.read(".gitattributes").contains("plays/*.md merge=union\n"))
    #expect(try album.collection.commitSubjects().first == "Play Miles Davis – Kind of Blue (sides A, B)")
    #expect(try album.collection.status().isEmpty)
    #expect(try album.files(of: "HEAD").sorted() == ["A\t.gitattributes", "A\tplays/2026.md"])

    #expect(try album.rk(["play", "evans", "--at", "2026-11-27"]).status == 0)
    #expect(try album.read("plays/2026.md").hasSuffix("- 2026-11-27 · albums/bill-evans-waltz · Test Collector\n"))
    #expect(try album.files(of: "HEAD") == ["M\tplays/2026.md"])

    #expect(try album.rk(["undo"]).status == 0)
    #expect(try !album.read("plays/2026.md").contains("bill-evans"))
    #expect(try album.rk(["undo"]).status == 0)
    #expect(!FileManager.default.fileExists(atPath: album.path + "/plays/2026.md"))
  }

  @Test func aTimeThatIsNoTimeIsRefusedBeforeAnythingIsWritten() throws {
    let result = try album.rk(["play", "miles", "--at", "yesterday"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("--at: \"yesterday\" is not a date"))
    #expect(try album.collection.commitSubjects().first == "Second album")
  }

  @Test func playsAreListedNewestFirstAndFilteredByAlbumAndDay() throws {
    try album.collection.writeFile(
      "plays/2025.md", Array("- 2025-03-01 10:00 · albums/bill-evans-waltz · Ada\n".utf8))
    try album.collection.writeFile(
      "plays/2026.md",
      Array(
        "# 2026\n\n- 2026-01-02 · albums/miles-davis-kind-of-blue · side A · Bob · loud\n- 2026-01-05 21:00 · albums/bill-evans-waltz\n"
          .utf8))
    let all = try album.rk(["plays"])
    #expect(
      all.stdout == """
        2026-01-05 21:00 · albums/bill-evans-waltz
        2026-01-02 · albums/miles-davis-kind-of-blue · side A · Bob · loud
        2025-03-01 10:00 · albums/bill-evans-waltz · Ada

        """)
    #expect(try album.rk(["plays", "evans", "--since", "2026"]).stdout == "2026-01-05 21:00 · albums/bill-evans-waltz\n")
    let json = try album.rk(["plays", "miles", "--json"])
    let objects = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
    #expect(objects?.count == 1)
    #expect(objects?.first?["time"] as? String == "2026-01-02")
    #expect(objects?.first?["sides"] as? [String] == ["A"])
    #expect(objects?.first?["who"] as? String == "Bob")
    #expect(objects?.first?["note"] as? String == "loud")
  }

  @Test func albumObjectsRulesSortModesAndPlaceholdersSeePlays() throws {
    try album.collection.writeFile(
      "plays/2024.md",
      Array(
        "- 2024-01-01 · albums/bill-evans-waltz\n- 2024-06-01 · albums/bill-evans-waltz\n- 2024-12-24 · albums/miles-davis-kind-of-blue\n"
          .utf8))
    let json = try album.rk(["list", "--json", "--sort", "plays"])
    let objects = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
    #expect(objects?.map { $0["id"] as? String } == [Self.other, OneAlbumCollection.id])
    #expect(objects?.map { $0["plays"] as? Int } == [2, 1])
    #expect(objects?.map { $0["last_played"] as? String } == ["2024-06-01", "2024-12-24"])
    #expect(try album.rk(["list", "--format", "{id}", "@plays:>1"]).stdout == Self.other + "\n")
    #expect(try album.rk(["list", "--format", "{id}", "@last_played:>=2024-12"]).stdout == OneAlbumCollection.id + "\n")
    #expect(try album.rk(["list", "--format", "{id}", "-@plays"]).stdout.isEmpty)
    #expect(
      try album.rk(["list", "--sort", "last-played", "--format", "{id} {plays} {last_played}"]).stdout
        == "\(OneAlbumCollection.id) 1 2024-12-24\n\(Self.other) 2 2024-06-01\n")
    let unplayed = try album.rk(["list", "--json", "@title:blue"])
    #expect(unplayed.stdout.contains("\"plays\": 1"))
    #expect(try album.rk(["show", "evans", "--json"]).stdout.contains("\"plays\": 2,\n  \"last_played\": \"2024-06-01\""))
    #expect(try album.rk(["export", "json"]).stdout.contains("\"last_played\": \"2024-12-24\""))
  }

  @Test func statsCountTheCollectionAndItsPlays() throws {
    let year = Calendar.current.component(.year, from: Date())
    try album.collection.writeFile("plays/\(year).md", Array("- \(year)-01-01 · albums/bill-evans-waltz\n".utf8))
    let json = try album.rk(["stats", "--json"])
    #expect(json.status == 0, "\(json.stderr)")
    let stats = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
    #expect(stats?["owned"] as? Int == 2)
    #expect(stats?["wanted"] as? Int == 0)
    #expect(stats?["never_played"] as? Int == 1)
    #expect(stats?["plays_this_year"] as? Int == 1)
    #expect((stats?["most_played"] as? [[String: Any]])?.first?["id"] as? String == Self.other)
    #expect((stats?["value"] as? [[String: Any]])?.first?["amount"] as? String == "30.00")
    #expect((stats?["decades"] as? [[String: Any]])?.map { $0["label"] as? String } == ["1960s", "Undated"])
    #expect((stats?["ratings"] as? [[String: Any]])?[4]["count"] as? Int == 1)
    #expect((stats?["added_per_year"] as? [[String: Any]])?.first?["label"] as? String == "2024")

    let text = try album.rk(["stats"]).stdout
    #expect(text.hasPrefix("2 owned, 0 wanted\n"))
    #expect(text.contains("  LP"))
    #expect(!text.contains("█"), "no bars in a pipe")
  }

  @Test func aMovedAlbumKeepsItsPlaysInTheSameCommit() throws {
    #expect(try album.rk(["play", "miles", "--at", "2026-01-01 10:00", "--note", "albums/miles-davis-kind-of-blue is great"]).status == 0)
    #expect(try album.rk(["play", "evans", "--at", "2026-01-02"]).status == 0)
    let moved = try album.rk(["mv", "miles", "kind-of-blue"])
    #expect(moved.status == 0, "\(moved.stderr)")
    #expect(try album.files(of: "HEAD").contains("M\tplays/2026.md"))
    let text = try album.read("plays/2026.md")
    #expect(text.contains("- 2026-01-01 10:00 · albums/kind-of-blue · Test Collector · albums/miles-davis-kind-of-blue is great\n"))
    #expect(text.contains("- 2026-01-02 · albums/bill-evans-waltz · Test Collector\n"))
    #expect(try album.rk(["list", "--format", "{id} {plays}", "@plays"]).stdout == "albums/bill-evans-waltz 1\nalbums/kind-of-blue 1\n")
    #expect(try album.collection.status().isEmpty)
  }

  @Test func checkNamesALineThatIsNoPlayAndTheAlbumsStillLoad() throws {
    try album.collection.writeFile(
      "plays/2026.md", Array("# 2026\n\n- 2026-01-02 · albums/bill-evans-waltz\n- 2026-13-01 · albums/bill-evans-waltz\n".utf8))
    let check = try album.rk(["check"])
    #expect(check.status == 1)
    #expect(check.stdout.contains("plays/2026.md:4: play: \"2026-13-01\" is not a date"), "\(check.stdout)")
    #expect(check.stderr.contains("1 problem in 1 plays file."), "\(check.stderr)")
    let list = try album.rk(["list", "--format", "{id} {plays}", "--sort", "plays"])
    #expect(list.stdout == "albums/bill-evans-waltz 1\n\(OneAlbumCollection.id) 0\n")
  }

  @Test func checkNamesAPlayWhoseAlbumIsNotInTheCollectionWithFileAndLine() throws {
    try album.collection.writeFile(
      "plays/2026.md", Array("# 2026\n\n- 2026-01-02 · albums/bill-evans-waltz\n- 2026-01-03 20:00 · albums/gone · side A\n".utf8))
    let check = try album.rk(["check"])
    #expect(check.status == 1)
    #expect(
      check.stdout
        == album.path
        + "/plays/2026.md:4: album: no album albums/gone in the collection: write the id the album has now (rk list --format '{id}' shows ids), or remove the line\n",
      "\(check.stdout)")
    #expect(check.stderr.contains("1 problem in 1 plays file."), "\(check.stderr)")
  }
}
