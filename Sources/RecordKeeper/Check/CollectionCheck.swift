/// What `rk check` reports (PRODUCT.md §2): every problem of every album and
/// cover, files that could not be read among them, and duplicate pressings,
/// sorted by album and line.
public struct CollectionCheck: Sendable {
  public let location: CollectionLocation
  /// Albums looked at, the unreadable ones included.
  public let albumCount: Int
  /// Every problem, sorted by album id, then line.
  public let issues: [AlbumIssue]

  /// Checks a loaded collection; covers are read from disk.
  public init(_ collection: RecordCollection) {
    location = collection.location
    albumCount = collection.albums.count + collection.unreadable.count
    let covers = collection.albums.flatMap { CoverCheck.problems(of: $0, in: collection.location) }
    let duplicates = DuplicatePressings.issues(in: collection)
    issues = (collection.unreadable + collection.problems + covers + duplicates).sorted { ($0.id, $0.line) < ($1.id, $1.line) }
  }

  /// Whether nothing is wrong.
  public var isClean: Bool { issues.isEmpty }

  /// How many albums have at least one problem.
  public var albumsWithProblems: Int { Set(issues.map(\.id)).count }

  /// `12 albums checked: no problems.` or `12 albums checked: 5 problems in 2 albums.`
  public var summary: String {
    let checked = "\(albumCount) album\(albumCount == 1 ? "" : "s") checked"
    guard !isClean else { return "\(checked): no problems." }
    let albums = albumsWithProblems
    return "\(checked): \(issues.count) problem\(issues.count == 1 ? "" : "s") in \(albums) album\(albums == 1 ? "" : "s")."
  }

  /// `{"albums": N, "problems": [{path, line, field, message}]}`.
  public var json: JSONValue {
    let problems = issues.map { issue in
      JSONValue.object([
        ("path", .string(issue.path(in: location))),
        ("line", .number(issue.line)),
        ("field", .string(issue.field)),
        ("message", .string(issue.message)),
      ])
    }
    return .object([("albums", .number(albumCount)), ("problems", .array(problems))])
  }
}
