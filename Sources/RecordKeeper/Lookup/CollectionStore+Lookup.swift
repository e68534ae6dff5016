extension CollectionStore {
  /// Fills the album `reference` names from a MusicBrainz release (see
  /// ``Album/fill(from:replacing:)``) and, when `cover` is given and the
  /// album has none (or `replacing`), writes the cover too: one commit.
  ///
  /// Returns `nil`, committing nothing, when nothing would change.
  @discardableResult
  public func fill(
    _ reference: String, from release: Album, cover: CoverImages?, replacing: Bool
  ) throws(StoreError) -> GitCommit? {
    let id = try resolve(reference)
    return try locked { () throws(StoreError) -> GitCommit? in
      let (album, bytes) = try read(id)
      var filled = album
      do throws(AlbumEditError) {
        try filled.fill(from: release, replacing: replacing)
      } catch {
        throw .edit(album: ChangeMessage.name(of: album), error)
      }
      try Self.validate(filled, against: album)
      let text: [UInt8]
      do throws(AlbumFileError) {
        text = try AlbumFile.rewrite(bytes, to: filled)
      } catch {
        throw .unreadable(path: location.displayPath(ofAlbum: id), error)
      }
      let images = (replacing || !album.covers.cover) ? cover : nil
      guard text != bytes || images != nil else { return nil }
      try commitHandEdits(to: id, of: album, bytes: bytes)
      let message = ChangeMessage.make("Fill \(ChangeMessage.name(of: filled)) from MusicBrainz", action: "musicbrainz-fill")
      return try writeAlbum(text, to: id, restoring: bytes, cover: images, message: message)
    }
  }
}
