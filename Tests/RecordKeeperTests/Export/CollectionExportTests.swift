import Foundation
import Testing

@testable import RecordKeeper

/// `rk export csv` and `rk export json` (docs/commands.md, "Exporting").
@Suite("Exporting the collection")
struct CollectionExportTests {
  func album(_ id: String, _ title: String, _ artist: String, _ set: (inout Album) -> Void = { _ in }) -> Album {
    var album = Album(id: id, title: title, artist: artist)
    set(&album)
    return album
  }

  func table(_ albums: [Album]) throws -> DiscogsTable {
    let bytes = try CollectionExport.csv(albums)
    return try #require(DiscogsTable(String(decoding: bytes, as: UTF8.self)))
  }

  @Test func discogsColumnsComeFirstThenOtherFieldsThatAreHeld() throws {
    let albums = [
      album("albums/b", "Blue", "Joni Mitchell") { $0.location = "Shelf 1" },
      album("albums/a", "Kind of Blue", "Miles Davis") {
        $0.extra = [
          ExtraField(key: "mood", yaml: "mood: calm\n", value: .string("calm")),
          ExtraField(key: "Odd Key", yaml: "Odd Key: x\n", value: .string("x")),
          ExtraField(key: "moods", yaml: "moods: [a]\n", value: .array([.string("a")])),
        ]
      },
    ]
    let table = try table(albums)
    #expect(table.header == DiscogsColumn.allCases.map(\.header) + ["location", "mood"])
    #expect(table.rows.map { $0.cells[2] } == ["Kind of Blue", "Blue"])
    #expect(table.rows[0].cells.last == "calm" && table.rows[1].cells.last == "")
  }

  @Test func quotingIsTheLibrarysAndReadsBackExactly() throws {
    let tricky = album("albums/a", "Title, with \"quotes\"", "Artist") {
      $0.label = "DGC, Sub Pop"
      $0.format = "2xLP, Album"
      $0.body = DiscogsNotes.setting("Line one,\nline \"two\".", in: AlbumBody())
    }
    let bytes = try CollectionExport.csv([tricky])
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.contains("\"Title, with \"\"quotes\"\"\""))
    #expect(text.contains("\"Line one,\nline \"\"two\"\".\""))
    let row = try #require(try table([tricky]).rows.first)
    #expect(row.cells[1...4] == ["Artist", "Title, with \"quotes\"", "DGC, Sub Pop", "2xLP, Album"])
    #expect(row.cells[12] == "Line one,\nline \"two\".")
  }

  @Test func gradesAreWrittenWithDiscogsLongNames() throws {
    let row = try #require(
      try table([
        album("albums/a", "T", "A") {
          $0.mediaCondition = "VG+"
          $0.sleeveCondition = "Generic"
        }
      ]).rows.first)
    #expect(row.cells[10] == "Very Good Plus (VG+)" && row.cells[11] == "Generic")
  }

  @Test func folderAndDateAddedComeFromTheirKeys() throws {
    let row = try #require(
      try table([
        album("albums/a", "T", "A") {
          $0.extra = [
            ExtraField(key: "discogs_folder", yaml: "discogs_folder: Jazz\n", value: .string("Jazz")),
            ExtraField(key: "discogs_added", yaml: "discogs_added: 2019-03-04 12:13:14\n", value: .string("2019-03-04 12:13:14")),
          ]
        }
      ]).rows.first)
    #expect(row.cells[8] == "Jazz" && row.cells[9] == "2019-03-04 12:13:14" && row.cells.count == 15)
  }

  @Test func copiesAreWrittenInTheOrderImportPairsThem() throws {
    let albums = ["albums/x-10", "albums/x", "albums/x-2"].map { album($0, $0, "A") }
    #expect(try table(albums).rows.map { $0.cells[2] } == ["albums/x", "albums/x-2", "albums/x-10"])
  }

  @Test func jsonIsTheListArrayWithGroups() throws {
    let albums = [album("albums/b", "B", "Zappa"), album("albums/a", "A", "Abba")]
    let order = AlbumOrder(mode: .artistYear, seed: 0)
    let text = String(decoding: CollectionExport.json(albums, order: order), as: UTF8.self)
    let lines = order.sorted(albums).map { $0.json(group: .some(order.group(of: $0))).serialized(layout: .line) }
    #expect(text == "[\n" + lines.joined(separator: ",\n") + "\n]\n")
    let abba = try #require(text.firstRange(of: "Abba"))
    let zappa = try #require(text.firstRange(of: "Zappa"))
    #expect(abba.lowerBound < zappa.lowerBound)
  }
}
