/// One release `rk lookup` offers: what tells pressings apart, and the id
/// that `rk add --musicbrainz` takes.
public struct LookupCandidate: Hashable, Sendable {
  /// The MusicBrainz release id.
  public var id: String
  public var title: String
  public var artist: String
  public var date: String?
  public var country: String?
  /// `LP`, `2×LP`, `CD` … (see ``MusicBrainzRelease/formatText``).
  public var format: String?
  public var label: String?
  public var catalogNumber: String?
  public var barcode: String?
  /// How well the release matched the search, 0–100.
  public var score: Int?

  public init(_ release: MusicBrainzRelease) {
    id = release.id.lowercased()
    title = release.title.trimmed
    artist = release.artistText
    date = release.date.map(\.trimmed).flatMap { $0.isEmpty ? nil : $0 }
    country = release.country.map(\.trimmed).flatMap { $0.isEmpty ? nil : $0 }
    format = release.formatText
    label = release.labelName
    catalogNumber = release.catalogNumber
    barcode = release.barcode.map(\.trimmed).flatMap { $0.isEmpty ? nil : $0 }
    score = release.score
  }

  /// The candidates of a search, best first (MusicBrainz's order).
  public static func all(in search: MusicBrainzReleaseSearch) -> [LookupCandidate] {
    search.releases.map(LookupCandidate.init)
  }

  /// The fields that may be unknown, with their keys in ``json``: the one
  /// list that writing the JSON and reading it back (a stored scan's match) go by.
  static var optionalTexts: [(key: String, field: WritableKeyPath<LookupCandidate, String?>)] {
    [
      ("date", \.date), ("country", \.country), ("format", \.format), ("label", \.label),
      ("catalog_number", \.catalogNumber), ("barcode", \.barcode),
    ]
  }

  /// `rk lookup --json`'s object: every field, null when unknown.
  public var json: JSONValue {
    .object(
      [("musicbrainz", .string(id)), ("title", .string(title)), ("artist", .string(artist))]
        + Self.optionalTexts.map { ($0.key, .optional(self[keyPath: $0.field])) }
        + [("score", score.map(JSONValue.number) ?? .null)])
  }
}
