extension RecordCollection {
  /// The album a command-line reference names (PRODUCT.md §1): an id, a
  /// folder name, or a unique prefix of a folder name. An exact id or folder
  /// name wins over prefixes. A path to the folder or its `album.md` works too.
  public func album(_ reference: String) throws(CollectionError) -> Album {
    var key = reference
    for suffix in ["/" + AlbumFile.name, "/"] where key.hasSuffix(suffix) { key.removeLast(suffix.count) }
    if key.hasPrefix("./") { key.removeFirst(2) }
    if key.hasPrefix(location.root + "/") { key.removeFirst(location.root.count + 1) }
    guard !key.isEmpty else { throw .noSuchAlbum(reference) }
    if let exact = albums.first(where: { $0.id == key }) { return exact }
    let named = albums.filter { $0.folderName == key }
    if named.count == 1 { return named[0] }
    let candidates = named.isEmpty ? albums.filter { $0.folderName.hasPrefix(key) } : named
    switch candidates.count {
    case 0:
      if let broken = unreadable.first(where: { $0.id == key || $0.id.hasSuffix("/" + key) }) {
        throw .unreadableAlbum(broken.id)
      }
      throw .noSuchAlbum(reference)
    case 1: return candidates[0]
    default: throw .ambiguous(reference, candidates: candidates.map(\.id).sorted())
    }
  }
}
