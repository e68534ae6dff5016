import Foundation
import Testing

@testable import RecordKeeper

/// Reading a Discogs export into records: every row checked first, every
/// problem reported as FILE:LINE: column: message (docs/commands.md, "Discogs").
@Suite("Reading a Discogs export")
struct DiscogsImportTests {
  let header = DiscogsExport.header

  func records(_ text: String) throws(DiscogsImportError) -> [DiscogsRecord] {
    try DiscogsImport.records(Array(text.utf8), file: "c.csv")
  }

  /// The problems `text` has, formatted as `rk` prints them.
  func problems(_ text: String) -> [String] {
    do {
      _ = try records(text)
      return []
    } catch {
      guard case .problems(let file, let problems) = error else { return ["\(error)"] }
      return problems.map { $0.formatted(file: file) }
    }
  }

  @Test func theFixtureReadsWithEveryQuirk() throws {
    let url = try #require(Bundle.module.resourceURL).appending(path: "Fixtures/discogs/collection.csv")
    let records = try DiscogsImport.records(Array(try Data(contentsOf: url)), file: "collection.csv")
    #expect(records.map(\.line) == [2, 4, 5, 6, 7])
    let nevermind = records[0].newAlbum()
    #expect(nevermind.artist == "Nirvana" && nevermind.label == "DGC, Sub Pop" && nevermind.format == "LP, Album")
    #expect(nevermind.mediaCondition == "NM" && nevermind.sleeveCondition == "VG+" && nevermind.rating == "5")
    #expect(DiscogsNotes.text(of: nevermind.body) == "Bought in Seattle.\nShrink wrap, \"hype\" sticker.")
    let nuggets = records[1].newAlbum()
    #expect(nuggets.artist == "Various" && nuggets.released == "1972" && nuggets.rating == nil && nuggets.sleeveCondition == "Generic")
    #expect(records[2].newAlbum().sleeveCondition == "No Cover")
    #expect(records[3].newAlbum().sleeveCondition == nil)
    let blueTrain = records[4].newAlbum()
    #expect(blueTrain.released == nil && blueTrain.mediaCondition == nil)
    #expect(blueTrain.extra.map(\.key) == ["discogs_folder", "discogs_added"])
  }

  @Test func columnsMayComeInAnyOrderWithExtraOnes() throws {
    let records = try records(
      "Title,release_id,Collection Genre,Artist,Style (Main)\nHomogenic,12,Electronic,Björk,\"Trip Hop, Art Pop\"\n")
    let album = try #require(records.first).newAlbum()
    #expect(album.title == "Homogenic" && album.artist == "Björk" && album.discogs == "12")
    #expect(album.extra.map(\.key) == ["collection_genre", "style_main"])
    #expect(album.extra.last?.value == .string("Trip Hop, Art Pop"))
  }

  @Test func columnsNamedAfterKnownKeysSetThoseFields() throws {
    let album = try #require(try records("Artist,Title,release_id,barcode,Location\nA,B,1,0720642442517,Shelf 3\n").first).newAlbum()
    #expect(album.barcode == "0720642442517" && album.location == "Shelf 3" && album.extra.isEmpty)
  }

