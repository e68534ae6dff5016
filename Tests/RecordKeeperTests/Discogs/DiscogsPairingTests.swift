import Testing

@testable import RecordKeeper

/// Rows that match no album by release id pair with albums typed in by hand
/// (docs/commands.md, "Discogs").
@Suite("Pairing Discogs rows with hand-typed albums")
struct DiscogsPairingUnitTests {
  private func record(_ line: Int, _ values: [String: String]) -> DiscogsRecord {
    DiscogsRecord(
      line: line, values: values.sorted { $0.key < $1.key }.map { .init(key: $0.key, value: $0.value, column: $0.key) }, notes: nil)
  }

  private func album(_ id: String, title: String = "Kind of Blue", catalog: String? = nil, barcode: String? = nil, discogs: String? = nil)
    -> Album
  {
    var album = Album(id: id, title: title, artist: "Miles Davis")
    album.catalogNumber = catalog
    album.barcode = barcode
    album.discogs = discogs
    return album
  }

  @Test func barcodeComesBeforeCatalogNumberBeforeArtistAndTitle() {
    let row = record(
      2, ["artist": "Miles Davis", "title": "Kind Of Blue", "catalog_number": "CL 1355", "barcode": "0 74646 93522 6", "discogs": "1"])
    let albums = [album("a"), album("b", title: "Other", catalog: "cl-1355"), album("c", title: "Other", barcode: "074646935226")]
    #expect(DiscogsPairing.pair([row], matched: [nil], albums: albums)[0].map { "\($0.id) \($0.by)" } == "c barcode")
    #expect(
      DiscogsPairing.pair([row], matched: [nil], albums: Array(albums.prefix(2)))[0].map { "\($0.id) \($0.by)" } == "b catalog number")
    #expect(DiscogsPairing.pair([row], matched: [nil], albums: [albums[0]])[0].map { "\($0.id) \($0.by)" } == "a artist and title")
  }

  @Test func anAlbumPairsOnceAndNeverWithADiscogsIdOrARowAlreadyMatched() {
    let row = record(2, ["artist": "Miles Davis", "title": "Kind of Blue", "discogs": "1"])
    let twice = DiscogsPairing.pair([row, row], matched: [nil, nil], albums: [album("a")])
    #expect(twice.count == 1 && twice[0]?.id == "a")
    #expect(DiscogsPairing.pair([row], matched: [nil], albums: [album("a", discogs: "9")]).isEmpty)
    #expect(DiscogsPairing.pair([row, row], matched: ["a", nil], albums: [album("a")]).isEmpty)
  }

  @Test func aPairedRowFillsWhatTheAlbumLacksAndKeepsWhatItHolds() {
    var typed = album("a", catalog: "CL-1355")
    typed.rating = "5"
    record(2, ["title": "Kind Of Blue (Mono)", "catalog_number": "CL 1355", "rating": "3", "label": "Columbia", "discogs": "1"]).fill(
      &typed)
    #expect(typed.title == "Kind of Blue" && typed.catalogNumber == "CL-1355" && typed.rating == "5")
    #expect(typed.label == "Columbia" && typed.discogs == "1")
  }

  @Test func theDiscogsPartHoldsTheNotesWhenEachLineIsThereInOrder() {
    let body = AlbumBody(parsing: Array("\n## Notes\n\n### Discogs\n\nSeam split.\nMy own line.\nInner sleeve torn.\n".utf8))
    #expect(DiscogsNotes.holds("Seam split.\nInner sleeve torn.", in: body))
    #expect(!DiscogsNotes.holds("Inner sleeve torn.\nSeam split.", in: body))
    #expect(!DiscogsNotes.holds("Seam split.\nRing wear.", in: body))
  }
}
