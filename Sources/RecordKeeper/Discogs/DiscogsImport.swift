import Foundation

/// Reading a Discogs collection export into records, and matching them to
/// the albums they update (docs/commands.md, "Discogs").
public enum DiscogsImport {
  /// What a column of the file becomes.
  struct Column {
    var header: String
    /// The Discogs column it is, if any.
    var known: DiscogsColumn?
    /// The front-matter key it fills; `nil` for the notes and for a column
    /// without a name, whose cells must then be blank.
    var key: String?
  }

  /// Every row of a Discogs CSV as a record, once every row has been
  /// checked: a wrong number of cells, or a value that breaks a rule of
  /// validation for a new album, is a problem; all of them are reported
  /// together, by line and column.
  ///
  /// `file` names the file in messages.
  public static func records(_ bytes: [UInt8], file: String) throws(DiscogsImportError) -> [DiscogsRecord] {
    guard let text = String(validating: bytes, as: UTF8.self) else { throw .notUTF8(file: file) }
    guard let table = DiscogsTable(text) else { throw .noHeader(file: file) }
    let columns = try self.columns(table.header, file: file)
    var problems: [DiscogsImportProblem] = []
    var records: [DiscogsRecord] = []
    for row in table.rows {
      guard row.cells.count == columns.count else {
        problems.append(
          DiscogsImportProblem(
            line: row.line, column: "row",
            message:
              "has \(row.cells.count) field\(row.cells.count == 1 ? "" : "s") but the header has \(columns.count); put a field that holds a comma, a quote or a line break in double quotes"
          ))
        continue
      }
      var record = DiscogsRecord(line: row.line, values: [], notes: nil)
      for (index, (column, cell)) in zip(columns, row.cells).enumerated() {
        let value = DiscogsRecord.value(of: cell, in: column.known)
        if column.known == .notes {
          record.notes = value
        } else if column.known == .tags {
          record.tags = value.map(DiscogsTrackList.lines)
        } else if column.known == .tracks {
          record.tracks = value.map(DiscogsTrackList.tracks)
        } else if let key = column.key {
          if let value { record.values.append(.init(key: key, value: value, column: column.header)) }
        } else if value != nil {
          problems.append(
            DiscogsImportProblem(
              line: row.line, column: "column \(index + 1)",
              message: "holds a value but has no name in the header row; name the column or empty it"))
        }
      }
      problems += record.problems(in: record.newAlbum(), comparedWith: nil)
      records.append(record)
    }
    guard problems.isEmpty else { throw .problems(file: file, problems) }
    return records
  }

  /// Keys a column may not fill: lists, which one cell cannot hold.
  private static let listKeys: Set<String> = ["tags", "tracks"]

  /// What each header names, or every problem with the header row.
  static func columns(_ header: [String], file: String) throws(DiscogsImportError) -> [Column] {
    var problems: [DiscogsImportProblem] = []
    var columns: [Column] = []
    var byKey: [String: String] = [:]
    for name in header {
      let known = DiscogsColumn(header: name)
      let key: String?
      if let known {
        key = known.key
      } else {
        key = name.isEmpty ? nil : DiscogsColumn.key(forHeader: name)
      }
      if let key {
        if key.isEmpty {
          problems.append(.init(line: 1, column: name, message: "has no letter or digit to name a key after; rename the column"))
        } else if listKeys.contains(key) {
          problems.append(
            .init(line: 1, column: name, message: "rk keeps \(key) as a list, which one cell cannot hold; remove or rename the column"))
        } else if let other = byKey[key] {
          problems.append(.init(line: 1, column: name, message: "gives the key \(key), as the column \(other) does; remove one of them"))
        } else {
          byKey[key] = name
        }
      } else if let known, let other = columns.first(where: { $0.known == known }) {
        problems.append(.init(line: 1, column: name, message: "repeats the column \(other.header); remove one of them"))
      }
      columns.append(Column(header: name, known: known, key: key))
    }
    for column in DiscogsColumn.required where !columns.contains(where: { $0.known == column }) {
      problems.append(
        .init(
          line: 1, column: column.header,
          message:
            "the header row has no such column, and an import needs it; Discogs' export has it: export the collection again, or add the column"
        ))
    }
    guard problems.isEmpty else { throw .problems(file: file, problems) }
    return columns
  }

