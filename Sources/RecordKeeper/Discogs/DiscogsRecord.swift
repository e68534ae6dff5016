/// One row of a Discogs CSV, as the album fields it sets (docs/commands.md, "Discogs").
///
/// Blank cells set nothing: an import adds and changes, and never removes
/// what an album holds.
public struct DiscogsRecord: Hashable, Sendable {
  /// A front-matter key and the value the row gives it.
  public struct Value: Hashable, Sendable {
    public var key: String
    public var value: String
    /// The column's header as written, for messages.
    public var column: String
  }

  /// The line of the file the row starts on.
  public var line: Int
  /// The values in the order of the columns.
  public var values: [Value]
  /// `Collection Notes`, line breaks made `\n` and trimmed; `nil` when blank.
  public var notes: String?
  /// `Tags`, one a line; `nil` when blank.
  public var tags: [String]? = nil
  /// `Tracks`, as ``DiscogsTrackList`` reads them; `nil` when blank.
  public var tracks: [Album.Track]? = nil

  /// The value the row gives `key`, if any.
  public func value(of key: String) -> String? { values.first { $0.key == key }?.value }

  /// The Discogs release id, or `nil` when the cell is blank.
  public var releaseID: String? { value(of: CollectorField.discogs.key) }

  /// The value a cell of `column` stands for, as rk keeps it; `nil` for
  /// one that means nothing (blank, a rating of 0, a date of zeros,
  /// `Not Graded`).
  public static func value(of cell: String, in column: DiscogsColumn?) -> String? {
    var text = cell.trimmed
    switch column {
    case .artist?, .label?: text = DiscogsColumn.droppingSuffixes(text)
    case .rating?: if text == "0" { return nil }
    case .released?: return releasedDate(text)
    case .mediaCondition?, .sleeveCondition?:
      if text.lowercased() == "not graded" { return nil }
      text = CollectorField.shortGrade(text)
    case .notes?, .tags?, .tracks?: text = text.replacing("\r\n", with: "\n").replacing("\r", with: "\n").trimmed
    default: break
    }
    return text.isEmpty ? nil : text
  }

  /// Discogs' `Released`: a year, a full date, or zeros where a part is not
  /// known (`1970-00-00`, `1970-05-00`, `0`). What is real is kept: `1970`,
  /// `1970-05`; all zeros is no date. Anything else is kept for validation
  /// to judge.
  static func releasedDate(_ text: String) -> String? {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard (1...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) && $0.allSatisfy(\.isASCII) }) else {
      return text.isEmpty ? nil : text
    }
    let real = parts.prefix { Int($0) != 0 }
    // A zero part before a real one (`0000-05-01`) is not Discogs' way of
    // saying "unknown": leave it for validation to refuse.
    if real.count < parts.count, parts[real.count...].contains(where: { Int($0) != 0 }) { return text }
    return real.isEmpty ? nil : real.joined(separator: "-")
  }

  /// Sets what the row gives on `album`: the album's and the collector's fields its
  /// columns name, other keys as extra keys (changed in place, added after
  /// the others), and the notes as the body's `## Notes` section.
  public func apply(to album: inout Album) {
    for value in values {
      switch AlbumField(key: value.key) {
      case .title?: album.title = value.value
      case .artist?: album.artist = value.value
      case .sortArtist?: album.sortArtist = value.value
      case .released?:
        // The same date written without padding is no change.
        if album.releaseDate?.text != value.value { album.released = value.value }
      case .wikipedia?: album.wikipedia = value.value
      case .collector(let field)?: album[keyPath: field.keyPath] = value.value
      case .track?, .tag?: break  // refused with the header
      case nil: Self.setExtra(value.key, to: value.value, in: &album)
      }
    }
    // Tags are added, never removed; tracks fill an album that has none, so
    // a track list a person wrote is never replaced. Validation judges both.
    for tag in tags ?? [] where !album.tags.contains(tag) { album.tags.append(tag) }
    if let tracks, album.trackList.isEmpty { album.trackList = tracks }
    if let notes, !DiscogsNotes.holds(notes, in: album.body) {
      album.body = DiscogsNotes.setting(notes, in: album.body)
    }
  }

  /// A new album holding what the row gives.
  public func newAlbum() -> Album {
    var album = Album(id: "", title: "", artist: "")
    apply(to: &album)
    return album
  }

  private static func setExtra(_ key: String, to value: String, in album: inout Album) {
    let field = ExtraField(key: key, yaml: "\(key): \(YAMLScalar.quoted(value))\n", value: .string(value))
    if let index = album.extra.firstIndex(where: { $0.key == key }) {
      if album.extra[index].value != field.value { album.extra[index] = field }
    } else {
      album.extra.append(field)
    }
  }

  /// The problems the row gives an album (a new one, or `original` when
  /// it updates one), each named by the column it came from.
  /// In the order of the columns.
  func problems(in album: Album, comparedWith original: Album?) -> [DiscogsImportProblem] {
    let located = album.problems(notIn: original).map { problem in
      let index = values.firstIndex { $0.key == problem.field.key }
      let column =
        index.map { values[$0].column }
        ?? DiscogsColumn.allCases.first { $0.key == problem.field.key }?.header ?? problem.field.key
      return (index: index ?? values.count, problem: DiscogsImportProblem(line: line, column: column, message: problem.message))
    }
    return located.sorted { $0.index < $1.index }.map(\.problem)
  }
}
