import Foundation

extension CollectionStore {
  /// Writes an album's cover and thumbnail and commits both as one change.
  @discardableResult
  public func setCover(_ reference: String, images: CoverImages) throws(StoreError) -> GitCommit? {
    let id = try resolve(reference)
    return try locked { () throws(StoreError) -> GitCommit? in
      let album = try read(id).album
      try commitHandEdits(to: id, of: album)
      let folder = location.path(id) + "/"
      let names = [CoverFiles.coverName, CoverFiles.thumbnailName]
      let summary = "\(album.covers.cover ? "Replace" : "Set") the cover of \(ChangeMessage.name(of: album))"
      let message = ChangeMessage.make(summary, action: "cover-set")
      let files = names.map { prefix + id + "/" + $0 }
      return try journaled(ChangeJournal(message: message, paths: files), saving: files) { () throws(StoreError) -> GitCommit? in
        do throws(FileSystemError) {
          try FileSystem.writeAtomically(images.cover, to: folder + CoverFiles.coverName)
          try FileSystem.writeAtomically(images.thumbnail, to: folder + CoverFiles.thumbnailName)
        } catch {
          throw .file(error)
        }
        return try commit(paths: names.map { id + "/" + $0 }, message: message)
      }
    }
  }

  /// Deletes an album's cover and thumbnail as one change.
  @discardableResult
  public func removeCover(_ reference: String) throws(StoreError) -> GitCommit? {
    let id = try resolve(reference)
    return try locked { () throws(StoreError) -> GitCommit? in
      let album = try read(id).album
      guard album.covers.cover || album.covers.thumbnail else { return nil }
      try commitHandEdits(to: id, of: album)
      let folder = location.path(id) + "/"
      let names = [CoverFiles.coverName, CoverFiles.thumbnailName]
      let message = ChangeMessage.make("Remove the cover of \(ChangeMessage.name(of: album))", action: "cover-rm")
      let files = names.map { prefix + id + "/" + $0 }
      return try journaled(ChangeJournal(message: message, paths: files), saving: files) { () throws(StoreError) -> GitCommit? in
        for name in names { unlink(folder + name) }
        return try commit(paths: names.map { id + "/" + $0 }, message: message)
      }
    }
  }
}
