import Foundation

/// Saving a form that was opened at an earlier version of the file (the
/// app's Save, docs/merging.md, "The app's save is the same merge"): the form's changes are merged into the file
/// as it is now, so a hand edit or another `rk` change made meanwhile is
/// never reverted.
///
/// A version is the git blob id of the file's bytes, written into the object
/// database when it is handed out (as `git hash-object -w`), so the version
/// a form was opened at can be read back even when it was never committed.
extension CollectionStore {
  /// The album as its file says now, and that file's version.
  public func versioned(_ id: String) throws(StoreError) -> (album: Album, version: String) {
    let (album, bytes) = try read(id)
    return (album, try version(of: bytes))
  }

  /// Saves `save` to the album `reference` names, merged with what changed
  /// in its file since `version` (the version the form was opened at), and
  /// `cover` with it, all as one commit (action `edit`); `nil` when nothing
  /// changed.
  ///
  /// The form's changes are applied to the opened version by the minimal
  /// rewrite (ours); the file now is theirs; ``AlbumMerge`` merges them.
  /// Fields the form left as they were keep what changed in the file; a
  /// field both changed in different ways throws
  /// ``StoreError/saveConflicts(album:_:)`` with both values, and nothing
  /// is written. A `version` that is the file's current one needs no merge.
  ///
  /// After such a conflict, the same save again with `choices` settles the
  /// fields chosen (docs/merging.md, "The app's save is the same merge"): the merge is the same, so what changed
  /// in the file meanwhile in other fields, or other tracks, is kept.
  @discardableResult
  public func save(
    _ save: AlbumSave, to reference: String, openedAt version: String, choices: SaveChoices = SaveChoices(), cover: CoverImages? = nil
  ) throws(StoreError) -> GitCommit? {
    let id = try resolve(reference)
    return try locked { () throws(StoreError) -> GitCommit? in
      let (album, bytes) = try read(id)
      let path = location.displayPath(ofAlbum: id)
      let name = ChangeMessage.name(of: album)
      let base: [UInt8]
      if try self.version(of: bytes) == version.lowercased() {
        base = bytes
      } else {
        do throws(GitError) { base = try repository.blob(withID: version) } catch { throw .unknownVersion(album: name, version: version) }
      }
      let opened: Album
      do throws(AlbumFileError) {
        opened = try AlbumFile.parse(base, id: id, covers: album.covers).album
      } catch {
        throw .unreadable(path: path, error)
      }
      var edited = opened
      let form = save.keepingTagOrder(opened: opened.tags, now: album.tags)
      do throws(AlbumEditError) { try form.apply(to: &edited) } catch { throw .edit(album: name, error) }
      try Self.validate(edited, against: opened)
      let ours: [UInt8]
      do throws(AlbumFileError) { ours = try AlbumFile.rewrite(base, to: edited) } catch { throw .unreadable(path: path, error) }
      var merged: [UInt8]
      if base == bytes {
        merged = ours
      } else {
        let result: AlbumMerge.Result
        do throws(AlbumMergeError) {
          result = try AlbumMerge.merge(base: base, ours: ours, theirs: bytes, id: id, prefer: choices.preferences)
        } catch {
          switch error {
          case .unreadable(_, _, let cause), .unwritable(_, let cause): throw .unreadable(path: path, cause)
          }
        }
        guard result.conflicts.isEmpty else { throw .saveConflicts(album: name, result.conflicts) }
        merged = result.bytes
      }
      do throws(AlbumFileError) { merged = try choices.settle(merged, id: id, covers: album.covers) } catch {
        throw .unreadable(path: path, error)
      }
      let after: Album
      do throws(AlbumFileError) { after = try AlbumFile.parse(merged, id: id, covers: album.covers).album } catch {
        throw .unreadable(path: path, error)
      }
      try Self.validate(after, against: album)
      guard merged != bytes || cover != nil else { return nil }
      try commitHandEdits(to: id, of: album, bytes: bytes)
      var summary = save.summary(before: album, after: after)
      if cover != nil {
        summary = merged == bytes ? "\(album.covers.cover ? "Replace" : "Set") the cover of \(name)" : summary + ", with a new cover"
      }
      return try writeAlbum(merged, to: id, restoring: bytes, cover: cover, message: ChangeMessage.make(summary, action: "edit"))
    }
  }

  /// The version of a file's bytes: its git blob id, the blob written.
  private func version(of bytes: [UInt8]) throws(StoreError) -> String {
    do throws(GitError) { return try repository.createBlob(bytes) } catch { throw .git(error) }
  }
}
