#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A person and `rk` changing the same `album.md` at the same moment
/// (docs/commands.md, "Changes and commits"): rk replaces the file only while it still holds what rk
/// read, and otherwise merges its change into the person's save.
extension CollectionStore {
  /// What one attempt at writing an album gave.
  enum AlbumWrite {
    case committed(GitCommit?)
    /// A person saved the file meanwhile (these bytes); nothing of rk's
    /// was written or committed.
    case savedMeanwhile([UInt8])
  }

  /// How often rk merges into a person's save before it gives up.
  static let replaceAttempts = 5

  /// Replaces the album's file with `bytes` if it still holds `expected`;
  /// otherwise returns what it holds (see
  /// ``FileSystem/replaceAtomically(_:at:expecting:)``).
  func replaceAlbumFile(_ id: String, with bytes: [UInt8], expecting expected: [UInt8]) throws(StoreError) -> [UInt8]? {
    let replacement: FileSystem.Replacement
    do throws(FileSystemError) {
      replacement = try FileSystem.replaceAtomically(bytes, at: location.path(id + "/" + AlbumFile.name), expecting: expected)
    } catch {
      throw .file(error)
    }
    switch replacement {
    case .replaced: return nil
    case .changed(let current?): return current
    case .changed(nil): throw .savedMeanwhile(path: location.displayPath(ofAlbum: id), reason: "it was deleted")
    }
  }

  /// Commits a person's save (`saved`) alone, by hand, and returns rk's
  /// change merged into it (``AlbumMerge``: base `base`, theirs the save,
  /// ours `ours`) with the save as the new base; throws
  /// ``StoreError/savedMeanwhile(path:reason:)`` when they cannot be merged.
  func merge(_ ours: [UInt8], into saved: [UInt8], base: [UInt8], id: String) throws(StoreError) -> (ours: [UInt8], base: [UInt8]) {
    let path = location.displayPath(ofAlbum: id)
    let theirs = try finishedSave(id, seen: saved)
    let theirAlbum: Album
    let result: AlbumMerge.Result
    do {
      theirAlbum = try AlbumFile.parse(theirs, id: id).album
      result = try AlbumMerge.merge(base: base, ours: ours, theirs: theirs, id: id)
    } catch {
      throw .savedMeanwhile(path: path, reason: "it cannot be merged with rk's change (\(error))")
    }
    guard result.conflicts.isEmpty else {
      let fields = Set(result.conflicts.map(\.field)).sorted().joined(separator: ", ")
      throw .savedMeanwhile(path: path, reason: "both changed \(fields) in different ways")
    }
    let merged: Album
    do throws(AlbumFileError) { merged = try AlbumFile.parse(result.bytes, id: id).album } catch { throw .unreadable(path: path, error) }
    try Self.validate(merged, against: theirAlbum)
    let file = id + "/" + AlbumFile.name
    _ = try commit(paths: [file], message: ChangeMessage.handEdit(of: theirAlbum), contents: [file: theirs])
    return (result.bytes, theirs)
  }

  /// The person's save once their editor has finished writing it: the file
  /// read until it reads as an album and is the same twice in a row (an
  /// editor saving in place truncates the file, then writes it).
  private func finishedSave(_ id: String, seen: [UInt8]) throws(StoreError) -> [UInt8] {
    let path = location.path(id + "/" + AlbumFile.name)
    var current = seen
    for _ in 0..<200 {
      usleep(Self.saveSettlingMicroseconds)
      let again: [UInt8]
      do throws(FileSystemError) { again = try FileSystem.read(path) } catch { throw .file(error) }
      if again == current, (try? AlbumFile.parse(again, id: id)) != nil { return again }
      current = again
    }
    throw .savedMeanwhile(path: location.displayPath(ofAlbum: id), reason: "it kept changing, or does not read as an album")
  }

  /// How long a save must stay the same to count as finished.
  private static let saveSettlingMicroseconds: useconds_t = 5_000
}
