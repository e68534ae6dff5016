#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An album's photo gallery (back sleeve, labels, inserts): WebP files in
/// `albums/ID/photos/`, each added or removed as one commit, like a cover.
extension CollectionStore {
  /// The folder inside an album that holds its photos.
  public static let photosFolder = "photos"
  /// The extension of every photo `rk` writes and lists.
  public static let photoExtension = ".webp"

  /// Whether `name` can name a photo: one path part, not hidden, no control
  /// characters, at most 100 characters. Nothing else is ever read or deleted.
  public static func isPhotoName(_ name: String) -> Bool {
    !name.isEmpty && name.count <= 100 && !name.hasPrefix(".") && !name.contains("/")
      && !name.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
  }

  /// The names of the album's photos (without `.webp`), in name order.
  public func photos(of reference: String) throws(StoreError) -> [String] {
    let id = try resolve(reference)
    try refuseLinks(in: id + "/" + Self.photosFolder, below: location.root)
    let entries = (try? FileSystem.list(location.path(id + "/" + Self.photosFolder))) ?? []
    return
      entries
      .filter { !$0.isDirectory && !$0.isLink && $0.name.hasSuffix(Self.photoExtension) }
      .map { String($0.name.dropLast(Self.photoExtension.count)) }
      .filter(Self.isPhotoName)
      .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
  }

  /// The path of the photo `name` of the album `id`, when it is a regular
  /// file inside the collection.
  public func photoPath(_ name: String, of id: String) throws(StoreError) -> String? {
    guard Self.isPhotoName(name) else { return nil }
    let relative = id + "/" + Self.photosFolder + "/" + name + Self.photoExtension
    try refuseLinks(in: relative, below: location.root)
    return FileSystem.exists(location.path(relative)) ? location.path(relative) : nil
  }

  /// Adds a photo (WebP bytes made by libvips) as `photo-N`, the first
  /// number not taken, and commits it. Returns its name.
  @discardableResult
  public func addPhoto(_ webp: [UInt8], to reference: String) throws(StoreError) -> (name: String, commit: GitCommit?) {
    let id = try resolve(reference)
    return try locked { () throws(StoreError) -> (name: String, commit: GitCommit?) in
      let album = try read(id).album
      let folder = id + "/" + Self.photosFolder
      try refuseLinks(in: folder, below: location.root)
      let taken = Set(try photos(of: id))
      var number = 1
      while taken.contains("photo-\(number)") { number += 1 }
      let name = "photo-\(number)"
      try commitHandEdits(to: id, of: album)
      let relative = folder + "/" + name + Self.photoExtension
      let message = ChangeMessage.make("Add photo \"\(name)\" to \(ChangeMessage.name(of: album))", action: "photo-add")
      let file = prefix + relative
      let commit = try journaled(ChangeJournal(message: message, paths: [file]), saving: [file]) { () throws(StoreError) -> GitCommit? in
        do throws(FileSystemError) {
          if !FileSystem.isDirectory(location.path(folder)), mkdir(location.path(folder), 0o755) != 0 {
            throw FileSystemError(path: location.displayPath(folder), operation: "create", code: errno)
          }
          try FileSystem.writeAtomically(webp, to: location.path(relative))
        } catch {
          throw .file(error)
        }
        return try self.commit(paths: [relative], message: message)
      }
      return (name, commit)
    }
  }

  /// Deletes the photo `name` of the album and commits that; throws a
  /// file error (`ENOENT`) when there is none.
  @discardableResult
  public func removePhoto(_ name: String, from reference: String) throws(StoreError) -> GitCommit? {
    let id = try resolve(reference)
    return try locked { () throws(StoreError) -> GitCommit? in
      let album = try read(id).album
      let relative = id + "/" + Self.photosFolder + "/" + name + Self.photoExtension
      guard try photoPath(name, of: id) != nil else {
        throw .file(FileSystemError(path: location.displayPath(relative), operation: "remove", code: ENOENT))
      }
      try commitHandEdits(to: id, of: album)
      let message = ChangeMessage.make("Remove photo \"\(name)\" from \(ChangeMessage.name(of: album))", action: "photo-rm")
      let file = prefix + relative
      return try journaled(ChangeJournal(message: message, paths: [file]), saving: [file]) { () throws(StoreError) -> GitCommit? in
        unlink(location.path(relative))
        // The empty folder goes too; git keeps no folders.
        rmdir(location.path(id + "/" + Self.photosFolder))
        return try commit(paths: [relative], message: message)
      }
    }
  }
}
