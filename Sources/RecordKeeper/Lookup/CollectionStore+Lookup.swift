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
      try commitHandEdits(to: id, of: album)
      let folder = location.path(id) + "/"
      var names = [AlbumFile.name]
      if images != nil { names += [CoverFiles.coverName, CoverFiles.thumbnailName] }
      let files = names.map { prefix + id + "/" + $0 }
      let message = ChangeMessage.make("Fill \(ChangeMessage.name(of: filled)) from MusicBrainz", action: "musicbrainz-fill")
      return try journaled(ChangeJournal(message: message, paths: files), saving: files) { () throws(StoreError) -> GitCommit? in
        do throws(FileSystemError) {
          try FileSystem.writeAtomically(text, to: folder + AlbumFile.name)
          if let images {
            try FileSystem.writeAtomically(images.cover, to: folder + CoverFiles.coverName)
            try FileSystem.writeAtomically(images.thumbnail, to: folder + CoverFiles.thumbnailName)
          }
        } catch {
          throw .file(error)
        }
        return try commit(paths: names.map { id + "/" + $0 }, message: message)
      }
    }
  }
}
