import RecordKeeper
import Testing

/// A date a person gives has its year in four digits: `97` is refused, not
/// kept as the year 0097 (docs/commands.md, "Exit status and errors"); a date already in a file is read
/// as written.
@Suite("Dates given as input")
struct GivenDateTests {
  let album = Album(id: "albums/kind-of-blue", title: "Kind of Blue", artist: "Miles Davis", released: "1959")

  @Test(arguments: ["97", "23-2-1", "197", "19970-01-01"])
  func aYearOfOtherThanFourDigitsIsRefused(_ text: String) {
    #expect(throws: ReleaseDateError.shortYear(text)) { try ReleaseDate(given: text) }
  }

  @Test(arguments: ["1997", "1997-5-1", "0097", "1997-05-21"])
  func aYearOfFourDigitsIsTaken(_ text: String) throws {
    #expect(try ReleaseDate(given: text) == ReleaseDate(parsing: text))
  }

  @Test func aFileMayStillHoldAShortYear() throws {
    #expect(try ReleaseDate(parsing: "97").year == 97)
  }

  @Test func setFieldsRefusesAShortReleaseOrPurchaseYearAndChangesNothing() {
    var changes = AlbumFieldChanges(released: "97")
    changes.collector[.purchased] = "23-2-1"
    var after = album
    #expect {
      try AlbumEdit.setFields(changes).apply(to: &after)
    } throws: { error in
      guard case AlbumEditError.invalid(let problems) = error else { return false }
      return problems.map(\.field) == [.released, .collector(.purchased)]
        && problems[0].message.contains("four digits (1997, not 97)")
    }
    #expect(after == album)
  }

  @Test func aSaveFromTheAppRefusesAShortYearToo() {
    var after = album
    #expect(throws: AlbumEditError.self) { try AlbumSave(fields: AlbumFieldChanges(released: "97")).apply(to: &after) }
    #expect(after.released == "1959")
  }

  @Test func aBlankDateStillClearsTheField() throws {
    var after = album
    try AlbumEdit.setFields(AlbumFieldChanges(released: "")).apply(to: &after)
    #expect(after.released == nil)
  }
}
