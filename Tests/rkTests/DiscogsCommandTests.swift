import Foundation
import TestSupport
import Testing

/// `rk import discogs` and `rk export csv|json` end to end (docs/commands.md, "Discogs", "Exporting"),
/// on a Discogs export of 210 rows with the real export's quirks.
@Suite("rk import discogs and rk export")
struct DiscogsCommandTests: CollectionCommands {
  let collection: TemporaryCollection

  init() throws {
    collection = try TemporaryCollection()
    try collection.initializeGit()
  }

  static let header =
    "Catalog#,Artist,Title,Label,Format,Rating,Released,release_id,CollectionFolder,Date Added,Collection Media Condition,Collection Sleeve Condition,Collection Notes,Collection Genre"

  /// A Discogs export of `count` rows (written the way Discogs writes it:
  /// fields quoted only when they must be), with its quirks: quoted commas
  /// in titles, labels and formats, `Artist (2)` suffixes, empty ratings,
  /// `Various`, `2xLP, Album`, dates of zeros, long grades, notes with line
  /// breaks and quotes, an extra column, and a second copy of one release.
  static func export(rows count: Int) -> String {
    let grades = ["Mint (M)", "Near Mint (NM or M-)", "Very Good Plus (VG+)", "Very Good (VG)", "Good Plus (G+)", "Good (G)"]
    let formats = ["\"2xLP, Album\"", "\"LP, Album\"", "\"7\"\", Single\"", "\"LP, Comp, Reissue\""]
    var lines = [header]
    for index in 0..<count {
      let artist = index % 29 == 0 ? "Various" : index % 7 == 0 ? "Artist \(index / 3) (2)" : "Artist \(index / 3)"
      let title = index % 5 == 0 ? "\"Title \(index), Part Two\"" : "Title \(index)"
      let label = index % 4 == 0 ? "\"Label \(index % 9) (3), Other Label\"" : "Label \(index % 9)"
      let rating = index % 3 == 0 ? "" : "\(index % 6)"
      let released = ["\(1950 + index % 70)", "\(1950 + index % 70)-00-00", "\(1950 + index % 70)-0\(1 + index % 9)-1\(index % 10)", "0"][
        index % 4]
      let notes = index % 6 == 0 ? "\"Bought at a fair, \(index).\nInner sleeve says \"\"promo\"\".\"" : ""
      lines.append(
        [
          "CAT-\(index)", artist, title, label, formats[index % formats.count], rating, released, "\(500_000 + index)",
          index % 2 == 0 ? "Uncategorized" : "Jazz", "2020-01-\(10 + index % 18) 10:\(10 + index % 50):00",
          grades[index % grades.count], index % 10 == 0 ? "Generic" : grades[(index + 1) % grades.count], notes,
          index % 8 == 0 ? "\"Rock, Pop\"" : "Jazz",
        ].joined(separator: ","))
    }
    // A second copy of release 500001: the same release, added later, worse.
    lines.append("CAT-1,Artist 0,Title 1,Label 1,\"LP, Album\",,1951-00-00,500001,Uncategorized,2023-05-06 07:08:09,Good (G),Fair (F),,")
    return lines.joined(separator: "\n") + "\n"
  }

