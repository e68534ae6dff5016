/// An album's searchable text, folded once (``TextFolding``), field by field,
/// as ``SearchMatcher`` reads it: for a server that answers a search on
/// every keystroke over the same albums.
public struct SearchText: Hashable, Sendable {
  /// The folded bytes of every field, in ``order``, each text followed by a
  /// zero byte exactly as ``SearchMatcher/matches(_:scratch:)`` lays them out.
  public let bytes: [UInt8]
  /// Where each field's bytes are, by ``SearchField/index``.
  let ranges: [Range<Int>]

  /// The order in which the matcher lays the fields out. Notes are left
  /// out: searched only on request, they are read from the album then,
  /// rather than kept folded for every album a server holds.
  static let order: [SearchField] = SearchField.allCases.filter { $0 != .notes }.sorted { $0.index < $1.index }

  public init(_ album: Album) {
    var folded = [[UInt8]](repeating: [], count: Self.order.count)
    func add(_ text: String?, _ field: SearchField) {
      if let text { SearchMatcher.appendFolded(text, to: &folded[field.index]) }
    }
    add(album.artist, .artist)
    add(album.title, .title)
    add(album.released.map { album.releaseDate?.text ?? $0 }, .released)
    add(album.sortArtist, .sortArtist)
    for tag in album.tags { add(tag, .tags) }
    for text in [album.label, album.catalogNumber] { add(text, .label) }
    if let barcode = album.barcode { BarcodeDigits.appendFolded(barcode, to: &folded[SearchField.label.index]) }
    for track in album.trackList { add(track.name, .tracks) }
    var bytes: [UInt8] = []
    var ranges: [Range<Int>] = []
    for field in folded {
      ranges.append(bytes.count..<bytes.count + field.count)
      bytes += field
    }
    self.bytes = bytes
    self.ranges = ranges
  }

  /// The folded text of each field but notes, by ``SearchField`` name (a
  /// field with no text left out), each text followed by a zero byte: the
  /// app's offline search matches its folded terms against these, so it
  /// never folds an album itself (`GET /api/changes`).
  public var json: JSONValue {
    .object(
      Self.order.compactMap { field in
        let range = ranges[field.index]
        return range.isEmpty ? nil : (field.rawValue, .string(String(decoding: bytes[range], as: UTF8.self)))
      })
  }
}

extension SearchField {
  /// The field's place in ``SearchText/order``: where
  /// ``SearchMatcher/matches(_:scratch:)`` puts it (a new field must be
  /// placed here, which the compiler asks for).
  var index: Int {
    switch self {
    case .artist: 0
    case .title: 1
    case .released: 2
    case .sortArtist: 3
    case .tags: 4
    case .label: 5
    case .tracks: 6
    case .notes: 7
    }
  }
}
