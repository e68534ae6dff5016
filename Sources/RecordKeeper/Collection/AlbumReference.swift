#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Album references on the command line (docs/album-format.md, "The collection on disk"): an id, a folder
/// name, or a unique prefix of a folder name; an exact id or folder name wins
/// over prefixes, and a path to the folder or its `album.md` works too. When
/// none of those matches, the words of the reference are matched, folded as
/// search folds them and all of them required, against "artist title".
///
/// A reference never leads outside the collection: `..` parts, absolute
/// paths elsewhere and links out of the tree are refused before anything is
/// read or written.
public enum AlbumReference {
  /// The id among `ids` that `reference` names; when only words match, the
  /// albums are read from disk to compare their artists and titles.
  public static func resolve(_ reference: String, among ids: [String], in location: CollectionLocation) throws(CollectionError) -> String {
    try resolve(reference, among: ids, in: location) { (try? RecordCollection.load(location, validating: false))?.albums ?? [] }
  }

  /// The id among `ids` that `reference` names; `albums` gives the artists
  /// and titles, asked for only when no id or folder name matches.
  public static func resolve(
    _ reference: String, among ids: [String], in location: CollectionLocation, albums: () -> [Album]
  ) throws(CollectionError) -> String {
    let key = try checkedKey(reference, in: location)
    guard !key.isEmpty else { throw .noSuchAlbum(reference) }
    if ids.contains(key) { return key }
    let named = ids.filter { folderName(of: $0) == key }
    if named.count == 1 { return named[0] }
    let candidates = named.isEmpty ? ids.filter { folderName(of: $0).hasPrefix(key) } : named
    switch candidates.count {
    // `.` and `./x` are paths, never words: `.` is in many a title (`Vol. 2`).
    case 0 where reference.hasPrefix("."): throw .noSuchAlbum(reference)
    case 0: return try resolve(words: reference, among: albums())
    case 1: return candidates[0]
    default: throw .ambiguous(reference, candidates: candidates.sorted())
    }
  }

  /// The album whose "artist title" holds every word of `reference`.
  private static func resolve(words reference: String, among albums: [Album]) throws(CollectionError) -> String {
    let words = reference.split { $0.isWhitespace || $0 == "-" }.map { TextFolding.fold(String($0)) }
    guard !words.isEmpty else { throw .noSuchAlbum(reference) }
    let matches = albums.filter { album in
      let name = TextFolding.fold(album.artist + " " + album.title)
      return words.allSatisfy(name.contains)
    }
    switch matches.count {
    case 0: throw .noSuchAlbum(reference)
    case 1: return matches[0].id
    default: throw .ambiguous(reference, candidates: matches.map(\.id).sorted())
    }
  }

  /// The reference without `./`, the collection root, a trailing `/` or
  /// `/album.md`; empty when it would lead outside the collection, so that
  /// nothing is looked up there.
  static func normalize(_ reference: String, in location: CollectionLocation) -> String {
    (try? checkedKey(reference, in: location)) ?? ""
  }

  /// The normalised reference, or `.outsideCollection` when it has a `..`
  /// part, is an absolute path elsewhere, or passes through a link that
  /// leaves the collection.
  private static func checkedKey(_ reference: String, in location: CollectionLocation) throws(CollectionError) -> String {
    var key = reference
    if let here = try pathKey(reference, from: FileSystem.currentDirectory(), in: location) { key = here }
    for suffix in ["/" + AlbumFile.name, "/"] where key.hasSuffix(suffix) { key.removeLast(suffix.count) }
    while key.hasPrefix("./") { key.removeFirst(2) }
    if key.hasPrefix("/") {
      let absolute = FileSystem.absolute(key)
      guard absolute.hasPrefix(location.root + "/") else { throw .outsideCollection(reference) }
      key = String(absolute.dropFirst(location.root.count + 1))
    }
    if key.split(separator: "/", omittingEmptySubsequences: false).contains("..") { throw .outsideCollection(reference) }
    if !key.isEmpty,
      leavesTree(location.path(key), root: location.root) || leavesTree(location.path(key + "/" + AlbumFile.name), root: location.root)
    {
      throw .outsideCollection(reference)
    }
    return key
  }

  /// The id a reference names as a path from the working directory `here`,
  /// when that is inside the collection: `.` in an album's folder (or a
  /// folder below it) names that album, `../other` its neighbour (docs/commands.md,
  /// "Exit status and errors"). `nil` when `here` is outside the collection, or the reference is
  /// no `.`/`..` path and no album folder from here, so it is read from the
  /// root as before.
  static func pathKey(_ reference: String, from here: String, in location: CollectionLocation) throws(CollectionError) -> String? {
    guard !reference.hasPrefix("/") else { return nil }
    let root = realPath(location.root) ?? location.root
    let here = realPath(here) ?? here
    func inside(_ path: String) -> Bool { path == root || path.hasPrefix(root + "/") }
    guard inside(here) else { return nil }
    let first = reference.split(separator: "/", omittingEmptySubsequences: false).first
    let isPath = first == "." || first == ".."
    var path = FileSystem.absolute(here + "/" + reference)
    if path.hasSuffix("/" + AlbumFile.name) { path.removeLast(AlbumFile.name.count + 1) }
    guard isPath || FileSystem.exists(path + "/" + AlbumFile.name) else { return nil }
    guard inside(path) else { throw .outsideCollection(reference) }
    var folder = path
    while !FileSystem.exists(folder + "/" + AlbumFile.name) {
      guard folder != root, let slash = folder.lastIndex(of: "/") else { throw .noSuchAlbum(reference) }
      folder = String(folder[..<slash])
    }
    return folder == root ? "" : String(folder.dropFirst(root.count + 1))
  }

  /// Whether `path` exists and, with every link in it followed, is not
  /// inside `root` (itself with links followed).
  private static func leavesTree(_ path: String, root: String) -> Bool {
    guard let real = realPath(path) else { return false }
    let realRoot = realPath(root) ?? root
    return real != realRoot && !real.hasPrefix(realRoot == "/" ? "/" : realRoot + "/")
  }

  private static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  static func folderName(of id: String) -> Substring {
    id.lastIndex(of: "/").map { id[id.index(after: $0)...] } ?? id[...]
  }
}

extension RecordCollection {
  /// The loaded album that `reference` names. Unreadable albums are among
  /// the candidates, so naming one says it cannot be read rather than
  /// falling through to the words of another album's title.
  public func album(_ reference: String) throws(CollectionError) -> Album {
    let id = try AlbumReference.resolve(reference, among: albums.map(\.id) + unreadable.map(\.id), in: location) { albums }
    guard let album = albums.first(where: { $0.id == id }) else { throw .unreadableAlbum(id) }
    return album
  }
}
