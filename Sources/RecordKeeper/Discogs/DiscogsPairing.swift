/// Rows of a Discogs CSV that match no album by release id, paired with an
/// album typed in by hand (no `discogs` id yet) instead of added beside it
/// as a `-2` copy (docs/commands.md, "Discogs").
public enum DiscogsPairing: String, Sendable, CustomStringConvertible {
  case barcode
  case catalogNumber = "catalog number"
  case artistAndTitle = "artist and title"

  /// What a row was paired by, as the import says it.
  public var description: String { rawValue }

  /// For each record `matched` leaves without an album, the album it pairs
  /// with and by what: the first of barcode (its digits), catalog number
  /// (folded, letters and digits only), then folded artist and title, that
  /// one album without a `discogs` id shares, taken in row order. An album
  /// pairs with one row at most, and never with one `matched` gave a row.
  static func pair(_ records: [DiscogsRecord], matched: [String?], albums: [Album]) -> [Int: (id: String, by: DiscogsPairing)] {
    let taken = Set(matched.compactMap { $0 })
    var free = albums.filter { $0.discogs == nil && !taken.contains($0.id) }.sorted { DiscogsImport.copyPrecedes($0.id, $1.id) }
    var pairs: [Int: (id: String, by: DiscogsPairing)] = [:]
    for (index, record) in records.enumerated() where matched[index] == nil {
      for way in [Self.barcode, .catalogNumber, .artistAndTitle] {
        guard let wanted = way.key(of: record), let found = free.firstIndex(where: { way.key(of: $0) == wanted }) else { continue }
        pairs[index] = (free.remove(at: found).id, way)
        break
      }
    }
    return pairs
  }

  /// What a row gives to pair by this way; `nil` when it gives nothing.
  private func key(of record: DiscogsRecord) -> String? {
    switch self {
    case .barcode: Self.digits(record.value(of: CollectorField.barcode.key))
    case .catalogNumber: Self.compact(record.value(of: CollectorField.catalogNumber.key))
    case .artistAndTitle: Self.name(record.value(of: Field.artist.rawValue), record.value(of: Field.title.rawValue))
    }
  }

  private func key(of album: Album) -> String? {
    switch self {
    case .barcode: Self.digits(album.barcode)
    case .catalogNumber: Self.compact(album.catalogNumber)
    case .artistAndTitle: Self.name(album.artist, album.title)
    }
  }

  private static func digits(_ text: String?) -> String? {
    let digits = text?.filter(\.isNumber) ?? ""
    return digits.isEmpty ? nil : digits
  }

  /// `CL 1355`, `cl-1355` and `CL1355` are one catalog number.
  private static func compact(_ text: String?) -> String? {
    let folded = TextFolding.fold(text ?? "").filter { $0.isLetter || $0.isNumber }
    return folded.isEmpty ? nil : folded
  }

  private static func name(_ artist: String?, _ title: String?) -> String? {
    guard let artist = compact(artist), let title = compact(title) else { return nil }
    return artist + "\u{0}" + title
  }
}

extension DiscogsRecord {
  /// Fills `album`, typed in by hand, with what the row gives that it
  /// lacks: every value the album already holds stays as the person wrote
  /// it; the `discogs` id, empty fields, new tags, a track list where there
  /// is none and the `### Discogs` notes part are added.
  func fill(_ album: inout Album) {
    let original = album
    apply(to: &album)
    album.title = original.title.isEmpty ? album.title : original.title
    album.artist = original.artist.isEmpty ? album.artist : original.artist
    album.sortArtist = original.sortArtist ?? album.sortArtist
    album.released = original.released ?? album.released
    album.wikipedia = original.wikipedia ?? album.wikipedia
    for field in CollectorField.allCases {
      if let kept = original[keyPath: field.keyPath], !kept.isEmpty { album[keyPath: field.keyPath] = kept }
    }
    for field in original.extra {
      if let index = album.extra.firstIndex(where: { $0.key == field.key }) { album.extra[index] = field }
    }
  }
}
