import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
  /// How many albums were read: more than ``albums`` holds when loading
  /// kept only some (`keeping` of ``load(_:beforeListing:validating:progress:keeping:)``).
  public private(set) var readCount: Int

  public init(location: CollectionLocation, albums: [Album], unreadable: [AlbumIssue] = [], problems: [AlbumIssue] = []) {
    self.location = location
    self.albums = albums
    self.unreadable = unreadable
    self.problems = problems
    self.readCount = albums.count
  }

  /// Loads every `album.md` below the root, skipping hidden folders.
  ///
  /// A broken file never stops the others from loading. `beforeListing`,
  /// when given, is called with each folder walked (its path relative to
  /// the root, `""` for the root) just before the folder is listed, on any
  /// thread: `rk serve` starts watching the folder there, so that a change
  /// made after the folder was read is seen without walking the tree again.
  ///
  /// With `validating` false the rules of docs/album-format.md, "Validation", are not checked and
  /// ``problems`` stays empty: a query only needs what the files say.
  /// Unreadable files are reported either way. `progress`, when given, is
  /// told now and then, from any thread, how many of how many albums are loaded.
  ///
  /// `keeping` says which albums are kept in ``albums``: a query or a count
  /// then holds in memory only what it shows, not every album.
  public static func load(
    _ location: CollectionLocation, beforeListing: (@Sendable (String) -> Void)? = nil, validating: Bool = true,
    progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil, keeping: AlbumSelection = .all
  ) throws(CollectionError) -> RecordCollection {
    // The cache serves queries only: `rk check` and the server read every file.
    let cachePath = validating || beforeListing != nil ? nil : LoadCache.path(forCollectionAt: location.root)
    let cache = cachePath.map { LoadCache.read($0, root: location.root) }
    System.growHeapInLargeSteps()
    // Stamps are taken below the root's descriptor: the kernel then walks only the album's part of each path.
    let rootDescriptor = cache == nil ? -1 : open(location.root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    defer { if rootDescriptor >= 0 { close(rootDescriptor) } }
    let realRoot = (try? FileSystem.realPath(location.root)) ?? location.root
    let (folders, listings, reused, links) = try walk(location, beforeListing: beforeListing, cache: cache, rootDescriptor: rootDescriptor)
    let unreadable = Mutex<[AlbumIssue]>([])
    let problems = Mutex<[AlbumIssue]>([])
    // Taken before reading: a change made while reading shows in the next stamp.
    let stamps =
      cache == nil
      ? []
      : System.concurrentMap(folders.count) { index in
        folders[index].isLink ? nil : stamp(folders[index].id + "/" + AlbumFile.name, in: location, rootDescriptor: rootDescriptor)
      }
    let places = cache?.albumPlaces(of: folders.indices.map { stamps[$0] == nil ? nil : folders[$0].id }) ?? []
    let hits = Atomic<Int>(0)
    let done = Atomic<Int>(0)
    // The cache records of albums read from their files but not kept, for the next cache.
    let records = Mutex<[String: ArraySlice<UInt8>]>([:])
    let albums = System.concurrentCompactMap(folders.count) { index -> Album? in
      let folder = folders[index]
      if let progress, case let count = done.add(1, ordering: .relaxed).newValue, count % 512 == 0 { progress(count, folders.count) }
      if let cache, let stamp = stamps[index] {
        if case .none = keeping, cache.hasAlbum(folder.id, stamp: stamp, at: places[index]) {
          hits.add(1, ordering: .relaxed)
          return nil
        }
        if case .matching(_, let text?) = keeping, let folded = cache.searchText(folder.id, stamp: stamp, at: places[index]),
          !text(folded)
        {
          hits.add(1, ordering: .relaxed)
          return nil
        }
        if let album = cache.album(folder.id, stamp: stamp, covers: folder.covers, at: places[index]) {
          hits.add(1, ordering: .relaxed)
          return keeping.keeps(album) ? album : nil
        }
      }
      switch read(folder, in: location, realRoot: realRoot, validating: validating) {
      case .parsed(let album, let found):
        if validating && !found.isEmpty { problems.withLock { $0 += found } }
        guard !keeping.keeps(album) else { return album }
        if cache != nil, stamps[index] != nil {
          let record = LoadCache.record(of: album)
          records.withLock { $0[folder.id] = record }
        }
        return nil
      case .failed(let issue):
        unreadable.withLock { $0.append(issue) }
        return nil
      }
    }
    let readCount = folders.count - unreadable.withLock { $0.count }
    // Written again only when something was read from the files or is gone from them.
    if let cachePath, let cache,
      !(!cache.isOutOfOrder && reused == listings.count && listings.count == cache.folderCount
        && hits.load(ordering: .relaxed) == folders.count && folders.count == cache.albumCount)
    {
      var kept: [String: Int] = [:]
      for (index, album) in albums.enumerated() { kept[album.id] = index }
      let records = records.withLock { $0 }
      let entries = folders.indices.compactMap { index -> LoadCache.AlbumEntry? in
        guard let stamp = stamps[index] else { return nil }
        let folder = folders[index]
        // A record still trusted is copied as it is; one read anew is encoded from its album.
        guard
          let record = cache.record(folder.id, stamp: stamp, at: places[index]) ?? kept[folder.id].map({ LoadCache.record(of: albums[$0]) })
            ?? records[folder.id]
        else { return nil }
        return LoadCache.AlbumEntry(id: folder.id, stamp: stamp, record: record)
      }
      LoadCache.write(cachePath, root: location.root, folders: listings, albums: entries)
    }
    var collection = RecordCollection(
      location: location, albums: albums, unreadable: unreadable.withLock { $0 } + linksOut(links, in: location, realRoot: realRoot),
      problems: problems.withLock { $0 })
    collection.readCount = readCount
    collection.unreadable.sort { ($0.id, $0.line) < ($1.id, $1.line) }
    collection.problems.sort { ($0.id, $0.line) < ($1.id, $1.line) }
    return collection
  }

  /// The ids of every album below the root, found from folder listings alone.
  public static func albumIDs(_ location: CollectionLocation) throws(CollectionError) -> [String] {
    try walk(location, cache: nil, rootDescriptor: -1).albums.map(\.id)
  }

  /// The links among `links` (ids of links to folders) that lead out of the
  /// collection to an album folder: not followed, and so not loaded, but
  /// named, so that an album never goes missing without a word.
  private static func linksOut(_ links: [String], in location: CollectionLocation, realRoot: String) -> [AlbumIssue] {
    links.compactMap { id in
      guard let target = try? FileSystem.realPath(location.path(id)), target != realRoot, !target.hasPrefix(realRoot + "/"),
        FileSystem.exists(target + "/" + AlbumFile.name)
      else { return nil }
      return AlbumIssue(
        id: id, line: 0, field: "folder",
        message: "is a link to \(target), outside the collection, and rk does not follow links out of it, so this album is not loaded: "
          + "move that folder here in place of the link")
    }
  }

  /// A folder holding an `album.md`, as its listing showed it.
  struct AlbumFolder: Sendable {
    var id: String
    /// Whether `album.md` is a symbolic link.
    var isLink: Bool
    var covers: CoverFiles
  }

  /// What reading one album's file gave. The parse's ``SourceLines`` (a
  /// dictionary and two arrays per album) are dropped on the worker, and so
  /// is the body's structure (``AlbumBody/compacted``): kept for every album,
  /// they were most of the memory a loaded collection took.
  private enum Outcome: Sendable {
    case parsed(Album, [AlbumIssue])
    case failed(AlbumIssue)
  }

  /// Finds every album folder below the root (hidden ones skipped), from
  /// the folders' listings, or from `cache` for a folder whose stamp did not
  /// change. Folders are read level by level, each level spread over every
  /// core (``System/concurrentMap(_:_:)``). Gives the listings too, for
  /// the next cache.
  private static func walk(
    _ location: CollectionLocation, beforeListing: (@Sendable (String) -> Void)? = nil, cache: LoadCache?, rootDescriptor: Int32
  ) throws(CollectionError) -> (albums: [AlbumFolder], listings: [(String, LoadCache.Folder)], reused: Int, links: [String]) {
    var albums: [AlbumFolder] = []
    var links: [String] = []
    var listings: [(String, LoadCache.Folder)] = []
    var reused = 0
    var level = [""]
    var isRoot = true
    while !level.isEmpty {
      let current = level
      // The cache's folders were written in this order: the walked so far, then this level's.
      let walked = listings.count
      let found = System.concurrentMap(current.count) { index -> Result<(String, LoadCache.Folder, Bool), FileSystemError> in
        let id = current[index]
        let path = id.isEmpty ? location.root : location.path(id)
        // Taken before listing: a change made while listing shows in the next stamp.
        let stamp = cache != nil ? Self.stamp(id, in: location, rootDescriptor: rootDescriptor) : nil
        if let stamp, let known = cache?.folder(id, stamp: stamp, at: walked + index) { return .success((id, known, true)) }
        beforeListing?(id)
        let entries: [FileSystem.Entry]
        do throws(FileSystemError) {
          entries = try FileSystem.list(path)
        } catch {
          if id.isEmpty { return .failure(error) }
          entries = []
        }
        return .success((id, listing(of: entries, stamp: stamp ?? FileStamp(size: 0, modified: 0, changed: 0, inode: 0, mode: 0)), false))
      }
      level = []
      for result in found {
        let (id, listing, fromCache): (String, LoadCache.Folder, Bool)
        switch result {
        case .success(let value): (id, listing, fromCache) = value
        case .failure(let error): throw .file(error)
        }
        links += listing.links.map { id.isEmpty ? $0 : id + "/" + $0 }
        if cache != nil { listings.append((id, listing)) }
        if fromCache { reused += 1 }
        if listing.hasAlbum && !isRoot { albums.append(AlbumFolder(id: id, isLink: listing.albumIsLink, covers: listing.covers)) }
        level += listing.subfolders.map { id.isEmpty ? $0 : id + "/" + $0 }
      }
      isRoot = false
    }
    return (albums, listings, reused, links)
  }

  /// The stamp of `relative` below the root: through the root's descriptor when it could be opened.
  private static func stamp(_ relative: String, in location: CollectionLocation, rootDescriptor: Int32) -> FileStamp? {
    rootDescriptor >= 0
      ? FileStamp.of(relative, in: rootDescriptor) : FileStamp.of(relative.isEmpty ? location.root : location.path(relative))
  }

  /// What a folder's entries say: the folders to walk, the links to
  /// folders (not walked), the album file and its covers.
  private static func listing(of entries: [FileSystem.Entry], stamp: FileStamp) -> LoadCache.Folder {
    var folder = LoadCache.Folder(stamp: stamp, subfolders: [], hasAlbum: false, albumIsLink: false, covers: CoverFiles())
    for entry in entries {
      switch entry.name {
      case AlbumFile.name:
        folder.hasAlbum = true
        folder.albumIsLink = entry.isLink
      case CoverFiles.coverName: folder.covers.cover = !entry.isDirectory
      case CoverFiles.thumbnailName: folder.covers.thumbnail = !entry.isDirectory
      default: break
      }
      if isFolderToWalk(entry) { folder.subfolders.append(entry.name) }
      if entry.isDirectory && entry.isLink && !entry.name.hasPrefix(".") { folder.links.append(entry.name) }
    }
    return folder
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
      return .failed(AlbumIssue(id: id, unreadable: error))
    }
    do {
      var parsed = try AlbumFile.parse(bytes, id: id, covers: folder.covers, validating: validating)
      parsed.album.body = parsed.album.body.compacted
      return .parsed(parsed.album, parsed.problems.map { AlbumIssue(id: id, problem: $0) })
    } catch {
      return .failed(AlbumIssue(id: id, unreadable: error))
    }
  }
}

