extension LookupTool.Search {
  /// The parts of a search a collector gives: `rk lookup WORDS | --barcode
  /// N | --catalog-number C`, `GET /api/lookup?q= | barcode= | catalog_number=`.
  public enum Part: Hashable, Sendable, CaseIterable {
    case text, barcode, catalogNumber
  }

  /// The search asked for: exactly one part that is not blank. A barcode is
  /// the digits printed under it, spaces and hyphens allowed between them
  /// (`5 099902 987927`), and searches by its digits alone; anything else
  /// (`12a`) is refused rather than searched for without its letters.
  public init(text: String?, barcode: String?, catalogNumber: String?) throws(LookupSearchError) {
    let given: [(Part, String)] = [(.text, text), (.barcode, barcode), (.catalogNumber, catalogNumber)].compactMap { part, value in
      value.flatMap { $0.isBlank ? nil : (part, $0.trimmed) }
    }
    guard given.count == 1, let (part, value) = given.first else { throw .notOne(given: given.map(\.0)) }
    switch part {
    case .text: self = .text(value)
    case .catalogNumber: self = .catalogNumber(value)
    case .barcode:
      guard value.allSatisfy({ ($0.isASCII && $0.isNumber) || $0 == " " || $0 == "-" }), value.contains(where: \.isNumber) else {
        throw .notABarcode(value)
      }
      self = .barcode(value.filter { $0.isASCII && $0.isNumber })
    }
  }
}

/// Why a look-up's search was refused before asking MusicBrainz. The
/// message names the option or parameter as the caller calls it.
public enum LookupSearchError: Error, Equatable, Sendable {
  /// None of the parts, or several, were given (those given listed).
  case notOne(given: [LookupTool.Search.Part])
  /// The barcode given is not digits.
  case notABarcode(String)

  /// The part the error is about, for a form to point at.
  public var part: LookupTool.Search.Part {
    switch self {
    case .notOne(let given): given.first ?? .text
    case .notABarcode: .barcode
    }
  }

  /// The message, naming each part as `name` calls it (`--barcode`, `barcode`).
  public func description(naming name: (LookupTool.Search.Part) -> String) -> String {
    switch self {
    case .notOne:
      "give one of \(name(.text)) (words of the artist and title), \(name(.barcode)) (its digits) or \(name(.catalogNumber))"
    case .notABarcode(let value):
      "\(name(.barcode)) takes the digits printed under the barcode, not \"\(value)\""
    }
  }
}
