import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why `rk mv` will not move an album to a folder; nothing is written.
public enum MoveRefusal: Error, Equatable, Sendable, CustomStringConvertible {
  /// The new folder is empty, absolute outside the collection, or has a
  /// `.` or `..` part.
  case outsideCollection
  /// A part of the new folder's path (this one, relative to the collection)
  /// starts with `.`: `rk` skips hidden folders, so the album would vanish.
  case hidden(String)
  /// Something already exists at the new folder (its path as messages show it).
  case exists(String)
  /// A part of the path on the way (as messages show it) is a file, not a folder.
  case notAFolder(String)
  /// The new folder would be inside this album (its id): an album in an
  /// album's folder, or the album inside itself.
  case insideAlbum(String)

  public var description: String {
    switch self {
    case .outsideCollection:
      "the new folder must be a folder name or a path inside the collection, relative to its root (no `..`, no absolute path elsewhere)"
    case .hidden(let part):
      "\(part) is hidden (starts with `.`), and rk skips hidden folders, so the album would disappear from the collection: choose a name without a leading `.`"
    case .exists(let path): "\(path) already exists: choose a folder name that is not taken, or move or delete \(path) first"
    case .notAFolder(let path): "\(path) is a file, not a folder: choose another path"
    case .insideAlbum(let id): "the new folder would be inside the album \(id), and albums do not nest: choose a folder outside it"
    }
  }
}

extension CollectionStore {
  /// Renames the folder of the album `reference` names to `destination`, as
  /// one commit ("Move Miles Davis – Kind of Blue to albums/kind-of-blue").
  ///
  /// `destination` is a folder name, which stays beside the old folder, or a
  /// path (with a `/`) relative to the collection root; an absolute path
  /// inside the collection is taken too. It must stay inside the collection,
  /// pass no symbolic link, not be hidden, not exist, and not lie inside an
  /// album. The whole folder moves (covers, notes, untracked files), so git
  /// sees a rename. A person's uncommitted edits in the album are committed
  /// alone first (docs/commands.md, "Changes and commits"), and the change is journaled: a kill leaves
  /// the album moved and committed, or where it was.
  ///
  /// Returns the album as it was, its new id, and the commit (`nil` when
  /// `destination` is the folder it is already in).
  @discardableResult
  public func move(_ reference: String, to destination: String) throws(StoreError) -> (album: Album, id: String, commit: GitCommit?) {
    let id = try resolve(reference)
    return try locked { () throws(StoreError) -> (album: Album, id: String, commit: GitCommit?) in
      let (album, _) = try read(id)
      let refuse = { (reason: MoveRefusal) in StoreError.moveRefused(album: ChangeMessage.name(of: album), destination: destination, reason)
      }
      let newID: String
      do throws(MoveRefusal) { newID = try destinationID(destination, movingFrom: id) } catch { throw refuse(error) }
      if newID == id { return (album, id, nil) }
      try refuseLinks(in: newID, below: location.root)
      do throws(MoveRefusal) { try checkDestination(newID, movingFrom: id) } catch { throw refuse(error) }
      try commitHandEdits(to: id, of: album)

      // The first folder on the way that does not exist yet: made by the
      // move, so removed again should it roll back.
      let parts: [String] = newID.split(separator: "/").map(String.init)
      var created: [String] = []
      for count in 1..<max(parts.count, 1) {
        let folder: String = parts[..<count].joined(separator: "/")
        if !FileSystem.exists(location.path(folder)) {
          created = [prefix + folder]
          break
        }
      }
      let message = ChangeMessage.make("Move \(ChangeMessage.name(of: album)) to \(newID)", action: "move")
      // Plays, ordered lists and smart lists' kept orders name the album by id: rewritten in the same commit.
      let plays = playsFilesMoving(id, to: newID) + orderedListFilesMoving(id, to: newID) + smartListFilesMoving(id, to: newID)
      var journal = ChangeJournal(message: message, paths: [prefix + id, prefix + newID] + plays.map { prefix + $0.0 }, created: created)
      journal.files = plays.map { savedFile(prefix + $0.0, bytes: $0.2) }
      journal.moved = [ChangeJournal.MovedFolder(from: prefix + id, to: prefix + newID)]
      return try journaled(journal) { () throws(StoreError) -> (album: Album, id: String, commit: GitCommit?) in
        let target = location.path(newID)
        do {
          try FileManager.default.createDirectory(
            atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        } catch {
          throw .file(FileSystemError(path: location.displayPath(newID), operation: "create the folder of", code: EIO))
        }
        // rename(2): one step, and it never replaces a folder that appeared
        // since the check, unless that folder is empty.
        guard rename(location.path(id), target) == 0 else {
          throw .file(FileSystemError(path: location.displayPath(id), operation: "move", code: errno))
        }
        for (path, bytes, _) in plays {
          do throws(FileSystemError) { try FileSystem.writeAtomically(bytes, to: location.path(path)) } catch { throw .file(error) }
        }
        return (album, newID, try commit(paths: [id, newID] + plays.map { $0.0 }, message: message))
      }
    }
  }

  /// The id `destination` names for an album now at `id`: a bare folder
  /// name beside it, else a path from the collection root.
  private func destinationID(_ destination: String, movingFrom id: String) throws(MoveRefusal) -> String {
    var path = destination
    while path.count > 1, path.hasSuffix("/") { path.removeLast() }
    while path.hasPrefix("./") { path.removeFirst(2) }
    if path.hasPrefix("/") {
      let absolute = FileSystem.absolute(path)
      guard absolute.hasPrefix(location.root + "/") else { throw .outsideCollection }
      path = String(absolute.dropFirst(location.root.count + 1))
    } else if !destination.contains("/") {
      let parent = id.split(separator: "/").dropLast().joined(separator: "/")
      path = parent.isEmpty ? path : parent + "/" + path
    }
    let parts = path.split(separator: "/", omittingEmptySubsequences: false)
    guard !path.isEmpty, !parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) else { throw .outsideCollection }
    if let hidden = parts.firstIndex(where: { $0.hasPrefix(".") }) {
      throw .hidden(location.displayPath(parts[...hidden].joined(separator: "/")))
    }
    return path
  }

  /// Throws unless `newID` is free: nothing there, no file on the way, not
  /// inside an album (the moved one included).
  private func checkDestination(_ newID: String, movingFrom id: String) throws(MoveRefusal) {
    if newID.hasPrefix(id + "/") { throw .insideAlbum(id) }
    var info = stat()
    if lstat(location.path(newID), &info) == 0 { throw .exists(location.displayPath(newID)) }
    let parts = newID.split(separator: "/")
    for count in 1..<max(parts.count, 1) {
      let folder = parts[..<count].joined(separator: "/")
      guard lstat(location.path(folder), &info) == 0 else { break }
      // A link on the way is refused by `refuseLinks`, with its own message.
      if (info.st_mode & S_IFMT) == S_IFLNK { break }
      guard (info.st_mode & S_IFMT) == S_IFDIR else { throw .notAFolder(location.displayPath(folder)) }
      if lstat(location.path(folder + "/" + AlbumFile.name), &info) == 0 { throw .insideAlbum(folder) }
    }
  }
}