  /// Whether copy `a` of a release comes before copy `b`: by album id,
  /// numbers compared as numbers (`x-2` before `x-10`). Import matches a
  /// release's nth row to its nth copy in this order, and export writes
  /// copies in it, so that a round trip pairs every copy with itself.
  public static func copyPrecedes(_ a: String, _ b: String) -> Bool {
    switch a.compare(b, options: [.numeric, .literal]) {
    case .orderedAscending: true
    case .orderedDescending: false
    case .orderedSame: a < b
    }
  }

  /// The id of the album each record updates, or `nil` for a record that
  /// adds one.
  ///
  /// Discogs allows several copies of one release: the rows of a release
  /// id update the albums with that `discogs` id. A row whose `Date Added`
  /// (Discogs' own mark of each copy) is that of one of them updates that
  /// one; the others pair by occurrence: the nth such row with the nth such
  /// copy in ``copyPrecedes(_:_:)`` order. Rows beyond the copies there add
  /// albums. A row without a release id (written by `rk export csv` for an
  /// album not from Discogs) matches, the same way, an album without one of
  /// the same artist and title.
  public static func match(_ records: [DiscogsRecord], to albums: [Album]) -> [String?] {
    var groups: [String: [Album]] = [:]
    for album in albums {
      groups[album.discogs.map { "d" + $0 } ?? "n" + album.artist + "\u{0}" + album.title, default: []].append(album)
    }
    var rows: [String: [Int]] = [:]
    for (index, record) in records.enumerated() {
      let key = record.releaseID.map { "d" + $0 } ?? "n" + (record.value(of: "artist") ?? "") + "\u{0}" + (record.value(of: "title") ?? "")
      rows[key, default: []].append(index)
    }
    var matches = [String?](repeating: nil, count: records.count)
    for (key, indices) in rows {
      var copies = (groups[key] ?? []).sorted { copyPrecedes($0.id, $1.id) }
      var pending: [Int] = []
      for index in indices {
        let added = records[index].value(of: DiscogsColumn.dateAddedKey)
        if let added,
          let copy = copies.firstIndex(where: { $0.extra.first { $0.key == DiscogsColumn.dateAddedKey }?.value == .string(added) })
        {
          matches[index] = copies.remove(at: copy).id
        } else {
          pending.append(index)
        }
      }
      for (index, copy) in zip(pending, copies) { matches[index] = copy.id }
    }
    return matches
  }

  /// The keys whose values differ between `before` and `after`, in the
  /// order an album's file lists them, `notes` last; dates compared by
  /// what they mean.
  public static func changedKeys(from before: Album, to after: Album) -> [String] {
    var keys: [String] = []
    if before.title != after.title { keys.append(Field.title.rawValue) }
    if before.artist != after.artist { keys.append(Field.artist.rawValue) }
    if before.sortArtist != after.sortArtist { keys.append(Field.sortArtist.rawValue) }
    if (before.releaseDate?.text ?? before.released) != (after.releaseDate?.text ?? after.released) { keys.append(Field.released.rawValue) }
    if before.wikipedia != after.wikipedia { keys.append(Field.wikipedia.rawValue) }
    for field in CollectorField.allCases where before[keyPath: field.keyPath] != after[keyPath: field.keyPath] {
      keys.append(field.key)
    }
    for field in after.extra where before.extra.first(where: { $0.key == field.key })?.value != field.value {
      keys.append(field.key)
    }
    if before.tags != after.tags { keys.append("tags") }
    if before.trackList != after.trackList { keys.append("tracks") }
    if before.body != after.body { keys.append("notes") }
    return keys
  }
}
