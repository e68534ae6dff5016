import Synchronization

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
  ///
  /// With `validating` false the rules of PRODUCT.md §2 are not checked and
  /// ``problems`` stays empty: a query only needs what the files say.
  /// Unreadable files are reported either way.
  public static func load(
    _ location: CollectionLocation, beforeListing: (@Sendable (String) -> Void)? = nil, validating: Bool = true
  ) throws(CollectionError) -> RecordCollection {
    let realRoot = (try? FileSystem.realPath(location.root)) ?? location.root
    let folders = try walk(location, beforeListing: beforeListing) { id, entries in AlbumFolder(id: id, entries: entries) }
    let unreadable = Mutex<[AlbumIssue]>([])
    let problems = Mutex<[AlbumIssue]>([])
    let albums = System.concurrentCompactMap(folders.count) { index -> Album? in
      switch read(folders[index], in: location, realRoot: realRoot, validating: validating) {
      case .parsed(let album, let found):
        if !found.isEmpty { problems.withLock { $0 += found } }
        return album
      case .failed(let issue):
        unreadable.withLock { $0.append(issue) }
        return nil
      }
    }
    var collection = RecordCollection(
      location: location, albums: albums, unreadable: unreadable.withLock { $0 }, problems: problems.withLock { $0 })
    collection.unreadable.sort { ($0.id, $0.line) < ($1.id, $1.line) }
    collection.problems.sort { ($0.id, $0.line) < ($1.id, $1.line) }
    return collection
  }

  /// The ids of every album below the root, found from folder listings alone.
  public static func albumIDs(_ location: CollectionLocation) throws(CollectionError) -> [String] {
    try walk(location) { id, entries in AlbumFolder(id: id, entries: entries)?.id }
  }

  /// A folder holding an `album.md`, as its listing showed it.
  struct AlbumFolder: Sendable {
    var id: String
    /// Whether `album.md` is a symbolic link.
    var isLink: Bool
    var covers: CoverFiles

    init?(id: String, entries: [FileSystem.Entry]) {
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
      self.id = id
      self.isLink = albumFile.isLink
      self.covers = covers
    }
  }

  /// What reading one album's file gave. The parse's ``SourceLines`` (a
  /// dictionary and two arrays per album) are dropped on the worker, and so
  /// is the body's structure (``AlbumBody/compacted``): kept for every album,
  /// they were most of the memory a loaded collection took.
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

  private static func read(_ folder: AlbumFolder, in location: CollectionLocation, realRoot: String, validating: Bool) -> Outcome {
    let id = folder.id
    // Only a regular file, of an album's size, and through a link only when
    // the link stays inside the collection: a FIFO, a device, a folder or a
    // link out of the tree is reported, never read.
    let bytes: [UInt8]
    do {
      bytes = try FileSystem.read(
        location.path(id + "/" + AlbumFile.name), limit: albumFileSizeLimit, inside: folder.isLink ? realRoot : nil)
    } catch {
      return .failed(AlbumIssue(id: id, line: 0, field: "file", message: "cannot \(error.operation) it: \(error.explanation)"))
    }
    do {
      var parsed = try AlbumFile.parse(bytes, id: id, covers: folder.covers, validating: validating)
      parsed.album.body = parsed.album.body.compacted
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
