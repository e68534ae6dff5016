/// A field an `@field` rule may test (docs/commands.md, "Rules and
/// smart lists"): the front-matter keys, plus `year`, `tracks` (their count), `cover` and `notes`.
public enum RuleField: Hashable, Sendable {
  case title, artist, sortArtist, released, wikipedia, tags, notes
  /// The year of the release date.
  case year
  /// The number of tracks.
  case tracks
  /// Whether the album has a cover image.
  case cover
  /// How many times the album was played (docs/commands.md, "Plays and statistics").
  case plays
  /// The day of the album's last play.
  case lastPlayed
  case collector(CollectorField)

  /// Every field, in the order `rk lists --help` and error messages name them.
  public static let allCases: [RuleField] =
    [.title, .artist, .sortArtist, .released, .year, .wikipedia, .tags, .tracks, .cover, .notes, .plays, .lastPlayed]
    + CollectorField.allCases.map(RuleField.collector)

  /// What kind of value the field holds, which decides the tests it allows.
  public enum Kind: Sendable {
    /// Text: contains (`:`), whole value (`:=`), present.
    case text
    /// A whole number: equal, compared, in a range, present.
    case number
    /// A date at year, month or day precision: like a number, compared at
    /// the operand's precision.
    case date
    /// A list of tags: one contains, or one is, the value; present when not empty.
    case tags
    /// Only present or not.
    case presence
  }

  /// The name rules use: the front-matter key (`sort_artist`, `catalog_number`).
  public var name: String {
    if case .collector(let field) = self { return field.key }
    return field?.rawValue ?? ""
  }

  /// The ``Field`` whose name this is; `nil` for a collector's field.
  var field: Field? {
    switch self {
    case .year: .year
    case .title: .title
    case .artist: .artist
    case .sortArtist: .sortArtist
    case .released: .released
    case .wikipedia: .wikipedia
    case .tags: .tags
    case .notes: .notes
    case .tracks: .tracks
    case .cover: .cover
    case .plays: .plays
    case .lastPlayed: .lastPlayed
    case .collector: nil
    }
  }

  public var kind: Kind {
    switch self {
    case .title, .artist, .sortArtist, .wikipedia, .notes: .text
    case .year, .tracks, .plays, .collector(.rating), .collector(.discogs): .number
    case .released, .lastPlayed, .collector(.purchased): .date
    case .tags: .tags
    case .cover: .presence
    case .collector: .text
    }
  }

  private static let byName: [String: RuleField] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.name, $0) })

  /// The field called `name`; a dash stands for an underscore and case is
  /// ignored, so `@sort-artist` and `@Catalog_Number` work too.
  public init?(name: String) {
    let key = String(name.lowercased().map { $0 == "-" ? "_" : $0 })
    guard let field = Self.byName[key] else { return nil }
    self = field
  }

  /// Every field's name, comma-separated, for messages.
  static var namesList: String { allCases.map(\.name).joined(separator: ", ") }
}
