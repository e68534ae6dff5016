extension CollectionCheck {
  /// What `rk check --staged` reports (PRODUCT.md §3): the album.md, plays
  /// and smart-list files the next commit records that HEAD does not have
  /// as they are, checked as git's index holds them, whatever the work
  /// tree holds. The rules of one album or file and those across the
  /// collection (a play of an album the index lacks) are `rk check`'s own:
  /// the index's files of those kinds are written to a temporary folder and
  /// checked there. `indexFile` is the index git hands a hook in
  /// `GIT_INDEX_FILE`, if any; paths are reported in `location`.
  public static func staged(in location: CollectionLocation, indexFile: String? = nil) throws -> CollectionCheck {
    let repository = try GitRepository.open(containing: location.root)
    let prefix = try repository.relativePath(location.root)
    let (files, staged) = try repository.stagedFiles(indexFile: indexFile.map(FileSystem.absolute))
    /// The path inside the collection, for files of the kinds checked.
    func checked(_ path: String) -> String? {
      guard prefix.isEmpty || path.hasPrefix(prefix + "/") else { return nil }
      let relative = prefix.isEmpty ? path : String(path.dropFirst(prefix.count + 1))
      let isChecked =
        relative.hasPrefix(CollectionLocation.markerFolder + "/") || PlayHistory.isPlaysFile(relative)
        || relative == AlbumFile.name || relative.hasSuffix("/" + AlbumFile.name)
      return isChecked ? relative : nil
    }
    let stagedFiles = staged.compactMap(checked).filter { !$0.hasPrefix(CollectionLocation.markerFolder + "/") || isListFile($0) }
    let copy = try FileSystem.makeTemporaryFolder(prefix: "rk-staged-")
    defer { FileSystem.removeTree(copy) }
    let copyLocation = CollectionLocation(root: copy)
    try FileSystem.makeFolders(copyLocation.path(CollectionLocation.markerFolder))
    // Nothing staged to check: no need to copy the collection.
    if !stagedFiles.isEmpty {
      for file in files {
        guard let relative = checked(file.path) else { continue }
        let path = copyLocation.path(relative)
        try FileSystem.makeFolders(String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)]))
        try FileSystem.writeAtomically(try repository.blob(withID: file.id), to: path)
      }
    }
    let check = CollectionCheck(try RecordCollection.load(copyLocation), lists: SmartLists.load(from: copyLocation))
    return check.restricted(to: stagedFiles, reportedIn: location)
  }

  private static func isListFile(_ path: String) -> Bool {
    path.hasPrefix(SmartListFile.folder + "/") && path.hasSuffix(SmartListFile.fileExtension)
  }
}
