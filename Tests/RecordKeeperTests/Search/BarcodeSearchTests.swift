import Testing

@testable import RecordKeeper

/// Issue 20.13: a barcode typed as printed (`7 20642-44251 7`) and its
/// digits (`720642442517`) find each other, in search and in rules.
@Suite("Barcodes compare by their digits")
struct BarcodeSearchTests {
  static func album(barcode: String) -> Album {
    var album = Album(id: "albums/x", title: "Pablo Honey", artist: "Radiohead")
    album.barcode = barcode
    return album
  }

  static func matches(_ query: String, _ album: Album, fields: Set<SearchField> = Set(SearchField.allCases)) throws -> Bool {
    let matcher = try SearchMatcher(query: try SearchQuery(parsing: query), fields: fields)
    var scratch: [UInt8] = []
    let direct = matcher.matches(album)
    // The server's path, over text folded beforehand, agrees.
    #expect(matcher.matches(SearchText(album), of: album, scratch: &scratch) == direct, "\(query)")
    return direct
  }

  @Test(arguments: ["7 20642-44251 7", "720642442517"])
  func eitherFormFindsTheOther(stored: String) throws {
    let album = Self.album(barcode: stored)
    for query in [
      "720642442517", "\"7 20642-44251 7\"", "7 20642-44251 7", "20642-44251", "@barcode:720642442517", "@barcode:=720642442517",
      "@barcode:=\"7 20642-44251 7\"", "@barcode:20642",
    ] {
      #expect(try Self.matches(query, album), "\(query) should find \(stored)")
    }
    #expect(try Self.matches("720642442517", album, fields: [.label]))
    for query in ["720642442518", "@barcode:=72064244251", "@barcode:99999"] {
      #expect(!(try Self.matches(query, album)), "\(query) should not find \(stored)")
    }
  }

  @Test func otherTextIsMatchedAsBefore() throws {
    var album = Self.album(barcode: "720642442517")
    album.catalogNumber = "CDP 7 81409 2"
    #expect(try Self.matches("\"CDP 7 81409 2\"", album))
    #expect(try Self.matches("1999-2001", Album(id: "a", title: "Live 1999-2001", artist: "X")))
  }
}
