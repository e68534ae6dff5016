/// A problem with one cell, row or column of a Discogs CSV, where it is:
/// made by the importer only, read by those who print it.
public struct DiscogsImportProblem: Hashable, Sendable {
  /// The 1-based line of the file: where the row starts, or 1 for the header.
  public var line: Int
  /// The column's header as written, or `row` for the row as a whole.
  public var column: String
  /// What is wrong and what to do.
  public var message: String

  /// `FILE:LINE: column: message`.
  public func formatted(file: String) -> String { "\(file):\(line): \(column): \(message)" }
}

/// Why `rk import discogs` imported nothing. In every case nothing was
/// written and nothing committed.
public enum DiscogsImportError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file (as named) is not UTF-8 text.
  case notUTF8(file: String)
  /// The file (as named) holds no header row.
  case noHeader(file: String)
  /// Every problem found in the file, in order of lines.
  case problems(file: String, [DiscogsImportProblem])
  /// Albums of the collection that cannot be read (`PATH:LINE: message`):
  /// one may be a copy the file holds, which an import would then add twice.
  case unreadableAlbums([String])
  /// The collection could not be read or changed.
  case store(StoreError)

  public var description: String {
    switch self {
    case .notUTF8(let file): "\(file): not UTF-8 text: export the CSV from Discogs again, or save it as UTF-8"
    case .noHeader(let file):
      "\(file):1: the file is empty: a Discogs export starts with a header row (Catalog#,Artist,Title,…)"
    case .problems(let file, let problems):
      problems.map { $0.formatted(file: file) }.joined(separator: "\n")
    case .unreadableAlbums(let issues):
      "nothing was imported: these albums cannot be read, and one may be a copy the file holds, which would then be added twice; fix them (rk check), then import again:\n"
        + issues.map { "  " + $0 }.joined(separator: "\n")
    case .store(let error): error.description
    }
  }
}
