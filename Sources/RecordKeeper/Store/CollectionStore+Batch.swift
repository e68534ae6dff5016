import Foundation

/// Changes to many albums at once, added and updated, as one commit
/// (`rk import`), made complete or not at all like every other change.
extension CollectionStore {
  /// An album file a batch rewrites.
  struct BatchUpdate {
    var id: String
    /// The album as read under the lock, for the commit of hand edits.
    var album: Album
    /// The file's bytes as read under the lock, put back on failure.
    var old: [UInt8]
    var new: [UInt8]
  }

  /// Ids for new albums, in order: `albums/<slug>`, with `-2`, `-3` … when
  /// that folder is taken: on disk, in the index only (a sparse checkout
  /// left it out), or by an earlier album of `albums`. The one rule for
  /// every new album (``add(_:files:)``, imports). An id the sparse checkout
  /// leaves out is refused: rk would write where git does not look.
  func newIDs(for albums: [Album]) throws(GitError) -> [String] {
    let cone = try repository.sparseCone()
    var taken = Set<String>()
    var ids: [String] = []
    func isTaken(_ id: String) throws(GitError) -> Bool {
      if taken.contains(id) || FileSystem.exists(location.path(id)) { return true }
      return try repository.indexHolds(prefix + id)
    }
    for album in albums {
      let slug = Slug.make(artist: album.artist, title: album.title)
      var id = "albums/" + slug
      var suffix = 2
      while try isTaken(id) {
        id = "albums/\(slug)-\(suffix)"
        suffix += 1
      }
      if cone?.leavesOut(prefix + id + "/" + AlbumFile.name) == true { throw .outsideSparseCheckout(prefix + id) }
      taken.insert(id)
      ids.append(id)
    }
    return ids
  }

  /// Writes a batch and commits it as one commit with `message`; call it
  /// under the collection lock, with `updates` read under it.
  ///
  /// A person's uncommitted edits to the albums it rewrites are committed
  /// first, alone (docs/commands.md, "Changes and commits"). New albums (their ids from
  /// ``newIDs(for:)``) are written in a scratch folder, then moved into
  /// place; rewritten files are written atomically. A journal names every
  /// path, so that a failure or a kill part way puts everything back:
  /// the new folders go, the old bytes return.
  func writeBatch(adding added: [Album], updating updates: [BatchUpdate], message: String) throws(StoreError) -> GitCommit? {
    guard !added.isEmpty || !updates.isEmpty else { return nil }
    for album in added { try Self.validate(album, against: nil) }
    try refuseLinks(in: "albums", below: location.root)
    try commitHandEdits(to: updates.map { ($0.id, $0.album, $0.old) })
    let staging = "albums/.rk-batch-\(getpid())"
    let files = updates.map { prefix + $0.id + "/" + AlbumFile.name }
    let journal = ChangeJournal(
      message: message, paths: files + added.map { prefix + $0.id },
      files: zip(files, updates).map { savedFile($0, bytes: $1.old, written: $1.new) },
      created: added.map { prefix + $0.id }, staging: added.isEmpty ? [] : [prefix + staging])
    return try journaled(journal) { () throws(StoreError) -> GitCommit? in
      if !added.isEmpty {
        do {
          for album in added {
            let folder = location.path(staging + "/" + album.folderName)
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            // In the scratch folder nothing needs replacing atomically, and
            // one flush below, rather than one a file, makes them last.
            try FileSystem.writeUnflushed(
              Array(AlbumFile.render(album).utf8), to: folder + "/" + AlbumFile.name, flags: O_CREAT | O_EXCL, mode: 0o666)
          }
          Self.flushFileSystem()
          for album in added {
            try FileManager.default.moveItem(atPath: location.path(staging + "/" + album.folderName), toPath: location.path(album.id))
          }
        } catch {
          throw .file(FileSystemError(path: location.displayPath(staging), operation: "create", error: error))
        }
      }
      for update in updates where try replaceAlbumFile(update.id, with: update.new, expecting: update.old) != nil {
        throw .savedMeanwhile(path: location.displayPath(ofAlbum: update.id), reason: "rk does not merge a change to several albums")
      }
      let written = updates.map { ($0.id + "/" + AlbumFile.name, $0.new) }
      return try commit(
        paths: written.map(\.0) + added.map(\.id), message: message, contents: Dictionary(written, uniquingKeysWith: { $1 }))
    }
  }

  /// Flushes to disk everything written so far: one `sync` for thousands
  /// of new files rather than one `fsync` each. (`syncfs`, which would
  /// flush only this file system, is a GNU extension Swift's Glibc does
  /// not declare.)
  private static func flushFileSystem() {
    sync()
  }
}
