/// A collector's field (docs/album-format.md, "The collector's fields"): optional text about this copy of
/// the record, in the order the canonical form writes them.
public enum CollectorField: String, CaseIterable, Hashable, Sendable {
  case format, label
  case catalogNumber = "catalog_number"
  case barcode, country
  case mediaCondition = "media_condition"
  case sleeveCondition = "sleeve_condition"
  case rating, location, purchased, price, status, discogs, musicbrainz

  /// The front-matter key (`catalog_number`).
  public var key: String { rawValue }

  /// The name `rk show` gives it (`Catalog Number`).
  public var title: String {
    switch self {
    case .catalogNumber: "Catalog Number"
    case .mediaCondition: "Media"
    case .sleeveCondition: "Sleeve"
    case .discogs: "Discogs"
    case .musicbrainz: "MusicBrainz"
    default: rawValue.prefix(1).uppercased() + rawValue.dropFirst()
    }
  }

  /// Where the album keeps this field.
  public var keyPath: WritableKeyPath<Album, String?> {
    switch self {
    case .format: \.format
    case .label: \.label
    case .catalogNumber: \.catalogNumber
    case .barcode: \.barcode
    case .country: \.country
    case .mediaCondition: \.mediaCondition
    case .sleeveCondition: \.sleeveCondition
    case .rating: \.rating
    case .location: \.location
    case .purchased: \.purchased
    case .price: \.price
    case .status: \.status
    case .discogs: \.discogs
    case .musicbrainz: \.musicbrainz
    }
  }

  /// The field's value in `album`: what ``keyPath`` reads, read directly,
  /// as a key path costs more than the rest of an album's JSON object.
  func value(in album: Album) -> String? {
    switch self {
    case .format: album.format
    case .label: album.label
    case .catalogNumber: album.catalogNumber
    case .barcode: album.barcode
    case .country: album.country
    case .mediaCondition: album.mediaCondition
    case .sleeveCondition: album.sleeveCondition
    case .rating: album.rating
    case .location: album.location
    case .purchased: album.purchased
    case .price: album.price
    case .status: album.status
    case .discogs: album.discogs
    case .musicbrainz: album.musicbrainz
    }
  }

  /// The Goldmine grades, short form first, with Discogs' long names.
  public static let grades: [(short: String, long: String)] = [
    ("M", "Mint (M)"), ("NM", "Near Mint (NM or M-)"), ("VG+", "Very Good Plus (VG+)"), ("VG", "Very Good (VG)"),
    ("G+", "Good Plus (G+)"), ("G", "Good (G)"), ("F", "Fair (F)"), ("P", "Poor (P)"),
  ]

  /// What a sleeve may be instead of graded (docs/album-format.md, "The collector's fields").
  public static let sleeveStates = ["Generic", "No Cover"]

  /// What an absent value means (docs/album-format.md, "The collector's fields": a record is owned unless
  /// it says it is wanted); `nil` when absence means nothing.
  public var defaultValue: String? { self == .status ? "owned" : nil }

  /// How many digits a barcode has (UPC and EAN), spaces and dashes aside.
  public static let barcodeDigits = 8...14

  /// The only values the field may hold, in the order offered, for the
  /// fields that are a choice; `nil` for the others.
  public var allowedValues: [String]? {
    switch self {
    case .mediaCondition: Self.grades.map(\.short)
    case .sleeveCondition: Self.grades.map(\.short) + Self.sleeveStates
    case .rating: (1...5).map(String.init)
    case .status: ["owned", "wanted"]
    default: nil
    }
  }

  /// A grade as stored: Discogs' long name becomes its short form; anything
  /// else is returned as given (validation judges it).
  public static func shortGrade(_ text: String) -> String {
    grades.first { $0.long.lowercased() == text.lowercased() }?.short ?? text
  }

  /// What is wrong with `value` for this field beyond the free-text rules,
  /// as a sentence saying what to write instead; `nil` when it is fine.
  func problem(with value: String) -> String? {
    switch self {
    case .mediaCondition, .sleeveCondition:
      // docs/album-format.md, "The collector's fields": a sleeve may also be generic or missing, as Discogs says.
      let allowed = allowedValues ?? []
      // Discogs' long names, written by hand, read as their short grade.
      if allowed.contains(Self.shortGrade(value)) { return nil }
      return "\"\(value)\" is not a Goldmine grade; write one of \(allowed.joined(separator: ", "))"
    case .barcode:
      let digits = value.filter { $0 != " " && $0 != "-" }
      if Self.barcodeDigits.contains(digits.count) && digits.allSatisfy(\.isASCIIDigit) { return nil }
      return "\"\(value)\" is not a barcode; write its 8 to 14 digits (spaces and dashes are allowed)"
    case .rating:
      if allowedValues?.contains(value) == true { return nil }
      return "\"\(value)\" is not a rating; write a whole number from 1 to 5"
    case .status:
      if allowedValues?.contains(value) == true { return nil }
      return "\"\(value)\" is not a status; write owned or wanted"
    case .purchased:
      do throws(ReleaseDateError) {
        _ = try ReleaseDate(parsing: value)
        return nil
      } catch {
        return error.description
      }
    case .discogs:
      if !value.isEmpty && value.allSatisfy(\.isASCIIDigit) { return nil }
      return "\"\(value)\" is not a Discogs release id; write its digits only"
    case .musicbrainz:
      if Self.isUUID(value) { return nil }
      return "\"\(value)\" is not a MusicBrainz id; write the release's UUID (8-4-4-4-12 hex digits)"
    case .format, .label, .catalogNumber, .country, .location, .price:
      return nil
    }
  }

  private static func isUUID(_ text: String) -> Bool {
    let groups = text.split(separator: "-", omittingEmptySubsequences: false)
    return groups.map(\.count) == [8, 4, 4, 4, 12] && groups.allSatisfy { $0.allSatisfy(\.isHexDigit) }
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
