import Foundation

/// What `rk fmt` did.
public struct FormatReport: Equatable, Sendable {
  /// The ids of the albums rewritten into canonical form.
  public var formatted: [String]
  /// The number of albums that were in canonical form already.
  public var alreadyCanonical: Int
  /// The albums left untouched because they cannot be read or formatted
  /// without losing something, each with why and what to do.
  public var skipped: [StoreError]
  /// The one commit of the formatted albums; `nil` when none changed.
  public var commit: GitCommit?
}

extension CollectionStore {
  /// Puts the albums `references` name (every album when empty) into the
  /// canonical form of docs/album-format.md, "Canonical form" (``AlbumFile/canonical(_:)``), as one
  /// commit ("Format 3 albums").
  ///
  /// An album that cannot be read whole (merge-conflict markers, YAML
  /// errors, aliases) or formatted without losing something is not touched
  /// and is listed in ``FormatReport/skipped``; the others are still
  /// formatted. A person's uncommitted edits to an album about to be
  /// rewritten are committed alone first (docs/commands.md, "Changes and commits"). Every file is
  /// written under one journal, so a kill leaves all of them formatted and
  /// committed, or none.
  public func format(_ references: [String]) throws(StoreError) -> FormatReport {
    var ids: [String] = []
    if references.isEmpty {
      do { ids = try RecordCollection.albumIDs(location).sorted() } catch { throw .collection(error) }
    } else {
      for reference in references {
        let id = try resolve(reference)
        if !ids.contains(id) { ids.append(id) }
      }
    }
    return try locked { () throws(StoreError) -> FormatReport in
      var report = FormatReport(formatted: [], alreadyCanonical: 0, skipped: [], commit: nil)
      var changes: [(id: String, album: Album, old: [UInt8], new: [UInt8])] = []
      for id in ids {
        do throws(StoreError) {
          let (album, bytes) = try read(id)
          let canonical: [UInt8]
          do throws(AlbumFileError) {
            canonical = try AlbumFile.canonical(bytes)
          } catch {
            throw .unreadable(path: location.displayPath(ofAlbum: id), error)
          }
          if canonical == bytes {
            report.alreadyCanonical += 1
          } else {
            changes.append((id, album, bytes, canonical))
          }
        } catch {
          report.skipped.append(error)
        }
      }
      guard !changes.isEmpty else { return report }
      for change in changes { try commitHandEdits(to: change.id, of: change.album, bytes: change.old) }
      let summary = changes.count == 1 ? "Format \(ChangeMessage.name(of: changes[0].album))" : "Format \(changes.count) albums"
      let message = ChangeMessage.make(summary, action: "format")
      let files = changes.map { $0.id + "/" + AlbumFile.name }
      // The files as read under the lock: after a hand-edit commit they are
      // still these bytes, which a rollback puts back.
      let journal = ChangeJournal(
        message: message, paths: files.map { prefix + $0 },
        files: zip(files, changes).map { savedFile(prefix + $0, bytes: $1.old, written: $1.new) })
      report.commit = try journaled(journal) { () throws(StoreError) -> GitCommit? in
        for change in changes where try replaceAlbumFile(change.id, with: change.new, expecting: change.old) != nil {
          throw .savedMeanwhile(path: location.displayPath(ofAlbum: change.id), reason: "rk does not merge a change to several albums")
        }
        return try commit(paths: files, message: message, contents: Dictionary(zip(files, changes.map(\.new)), uniquingKeysWith: { $1 }))
      }
      report.formatted = changes.map(\.id)
      return report
    }
  }
}
