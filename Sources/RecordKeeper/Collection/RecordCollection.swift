/// A collection loaded into memory: every album below the root, plus what is
/// wrong with any of them.
public struct RecordCollection: Sendable {
  public let location: CollectionLocation
  /// Every album whose file could be read, in no particular order.
  public private(set) var albums: [Album]
  /// Files that could not be read at all; their albums are missing from ``albums``.
  public private(set) var unreadable: [AlbumIssue]
  /// Rules broken by albums that did load.
  public private(set) var problems: [AlbumIssue]

  public init(location: CollectionLocation, albums: [Album], unreadable: [AlbumIssue] = [], problems: [AlbumIssue] = []) {
    self.location = location
    self.albums = albums
    self.unreadable = unreadable
    self.problems = problems
  }

  /// Loads every `album.md` below the root, skipping hidden folders.
  ///
  /// A broken file never stops the others from loading. `beforeListing`,
  /// when given, is called with each folder walked (its path relative to
  /// the root, `""` for the root) just before the folder is listed, on any
  /// thread: `rk serve` starts watching the folder there, so that a change
  /// made after the folder was read is seen without walking the tree again.
  public static func load(
    _ location: CollectionLocation, beforeListing: (@Sendable (String) -> Void)? = nil
  ) throws(CollectionError) -> RecordCollection {
    var collection = RecordCollection(location: location, albums: [])
    let realRoot = (try? FileSystem.realPath(location.root)) ?? location.root
    let outcomes = try walk(location, beforeListing: beforeListing) { id, entries in
      read(folder: id, entries: entries, in: location, realRoot: realRoot)
    }
    for outcome in outcomes {
      switch outcome {
      case .parsed(let album, let problems):
        collection.albums.append(album)
        collection.problems += problems
      case .failed(let issue): collection.unreadable.append(issue)
      }
    }
    collection.unreadable.sort { ($0.id, $0.line) < ($1.id, $1.line) }
    collection.problems.sort { ($0.id, $0.line) < ($1.id, $1.line) }
    return collection
  }

  /// The ids of every album below the root, found from folder listings alone.
  public static func albumIDs(_ location: CollectionLocation) throws(CollectionError) -> [String] {
    try walk(location) { id, entries in entries.contains { $0.name == AlbumFile.name && !$0.isDirectory } ? id : nil }
  }

  /// What reading one folder gave. The parse's ``SourceLines`` (a
  /// dictionary and two arrays per album) are dropped on the worker: kept
  /// until every album was read, they were some 60 MB of the peak at 100k.
  private enum Outcome: Sendable {
    case parsed(Album, [AlbumIssue])
    case failed(AlbumIssue)
  }

  /// Visits every folder below the root (hidden ones skipped) with its
  /// listing. Folders are read level by level, each level spread over every
  /// core (``System/concurrentMap(_:_:)``).
  private static func walk<Result: Sendable>(
    _ location: CollectionLocation, beforeListing: (@Sendable (String) -> Void)? = nil,
    _ visit: @escaping @Sendable (String, [FileSystem.Entry]) -> Result?
  ) throws(CollectionError) -> [Result] {
    var frontier: [String]
    beforeListing?("")
    do {
      frontier = try FileSystem.list(location.root).filter(isFolderToWalk).map(\.name)
    } catch {
      throw .file(error)
    }
    var results: [Result] = []
    while !frontier.isEmpty {
      let level = frontier
      let found = System.concurrentMap(level.count) { index in
        let id = level[index]
        beforeListing?(id)
        let entries = (try? FileSystem.list(location.path(id))) ?? []
        return (visit(id, entries), entries.filter(isFolderToWalk).map { id + "/" + $0.name })
      }
      frontier = []
      for (result, subfolders) in found {
        if let result { results.append(result) }
        frontier += subfolders
      }
    }
    return results
  }

  /// Hidden folders are skipped, and so are links to folders, which could
  /// lead back up the tree and load albums again and again.
  private static func isFolderToWalk(_ entry: FileSystem.Entry) -> Bool {
    entry.isDirectory && !entry.isLink && !entry.name.hasPrefix(".")
  }

  /// The most bytes an `album.md` may have: 1 MiB, hundreds of times any
  /// real album's; anything larger is not an album file.
  public static let albumFileSizeLimit = 1 << 20

  private static func read(
    folder id: String, entries: [FileSystem.Entry], in location: CollectionLocation, realRoot: String
  ) -> Outcome? {
    var albumFile: FileSystem.Entry?
    var covers = CoverFiles()
    for entry in entries {
      switch entry.name {
      case AlbumFile.name: albumFile = entry
      case CoverFiles.coverName: covers.cover = !entry.isDirectory
      case CoverFiles.thumbnailName: covers.thumbnail = !entry.isDirectory
      default: break
      }
    }
    guard let albumFile else { return nil }
    // Only a regular file, of an album's size, and through a link only when
    // the link stays inside the collection: a FIFO, a device, a folder or a
    // link out of the tree is reported, never read.
    let bytes: [UInt8]
    do {
      bytes = try FileSystem.read(
        location.path(id + "/" + AlbumFile.name), limit: albumFileSizeLimit, inside: albumFile.isLink ? realRoot : nil)
    } catch {
      return .failed(AlbumIssue(id: id, line: 0, field: "file", message: "cannot \(error.operation) it: \(error.explanation)"))
    }
    do {
      let parsed = try AlbumFile.parse(bytes, id: id, covers: covers)
      return .parsed(parsed.album, parsed.problems.map { AlbumIssue(id: id, problem: $0) })
    } catch {
      return .failed(AlbumIssue(id: id, line: error.line, field: "front matter", message: error.description))
    }
  }
}

/// Something wrong with one album file, located for `PATH:LINE: field: message`.
public struct AlbumIssue: Hashable, Sendable {
  public var id: String
  /// The line in `album.md`; 0 when the problem is with the file as a whole.
  public var line: Int
  public var field: String
  public var message: String

  public init(id: String, line: Int, field: String, message: String) {
    self.id = id
    self.line = line
    self.field = field
    self.message = message
  }

  init(id: String, problem: AlbumProblem) {
    self.init(id: id, line: problem.line, field: problem.field.key, message: problem.message)
  }

  /// The file the issue is about, as `location` shows it: `album.md`, or
  /// the image for the fields `cover` and `thumbnail`.
  public func path(in location: CollectionLocation) -> String {
    // A smart list's file (SmartListIssue/albumIssue): no album id starts with a dot.
    if id.hasPrefix(CollectionLocation.markerFolder + "/") { return location.displayPath(id) }
    return switch field {
    case "cover": location.displayPath(id + "/" + CoverFiles.coverName)
    case "thumbnail": location.displayPath(id + "/" + CoverFiles.thumbnailName)
    default: location.displayPath(ofAlbum: id)
    }
  }

  /// `PATH:LINE: field: message`, with the path as `location` shows it.
  public func formatted(in location: CollectionLocation) -> String {
    "\(path(in: location))\(line > 0 ? ":\(line)" : ""): \(field): \(message)"
  }
}
