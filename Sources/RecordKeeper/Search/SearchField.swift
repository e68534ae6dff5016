/// The fields a search looks in: the seed's "Search within:" checkboxes.
public enum SearchField: String, CaseIterable, Hashable, Sendable {
  case artist
  case title
  case released
  case tracks
  case sortArtist = "sort-artist"
  case tags
  /// The label, catalog number and barcode (docs/commands.md, "Searching").
  case label
  /// The body outside the track list; searched only when asked for.
  case notes

  /// The fields a search looks in when none are named: all but notes.
  public static let defaults = Set(allCases).subtracting([.notes])

  /// The label the seed's search settings give the field.
  public var label: String {
    switch self {
    case .artist: "Artist"
    case .title: "Album Name"
    case .released: "Album Release Date"
    case .tracks: "Album Tracks"
    case .sortArtist: "Sort Artist"
    case .tags: "Tags"
    case .label: "Label, Catalog Number & Barcode"
    case .notes: "Notes"
    }
  }

  /// Parses a comma-separated list such as `artist,title`.
  ///
  /// At least one field must be named (seed §3.4).
  public static func parseList(_ text: String) throws(SearchFieldError) -> Set<SearchField> {
    var fields = Set<SearchField>()
    for name in text.split(separator: ",", omittingEmptySubsequences: true) {
      let key = String(name.trimmed.lowercased().map { $0 == "_" ? "-" : $0 })
      guard let field = SearchField(rawValue: key) else { throw .unknown(String(name)) }
      fields.insert(field)
    }
    guard !fields.isEmpty else { throw .none }
    return fields
  }
}

/// Why a list of search fields was refused.
public enum SearchFieldError: Error, Equatable, Sendable, CustomStringConvertible {
  case unknown(String)
  case none

  public var description: String {
    let names = SearchField.allCases.map(\.rawValue).joined(separator: ", ")
    switch self {
    case .unknown(let name): return "\"\(name)\" is not a field to search; use one or more of \(names)"
    case .none: return "name at least one field to search: \(names)"
    }
  }
}
