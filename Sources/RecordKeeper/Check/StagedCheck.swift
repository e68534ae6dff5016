import Foundation

extension CollectionCheck {
  /// What `rk check --staged` reports (docs/commands.md, "Editing by hand: schema, checks and a hook"): the album.md, plays
  /// and smart-list files the next commit records that HEAD does not have
  /// as they are, checked as git's index holds them, whatever the work
  /// tree holds. They are written to a temporary folder and checked there
  /// by `rk check`'s own rules; the index's other albums are read from
  /// their blobs for the rules across albums (a play of an album the index
  /// lacks, duplicate pressings). `indexFile` is the index git hands a hook
  /// in `GIT_INDEX_FILE`, if any; paths are reported in `location`.
  public static func staged(in location: CollectionLocation, indexFile: String? = nil) throws -> CollectionCheck {
    let repository = try GitRepository.open(containing: location.root)
    let prefix = try repository.relativePath(location.root)
    let (files, staged) = try repository.stagedFiles(indexFile: indexFile.map(FileSystem.absolute))
    /// The path inside the collection, for files of the kinds checked.
    func checked(_ path: String) -> String? {
      guard prefix.isEmpty || path.hasPrefix(prefix + "/") else { return nil }
      let relative = prefix.isEmpty ? path : String(path.dropFirst(prefix.count + 1))
      let isChecked =
        relative.hasPrefix(CollectionLocation.markerFolder + "/") || PlayHistory.isPlaysFile(relative) || albumID(relative) != nil
      return isChecked ? relative : nil
    }
    let stagedFiles = staged.compactMap(checked).filter { !$0.hasPrefix(CollectionLocation.markerFolder + "/") || isListFile($0) }
    let stagedAlbums = Set(stagedFiles.compactMap(albumID))
    let copy = try FileSystem.makeTemporaryFolder(prefix: "rk-staged-")
    defer { FileSystem.removeTree(copy) }
    let copyLocation = CollectionLocation(root: copy)
    try FileSystem.makeFolders(copyLocation.path(CollectionLocation.markerFolder))
    var others: [(id: String, blob: String)] = []
    // Nothing staged to check: no need to read the index's files.
    for file in stagedFiles.isEmpty ? [] : files {
      guard let relative = checked(file.path) else { continue }
      if let id = albumID(relative), !stagedAlbums.contains(id) {
        others.append((id, file.id))
        continue
      }
      let path = copyLocation.path(relative)
      try FileSystem.makeFolders(String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)]))
      // Plainly, as the copy is removed right after.
      try FileSystem.writeUnflushed(try repository.blob(withID: file.id), to: path, flags: O_CREAT | O_TRUNC, mode: 0o600)
    }
    let loaded = try RecordCollection.load(copyLocation)
    var albums = loaded.albums
    var unreadable = loaded.unreadable
    for (id, blob) in others {
      do {
        albums.append(try AlbumFile.parse(try repository.blob(withID: blob), id: id, validating: false).album)
      } catch {
        unreadable.append(AlbumIssue(id: id, line: 0, field: "file", message: "\(error)"))
      }
    }
    let collection = RecordCollection(location: copyLocation, albums: albums, unreadable: unreadable, problems: loaded.problems)
    return CollectionCheck(collection, lists: SmartLists.load(from: copyLocation)).restricted(to: stagedFiles, reportedIn: location)
  }

  /// The album whose album.md is at `path`, or `nil`.
  private static func albumID(_ path: String) -> String? {
    path.hasSuffix("/" + AlbumFile.name) ? String(path.dropLast(AlbumFile.name.count + 1)) : nil
  }

  private static func isListFile(_ path: String) -> Bool {
    path.hasPrefix(SmartListFile.folder + "/") && path.hasSuffix(SmartListFile.fileExtension)
  }

}
