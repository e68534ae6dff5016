import Foundation

/// A column of the CSV that Discogs exports of a collection (docs/commands.md, "Discogs"),
/// in the order Discogs writes them, then rk's own `Tags` and `Tracks`,
/// which `rk export csv` adds so that its export gives them back.
public enum DiscogsColumn: String, CaseIterable, Hashable, Sendable {
  case catalogNumber = "Catalog#"
  case artist = "Artist"
  case title = "Title"
  case label = "Label"
  case format = "Format"
  case rating = "Rating"
  case released = "Released"
  case releaseID = "release_id"
  case folder = "CollectionFolder"
  case dateAdded = "Date Added"
  case mediaCondition = "Collection Media Condition"
  case sleeveCondition = "Collection Sleeve Condition"
  case notes = "Collection Notes"
  /// The tags, one a line (a tag holds no line break, but may hold commas).
  case tags = "Tags"
  /// The track list as `album.md` writes it, one item a line: `### Side A`
  /// headings and `1. Airbag (4:44)` (``DiscogsTrackList``).
  case tracks = "Tracks"

  /// The header Discogs writes.
  public var header: String { rawValue }

  /// The front-matter key the column fills; `nil` for the notes, which go
  /// into the album's body (``DiscogsNotes``), and for tags and tracks.
  public var key: String? {
    switch self {
    case .catalogNumber: CollectorField.catalogNumber.key
    case .artist: Field.artist.rawValue
    case .title: Field.title.rawValue
    case .label: CollectorField.label.key
    case .format: CollectorField.format.key
    case .rating: CollectorField.rating.key
    case .released: Field.released.rawValue
    case .releaseID: CollectorField.discogs.key
    case .folder: Self.folderKey
    case .dateAdded: Self.dateAddedKey
    case .mediaCondition: CollectorField.mediaCondition.key
    case .sleeveCondition: CollectorField.sleeveCondition.key
    case .notes, .tags, .tracks: nil
    }
  }

  /// The key that keeps Discogs' collection folder (`CollectionFolder`), so
  /// that an export gives it back. Not a collector's field: an extra key.
  public static let folderKey = "discogs_folder"
  /// The key that keeps when the copy was added on Discogs (`Date Added`),
  /// as Discogs wrote it (`2019-03-04 12:13:14`). An extra key.
  public static let dateAddedKey = "discogs_added"

  /// The columns no import can do without: what names the album, and what
  /// matches it to the album it updates.
  public static let required: [DiscogsColumn] = [.artist, .title, .releaseID]

  /// The column `header` names: Discogs' header, ignoring case and the
  /// spaces around it.
  public init?(header: String) {
    let wanted = header.trimmed.lowercased()
    guard let column = Self.allCases.first(where: { $0.rawValue.lowercased() == wanted }) else { return nil }
    self = column
  }

  /// The key any other column becomes: its header in snake_case, ASCII
  /// letters and digits with diacritics folded (`Collection Genre` →
  /// `collection_genre`); empty when the header has no letter or digit.
  public static func key(forHeader header: String) -> String {
    Slug.make(header, separator: "_")
  }

  /// Drops Discogs' numbers that tell apart artists or labels of the same
  /// name: `Nirvana (2)` → `Nirvana`, `Prince (3) & The Revolution` →
  /// `Prince & The Revolution`. A number in parentheses stays when a letter
  /// or digit follows it, and so does any other text in parentheses.
  public static func droppingSuffixes(_ name: String) -> String {
    guard name.contains("(") else { return name }
    var output = ""
    var rest = Substring(name)
    while let open = rest.range(of: " (") {
      let afterOpen = rest[open.upperBound...]
      let digits = afterOpen.prefix(while: \.isASCIIDigit)
      let afterDigits = afterOpen[digits.endIndex...]
      let isSuffix =
        !digits.isEmpty && afterDigits.first == ")"
        && afterDigits.dropFirst().first.map { !($0.isLetter || $0.isNumber) } ?? true
      if isSuffix {
        output += rest[..<open.lowerBound]
        rest = afterDigits.dropFirst()
      } else {
        output += rest[..<open.upperBound]
        rest = afterOpen
      }
    }
    return (output + rest).trimmed
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
