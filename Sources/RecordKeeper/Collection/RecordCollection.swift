import Dispatch

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

  public init(location: CollectionLocation, albums: [Album], unreadable: [AlbumIssue] = [], problems: [AlbumIssue] = []) {
    self.location = location
    self.albums = albums
    self.unreadable = unreadable
    self.problems = problems
  }

  /// Loads every `album.md` below the root, skipping hidden folders.
  ///
  /// Folders are read level by level, each level spread over every core; a
  /// broken file never stops the others from loading.
  public static func load(_ location: CollectionLocation) throws(CollectionError) -> RecordCollection {
    var collection = RecordCollection(location: location, albums: [])
    var frontier: [String] = []
    do {
      frontier = try FileSystem.list(location.root).filter { $0.isDirectory && !$0.name.hasPrefix(".") }.map(\.name)
    } catch {
      throw .file(error)
    }
    while !frontier.isEmpty {
      let results = scan(frontier, in: location)
      frontier = []
      for result in results {
        switch result.album {
        case .parsed(let parsed)?:
          collection.albums.append(parsed.album)
          collection.problems += parsed.problems.map { AlbumIssue(id: parsed.album.id, problem: $0) }
        case .failed(let issue)?: collection.unreadable.append(issue)
        case nil: break
        }
        frontier += result.subfolders
      }
    }
    collection.unreadable.sort { ($0.id, $0.line) < ($1.id, $1.line) }
    collection.problems.sort { ($0.id, $0.line) < ($1.id, $1.line) }
    return collection
  }

  /// What reading one folder found.
  private struct FolderResult: Sendable {
    enum Outcome: Sendable {
      case parsed(AlbumFile.Parsed)
      case failed(AlbumIssue)
    }

    var album: Outcome?
    var subfolders: [String] = []
  }

  private static func scan(_ folders: [String], in location: CollectionLocation) -> [FolderResult] {
    let results = UnsafeMutableBufferPointer<FolderResult>.allocate(capacity: folders.count)
    defer { results.deallocate() }
    nonisolated(unsafe) let slots = results
    let workers = min(folders.count, System.coreCount * 4)
    DispatchQueue.concurrentPerform(iterations: workers) { worker in
      for index in stride(from: worker, to: folders.count, by: workers) {
        slots.initializeElement(at: index, to: read(folder: folders[index], in: location))
      }
    }
    let array = Array(results)
    _ = results.deinitialize()
    return array
  }

  private static func read(folder id: String, in location: CollectionLocation) -> FolderResult {
    var result = FolderResult()
    let entries: [FileSystem.Entry]
    do {
      entries = try FileSystem.list(location.path(id))
    } catch {
      result.album = .failed(AlbumIssue(id: id, line: 0, field: "folder", message: error.description))
      return result
    }
    var hasAlbum = false
    var covers = CoverFiles()
    for entry in entries {
      if entry.isDirectory {
        if !entry.name.hasPrefix(".") { result.subfolders.append(id + "/" + entry.name) }
        continue
      }
      switch entry.name {
      case AlbumFile.name: hasAlbum = true
      case CoverFiles.coverName: covers.cover = true
      case CoverFiles.thumbnailName: covers.thumbnail = true
      default: break
      }
    }
    guard hasAlbum else { return result }
    do {
      let bytes = try FileSystem.read(location.path(id + "/" + AlbumFile.name))
      result.album = .parsed(try AlbumFile.parse(bytes, id: id, covers: covers))
    } catch let error as FileSystemError {
      result.album = .failed(AlbumIssue(id: id, line: 0, field: "file", message: error.description))
    } catch let error as AlbumFileError {
      result.album = .failed(AlbumIssue(id: id, line: error.line, field: "front matter", message: error.description))
    } catch {
      result.album = .failed(AlbumIssue(id: id, line: 0, field: "file", message: "\(error)"))
    }
    return result
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

  /// `PATH:LINE: field: message`, with the path as `location` shows it.
  public func formatted(in location: CollectionLocation) -> String {
    let path = location.displayPath(ofAlbum: id)
    return "\(path)\(line > 0 ? ":\(line)" : ""): \(field): \(message)"
  }
}

enum System {
  static let coreCount = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
}
