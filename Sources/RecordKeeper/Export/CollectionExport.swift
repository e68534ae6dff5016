import CSV
import Foundation

/// The collection written out for other programs (docs/commands.md, "Exporting").
public enum CollectionExport {
  /// The albums as a Discogs-style CSV: Discogs' thirteen columns in its
  /// order, then a column for each other field some album holds (known
  /// front-matter keys: `sort_artist`, `barcode` …, then extra keys with a text
  /// value, by name), headed by its key. Quoting is CSV.swift's.
  ///
  /// `rk import discogs` of the result changes nothing: conditions are
  /// written with Discogs' long names, which import stores short again;
  /// the notes are ``DiscogsNotes``' text; copies of one release come in
  /// ``DiscogsImport/copyPrecedes(_:_:)`` order, the order import pairs
  /// them in; tags and tracks are one a line (``DiscogsTrackList``), so an
  /// export imported into an empty collection gives back every album.
  public static func csv(_ albums: [Album]) throws(ExportError) -> [UInt8] {
    let albums = albums.sorted { DiscogsImport.copyPrecedes($0.id, $1.id) }
    let covered = Set(DiscogsColumn.allCases.compactMap(\.key))
    let fields: [(key: String, value: (Album) -> String?)] =
      [(Field.sortArtist.rawValue, { $0.sortArtist }), (Field.wikipedia.rawValue, { $0.wikipedia })]
      + CollectorField.allCases.filter { !covered.contains($0.key) }.map { field in (field.key, { $0[keyPath: field.keyPath] }) }
    let knownKeys = Set(fields.map(\.key)).union(covered).union([
      Field.title.rawValue, Field.artist.rawValue, Field.released.rawValue, Field.tags.rawValue, Field.tracks.rawValue,
    ])
    var extraKeys = Set<String>()
    for album in albums {
      for field in album.extra where Self.text(field.value) != nil && DiscogsColumn.key(forHeader: field.key) == field.key {
        extraKeys.insert(field.key)
      }
    }
    let extra: [(key: String, value: (Album) -> String?)] = extraKeys.subtracting(knownKeys).sorted().map { key in
      (key, { album in album.extra.first { $0.key == key }.flatMap { Self.text($0.value) } })
    }
    let more = (fields + extra).filter { column in albums.contains { column.value($0) != nil } }

    let stream = OutputStream.toMemory()
    do {
      let writer = try CSVWriter(stream: stream)
      try writer.write(row: DiscogsColumn.allCases.map(\.header) + more.map(\.key))
      for album in albums {
        try writer.write(row: DiscogsColumn.allCases.map { discogsCell($0, of: album) } + more.map { $0.value(album) ?? "" })
      }
      writer.stream.close()
    } catch {
      throw .csv(String(describing: error))
    }
    guard let data = stream.property(forKey: .dataWrittenToMemoryStreamKey) as? Data else {
      throw .csv("the CSV writer's output could not be read back")
    }
    return Array(data) + [UInt8(ascii: "\n")]
  }

  /// The albums as `rk list --json` prints them: a JSON array of the album
  /// objects of docs/commands.md, "Output: JSON, --format and the terminal", one a line, in `order`, each with its group.
  public static func json(_ albums: [Album], order: AlbumOrder) -> [UInt8] {
    Album.jsonArrayChunks(albums, arranged: order.arrangement(of: albums)).flatMap(\.bytes) + [UInt8(ascii: "\n")]
  }

  /// What an album puts in one of Discogs' columns.
  static func discogsCell(_ column: DiscogsColumn, of album: Album) -> String {
    func extra(_ key: String) -> String? { album.extra.first { $0.key == key }.flatMap { text($0.value) } }
    func grade(_ value: String?) -> String? {
      value.map { value in CollectorField.grades.first { $0.short == value }?.long ?? value }
    }
    let value: String? =
      switch column {
      case .catalogNumber: album.catalogNumber
      case .artist: album.artist
      case .title: album.title
      case .label: album.label
      case .format: album.format
      case .rating: album.rating
      case .released: album.releaseDate?.text ?? album.released
      case .releaseID: album.discogs
      case .folder: extra(DiscogsColumn.folderKey)
      case .dateAdded: extra(DiscogsColumn.dateAddedKey)
      case .mediaCondition: grade(album.mediaCondition)
      case .sleeveCondition: grade(album.sleeveCondition)
      case .notes: DiscogsNotes.text(of: album.body)
      case .tags: DiscogsTrackList.cell(tags: album.tags)
      case .tracks: DiscogsTrackList.cell(tracks: album.trackList)
      }
    return value ?? ""
  }

  private static func text(_ value: JSONValue) -> String? {
    if case .string(let text) = value { return text }
    return nil
  }
}

/// Why an export could not be made.
public enum ExportError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The CSV writer failed, as it said.
  case csv(String)

  public var description: String {
    switch self {
    case .csv(let problem): "the CSV could not be written (\(problem)); nothing was written"
    }
  }
}