  @Test func aMissingRequiredColumnIsNamed() {
    #expect(
      problems("Artist,Title\nA,B\n") == [
        "c.csv:1: release_id: the header row has no such column, and an import needs it; Discogs' export has it: export the collection again, or add the column"
      ])
  }

  @Test func headerProblemsAreNamedByColumn() {
    let found = problems("Artist,Title,release_id,Tags,tags,catalog_number,Catalog#,!!\nA,B,1,x,x,y,z,w\n")
    #expect(found.count == 3)
    #expect(found[0] == "c.csv:1: tags: repeats the column Tags; remove one of them")
    #expect(found[1] == "c.csv:1: Catalog#: gives the key catalog_number, as the column catalog_number does; remove one of them")
    #expect(found[2].hasPrefix("c.csv:1: !!: has no letter or digit"))
  }

  @Test func everyBadRowIsReportedAtTheLineWhereItStarts() {
    let text =
      header
      + "X-1,A,B,L,LP,,1999,1,F,2020-01-01 00:00:00,,,\"Two\nlines\"\n"  // lines 2-3: fine
      + "X-2,A,C,L,LP,7,1999,2,F,2020-01-01 00:00:00,,,\n"  // line 4: bad rating
      + "\n"  // line 5: blank, skipped
      + "X-3,A,D,L,LP,,1999-02-30,3x,F,2020-01-01 00:00:00,Shiny,,\"a\r\nb\r\nc\"\n"  // lines 6-8
      + "X-4,,D,L,LP,,1999,4,F,2020-01-01 00:00:00,,,\n"  // line 9: no artist
      + "X-5,A,E,L\n"  // line 10: too few fields
    #expect(
      problems(text) == [
        "c.csv:4: Rating: \"7\" is not a rating; write a whole number from 1 to 5",
        "c.csv:6: Released: 1999-02 has no day 30",
        "c.csv:6: release_id: \"3x\" is not a Discogs release id; write its digits only",
        "c.csv:6: Collection Media Condition: \"Shiny\" is not a Goldmine grade; write one of M, NM, VG+, VG, G+, G, F, P",
        "c.csv:9: Artist: is required and must not be blank",
        "c.csv:10: row: has 4 fields but the header has 13; put a field that holds a comma, a quote or a line break in double quotes",
      ])
  }

  @Test func aValueInAColumnWithoutANameIsAProblem() {
    #expect(
      problems("Artist,Title,release_id,\nA,B,1,\nA,C,2,x\n") == [
        "c.csv:3: column 4: holds a value but has no name in the header row; name the column or empty it"
      ])
  }

  @Test func anEmptyFileOrOneNotUTF8IsRefused() {
    #expect(throws: DiscogsImportError.noHeader(file: "c.csv")) { try DiscogsImport.records([], file: "c.csv") }
    #expect(throws: DiscogsImportError.notUTF8(file: "c.csv")) { try DiscogsImport.records([0x41, 0xFF, 0x0A], file: "c.csv") }
  }

  @Test func aByteOrderMarkIsNoPartOfTheFirstHeader() throws {
    #expect(try records("\u{FEFF}Artist,Title,release_id\nA,B,1\n").count == 1)
  }

  // MARK: Matching rows to albums

  func record(_ releaseID: String?, added: String? = nil, artist: String = "A", title: String = "T") -> DiscogsRecord {
    var values: [DiscogsRecord.Value] = [
      .init(key: "artist", value: artist, column: "Artist"), .init(key: "title", value: title, column: "Title"),
    ]
    if let releaseID { values.append(.init(key: "discogs", value: releaseID, column: "release_id")) }
    if let added { values.append(.init(key: "discogs_added", value: added, column: "Date Added")) }
    return DiscogsRecord(line: 1, values: values, notes: nil)
  }

  func album(_ id: String, _ discogs: String?, added: String? = nil, artist: String = "A", title: String = "T") -> Album {
    var album = Album(id: id, title: title, artist: artist)
    album.discogs = discogs
    if let added { album.extra = [ExtraField(key: "discogs_added", yaml: "discogs_added: \(added)\n", value: .string(added))] }
    return album
  }

  @Test func copiesPairByOccurrenceInIdOrderAndExtraRowsAdd() {
    let albums = [album("albums/x-10", "5"), album("albums/x-2", "5"), album("albums/y", "6")]
    let matches = DiscogsImport.match([record("5"), record("6"), record("5"), record("5"), record("7")], to: albums)
    #expect(matches == ["albums/x-2", "albums/y", "albums/x-10", nil, nil])
  }

  @Test func aCopyWithTheRowsDateAddedIsPairedFirst() {
    let albums = [album("albums/a", "5", added: "2020-01-01"), album("albums/b", "5", added: "2019-01-01")]
    #expect(
      DiscogsImport.match([record("5", added: "2019-01-01"), record("5", added: "2021-01-01")], to: albums) == ["albums/b", "albums/a"])
  }

  @Test func rowsWithoutAReleaseIdMatchAlbumsWithoutOneByArtistAndTitle() {
    let albums = [album("albums/a", nil), album("albums/b", "5"), album("albums/c", nil, title: "Other")]
    #expect(DiscogsImport.match([record(nil), record(nil), record(nil, title: "Other")], to: albums) == ["albums/a", nil, "albums/c"])
  }

  @Test func copyOrderComparesNumbersAsNumbers() {
    #expect(DiscogsImport.copyPrecedes("albums/x-2", "albums/x-10"))
    #expect(DiscogsImport.copyPrecedes("albums/x", "albums/x-2"))
    #expect(!DiscogsImport.copyPrecedes("albums/x-10", "albums/x-2"))
  }
}
