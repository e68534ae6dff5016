import Foundation

/// Changes a collection: every change is validated, written atomically and
/// recorded as exactly one git commit (docs/commands.md, "Changes and commits").
///
/// Each change holds the collection lock from reading the album to making the
/// commit, and re-reads the album under it, so a concurrent `rk` or a hand
/// edit made since loading is never overwritten. A person's uncommitted edits
/// to the album are committed alone first (docs/commands.md, "Changes and commits").
///
/// ## Ownership in a long-running process
///
/// A store is not `Sendable`: it owns a ``GitRepository`` (a libgit2 handle,
/// usable from one thread at a time) and its methods block on the collection
/// lock, the disk and libgit2. A server (`rk serve`) therefore keeps exactly
/// one store, made inside and owned by one actor, say
/// `actor CollectionService { private let store: CollectionStore }`, that
/// runs on its own serial executor (a dedicated thread, so blocking never
/// starves the cooperative pool). Request handlers never hold the store:
/// they send the actor a change (an album reference and an edit, both
/// values) and get back values (``GitCommit``, ``Album``, ``StoreError``).
/// So one change runs at a time in the process, and ``CollectionLock``
/// orders it against `rk` commands and other processes. Reads for queries
/// come from a ``RecordCollection`` value, loaded again after each commit
/// or change on disk, which any task may share.
public final class CollectionStore {
  public let location: CollectionLocation
  let repository: GitRepository
  /// Told when a change starts and finds that an earlier `rk` was interrupted
  /// in one, once that change has been finished or rolled back.
  public var onInterruptedChange: ((InterruptedChange) -> Void)?
  /// Told the rules a person's edits break when they are committed "by
  /// hand" before an `rk` change, as written (docs/commands.md, "Changes and commits").
  public var onHandEditProblems: (([AlbumIssue]) -> Void)?
  /// Told of each lock file a killed git or rk left (a fetch, a push to a
  /// folder on this machine) that was proved stale and removed.
  public var onRemovedLock: ((RemovedLock) -> Void)? {
    get { repository.onRemovedLock }
    set { repository.onRemovedLock = newValue }
  }
  /// Whether a journaled change is under way in this process.
  var journalIsOpen = false
  /// Told, with the album's id, right before rk replaces an album's file
  /// and right before it commits what it wrote: where tests play a person
  /// whose editor saves at that very moment.
  var beforeReplacing: ((String) -> Void)?
  var beforeCommitting: ((String) -> Void)?
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
  ///
  /// Nothing outside the collection root is ever named (docs/album-format.md, "The collection on disk"): a
  /// reference with `.` or `..` parts, an absolute path elsewhere, and an
  /// album folder or `album.md` that is, or lies behind, a symbolic link are
  /// refused before anything is read or written.
  public func resolve(_ reference: String) throws(StoreError) -> String {
    let key = AlbumReference.normalize(reference, in: location)
    if key.hasPrefix("/") || key.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0 == "." || $0 == ".." }) {
      throw .outsideCollection(reference)
    }
    let id: String
    if !key.isEmpty, !key.hasPrefix("."), FileSystem.exists(location.path(key + "/" + AlbumFile.name)) {
      id = key
    } else {
      do {
        id = try AlbumReference.resolve(reference, among: try RecordCollection.albumIDs(location), in: location)
      } catch {
        throw .collection(error)
      }
    }
    try ensureInside(id, reference: reference)
    return id
  }

  /// Throws unless `id` names a folder inside the collection root, reached
  /// without passing a symbolic link, whose `album.md` is no link either.
  private func ensureInside(_ id: String, reference: String) throws(StoreError) {
    let parts = id.split(separator: "/", omittingEmptySubsequences: false)
    guard !id.hasPrefix("/"), !parts.isEmpty, !parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) else {
      throw .outsideCollection(reference)
    }
    try refuseLinks(in: id + "/" + AlbumFile.name, below: location.root)
    // With no link on the way this holds already; checked again on the
    // real paths so that no other route (a bind mount, a race) slips by.
    guard let root = Self.realPath(location.root) else { return }
    for path in [location.path(id), location.path(id + "/" + AlbumFile.name)] {
      if let real = Self.realPath(path), !real.hasPrefix(root + "/") { throw .outsideCollection(reference) }
    }
  }

  /// `path` with every link, `.` and `..` resolved, or `nil` when it does not exist.
  private static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// The album as its file says now, with the file's bytes.
  public func read(_ id: String) throws(StoreError) -> (album: Album, bytes: [UInt8]) {
    let (parsed, bytes) = try parsedFile(id)
    return (parsed.album, bytes)
  }

  /// The album as its file says now, kept as loading keeps it (the body's
  /// structure worked out again when asked), and the rules it breaks: what
  /// `rk serve` holds of an album re-read after a change, from one parse.
  public func readChecked(_ id: String) throws(StoreError) -> (album: Album, problems: [AlbumIssue]) {
    var (parsed, _) = try parsedFile(id)
    parsed.album.body = parsed.album.body.compacted
    return (parsed.album, parsed.problems.map { AlbumIssue(id: id, problem: $0) })
  }

  private func parsedFile(_ id: String) throws(StoreError) -> (AlbumFile.Parsed, [UInt8]) {
    try ensureInside(id, reference: id)
    let path = location.path(id + "/" + AlbumFile.name)
    do {
      let bytes = try FileSystem.read(path, limit: RecordCollection.albumFileSizeLimit)
      let entries = (try? FileSystem.list(location.path(id))) ?? []
      let covers = CoverFiles(
        cover: entries.contains { $0.name == CoverFiles.coverName },
        thumbnail: entries.contains { $0.name == CoverFiles.thumbnailName })
      return (try AlbumFile.parse(bytes, id: id, covers: covers), bytes)
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
      try commitHandEdits(to: id, of: album, bytes: bytes)
      return try writeAlbum(text, to: id, restoring: bytes, message: ChangeMessage.make(summary(album, changed), action: action))
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
      try commitHandEdits(to: id, of: album, bytes: bytes)
      return try writeAlbum(newBytes, to: id, restoring: bytes, message: message)
    }
  }

  /// Adds a new album in `albums/<slug>/`; the folder appears complete or not
  /// at all. `files` are extra files (covers) to place beside `album.md`.
  public func add(_ album: Album, files: [String: [UInt8]] = [:]) throws(StoreError) -> (id: String, commit: GitCommit?) {
    var album = album
    album.id = ""
    try Self.validate(album, against: nil)
    try refuseLinks(in: "albums", below: location.root)
    return try locked { () throws(StoreError) -> (id: String, commit: GitCommit?) in
      let id: String
      do throws(GitError) { id = try newIDs(for: [album])[0] } catch { throw .git(error) }
      album.id = id
      let stagingID = "albums/.rk-new-\(getpid())-" + album.folderName
      let staging = location.path(stagingID)
      let message = ChangeMessage.make("Add \(ChangeMessage.name(of: album))", action: "add")
      let journal = ChangeJournal(message: message, paths: [prefix + id], created: [prefix + id], staging: [prefix + stagingID])
      return try journaled(journal) { () throws(StoreError) -> (id: String, commit: GitCommit?) in
        do {
          try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: true)
          try FileSystem.writeAtomically(Array(AlbumFile.render(album).utf8), to: staging + "/" + AlbumFile.name)
          for (name, bytes) in files { try FileSystem.writeAtomically(bytes, to: staging + "/" + name) }
          try FileManager.default.moveItem(atPath: staging, toPath: location.path(id))
        } catch {
          throw .file(FileSystemError(path: location.displayPath(id), operation: "create", error: error))
        }
        return (id, try commit(paths: [id], message: message))
      }
    }
  }

  /// Deletes the album `reference` names, folder and all, so that `rk undo`
  /// can bring every file of it back.
  ///
  /// A person's uncommitted edits and untracked files in the folder are
  /// first committed alone, as for every change. Files git ignores cannot
  /// be committed, so they would be lost for good: while the folder holds
  /// any, nothing is removed and ``StoreError/ignoredFiles(album:_:)`` lists
  /// them; likewise for a git repository or submodule inside the folder,
  /// whose history would go with it (``StoreError/nestedRepositories(album:_:)``).
  @discardableResult
  public func remove(_ reference: String) throws(StoreError) -> (album: Album, commit: GitCommit?) {
    let id = try resolve(reference)
    return try locked { () throws(StoreError) -> (album: Album, commit: GitCommit?) in
      let (album, _) = try read(id)
      let ignored: [String]
      do throws(GitError) {
        ignored = try repository.ignoredFiles(under: prefix + id)
      } catch {
        throw .git(error)
      }
      guard ignored.isEmpty else {
        throw .ignoredFiles(album: ChangeMessage.name(of: album), ignored.map { location.displayPath(String($0.dropFirst(prefix.count))) })
      }
      let nested = GitRepository.nestedRepositories(under: location.path(id))
      guard nested.isEmpty else {
        throw .nestedRepositories(album: ChangeMessage.name(of: album), nested.map { location.displayPath($0 == "." ? id : id + "/" + $0) })
      }
      try commitHandEdits(to: id, of: album)
      let folder = location.path(id)
      let parkedID =
        (id.contains("/") ? String(id[..<(id.lastIndex(of: "/") ?? id.endIndex)]) + "/" : "")
        + ".rk-removed-\(getpid())-\(album.folderName)"
      let message = ChangeMessage.make("Remove \(ChangeMessage.name(of: album))", action: "remove")
      let journal = ChangeJournal(message: message, paths: [prefix + id], parked: [.init(original: prefix + id, parked: prefix + parkedID)])
      return try journaled(journal) { () throws(StoreError) -> (album: Album, commit: GitCommit?) in
        do {
          try FileManager.default.moveItem(atPath: folder, toPath: location.path(parkedID))
        } catch {
          throw .file(FileSystemError(path: location.displayPath(id), operation: "remove", error: error))
        }
        return (album, try commit(paths: [id], message: message))
      }
    }
  }

  /// Undoes the most recent `rk` change not yet undone, as a new commit
  /// (docs/commands.md, "Command reference"); called again, it goes one change further back.
  ///
  /// It walks back from HEAD along first parents, passing over undo commits
  /// and the changes they undid (each undo names the commit it undid in its
  /// ``ChangeMessage/undoesKey`` trailer). It stops, and throws, at the
  /// first commit of anyone else (``StoreError/notOurCommit(_:)``: a
  /// person's own commit, a merge, the hand edits `rk` recorded before a
  /// change) and at the collection's first commit
  /// (``StoreError/nothingLeftToUndo(_:)``): those are never undone.
  public func undo() throws(StoreError) -> GitCommit? {
    try locked { () throws(StoreError) -> GitCommit? in
      do {
        guard let head = try repository.head() else { throw StoreError.nothingToUndo }
        let target = try changeToUndo(from: head)
        let files = try repository.changedFiles(in: target)
        let dirty = try files.filter { path throws(GitError) in try repository.hasUncommittedChanges(at: path) }
        guard dirty.isEmpty else { throw StoreError.uncommittedChanges(dirty) }
        // Everything after the change was undone, so its files are as it
        // left them; if not (an undo of old made differently), refuse rather
        // than guess.
        for file in files where try repository.file(at: file, inCommit: target.id) != repository.file(at: file, inCommit: head.id) {
          throw StoreError.changedSinceUndoable(summary: target.summary, path: file)
        }
        for file in files { try refuseLinks(in: file, below: repository.workingDirectory) }
        let message = ChangeMessage.make("Undo \"\(target.summary)\"", action: "undo", undoing: target.id)
        return try journaled(ChangeJournal(message: message, paths: files), saving: files) { () throws(StoreError) -> GitCommit? in
          try putBack(files, asBefore: target)
          return try commit(paths: files, message: message, relative: false)
        }
      } catch {
        throw StoreError.wrapping(error, operation: "undo in", path: location.root)
      }
    }
  }

  /// Writes `files` (relative to the work tree) as they were before
  /// `change`, deleting those it added.
  private func putBack(_ files: [String], asBefore change: GitCommit) throws(StoreError) {
    do {
      for file in files {
        let path = repository.workingDirectory + "/" + file
        if let bytes = try repository.fileInParent(of: change, path: file) {
          try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
          try FileSystem.writeAtomically(bytes, to: path)
        } else {
          try? FileManager.default.removeItem(atPath: path)
          Self.removeEmptyFolders(above: path, stoppingAt: location.root)
        }
      }
    } catch {
      throw StoreError.wrapping(error, operation: "undo in", path: location.root)
    }
  }

  /// The most recent `rk` change before `head` that no undo has undone.
  private func changeToUndo(from head: GitCommit) throws(StoreError) -> GitCommit {
    var undone: Set<String> = []
    var commit = head
    while true {
      let action = ChangeMessage.action(of: commit.message)
      if action == "undo" {
        // Undo commits made before the trailer existed undid their parent.
        if let id = ChangeMessage.undone(by: commit.message) ?? commit.parentIDs.first { undone.insert(id) }
      } else if !undone.contains(commit.id) {
        guard action != nil else { throw .notOurCommit(commit.summary) }
        guard action != "init", !commit.parentIDs.isEmpty else { throw .nothingLeftToUndo(commit.summary) }
        // The merge settings rk set up or put back are no change to undo.
        if action != "merge-driver" { return commit }
      }
      guard let parent = commit.parentIDs.first else { throw .nothingLeftToUndo(commit.summary) }
      do {
        commit = try repository.commit(withID: parent)
      } catch {
        throw .git(error)
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

  /// What to tell a person reading the history of a shallow clone (which
  /// stops part way), or `nil` for a full clone.
  public var shallowHistoryNote: String? {
    guard let first = repository.shallowBoundary().sorted().first else { return nil }
    return "this clone is shallow (made with git clone --depth): its history stops at commit \(first.prefix(7)); "
      + "git fetch --unshallow fetches the rest"
  }

  // MARK: Helpers

  /// Commits a person's uncommitted edits to the album's folder (files
  /// modified, deleted, or untracked and not ignored) alone, before `rk`
  /// changes the album (docs/commands.md, "Changes and commits"), so that undoing `rk`'s change never
  /// takes the person's words with it. The commit has no `rk` trailer:
  /// `rk undo` treats it as the person's own. Should `rk`'s change then
  /// fail, this commit stands: it records exactly what the person wrote.
  /// With `bytes` (the `album.md` rk read and parsed), those are committed
  /// rather than the file as it is at that moment, which an editor may be
  /// halfway through saving.
  func commitHandEdits(to id: String, of album: Album, bytes: [UInt8]? = nil) throws(StoreError) {
    let edited: [String]
    do {
      edited = try repository.uncommittedFiles(under: prefix + id)
    } catch {
      throw .git(error)
    }
    guard !edited.isEmpty else { return }
    _ = try commit(
      paths: [id], message: ChangeMessage.handEdit(of: album), contents: bytes.map { [id + "/" + AlbumFile.name: $0] } ?? [:])
    reportProblems(ofHandEdited: [id])
  }

  /// Runs `body` holding the collection lock, once nothing stands in the
  /// way of a commit. During an unfinished merge only `rk resolve`
  /// (`duringMerge`) runs; every other change is refused with the albums
  /// whose conflicts are left (docs/merging.md, "Seeing and settling conflicts"). `afterRebase` lets a
  /// hook git runs once its rebase has moved the branch, before it removes
  /// the rebase's state, commit.
  func locked<T>(duringMerge: Bool = false, afterRebase: Bool = false, _ body: () throws(StoreError) -> T) throws(StoreError) -> T {
    let lock: CollectionLock
    do {
      lock = try CollectionLock(path: lockPath)
      // First, with no other rk running: finish or undo a change a killed rk
      // left half made, and remove the lock files it left.
      try recoverInterruptedChange()
      do {
        try repository.ensureReadyToCommit()
      } catch GitError.unfinishedOperation("rebase") where afterRebase {
        // The rebase is done but for removing its state.
      } catch GitError.unfinishedOperation("merge"), GitError.conflicts {
        let albums = unresolvedAlbums()
        if !duringMerge {
          if !albums.isEmpty { throw StoreError.unfinishedMerge(albums: albums) }
          try repository.ensureReadyToCommit()
        }
      }
      try ensureUnlocked()
    } catch {
      throw StoreError.wrapping(error, operation: "lock", path: repository.gitDirectory)
    }
    defer { withExtendedLifetime(lock) {} }
    return try body()
  }

  /// Writes an album file (and, when given, its cover and thumbnail) and
  /// commits them as one change, under a journal that puts `old` (the
  /// file's bytes as read under the lock) back, and removes new images, if
  /// the commit fails or the process dies before it.
  ///
  /// Right before the file is replaced it must still hold `old`. When a
  /// person saved it meanwhile, their file is committed alone ("by hand"),
  /// rk's change is merged into it (``AlbumMerge``: base `old`, theirs the
  /// saved file, ours `bytes`) and written instead, or, when they cannot be
  /// merged, the saved file stands and ``StoreError/savedMeanwhile(path:reason:)``
  /// says so (docs/commands.md, "Changes and commits"). The commit holds the bytes rk wrote and
  /// checked, never the file as it is at that moment.
  func writeAlbum(
    _ bytes: [UInt8], to id: String, restoring old: [UInt8], cover: CoverImages? = nil, message: String
  ) throws(StoreError) -> GitCommit? {
    var (ours, base) = (bytes, old)
    for _ in 0..<Self.replaceAttempts {
      switch try writeAlbumOnce(ours, to: id, restoring: base, cover: cover, message: message) {
      case .committed(let commit): return commit
      case .savedMeanwhile(let theirs): (ours, base) = try merge(ours, into: theirs, base: base, id: id)
      }
    }
    throw .savedMeanwhile(path: location.displayPath(ofAlbum: id), reason: "it was saved again each time rk merged")
  }

  private func writeAlbumOnce(
    _ bytes: [UInt8], to id: String, restoring old: [UInt8], cover: CoverImages?, message: String
  ) throws(StoreError) -> AlbumWrite {
    var files = [(AlbumFile.name, bytes)]
    if let cover { files += [(CoverFiles.coverName, cover.cover), (CoverFiles.thumbnailName, cover.thumbnail)] }
    let paths = files.map { prefix + id + "/" + $0.0 }
    let favourites = favouritesFileTidied(writing: [(id, bytes)])
    if favourites != nil { try commitHandEditedFavourites() }
    let journal = ChangeJournal(
      message: message, paths: paths + (favourites.map { [prefix + $0.path] } ?? []),
      files: [savedFile(paths[0], bytes: old, written: bytes)]
        + (favourites.map { [savedFile(prefix + $0.path, bytes: $0.old, written: $0.bytes)] } ?? []))
    return try journaled(journal, saving: Array(paths.dropFirst())) { () throws(StoreError) -> AlbumWrite in
      for (name, content) in files where name != AlbumFile.name || content != old {
        if name == AlbumFile.name {
          beforeReplacing?(id)
          if let theirs = try replaceAlbumFile(id, with: content, expecting: old) { return .savedMeanwhile(theirs) }
          continue
        }
        do throws(FileSystemError) {
          try FileSystem.writeAtomically(content, to: location.path(id + "/" + name))
        } catch {
          throw .file(error)
        }
      }
      var committed = files.map { id + "/" + $0.0 }
      var contents = [id + "/" + AlbumFile.name: bytes]
      if let favourites {
        do throws(FileSystemError) { try FileSystem.writeAtomically(favourites.bytes, to: location.path(favourites.path)) } catch {
          throw .file(error)
        }
        committed.append(favourites.path)
        contents[favourites.path] = favourites.bytes
      }
      beforeCommitting?(id)
      return .committed(try commit(paths: committed, message: message, contents: contents))
    }
  }

  /// Commits paths given relative to the collection root (or to the work
  /// tree when `relative` is false). Outside a journaled change, the commit
  /// is journaled on its own, so a kill part way never leaves the index and
  /// the branch apart.
  ///
  /// `contents` (keyed as `paths` are) gives the bytes to commit for files
  /// rk wrote, rather than what the work tree holds at that moment.
  func commit(
    paths: [String], message: String, relative: Bool = true, contents: [String: [UInt8]] = [:]
  ) throws(StoreError) -> GitCommit? {
    let paths = relative ? paths.map { prefix + $0 } : paths
    let contents = relative ? Dictionary(uniqueKeysWithValues: contents.map { (prefix + $0.key, $0.value) }) : contents
    return try journaled(ChangeJournal(message: message, paths: paths)) { () throws(StoreError) -> GitCommit? in
      do throws(GitError) {
        return try repository.commit(paths: paths, message: message, contents: contents)
      } catch {
        throw .git(error)
      }
    }
  }

  /// Refuses an album that breaks a rule the original did not break, so old
  /// problems do not block unrelated changes but no change adds one.
  static func validate(_ album: Album, against original: Album?) throws(StoreError) {
    let new = album.problems(notIn: original)
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

  /// Throws ``StoreError/symbolicLink(_:)`` when `relative` (a path below
  /// the folder `base`) passes through, or is, a symbolic link: `rk` never
  /// reads or writes through a link, which may lead out of the collection.
  func refuseLinks(in relative: String, below base: String) throws(StoreError) {
    var path = base
    for part in relative.split(separator: "/") {
      path += "/" + part
      var info = stat()
      guard lstat(path, &info) == 0 else { return }
      if (info.st_mode & S_IFMT) == S_IFLNK {
        throw .symbolicLink(
          path.hasPrefix(location.root + "/") ? location.displayPath(String(path.dropFirst(location.root.count + 1))) : path)
      }
    }
  }

  private static func removeEmptyFolders(above path: String, stoppingAt root: String) {
    var folder = (path as NSString).deletingLastPathComponent
    while folder.count > root.count, folder.hasPrefix(root), (try? FileManager.default.contentsOfDirectory(atPath: folder))?.isEmpty == true
    {
      try? FileManager.default.removeItem(atPath: folder)
      folder = (folder as NSString).deletingLastPathComponent
    }
  }
}
