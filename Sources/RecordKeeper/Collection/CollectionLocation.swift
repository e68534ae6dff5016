/// Where a collection is on disk: the folder that holds `.recordkeeper/`.
public struct CollectionLocation: Hashable, Sendable {
  /// The absolute path of the collection root.
  public let root: String
  /// The root as messages show it: relative to the working directory when
  /// inside it, else absolute.
  public let displayRoot: String

  public static let markerFolder = ".recordkeeper"

  public init(root: String) {
    let absolute = FileSystem.absolute(root)
    self.root = absolute
    let cwd = FileSystem.absolute(FileSystem.currentDirectory())
    if absolute == cwd {
      displayRoot = ""
    } else if absolute.hasPrefix(cwd + "/") {
      displayRoot = String(absolute.dropFirst(cwd.count + 1))
    } else {
      displayRoot = absolute
    }
  }

  /// Finds the collection: `explicit` (`-C`), else `$RK_COLLECTION`, else the
  /// nearest folder at or above `start` that holds `.recordkeeper/`.
  public static func find(
    explicit: String?, environment: [String: String], start: String? = nil
  ) throws(CollectionError) -> CollectionLocation {
    if let given = explicit ?? environment["RK_COLLECTION"].flatMap({ $0.isEmpty ? nil : $0 }) {
      guard FileSystem.isDirectory(given) else {
        guard let kind = FileSystem.kind(of: given) else { throw .noSuchFolder(given) }
        throw .notAFolder(given, kind)
      }
      guard isCollection(given) else { throw .notACollection(given) }
      return CollectionLocation(root: given)
    }
    let start = start ?? FileSystem.currentDirectory()
    var folder = FileSystem.absolute(start)
    while true {
      if isCollection(folder) { return CollectionLocation(root: folder) }
      guard folder != "/", let slash = folder.lastIndex(of: "/") else { throw .notFound(start) }
      folder = slash == folder.startIndex ? "/" : String(folder[..<slash])
    }
  }

  /// Whether `folder` holds `.recordkeeper/`.
  public static func isCollection(_ folder: String) -> Bool {
    FileSystem.isDirectory(folder + "/" + markerFolder)
  }

  /// The absolute path of something inside the collection.
  public func path(_ relative: String) -> String { root + "/" + relative }

  /// How messages show the path of something inside the collection.
  public func displayPath(_ relative: String) -> String {
    displayRoot.isEmpty ? relative : displayRoot + "/" + relative
  }

  /// The path of an album's `album.md`, as messages show it.
  public func displayPath(ofAlbum id: String) -> String { displayPath(id + "/" + AlbumFile.name) }
}

/// Why a collection could not be found, read or understood.
public enum CollectionError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No collection at or above this folder, and none named.
  case notFound(String)
  /// The named folder does not exist.
  case noSuchFolder(String)
  /// The named path is a file (or another non-folder), not a folder.
  case notAFolder(String, FileKind)
  /// The named folder has no `.recordkeeper/`.
  case notACollection(String)
  /// No album answers to this reference.
  case noSuchAlbum(String)
  /// The album's file exists but cannot be read.
  case unreadableAlbum(String)
  /// The reference leads outside the collection (`..`, a path elsewhere, a link out).
  case outsideCollection(String)
  /// Several albums answer to this reference.
  case ambiguous(String, candidates: [String])
  /// A file could not be read or written.
  case file(FileSystemError)

  public var description: String {
    switch self {
    case .notFound(let folder):
      "no collection found in \(folder) or above it: run rk inside a collection, pass -C DIR, or set RK_COLLECTION (rk init DIR makes one)"
    case .noSuchFolder(let folder): "the collection folder \(folder) does not exist"
    case .notAFolder(let path, let kind):
      "\(path) is \(kind.article), not a folder: name the folder that holds .recordkeeper/"
    case .notACollection(let folder):
      "\(folder) is not a Record Keeper collection (it has no .recordkeeper folder): run rk init \(folder) to make it one"
    case .noSuchAlbum(let reference):
      "no album \"\(reference)\": give an id such as albums/radiohead-ok-computer, a folder name or the start of one, or words of its artist and title (rk list shows them)"
    case .outsideCollection(let reference):
      "\"\(reference)\" leads outside the collection: name an album inside it by id, folder name, or artist and title"
    case .unreadableAlbum(let id): "the album \(id) cannot be read: rk check shows what is wrong with its album.md"
    case .ambiguous(let reference, let candidates):
      "\"\(reference)\" could be any of these albums; type more of the name:\n" + candidates.map { "  " + $0 }.joined(separator: "\n")
    case .file(let error): error.description
    }
  }
}