  func write(_ text: String, to name: String) throws -> String {
    let path = try collection.outsidePath("\(UUID().uuidString)-\(name)")
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  func json(_ arguments: [String]) throws -> [[String: Any]] {
    let result = try rk(arguments)
    #expect(result.status == 0, "\(result.stderr)")
    return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
  }

  @Test func importExportAndImportAgainChangesNothing() throws {
    let file = try write(Self.export(rows: 210), to: "discogs.csv")
    let imported = try rk(["import", "discogs", file])
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(imported.stdout.hasSuffix("Import 211 albums from Discogs (\((file as NSString).lastPathComponent)): 211 added\n"))
    #expect(try collection.commitSubjects().count == 2)
    #expect(try collection.status().isEmpty)

    let albums = try json(["list", "--json"])
    #expect(albums.count == 211)
    func album(_ title: String) throws -> [String: Any] { try #require(albums.first { $0["title"] as? String == title }) }
    let suffixed = try album("Title 14")
    #expect(suffixed["artist"] as? String == "Artist 4")
    #expect(suffixed["format"] as? String == "7\", Single")
    let various = try album("Title 0, Part Two")
    #expect(various["artist"] as? String == "Various")
    #expect(various["label"] as? String == "Label 0, Other Label")
    #expect(various["format"] as? String == "2xLP, Album")
    #expect(various["rating"] is NSNull)
    #expect(various["sleeve_condition"] as? String == "Generic")
    #expect(various["media_condition"] as? String == "M")
    #expect((various["extra"] as? [String: Any])?["collection_genre"] as? String == "Rock, Pop")
    #expect(try album("Title 1")["released"] as? String == "1951")
    #expect(try album("Title 3")["released"] is NSNull)
    let copies = albums.filter { $0["discogs"] as? String == "500001" }.compactMap { $0["id"] as? String }.sorted()
    #expect(copies == ["albums/artist-0-title-1", "albums/artist-0-title-1-2"])
    let notes = try collection.read((various["id"] as? String ?? "") + "/album.md")
    #expect(notes.hasSuffix("## Notes\n\n### Discogs\n\nBought at a fair, 0.\nInner sleeve says \"promo\".\n"))

    let exported = try collection.outsidePath("export.csv")
    let export = try rk(["export", "csv", "--output", exported])
    #expect(export.status == 0, "\(export.stderr)")
    let again = try rk(["import", "discogs", exported])
    #expect(again.status == 0, "\(again.stderr)")
    #expect(again.stdout.isEmpty)
    #expect(again.stderr.contains("No change: the collection already holds all 211 rows"))
    #expect(try collection.commitSubjects().count == 2)

    // And the original file once more: nothing to do either.
    #expect(try rk(["import", "discogs", file]).stderr.contains("No change"))
    #expect(try collection.commitSubjects().count == 2)
  }

  @Test func aDryRunPrintsThePlanAndWritesNothing() throws {
    _ = try rk(["import", "discogs", try write(Self.export(rows: 3), to: "first.csv")])
    var changed = Self.export(rows: 4).replacingOccurrences(
      of: "Title 1,Label 1,\"LP, Album\",1,", with: "Title 1,Label 1,\"LP, Album\",4,")
    changed = changed.replacingOccurrences(of: "2020-01-11 10:11:00,Near Mint (NM or M-)", with: "2020-01-11 10:11:00,Mint (M)")
    let result = try rk(["import", "discogs", "--dry-run", try write(changed, to: "second.csv")])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout == """
        line 2: unchanged  albums/various-title-0-part-two
        line 4: update     albums/artist-0-title-1  media_condition, rating
        line 5: unchanged  albums/artist-0-title-2
        line 6: add        albums/artist-1-title-3  Artist 1 – Title 3
        line 7: unchanged  albums/artist-0-title-1-2
        Would add 1, update 1, leave 3 unchanged; nothing was written.

        """)
    #expect(try collection.commitSubjects().count == 2)
    #expect(try collection.status().isEmpty)
  }

  @Test func badRowsAreAllReportedAndNothingIsWritten() throws {
    let text = Self.header + "\nX,A,B,L,LP,9,1999,1,F,D,,,\"two\nlines\",\nX,A,C,L,LP,,1999,2x,F,D,,,,\nX,A\n"
    let result = try rk(["import", "discogs", try write(text, to: "bad.csv")])
    #expect(result.status == 1)
    let path = result.stderr.split(separator: ":").first.map(String.init) ?? ""
    #expect(
      result.stderr == """
        \(path):2: Rating: "9" is not a rating; write a whole number from 1 to 5
        \(path):4: release_id: "2x" is not a Discogs release id; write its digits only
        \(path):5: row: has 2 fields but the header has 14; put a field that holds a comma, a quote or a line break in double quotes
        rk: nothing was imported: 3 problems on 3 lines; fix them and import again

        """)
    #expect(try collection.commitSubjects().count == 1)
    #expect(try collection.status().isEmpty)
  }

  @Test func aMissingColumnIsNamed() throws {
    let result = try rk(["import", "discogs", try write("Artist,release_id\nA,1\n", to: "short.csv")])
    #expect(result.status == 1)
    #expect(result.stderr.contains(":1: Title: the header row has no such column"))
  }

  @Test func exportJSONIsTheListOfEveryAlbum() throws {
    _ = try rk(["import", "discogs", try write(Self.export(rows: 5), to: "five.csv")])
    let list = try rk(["list", "--json"])
    let export = try rk(["export", "json"])
    #expect(export.status == 0)
    #expect(export.stdout == list.stdout)
    let path = try collection.outsidePath("export.json")
    #expect(try rk(["export", "json", "-o", path]).status == 0)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == list.stdout)
  }
}

/// The manual documents the Discogs and export commands and every option they take.
@Suite("Manual for import and export")
struct DiscogsManualTests {
  @Test(arguments: [["import", "discogs"], ["export", "csv"], ["export", "json"]])
  func manualDocumentsTheCommandAndItsOptions(command: [String]) throws {
    let manual = try String(contentsOf: repositoryRoot().appendingPathComponent("man/rk.1"), encoding: .utf8)
    #expect(manual.contains(".SS \"rk \(command[0]) \(command[1] == "json" ? "csv" : command[1])"))
    let help = try runRK(command + ["--help"])
    #expect(help.status == 0)
    for option in help.stdout.split(separator: "\n").compactMap({ $0.firstMatch(of: /--[a-z][a-z-]+/).map { String($0.output) } })
    where option != "--help" {
      #expect(
        manual.contains(option.replacingOccurrences(of: "-", with: "\\-")),
        "man/rk.1 does not mention \(option) of rk \(command.joined(separator: " "))")
    }
  }
}
