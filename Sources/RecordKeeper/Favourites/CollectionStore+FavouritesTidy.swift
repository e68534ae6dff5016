/// An unstarred track drops out of the list `favourites` (issue 32): each
/// change that writes an album's file takes out, in its own commit, the
/// entries of that album naming no starred track, so a star put back later
/// comes last.
extension CollectionStore {
  /// The list `favourites` without the entries of the albums written
  /// (`id`, the file's new bytes) that name no starred track of theirs:
  /// `(path, new bytes, old bytes)`, or `nil` when there is no list, it has
  /// conflict markers, or nothing leaves it. Other lines stay as written.
  func favouritesFileTidied(writing albums: [(id: String, bytes: [UInt8])]) -> (path: String, bytes: [UInt8], old: [UInt8])? {
    guard var list = FavouritesOrder.list(in: location), list.conflictLine == nil else { return nil }
    let old = list.bytes
    for (id, bytes) in albums where list.entries.contains(where: { $0.album == id }) {
      guard let album = try? AlbumFile.parse(bytes, id: id, validating: false).album else { continue }
      let starred = album.trackList.enumerated().filter { $0.element.favourite }.map {
        FavouriteTrack(album: album, number: $0.offset + 1, track: $0.element)
      }
      for index in list.entries.indices.reversed() {
        let entry = list.entries[index]
        if entry.album == id, !starred.contains(where: { $0.isNamed(by: entry) }) { list.remove(at: index) }
      }
    }
    guard list.bytes != old else { return nil }
    return (OrderedListFile.path(of: FavouritesOrder.listName), list.bytes, old)
  }

  /// Commits a person's uncommitted edits to the list `favourites` alone
  /// first, as every list change does, before rk's change takes lines out.
  func commitHandEditedFavourites() throws(StoreError) {
    _ = try commitHandEditedListFile(
      OrderedListFile.path(of: FavouritesOrder.listName), message: "Edit list \(FavouritesOrder.listName) by hand\n")
  }
}
