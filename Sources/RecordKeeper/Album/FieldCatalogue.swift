import Foundation

/// The one spelling of each field's name that is not a collector's (those
/// are ``CollectorField``'s raw values): the front-matter key, the JSON key,
/// the `@field` rule, the `{placeholder}` and the validation field. Every
/// other place takes the name from here.
///
/// Adding a field: a case here (or in ``CollectorField``, for a collector's
/// one-line text field, which then reaches the front matter, JSON, rules,
/// placeholders, `rk set` and the schema by itself), then its value where the
/// compiler asks (the exhaustive switches of ``RuleField``, ``AlbumField``,
/// ``FormatTemplate/Placeholder``).
public enum Field: String, CaseIterable, Sendable {
  case id, title, artist
  case sortArtist = "sort_artist"
  case released, year, wikipedia, tags, tracks, duration, cover, notes, plays
  case lastPlayed = "last_played"

  /// The seed's front-matter keys (docs/album-format.md, "Front-matter keys"), in its order.
  public static let frontMatter: [Field] = [.title, .artist, .sortArtist, .released, .wikipedia, .tags]

  /// The seed's one-line text fields in the front matter.
  public static let frontMatterText: [Field] = [.title, .artist, .sortArtist, .released, .wikipedia]

  /// Known front-matter keys, the album's then the collector's: the canonical
  /// order (docs/album-format.md, "Canonical form"), and where a new key goes.
  public static let frontMatterKeys: [String] = frontMatter.map(\.rawValue) + CollectorField.allCases.map(\.key)
}

/// One field as the app shows and checks it: its JSON name, label, kind,
/// limits, allowed values and messages (docs/album-format.md, "album.md", "The collector's fields", "Validation").
public struct FieldDescription: Sendable, Equatable {
  /// How a value of the field is checked, beyond the rules every text
  /// follows (``FieldCatalogue/maximumLength`` characters, one line).
  public enum Kind: String, Sendable {
    /// Free text.
    case text
    /// `YYYY`, `YYYY-MM` or `YYYY-MM-DD`, a real calendar date.
    case date
    /// An http(s) address with a host and no spaces.
    case webAddress = "web_address"
    /// One of ``FieldDescription/values``.
    case choice
    /// Digits in ``FieldDescription/digits`` once spaces and dashes are removed.
    case barcode
    /// ASCII digits only.
    case digits
    /// A UUID, 8-4-4-4-12 hex digits.
    case uuid
    /// A list of track names, each required, one line, not ending in a
    /// length that is not one (`(4:75)`).
    case tracks
    /// A list of tags, each required, one line, none twice.
    case tags
    /// Read and searched, never edited in a form (`year`, `cover`, `notes`).
    case readOnly = "read_only"
  }

  /// The JSON key, front-matter key and rule name (`media_condition`).
  public let name: String
  /// What a form or a conflict calls it (`Media condition`).
  public let label: String
  public let kind: Kind
  public let isRequired: Bool
  /// The only values allowed, in the order offered, for a ``Kind/choice``.
  public let values: [String]?
  /// What an absent value means (`owned` for the status).
  public let defaultValue: String?
  /// How many digits a ``Kind/barcode`` has.
  public let digits: ClosedRange<Int>?
  /// The message for a value that breaks the field's own rule, with
  /// `{value}` (or, for tracks, `{group}`) where the value goes.
  public let message: String?
  /// What an `@name` rule may ask of the field; `nil` when no rule tests it.
  public let ruleKind: RuleField.Kind?
  /// Other spellings read as one of ``values``, lowercased (Discogs' long
  /// grade names: `near mint (nm or m-)` is `NM`).
  public var aliases: [String: String]? = nil
}

/// Every field a collector edits or a rule tests, described once from the
/// rules themselves (``Album/problems()``, ``CollectorField``,
/// ``RuleField``), so the app keeps no copy of them: `GET /api/schema`
/// serves ``json``.
public enum FieldCatalogue {
  /// The longest text a field (or one track or tag) may hold, in characters
  /// (grapheme clusters, as Swift counts them).
  public static let maximumLength = maximumFieldLength

  /// The fields in the order the details view shows them: the seed's, the
  /// track list and tags, the collector's, then those only rules read.
  public static let fields: [FieldDescription] = {
    // The seed's own labels (seed §2.2.2.3) for the seed's fields.
    var fields = [
      describe(.title, "Album name", .text, required: true),
      describe(.artist, "Artist", .text, required: true),
      describe(.released, "Release Date", .date),
      describe(.sortArtist, "Sort Artist", .text),
      describe(.wikipedia, "Album Wikipedia Page", .webAddress, message: ValidationMessage.notWebAddress(placeholder)),
      describe(.tracks, "Tracks", .tracks, message: TrackDuration.advice("{group}")),
      describe(.tags, "Tags", .tags, message: ValidationMessage.duplicateTag(placeholder)),
    ]
    for field in CollectorField.allCases {
      fields.append(
        FieldDescription(
          name: field.key, label: label(of: field), kind: kind(of: field), isRequired: false, values: field.allowedValues,
          defaultValue: field.defaultValue,
          digits: field == .barcode ? CollectorField.barcodeDigits : nil,
          // Every checked kind refuses the placeholder itself, so its message is the template.
          message: field.problem(with: placeholder), ruleKind: RuleField.collector(field).kind,
          aliases: field.allowedValues?.contains("NM") == true
            ? Dictionary(uniqueKeysWithValues: CollectorField.grades.map { ($0.long.lowercased(), $0.short) }) : nil))
    }
    fields += [describe(.year, "Year", .readOnly), describe(.cover, "Cover", .readOnly), describe(.notes, "Notes", .readOnly)]
    fields += [describe(.plays, "Plays", .readOnly), describe(.lastPlayed, "Last played", .readOnly)]
    return fields
  }()

