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
      let old = names.map { try? FileSystem.read(folder + $0) }
      do throws(FileSystemError) {
        try FileSystem.writeAtomically(images.cover, to: folder + CoverFiles.coverName)
        try FileSystem.writeAtomically(images.thumbnail, to: folder + CoverFiles.thumbnailName)
      } catch {
        restore(old, names: names, in: folder)
        throw .file(error)
      }
      do throws(StoreError) {
        let summary = "\(album.covers.cover ? "Replace" : "Set") the cover of \(ChangeMessage.name(of: album))"
        return try commit(paths: names.map { id + "/" + $0 }, message: ChangeMessage.make(summary, action: "cover-set"))
      } catch {
        restore(old, names: names, in: folder)
        throw error
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
      let old = names.map { try? FileSystem.read(folder + $0) }
      for name in names { unlink(folder + name) }
      do throws(StoreError) {
        let summary = "Remove the cover of \(ChangeMessage.name(of: album))"
        return try commit(paths: names.map { id + "/" + $0 }, message: ChangeMessage.make(summary, action: "cover-rm"))
      } catch {
        restore(old, names: names, in: folder)
        throw error
      }
    }
  }

  private func restore(_ old: [[UInt8]?], names: [String], in folder: String) {
    for (bytes, name) in zip(old, names) {
      if let bytes { try? FileSystem.writeAtomically(bytes, to: folder + name) } else { unlink(folder + name) }
    }
  }
}
