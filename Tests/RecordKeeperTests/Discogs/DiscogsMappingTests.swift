import Testing

@testable import RecordKeeper

/// How each Discogs column becomes an album field (docs/commands.md, "Discogs").
@Suite("Discogs columns to album fields")
struct DiscogsMappingTests {
  @Test func headersMatchIgnoringCaseAndSpaces() {
    #expect(DiscogsColumn(header: "Catalog#") == .catalogNumber)
    #expect(DiscogsColumn(header: " catalog# ") == .catalogNumber)
    #expect(DiscogsColumn(header: "RELEASE_ID") == .releaseID)
    #expect(DiscogsColumn(header: "Collection Genre") == nil)
  }

  @Test func otherHeadersBecomeSnakeCaseKeys() {
    #expect(DiscogsColumn.key(forHeader: "Collection Genre") == "collection_genre")
    #expect(DiscogsColumn.key(forHeader: "  Präsent (1st) -- Pressing ") == "prasent_1st_pressing")
    #expect(DiscogsColumn.key(forHeader: "sort_artist") == "sort_artist")
    #expect(DiscogsColumn.key(forHeader: "###") == "")
  }

  @Test(arguments: [
    ("Nirvana (2)", "Nirvana"),
    ("Prince (3) & The Revolution", "Prince & The Revolution"),
    ("Sub Pop (2), Columbia (12)", "Sub Pop, Columbia"),
    ("Various", "Various"),
    ("Boston (Band)", "Boston (Band)"),
    ("Blink (182x)", "Blink (182x)"),
    ("(2)", "(2)"),
  ])
  func discogsNumbersAfterNamesAreDropped(name: String, expected: String) {
    #expect(DiscogsColumn.droppingSuffixes(name) == expected)
  }

  @Test func artistAndLabelLoseTheirSuffixButTitlesKeepThem() {
    #expect(DiscogsRecord.value(of: "Nirvana (2)", in: .artist) == "Nirvana")
    #expect(DiscogsRecord.value(of: "Sub Pop (2)", in: .label) == "Sub Pop")
    #expect(DiscogsRecord.value(of: "Greatest Hits (2)", in: .title) == "Greatest Hits (2)")
  }

  @Test func formatIsKeptAsWritten() {
    #expect(DiscogsRecord.value(of: "2xLP, Album", in: .format) == "2xLP, Album")
  }

  @Test(arguments: [("", nil), ("0", nil), (" 4 ", "4"), ("6", "6")] as [(String, String?)])
  func ratingOfZeroOrNothingIsNone(cell: String, expected: String?) {
    #expect(DiscogsRecord.value(of: cell, in: .rating) == expected)
  }

  @Test(
    arguments: [
      ("1997-05-21", "1997-05-21"), ("1970", "1970"), ("1970-00-00", "1970"), ("1970-05-00", "1970-05"),
      ("0", nil), ("0000-00-00", nil), ("", nil), ("0000-05-01", "0000-05-01"), ("1970-00-03", "1970-00-03"), ("soon", "soon"),
    ] as [(String, String?)])
  func releasedKeepsWhatIsReal(cell: String, expected: String?) {
    #expect(DiscogsRecord.value(of: cell, in: .released) == expected)
  }

  @Test func conditionsAreStoredShort() {
    #expect(DiscogsRecord.value(of: "Near Mint (NM or M-)", in: .mediaCondition) == "NM")
    #expect(DiscogsRecord.value(of: "Very Good Plus (VG+)", in: .sleeveCondition) == "VG+")
    #expect(DiscogsRecord.value(of: "Generic", in: .sleeveCondition) == "Generic")
    #expect(DiscogsRecord.value(of: "Not Graded", in: .sleeveCondition) == nil)
  }

  @Test func notesKeepTheirLinesWithLFEnds() {
    #expect(DiscogsRecord.value(of: "  First\r\nSecond\rThird\n ", in: .notes) == "First\nSecond\nThird")
  }

  @Test func aNewAlbumHoldsEveryValueAndTheNotes() {
    let record = DiscogsRecord(
      line: 2,
      values: [
        .init(key: "artist", value: "Nirvana", column: "Artist"), .init(key: "title", value: "Nevermind", column: "Title"),
        .init(key: "rating", value: "5", column: "Rating"), .init(key: "discogs_folder", value: "Jazz", column: "CollectionFolder"),
        .init(key: "barcode", value: "0720642442517", column: "barcode"),
      ],
      notes: "Bought in Seattle.")
    let album = record.newAlbum()
    #expect(album.artist == "Nirvana" && album.title == "Nevermind" && album.rating == "5" && album.barcode == "0720642442517")
    #expect(album.extra.map(\.key) == ["discogs_folder"])
    #expect(album.extra.first?.value == .string("Jazz"))
    #expect(DiscogsNotes.text(of: album.body) == "Bought in Seattle.")
    #expect(AlbumFile.render(album).hasSuffix("discogs_folder: Jazz\n---\n\n## Notes\n\n### Discogs\n\nBought in Seattle.\n"))
  }

  @Test func applyingChangesOnlyWhatDiffers() {
    var album = Album(id: "albums/x", title: "Nevermind", artist: "Nirvana", released: "1991-9-24")
    album.extra = [ExtraField(key: "discogs_folder", yaml: "discogs_folder: 'Jazz'\n", value: .string("Jazz"))]
    let before = album
    let record = DiscogsRecord(
      line: 2,
      values: [
        .init(key: "released", value: "1991-09-24", column: "Released"),
        .init(key: "discogs_folder", value: "Jazz", column: "CollectionFolder"),
      ],
      notes: nil)
    record.apply(to: &album)
    // The same date padded, and the same folder in other quotes, are no change.
    #expect(album == before)
    let moved = DiscogsRecord(line: 2, values: [.init(key: "discogs_folder", value: "Rock", column: "CollectionFolder")], notes: nil)
    moved.apply(to: &album)
    #expect(album.extra == [ExtraField(key: "discogs_folder", yaml: "discogs_folder: Rock\n", value: .string("Rock"))])
    #expect(DiscogsImport.changedKeys(from: before, to: album) == ["discogs_folder"])
  }
}

/// docs/album-format.md, "The collector's fields": a sleeve may be `Generic` or `No Cover`, a record may not.
@Suite("Sleeve states")
struct SleeveStateTests {
  @Test func aSleeveMayBeGenericOrMissingButARecordMayNot() {
    var album = Album(id: "albums/x", title: "T", artist: "A")
    album.sleeveCondition = "Generic"
    #expect(album.problems().isEmpty)
    album.sleeveCondition = "No Cover"
    #expect(album.problems().isEmpty)
    album.mediaCondition = "Generic"
    #expect(album.problems().map(\.field) == [.collector(.mediaCondition)])
  }
}