  /// The description of the field called `name`, if there is one.
  public static func field(named name: String) -> FieldDescription? { fields.first { $0.name == name } }

  private static let placeholder = "{value}"

  private static func describe(
    _ field: RuleField, _ label: String, _ kind: FieldDescription.Kind, required: Bool = false, message: String? = nil
  ) -> FieldDescription {
    FieldDescription(
      name: field.name, label: label, kind: kind, isRequired: required, values: nil, defaultValue: nil, digits: nil, message: message,
      ruleKind: field.kind)
  }

  /// The label of a collector's field: `rk show`'s title, spelled out where
  /// that is short, in sentence case (`Media condition`).
  private static func label(of field: CollectorField) -> String {
    switch field {
    case .mediaCondition: "Media condition"
    case .sleeveCondition: "Sleeve condition"
    case .discogs: "Discogs release"
    case .musicbrainz: "MusicBrainz release"
    default: String(field.title.prefix(1)) + field.title.dropFirst().lowercased()
    }
  }

  private static func kind(of field: CollectorField) -> FieldDescription.Kind {
    switch field {
    case .mediaCondition, .sleeveCondition, .rating, .status: .choice
    case .barcode: .barcode
    case .discogs: .digits
    case .musicbrainz: .uuid
    case .purchased: .date
    case .format, .label, .catalogNumber, .country, .location, .price: .text
    }
  }

  /// The messages of the rules every text follows and of dates, as
  /// templates: `{count}` is a text's length, `{value}` the text, `{year}`,
  /// `{month}` (two digits) and `{day}` a date's parts.
  public static let messages: [(String, String)] = [
    ("required", ValidationMessage.required),
    ("too_long", ValidationMessage.tooLong("{count}")),
    ("single_line", ValidationMessage.singleLine),
    ("date_malformed", ReleaseDateError.malformed(placeholder).description),
    ("date_year", ReleaseDateError.year.description),
    ("date_month", ReleaseDateError.month.description),
    ("date_day_without_month", ReleaseDateError.dayWithoutMonth.description),
    ("date_day", dayTemplate),
  ]

  /// ``ReleaseDateError/day(year:month:day:)``'s wording with its numbers
  /// made placeholders: made from the error itself with numbers that
  /// appear nowhere else in it.
  private static var dayTemplate: String {
    ReleaseDateError.day(year: 9876, month: 11, day: 54).description
      .replacingOccurrences(of: "9876", with: "{year}")
      .replacingOccurrences(of: "11", with: "{month}")
      .replacingOccurrences(of: "54", with: "{day}")
  }

  /// The catalogue as `GET /api/schema` serves it:
  /// `{"max_length", "fields": [{"name", "label", "kind", "required",
  /// "editable", "collector", "values", "default", "digits", "message", "rule_kind"}], "messages",
  /// "search_fields": [{"name", "label", "default"}], "sort_modes": [{"name",
  /// "label", "default"}], "list_name": {"max_length", "rule"}}`: every list
  /// the app offers, in the order it offers them.
  public static var json: JSONValue {
    .object([
      ("max_length", .number(maximumLength)),
      ("fields", .array(fields.map(\.json))),
      ("messages", .object(messages.map { ($0.0, .string($0.1)) })),
      (
        "search_fields",
        .array(
          SearchField.allCases.map {
            .object([("name", .string($0.rawValue)), ("label", .string($0.label)), ("default", .bool(SearchField.defaults.contains($0)))])
          })
      ),
      (
        "sort_modes",
        .array(
          SortMode.allCases.map {
            .object([("name", .string($0.rawValue)), ("label", .string($0.label)), ("default", .bool($0 == .default))])
          })
      ),
      ("list_name", .object([("max_length", .number(SmartList.nameLimit)), ("rule", .string(SmartList.nameRule))])),
    ])
  }
}

extension FieldDescription {
  var json: JSONValue {
    var pairs: [(String, JSONValue)] = [
      ("name", .string(name)), ("label", .string(label)), ("kind", .string(kind.rawValue)), ("required", .bool(isRequired)),
      ("editable", .bool(kind != .readOnly)),
      // A collector's field (docs/album-format.md, "The collector's fields"), which the form groups apart from the seed's.
      ("collector", .bool(CollectorField.allCases.contains { $0.key == name })),
    ]
    if let values { pairs.append(("values", .array(values.map(JSONValue.string)))) }
    if let defaultValue { pairs.append(("default", .string(defaultValue))) }
    if let digits { pairs.append(("digits", .array([.number(digits.lowerBound), .number(digits.upperBound)]))) }
    if let message { pairs.append(("message", .string(message))) }
    if let aliases { pairs.append(("aliases", .object(aliases.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) }))) }
    pairs.append(("rule_kind", ruleKind.map { .string($0.name) } ?? .null))
    return .object(pairs)
  }
}

extension RuleField.Kind {
  /// The kind's name in `GET /api/schema`.
  var name: String {
    switch self {
    case .text: "text"
    case .number: "number"
    case .date: "date"
    case .tags: "tags"
    case .presence: "presence"
    }
  }
}