/// Which albums ``RecordCollection/load(_:beforeListing:validating:progress:keeping:)`` keeps.
public enum AlbumSelection: Sendable {
  case all
  /// Those `test` says yes to, asked as soon as each album is read, on any
  /// thread. When the load cache holds an album's folded search text
  /// (``SearchText/bytes``) and `text` says no to it, the album is not even
  /// decoded: `text` must say no only to albums `test` would refuse.
  case matching(_ test: @Sendable (Album) -> Bool, text: (@Sendable (UnsafeBufferPointer<UInt8>) -> Bool)? = nil)
  /// None: only ``RecordCollection/readCount`` is wanted, and an album the
  /// load cache vouches for is not even decoded.
  case none

  func keeps(_ album: Album) -> Bool {
    switch self {
    case .all: true
    case .matching(let test, _): test(album)
    case .none: false
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

  /// An `album.md` that could not be read as a file.
  init(id: String, unreadable error: FileSystemError) {
    self.init(id: id, line: 0, field: "file", message: "cannot \(error.operation) it: \(error.explanation)")
  }

  /// An `album.md` whose front matter could not be parsed.
  init(id: String, unreadable error: AlbumFileError) {
    let field = if case .nulBytes = error { "file" } else { "front matter" }
    self.init(id: id, line: error.line, field: field, message: error.description)
  }

  /// Why ``CollectionStore/read(_:)`` could not read an album, named as
  /// loading names it (an album left out of the list).
  public init(id: String, unreadable error: StoreError) {
    switch error {
    case .unreadable(_, let cause): self.init(id: id, unreadable: cause)
    case .file(let cause): self.init(id: id, unreadable: cause)
    default: self.init(id: id, line: 0, field: "file", message: error.description)
    }
  }

  /// The file the issue is about, as `location` shows it: `album.md`, or
  /// the image for the fields `cover` and `thumbnail`.
  public func path(in location: CollectionLocation) -> String {
    // A smart list's file (SmartListIssue/albumIssue) or .gitattributes: no album id starts with a dot.
    if id.hasPrefix(".") || PlayHistory.isPlaysFile(id) { return location.displayPath(id) }
    return switch field {
    case "cover": location.displayPath(id + "/" + CoverFiles.coverName)
    case "thumbnail": location.displayPath(id + "/" + CoverFiles.thumbnailName)
    case "folder": location.displayPath(id)
    default: location.displayPath(ofAlbum: id)
    }
  }

  /// `PATH:LINE: field: message`, with the path as `location` shows it.
  public func formatted(in location: CollectionLocation) -> String {
    "\(path(in: location))\(line > 0 ? ":\(line)" : ""): \(field): \(message)"
  }
}
