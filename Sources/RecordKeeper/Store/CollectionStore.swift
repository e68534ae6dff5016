import Foundation

/// Changes a collection: every change is validated, written atomically and
/// recorded as exactly one git commit (PRODUCT.md §4).
///
/// Each change holds the collection lock from reading the album to making the
/// commit, and re-reads the album under it, so a concurrent `rk` or a hand
/// edit made since loading is never overwritten.
public final class CollectionStore {
  public let location: CollectionLocation
  private let repository: GitRepository
  /// The collection root relative to the repository's work tree ("" or "records/").
  let prefix: String

  /// Opens the collection at `location`, which must be in a git repository.
  public init(location: CollectionLocation) throws(StoreError) {
    self.location = location
    do {
      repository = try GitRepository.open(containing: location.root)
    } catch {
      throw .git(error)
    }
    let workTree = FileSystem.absolute(repository.workingDirectory)
    prefix = location.root == workTree ? "" : String(location.root.dropFirst(workTree.count + 1)) + "/"
  }

  // MARK: Finding and reading albums

  /// The id of the album `reference` names, without parsing the collection.
  public func resolve(_ reference: String) throws(StoreError) -> String {
    let key = AlbumReference.normalize(reference, in: location)
    if !key.isEmpty, !key.hasPrefix("."), FileSystem.exists(location.path(key + "/" + AlbumFile.name)) { return key }
    do {
      return try AlbumReference.resolve(reference, among: try RecordCollection.albumIDs(location), in: location)
    } catch {
      throw .collection(error)
    }
  }

  /// The album as its file says now, with the file's bytes.
  public func read(_ id: String) throws(StoreError) -> (album: Album, bytes: [UInt8]) {
    let path = location.path(id + "/" + AlbumFile.name)
    do {
      let bytes = try FileSystem.read(path, limit: RecordCollection.albumFileSizeLimit)
      let entries = (try? FileSystem.list(location.path(id))) ?? []
      let covers = CoverFiles(
        cover: entries.contains { $0.name == CoverFiles.coverName },
        thumbnail: entries.contains { $0.name == CoverFiles.thumbnailName })
      return (try AlbumFile.parse(bytes, id: id, covers: covers).album, bytes)
    } catch let error as FileSystemError {
      throw .file(error)
    } catch let error as AlbumFileError {
      throw .unreadable(path: location.displayPath(ofAlbum: id), error)
    } catch {
      throw .file(FileSystemError(path: path, operation: "read", error: error))
    }
  }

  // MARK: Changes

  /// Applies `change` to the album `reference` names and commits the result.
  ///
  /// `change` returns whether it changed anything; `summary` gets the album
  /// before and after and returns the first line of the commit message.
  /// Returns `nil`, and commits nothing, when the file would stay the same.
  @discardableResult
  public func update(
    _ reference: String, action: String, summary: (_ before: Album, _ after: Album) -> String,
    _ change: (inout Album) throws(AlbumEditError) -> Bool
  ) throws(StoreError) -> GitCommit? {
    let id = try resolve(reference)
    return try locked { () throws(StoreError) -> GitCommit? in
      let (album, bytes) = try read(id)
      var changed = album
      do throws(AlbumEditError) {
        guard try change(&changed) else { return nil }
      } catch {
        throw .edit(album: ChangeMessage.name(of: album), error)
      }
      try Self.validate(changed, against: album)
      let text: [UInt8]
      do throws(AlbumFileError) {
        text = try AlbumFile.rewrite(bytes, to: changed)
      } catch {
        throw .unreadable(path: location.displayPath(ofAlbum: id), error)
      }
      guard text != bytes else { return nil }
      return try write(text, to: id, restoring: bytes, message: ChangeMessage.make(summary(album, changed), action: action))
    }
  }

