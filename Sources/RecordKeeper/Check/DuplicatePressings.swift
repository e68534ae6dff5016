/// Albums that are the same pressing twice (issue 8, docs/album-format.md, "Validation"): the
/// same Discogs release, the same MusicBrainz release, or the same barcode.
/// Usually one record added twice, by hand and again by an import; `rk check`
/// reports each album of such a pair, unless the collector marked them as
/// copies of one release owned twice: `copy: 2` (a whole number, different
/// for each; an album without the key is copy 1).
public enum DuplicatePressings {
  /// The fields that name one pressing.
  public static let fields: [CollectorField] = [.discogs, .musicbrainz, .barcode]

  /// The key that numbers two copies of one pressing apart.
  public static let copyKey = "copy"

  /// The album's copy number: its `copy` key, 1 without one, `nil` when
  /// the key holds no whole number from 1 up.
  static func copy(of album: Album) -> Int? {
    guard let field = album.extra.first(where: { $0.key == copyKey }) else { return 1 }
    switch field.value {
    case .number(let number) where number >= 1: return number
    case .string(let text): return Int(text.trimmed).flatMap { $0 >= 1 ? $0 : nil }
    default: return nil
    }
  }

  /// One issue for each album and field whose identifier another album
  /// shares, on the line of that field in the album's file.
  public static func issues(in collection: RecordCollection) -> [AlbumIssue] {
    let realRoot = (try? FileSystem.realPath(collection.location.root)) ?? collection.location.root
    // Duplicates are rare, so only their files are read again for lines.
    return issues(in: collection.albums) { id, field in
      let path = collection.location.path(id + "/" + AlbumFile.name)
      guard let bytes = try? FileSystem.read(path, limit: RecordCollection.albumFileSizeLimit, inside: realRoot),
        let parsed = try? AlbumFile.parse(bytes, id: id)
      else { return 1 }
      return parsed.lines.line(of: .collector(field))
    }
  }

  /// The issues among `albums`, with `line` giving where an album's field is written.
  static func issues(in albums: [Album], line: (_ id: String, CollectorField) -> Int) -> [AlbumIssue] {
    var issues: [AlbumIssue] = []
    for field in fields {
      var holders: [String: [Album]] = [:]
      for album in albums {
        if let value = album[keyPath: field.keyPath], let identity = identity(of: value, for: field) {
          holders[identity, default: []].append(album)
        }
      }
      for group in holders.values where group.count > 1 {
        // Copies numbered apart are what the collector owns twice; a copy
        // key that is no number tells no copy apart.
        let copies = group.map(copy(of:))
        let twice = copies.contains(nil) ? copies : copies.filter { copy in copies.filter { $0 == copy }.count > 1 }
        for album in group where twice.contains(copy(of: album)) {
          let others = group.filter { $0.id != album.id }.map(\.id).sorted()
          let value = album[keyPath: field.keyPath] ?? ""
          issues.append(
            AlbumIssue(id: album.id, line: line(album.id, field), field: field.key, message: message(field, value, others)))
        }
      }
    }
    return issues.sorted { ($0.id, $0.line, $0.field) < ($1.id, $1.line, $1.field) }
  }

  /// What two spellings of one identifier have in common: the digits of a
  /// barcode, a Discogs id without leading zeros, a lowercase UUID. `nil`
  /// for a value that breaks its field's rule, which `rk check` reports
  /// already.
  static func identity(of value: String, for field: CollectorField) -> String? {
    guard field.problem(with: value) == nil else { return nil }
    switch field {
    case .barcode: return value.filter(\.isNumber)
    case .discogs: return String(value.drop { $0 == "0" })
    case .musicbrainz: return value.lowercased()
    default: return value
    }
  }

  private static func message(_ field: CollectorField, _ value: String, _ others: [String]) -> String {
    let list = others.count == 1 ? others[0] : others.dropLast().joined(separator: ", ") + " and " + (others.last ?? "")
    let what =
      switch field {
      case .discogs: "Discogs release \(value)"
      case .musicbrainz: "MusicBrainz release \(value)"
      default: "barcode \(value)"
      }
    let fix = field == .barcode ? "the barcode printed on its own sleeve" : "the id of its own pressing"
    return "same \(what) as \(list) — keep one, give each album \(fix), or if you own it twice number the copies (copy: 2)"
  }
}
