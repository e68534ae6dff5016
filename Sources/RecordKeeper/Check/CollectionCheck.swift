/// What `rk check` reports (docs/album-format.md, "Validation"): every problem of every album and
/// cover, files that could not be read among them, and duplicate pressings,
/// sorted by album and line.
public struct CollectionCheck: Sendable {
  public let location: CollectionLocation
  /// Albums looked at, the unreadable ones included.
  public let albumCount: Int
  /// Every problem, sorted by album id, then line.
  public let issues: [AlbumIssue]
  /// What the summary counts: albums, or the files named.
  private var noun = "album"

  /// Checks a loaded collection, and its smart lists' files (docs/album-format.md,
  /// "Smart lists") when given; covers are read from disk.
  public init(_ collection: RecordCollection, lists: SmartLists = SmartLists()) {
    location = collection.location
    albumCount = collection.albums.count + collection.unreadable.count
    let covers = collection.albums.flatMap { CoverCheck.problems(of: $0, in: collection.location) }
    let duplicates = DuplicatePressings.issues(in: collection)
    let listIssues = lists.problems.map(\.albumIssue)
    // An unfinished merge's conflicts (docs/merging.md, "Seeing and settling conflicts"): the albums read fine
    // with our values, but nothing is committed until they are resolved.
    let mergeIssues = FieldConflict.unresolved(in: collection.location).map(\.albumIssue)
    // Lines of plays/*.md that are no play (docs/album-format.md, "Plays files").
    let ids = Set(collection.albums.map(\.id) + collection.unreadable.map(\.id))
    let playIssues = PlayHistory.load(collection.location).problems + PlaysWithoutAlbum.issues(in: collection.location, albums: ids)
    // The merge settings in .gitattributes (docs/merging.md, "The merge driver").
    let attributeIssues = MergeAttributes.issues(in: collection.location)
    let orderedListIssues = OrderedLists.problems(in: collection.location, albums: ids)
    issues =
      (collection.unreadable + collection.problems + covers + duplicates + listIssues + mergeIssues + playIssues + attributeIssues
      + orderedListIssues)
      .sorted { ($0.id, $0.line) < ($1.id, $1.line) }
  }

  /// Only the issues of `files` (collection-relative: an album's folder or
  /// a file in it, a plays file, a smart list's file), each counted as one
  /// file checked: what `rk check PATH…` reports. `location` is where
  /// the paths are reported (for a copy checked elsewhere).
  public func restricted(to files: [String], reportedIn location: CollectionLocation? = nil) -> CollectionCheck {
    let keys = Set(files)
    return CollectionCheck(
      location: location ?? self.location, albumCount: keys.count,
      issues: issues.filter { issue in keys.contains { $0 == issue.id || $0.hasPrefix(issue.id + "/") || issue.id.hasPrefix($0 + "/") } },
      counting: "file")
  }

  private init(location: CollectionLocation, albumCount: Int, issues: [AlbumIssue], counting noun: String) {
    self.location = location
    self.albumCount = albumCount
    self.issues = issues
    self.noun = noun
  }

  /// Whether nothing is wrong.
  public var isClean: Bool { issues.isEmpty }

  /// How many albums have at least one problem.
  public var albumsWithProblems: Int {
    Set(issues.map(\.id).filter { !$0.hasPrefix(".") && !PlayHistory.isPlaysFile($0) }).count
  }

  /// `12 albums checked: no problems.` or `12 albums checked: 5 problems in 2 albums.`
  public var summary: String {
    let checked = "\(albumCount) \(noun)\(albumCount == 1 ? "" : "s") checked"
    guard !isClean else { return "\(checked): no problems." }
    let albums = albumsWithProblems
    let lists = Set(issues.map(\.id).filter { $0.hasPrefix(CollectionLocation.markerFolder + "/") }).count
    let plays = Set(issues.map(\.id).filter(PlayHistory.isPlaysFile)).count
    let settings = issues.contains { $0.id == MergeAttributes.path }
    let places = [
      albums > 0 ? "\(albums) album\(albums == 1 ? "" : "s")" : nil, lists > 0 ? "\(lists) smart list\(lists == 1 ? "" : "s")" : nil,
      plays > 0 ? "\(plays) plays file\(plays == 1 ? "" : "s")" : nil, settings ? MergeAttributes.path : nil,
    ]
    return "\(checked): \(issues.count) problem\(issues.count == 1 ? "" : "s") in \(places.compactMap { $0 }.joined(separator: " and "))."
  }

  /// `{"albums": N, "problems": [{path, line, field, message}]}`.
  public var json: JSONValue {
    let problems = issues.map { $0.json(in: location) }
    return .object([("albums", .number(albumCount)), ("problems", .array(problems))])
  }
}