  /// Replaces an album's file with text a person edited, if it reads as a
  /// valid album. The text is written as typed, not reformatted.
  ///
  /// `original` is the file as it was when the person started editing; when
  /// the file has changed since (another `rk` change, a `git pull`), nothing
  /// is written and ``StoreError/changedSinceOpened(path:)`` is thrown, so the
  /// edit never silently reverts that change.
  @discardableResult
  public func replace(_ id: String, with text: String, expecting original: [UInt8]? = nil) throws(StoreError) -> GitCommit? {
    try locked { () throws(StoreError) -> GitCommit? in
      let (album, bytes) = try read(id)
      if let original, original != bytes { throw .changedSinceOpened(path: location.displayPath(ofAlbum: id)) }
      let edited = try Self.parseEdited(text, id: id, displayPath: location.displayPath(ofAlbum: id))
      try Self.validate(edited, against: album)
      let newBytes = Array(text.utf8)
      guard newBytes != bytes else { return nil }
      let message = ChangeMessage.make("Edit \(ChangeMessage.name(of: edited))", action: "edit")
      return try write(newBytes, to: id, restoring: bytes, message: message)
    }
  }

  /// Adds a new album in `albums/<slug>/`; the folder appears complete or not
  /// at all. `files` are extra files (covers) to place beside `album.md`.
  public func add(_ album: Album, files: [String: [UInt8]] = [:]) throws(StoreError) -> (id: String, commit: GitCommit?) {
    var album = album
    album.id = ""
    try Self.validate(album, against: nil)
    return try locked { () throws(StoreError) -> (id: String, commit: GitCommit?) in
      let slug = Slug.make(artist: album.artist, title: album.title)
      var id = "albums/" + slug
      var suffix = 2
      while FileSystem.exists(location.path(id)) {
        id = "albums/\(slug)-\(suffix)"
        suffix += 1
      }
      album.id = id
      let staging = location.path("albums/.rk-new-\(getpid())-\(slug)")
      do {
        try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: true)
        try FileSystem.writeAtomically(Array(AlbumFile.render(album).utf8), to: staging + "/" + AlbumFile.name)
        for (name, bytes) in files { try FileSystem.writeAtomically(bytes, to: staging + "/" + name) }
        try FileManager.default.moveItem(atPath: staging, toPath: location.path(id))
      } catch {
        try? FileManager.default.removeItem(atPath: staging)
        throw .file(FileSystemError(path: location.displayPath(id), operation: "create", error: error))
      }
      do throws(StoreError) {
        return (id, try commit(paths: [id], message: ChangeMessage.make("Add \(ChangeMessage.name(of: album))", action: "add")))
      } catch {
        try? FileManager.default.removeItem(atPath: location.path(id))
        throw error
      }
    }
  }

  /// Deletes the album `reference` names, folder and all.
  @discardableResult
  public func remove(_ reference: String) throws(StoreError) -> (album: Album, commit: GitCommit?) {
    let id = try resolve(reference)
    return try locked { () throws(StoreError) -> (album: Album, commit: GitCommit?) in
      let (album, _) = try read(id)
      let folder = location.path(id)
      let parked = location.path((id.contains("/") ? String(id[..<(id.lastIndex(of: "/") ?? id.endIndex)]) + "/" : "") + ".rk-removed-\(getpid())-\(album.folderName)")
      do {
        try FileManager.default.moveItem(atPath: folder, toPath: parked)
      } catch {
        throw .file(FileSystemError(path: location.displayPath(id), operation: "remove", error: error))
      }
      do throws(StoreError) {
        let commit = try commit(paths: [id], message: ChangeMessage.make("Remove \(ChangeMessage.name(of: album))", action: "remove"))
        try? FileManager.default.removeItem(atPath: parked)
        return (album, commit)
      } catch {
        try? FileManager.default.moveItem(atPath: parked, toPath: folder)
        throw error
      }
    }
  }

  /// Reverts the last commit, if `rk` made it, as a new commit.
  public func undo() throws(StoreError) -> GitCommit? {
    try locked { () throws(StoreError) -> GitCommit? in
      do {
        guard let head = try repository.head() else { throw StoreError.nothingToUndo }
        guard ChangeMessage.action(of: head.message) != nil else { throw StoreError.notOurCommit(head.summary) }
        let files = try repository.changedFiles(in: head)
        let dirty = try files.filter { path throws(GitError) in try repository.hasUncommittedChanges(at: path) }
        guard dirty.isEmpty else { throw StoreError.uncommittedChanges(dirty) }
        for file in files {
          let path = repository.workingDirectory + "/" + file
          if let bytes = try repository.fileInParent(of: head, path: file) {
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try FileSystem.writeAtomically(bytes, to: path)
          } else {
            try? FileManager.default.removeItem(atPath: path)
            Self.removeEmptyFolders(above: path, stoppingAt: location.root)
          }
        }
        let message = ChangeMessage.make("Undo \"\(head.summary)\"", action: "undo")
        return try repository.commit(paths: files, message: message)
      } catch let error as StoreError {
        throw error
      } catch let error as GitError {
        throw .git(error)
      } catch let error as FileSystemError {
        throw .file(error)
      } catch {
        throw .file(FileSystemError(path: location.root, operation: "undo in", error: error))
      }
    }
  }

  /// The commits that changed the album `reference` names, or the whole
  /// collection, newest first.
  public func history(of reference: String? = nil, limit: Int? = nil) throws(StoreError) -> [GitCommit] {
    let path = try reference.map { (reference) throws(StoreError) in prefix + (try resolve(reference)) }
    do {
      return try repository.log(path: path ?? (prefix.isEmpty ? nil : String(prefix.dropLast())), limit: limit)
    } catch {
      throw .git(error)
    }
  }

  // MARK: Helpers

  func locked<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
    let lock: CollectionLock
    do {
      lock = try CollectionLock(path: repository.gitDirectory + "/rk.lock")
      try repository.ensureReadyToCommit()
    } catch let error as FileSystemError {
      throw .file(error)
    } catch let error as GitError {
      throw .git(error)
    } catch {
      throw .file(FileSystemError(path: repository.gitDirectory, operation: "lock", error: error))
    }
    defer { withExtendedLifetime(lock) {} }
    return try body()
  }

  /// Writes an album file and commits it, putting the old bytes back if the
  /// commit fails.
  private func write(_ bytes: [UInt8], to id: String, restoring old: [UInt8], message: String) throws(StoreError) -> GitCommit? {
    let path = location.path(id + "/" + AlbumFile.name)
    do {
      try FileSystem.writeAtomically(bytes, to: path)
    } catch {
      throw .file(error)
    }
    do throws(StoreError) {
      return try commit(paths: [id + "/" + AlbumFile.name], message: message)
    } catch {
      try? FileSystem.writeAtomically(old, to: path)
      throw error
    }
  }

  /// Commits paths given relative to the collection root (or to the work
  /// tree when `relative` is false), then packs loose objects when there are many.
  func commit(paths: [String], message: String, relative: Bool = true) throws(StoreError) -> GitCommit? {
    let commit: GitCommit?
    do {
      commit = try repository.commit(paths: relative ? paths.map { prefix + $0 } : paths, message: message)
    } catch {
      throw .git(error)
    }
    // The commit stands whatever happens here: packing only saves room, and
    // failing now must not make the caller put the old files back.
    _ = try? repository.packIfNeeded()
    return commit
  }

  /// Refuses an album that breaks a rule the original did not break, so old
  /// problems do not block unrelated changes but no change adds one.
  static func validate(_ album: Album, against original: Album?) throws(StoreError) {
    let before = Set((original?.problems() ?? []).map(\.description))
    let new = album.problems().filter { !before.contains($0.description) }
    guard new.isEmpty else { throw .invalid(album: album.title.isBlank ? "the album" : ChangeMessage.name(of: album), new) }
  }

  /// Parses edited text, with problems reported against `displayPath`.
  public static func parseEdited(_ text: String, id: String, displayPath: String) throws(StoreError) -> Album {
    do {
      return try AlbumFile.parse(Array(text.utf8), id: id).album
    } catch {
      throw .unreadable(path: displayPath, error)
    }
  }

  private static func removeEmptyFolders(above path: String, stoppingAt root: String) {
    var folder = (path as NSString).deletingLastPathComponent
    while folder.count > root.count, folder.hasPrefix(root), (try? FileManager.default.contentsOfDirectory(atPath: folder))?.isEmpty == true {
      try? FileManager.default.removeItem(atPath: folder)
      folder = (folder as NSString).deletingLastPathComponent
    }
  }
}
