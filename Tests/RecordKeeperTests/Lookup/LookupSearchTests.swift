import RecordKeeper
import Testing

/// Issue 22.3: one rule for what a look-up searches, for `rk lookup` and
/// `GET /api/lookup` alike.
@Suite("A look-up's search")
struct LookupSearchTests {
  @Test func exactlyOnePartThatIsNotBlank() throws {
    #expect(try LookupTool.Search(text: " kind of blue ", barcode: nil, catalogNumber: " ") == .text("kind of blue"))
    #expect(try LookupTool.Search(text: nil, barcode: nil, catalogNumber: "CL 1355") == .catalogNumber("CL 1355"))
    #expect(throws: LookupSearchError.notOne(given: [])) { try LookupTool.Search(text: "", barcode: nil, catalogNumber: nil) }
    #expect(throws: LookupSearchError.notOne(given: [.text, .barcode])) {
      try LookupTool.Search(text: "blue", barcode: "123", catalogNumber: nil)
    }
  }

  @Test func aBarcodeIsDigitsWithSpacesOrHyphensBetween() throws {
    #expect(try LookupTool.Search(text: nil, barcode: "5 099902-987927", catalogNumber: nil) == .barcode("5099902987927"))
    for value in ["12a", "abc", "--", "0602498658467x"] {
      #expect(throws: LookupSearchError.notABarcode(value), "\(value)") {
        try LookupTool.Search(text: nil, barcode: value, catalogNumber: nil)
      }
    }
  }

  @Test func theMessageNamesTheOptionOrParameter() {
    let error = LookupSearchError.notABarcode("12a")
    #expect(error.part == .barcode)
    #expect(
      error.description(naming: { $0 == .barcode ? "--barcode" : "?" })
        == "--barcode takes the digits printed under the barcode, not \"12a\"")
  }
}
