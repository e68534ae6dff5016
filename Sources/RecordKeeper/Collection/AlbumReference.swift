/// Album references on the command line (PRODUCT.md §1): an id, a folder
/// name, or a unique prefix of a folder name. An exact id or folder name wins
/// over prefixes; a path to the folder or its `album.md` works too.
public enum AlbumReference {
  /// The id among `ids` that `reference` names.
  public static func resolve(_ reference: String, among ids: [String], in location: CollectionLocation) throws(CollectionError) -> String {
    let key = normalize(reference, in: location)
    guard !key.isEmpty else { throw .noSuchAlbum(reference) }
    if ids.contains(key) { return key }
    let named = ids.filter { folderName(of: $0) == key }
    if named.count == 1 { return named[0] }
    let candidates = named.isEmpty ? ids.filter { folderName(of: $0).hasPrefix(key) } : named
    switch candidates.count {
    case 0: throw .noSuchAlbum(reference)
    case 1: return candidates[0]
    default: throw .ambiguous(reference, candidates: candidates.sorted())
    }
  }

  /// The reference without `./`, the collection root, a trailing `/` or `/album.md`.
  static func normalize(_ reference: String, in location: CollectionLocation) -> String {
    var key = reference
    for suffix in ["/" + AlbumFile.name, "/"] where key.hasSuffix(suffix) { key.removeLast(suffix.count) }
    if key.hasPrefix("./") { key.removeFirst(2) }
    if key.hasPrefix("/") {
      let absolute = FileSystem.absolute(key)
      if absolute.hasPrefix(location.root + "/") { key = String(absolute.dropFirst(location.root.count + 1)) }
    }
    return key
  }

  static func folderName(of id: String) -> Substring {
    id.lastIndex(of: "/").map { id[id.index(after: $0)...] } ?? id[...]
  }
}

extension RecordCollection {
  /// The loaded album that `reference` names.
  public func album(_ reference: String) throws(CollectionError) -> Album {
    do throws(CollectionError) {
      let id = try AlbumReference.resolve(reference, among: albums.map(\.id), in: location)
      guard let album = albums.first(where: { $0.id == id }) else { throw .noSuchAlbum(reference) }
      return album
    } catch {
      let key = AlbumReference.normalize(reference, in: location)
      if case .noSuchAlbum = error, let broken = unreadable.first(where: { $0.id == key || AlbumReference.folderName(of: $0.id) == key }) {
        throw .unreadableAlbum(broken.id)
      }
      throw error
    }
  }
}
