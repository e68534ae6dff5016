import Foundation
import RecordKeeper
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The one owner of the collection in `rk serve`: its ``CollectionStore``
/// (the git repository and the changes) and the albums held in memory.
///
/// ## Concurrency
///
/// - **Reads never wait for changes.** The albums live in an immutable
///   ``CollectionSnapshot``; ``snapshot`` hands out the newest one from
///   behind a mutex, and a request searches, sorts and pages it on its own
///   task, however long a change or another request takes.
/// - **One writer at a time.** Every change is a method of this actor, so
///   changes run one after another, each through the very calls the command
///   line makes (``AlbumEdit``, ``CollectionStore/apply(_:to:)``, `add`,
///   `remove`, `setCover`…): the same validation, messages and single
///   commit. ``CollectionLock`` orders them against `rk` in a terminal.
/// - **Blocking stays off the shared pool.** A change blocks on the lock, the
///   disk and libgit2, whose handle may be used by one thread at a time. The
///   actor therefore runs on a thread of its own (``ThreadExecutor``), which
///   also keeps the repository handle on one thread. Images are decoded by
///   libvips before the request reaches the actor.
/// - **The disk is the truth.** After a change the actor re-reads the albums
///   it touched; the ``TreeWatcher`` reports hand edits, other `rk`
///   processes and `git pull`, and the actor re-reads only the albums in the
///   folders reported. A new snapshot is published, then an event
///   (``ServerEvents``) names the albums that differ; re-reading an album
///   that has not changed publishes nothing, so the server's own writes,
///   seen again by the watcher, are not announced twice.
public actor CollectionService {
  public nonisolated let location: CollectionLocation
  /// The events `/api/events` streams.
  public nonisolated let events = ServerEvents()
  /// The background fetch of the remote (docs/app.md, "Sharing in the app").
  public nonisolated let sync: SyncMonitor
  /// The variables credentials are found with (`HOME`, `SSH_AUTH_SOCK`, `RK_GIT_TOKEN`).
  nonisolated let syncEnvironment = ProcessInfo.processInfo.environment
  private nonisolated let executor: ThreadExecutor
  private nonisolated let current: Mutex<CollectionSnapshot>
  let store: CollectionStore
  /// What each album's files looked like when last read, to find the albums
  /// changed behind the watcher's back (a dropped event, a branch switch).
  private var stamps: [String: AlbumFilesStamp] = [:]
  /// What `plays/` and its files looked like when last read: a commit that
  /// touches no plays file (every change is one) reads none of them again.
  private var playsStamp: [String: FileStamp?] = [:]
  /// How many times `plays/*.md` were read, for the tests.
  private(set) var playsReads = 0
  private var watcher: TreeWatcher?
  private var watching: Task<Void, Never>?

  public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

  /// Opens the collection, finishes a change an interrupted `rk` left half
  /// made, and loads every album.
  ///
  /// With `watching`, every folder is watched as loading walks it, just
  /// before it is read (the tree is walked once); the changes seen are
  /// followed from ``startWatching()`` on, none made after a folder was
  /// read missed.
  public init(location: CollectionLocation, watching: Bool = false) throws(ServiceError) {
    self.location = location
    executor = ThreadExecutor(name: "rk-serve store")
    let store: CollectionStore
    do {
      store = try CollectionStore(location: location)
      try store.finishInterruptedChange()
    } catch {
      executor.stop()
      throw .store(error)
    }
    self.store = store
    var watcher: TreeWatcher?
    if watching {
      let gitDirectory: String
      do {
        gitDirectory = try GitRepository.open(containing: location.root).gitDirectory
      } catch {
        executor.stop()
        throw .store(.git(error))
      }
      do {
        watcher = try TreeWatcher(root: location.root, gitDirectory: gitDirectory)
      } catch {
        executor.stop()
        throw .watch(error)
      }
    }
    var beforeListing: (@Sendable (String) -> Void)?
    if let watcher { beforeListing = { watcher.watch(folder: $0) } }
    let collection: RecordCollection
    let preferences: Preferences
    do {
      collection = try RecordCollection.load(location, beforeListing: beforeListing)
      preferences = try Preferences.load(location)
    } catch let error as CollectionError {
      watcher?.stop()
      executor.stop()
      throw .store(.collection(error))
    } catch {
      watcher?.stop()
      executor.stop()
      throw .preferences("\(error)")
    }
    self.watcher = watcher
    playsStamp = Self.playsStamp(in: location)
    let plays = PlayHistory.load(location)
    playsReads = 1
    // The loaded array itself, not a copy of every album.
    let albums = AlbumTable(plays.plays.isEmpty ? collection.albums : collection.withPlays(plays).albums)
    stamps = Self.stamps(of: collection.albums.map(\.id), in: location)
    var issues: [String: CollectionSnapshot.AlbumIssues] = [:]
    for issue in collection.problems { issues[issue.id, default: .init()].problems.append(issue) }
    for issue in collection.unreadable { issues[issue.id, default: .init()].unreadable = issue }
    let first = CollectionSnapshot(
      version: 0, location: location, albums: albums, preferences: preferences, credits: Self.credits(in: location), plays: plays,
      issues: issues)
    // The stored order's listing made now, so that the first page is served at once.
    first.prepare(preferences.order)
    current = Mutex(first)
    do {
      sync = try SyncMonitor(location: location, events: events, environment: syncEnvironment)
    } catch {
      executor.stop()
      throw .store(error)
    }
  }

  /// The ``AlbumFilesStamp`` of every album in `ids`, taken on every core.
  private static func stamps(of ids: [String], in location: CollectionLocation) -> [String: AlbumFilesStamp] {
    let taken = System.concurrentMap(ids.count) { AlbumFilesStamp(id: ids[$0], in: location) }
    return Dictionary(uniqueKeysWithValues: zip(ids, taken))
  }

  /// The collection as it is now.
  public nonisolated var snapshot: CollectionSnapshot { current.withLock { $0 } }

  /// Starts following the changes on disk that the watches made while
  /// loading see (those made since included). Does nothing for a service
  /// made without `watching`, or when already started.
  public func startWatching() {
    guard let watcher, watching == nil else { return }
    let (batches, continuation) = AsyncStream.makeStream(of: WatchBatch.self)
    watcher.start { continuation.yield($0) }
    watching = Task { [weak self] in
      for await batch in batches {
        guard let self else { return }
        await self.apply(batch)
      }
    }
  }

  /// Stops watching, ends every event stream and the actor's thread.
  public func close() async {
    await sync.stop()
    watcher?.stop()
    watcher = nil
    watching?.cancel()
    events.finishAll()
    executor.stop()
  }

  // MARK: Following the disk

  /// Re-reads what `batch` reports.
  func apply(_ batch: WatchBatch) {
    if batch.overflow || batch.git {
      resync()
    }
    // A commit, a pull or a fetch changes what is to sync.
    if batch.git { events.publish(.sync) }
    var ids = Set<String>()
    let albums = snapshot.albums
    for folder in batch.removed {
      ids.formUnion(albums.keys.filter { $0 == folder || $0.hasPrefix(folder + "/") })
    }
    for folder in batch.created {
      ids.formUnion(albumIDs(below: folder))
    }
    for folder in batch.folders {
      if let id = albumID(containing: folder, known: albums) { ids.insert(id) }
    }
    // A play recorded (by `rk play` or a hand edit) changes album objects;
    // resync() above read those a git event brought.
    var plays: PlayHistory?
    if batch.folders.contains(PlayHistory.folder) || batch.created.contains(PlayHistory.folder), let reloaded = reloadPlays() {
      plays = reloaded.history
      ids.formUnion(reloaded.changed)
    }
    var preferences: Preferences?
    var credits: CreditRules?
    if batch.preferences {
      preferences = (try? Preferences.load(location)).flatMap { $0 == snapshot.preferences ? nil : $0 }
      let loaded = Self.credits(in: location)
      credits = loaded == snapshot.credits ? nil : loaded
    }
    refresh(ids, preferences: preferences, credits: credits, plays: plays)
  }

  /// The credit rules of `.recordkeeper/config.yaml`; basic ones when the
  /// file has none or cannot be read (`rk check` names what is wrong in it).
  private static func credits(in location: CollectionLocation) -> CreditRules {
    (try? CreditRules.load(from: location)) ?? CreditRules()
  }

  /// Compares every album's files and the plays files with what was read,
  /// and the albums on disk with those in memory; re-reads only those that
  /// differ (after a sync or a pull, before the watcher reports it).
  func resync() {
    guard let onDisk = try? RecordCollection.albumIDs(location) else { return }
    let known = snapshot.albums
    var ids = Set(known.keys).symmetricDifference(onDisk)
    let kept = onDisk.filter { known[$0] != nil }
    let (stamps, location) = (stamps, location)
    let differs = System.concurrentMap(kept.count) { stamps[kept[$0]] != AlbumFilesStamp(id: kept[$0], in: location) }
    for (id, differ) in zip(kept, differs) where differ { ids.insert(id) }
    let plays = reloadPlays()
    ids.formUnion(plays?.changed ?? [])
    let preferences = (try? Preferences.load(location)).flatMap { $0 == snapshot.preferences ? nil : $0 }
    let credits = Self.credits(in: location)
    refresh(ids, preferences: preferences, credits: credits == snapshot.credits ? nil : credits, plays: plays?.history)
  }

  /// The album as its objects show it: with its plays from `plays`.
  private func withPlays(_ album: inout Album, from plays: PlayHistory) {
    album.plays = plays.count(of: album.id)
    album.lastPlayed = plays.lastPlayed(of: album.id)
  }

  /// Reads `plays/*.md` again when the folder or a file in it changed
  /// since last read: the plays now, and the albums whose count or last
  /// play changed; `nil` when nothing changed.
  private func reloadPlays() -> (history: PlayHistory, changed: [String])? {
    let stamp = Self.playsStamp(in: location)
    guard stamp != playsStamp else { return nil }
    let before = snapshot.plays
    playsStamp = stamp
    playsReads += 1
    let plays = PlayHistory.load(location)
    let ids = Set(before.playedIDs).union(plays.playedIDs)
    let changed = ids.filter { before.count(of: $0) != plays.count(of: $0) || before.lastPlayed(of: $0) != plays.lastPlayed(of: $0) }
    return (plays, Array(changed))
  }

  /// Publishes what changed in the plays files, if anything: after a play
  /// recorded here, without waiting for the watcher (which then finds the
  /// stamps unchanged and reads nothing).
  func followPlays() {
    guard let reloaded = reloadPlays() else { return }
    refresh(reloaded.changed, plays: reloaded.history)
  }

  /// The stamps of `plays/` and of every file in it, by name (the folder's
  /// under ""): a file written, added, removed or renamed changes them.
  private static func playsStamp(in location: CollectionLocation) -> [String: FileStamp?] {
    let folder = location.path(PlayHistory.folder)
    var stamp: [String: FileStamp?] = ["": FileStamp.of(folder)]
    for entry in (try? FileSystem.list(folder)) ?? [] { stamp[entry.name] = FileStamp.of(folder + "/" + entry.name) }
    return stamp
  }

  /// The album whose folder holds `folder` (itself, or a parent of it, as
  /// for `photos/`), on disk or in memory.
  private func albumID(containing folder: String, known: AlbumTable) -> String? {
    var candidate = folder
    while !candidate.isEmpty {
      if known[candidate] != nil || FileSystem.exists(location.path(candidate + "/" + AlbumFile.name)) { return candidate }
      guard let slash = candidate.lastIndex(of: "/") else { break }
      candidate = String(candidate[..<slash])
    }
    return nil
  }

  /// The albums in `folder` and below, hidden folders skipped as loading does.
  private func albumIDs(below folder: String) -> [String] {
    var found: [String] = []
    var pending = [folder]
    while let next = pending.popLast() {
      guard let entries = try? FileSystem.list(location.path(next)) else { continue }
      for entry in entries {
        if entry.name == AlbumFile.name && !entry.isDirectory { found.append(next) }
        if entry.isDirectory && !entry.isLink && !entry.name.hasPrefix(".") { pending.append(next + "/" + entry.name) }
      }
    }
    return found
  }

  /// Re-reads the albums `ids` and publishes a snapshot and an event for
  /// those that differ from memory; with `plays`, the snapshot holds them.
  func refresh(
    _ ids: some Sequence<String>, preferences: Preferences? = nil, credits: CreditRules? = nil, plays newPlays: PlayHistory? = nil
  ) {
    let before = snapshot
    let plays = newPlays ?? before.plays
    var changed: [String: Album?] = [:]
    var issues: [String: CollectionSnapshot.AlbumIssues] = [:]
    for id in ids {
      let images = stamps[id]?.images
      let (album, found) = reread(id, plays: plays)
      // A replaced cover leaves the album equal but changes its address.
      let newImages = album == nil ? images : stamps[id]?.images
      if album != before.albums[id] || newImages != images { changed[id] = .some(album) }
      if found != before.issues[id] ?? .init() { issues[id] = found }
    }
    guard !changed.isEmpty || !issues.isEmpty || preferences != nil || credits != nil || newPlays != nil else { return }
    let next = before.applying(changed, issues: issues, preferences: preferences, credits: credits, plays: newPlays)
    current.withLock { $0 = next }
    if preferences != nil || credits != nil {
      events.publish(.reload)
    } else if !changed.isEmpty || !issues.isEmpty {
      events.publish(.change(ids: Set(changed.keys).union(issues.keys).sorted()))
    }
  }

  /// The album `id` as its file says now, and what is wrong with it; `nil`
  /// when it is gone or cannot be read (as loading leaves out an unreadable
  /// album, and names it with the same field and message as loading).
  private func reread(_ id: String, plays: PlayHistory) -> (Album?, CollectionSnapshot.AlbumIssues) {
    stamps[id] = AlbumFilesStamp(id: id, in: location)
    guard FileSystem.exists(location.path(id + "/" + AlbumFile.name)) else {
      stamps[id] = nil
      return (nil, .init())
    }
    do {
      var (album, problems) = try store.readChecked(id)
      withPlays(&album, from: plays)
      return (album, .init(problems: problems))
    } catch {
      return (nil, .init(unreadable: AlbumIssue(id: id, unreadable: error)))
    }
  }

  // MARK: Changes

  /// Adds an album, optionally with cover images, and returns it: `save`
  /// applied to a blank album, or to `base` (a MusicBrainz release's).
  public func add(_ save: AlbumSave, cover: CoverImages? = nil) throws(StoreError) -> Album {
    var album = Album(id: "", title: "", artist: "")
    do throws(AlbumEditError) {
      try save.apply(to: &album)
    } catch {
      throw .edit(album: album.title.isBlank ? "the album" : ChangeMessage.name(of: album), error)
    }
    let files = cover.map { [CoverFiles.coverName: $0.cover, CoverFiles.thumbnailName: $0.thumbnail] } ?? [:]
    let (id, _) = try store.add(album, files: files)
    return try changed(id)
  }

  /// Adds the album of MusicBrainz release `id` with `save` on top, as
  /// `rk add --musicbrainz ID --duplicate` does (``ReleaseFill/add``).
  public func add(
    release id: String, from source: some ReleaseSource, with save: AlbumSave, cover: CoverImages?
  ) async throws(ReleaseFillError) -> Album {
    let added = try await ReleaseFill.add(id, from: source, into: store, cover: cover, duplicate: true) { (album) throws(AlbumEditError) in
      try save.apply(to: &album)
    }
    do { return try changed(added.id) } catch { throw .store(error) }
  }

  /// Adds the album of a scan of a sleeve to the collection or the wantlist
  /// (``CollectionStore/add(scan:release:cover:to:)``), unless it is there
  /// already; returns what happened and the album.
  public func add(
    scan: Scan, release: MusicBrainzRelease?, cover: CoverImages?, to destination: ScanDestination
  ) throws(StoreError) -> (ScanAddition, Album) {
    let addition = try store.add(scan: scan, release: release, cover: cover, to: destination)
    switch addition {
    case .added(let id), .alreadyPresent(let id, _): return (addition, try changed(id))
    }
  }

  /// Saves the editable fields of an album (the app's Save), merged with
  /// what changed in its file since the form was opened at `version`, with
  /// a new cover if given: one commit. `choices` settle the fields an
  /// earlier save of the same form met changed both ways.
  public func save(
    _ save: AlbumSave, to id: String, openedAt version: String, choices: SaveChoices = SaveChoices(), cover: CoverImages? = nil
  ) throws(StoreError) {
    defer { refresh([id]) }
    try store.save(save, to: id, openedAt: version, choices: choices, cover: cover)
  }

  /// The album as its file says now, and the file's version (its ETag).
  public func versioned(_ id: String) throws(StoreError) -> (album: Album, version: String) {
    var (album, version) = try store.versioned(id)
    withPlays(&album, from: snapshot.plays)
    return (album, version)
  }

  /// Makes one edit (tags, tracks) to an album.
  public func apply(_ edit: AlbumEdit, to id: String) throws(StoreError) {
    defer { refresh([id]) }
    try store.apply(edit, to: id)
  }

  /// Deletes an album, folder and all.
  public func remove(_ id: String) throws(StoreError) {
    defer { refresh([id]) }
    try store.remove(id)
  }

  /// Sets an album's cover from images already made.
  public func setCover(_ images: CoverImages, of id: String) throws(StoreError) {
    defer { refresh([id]) }
    try store.setCover(id, images: images)
  }

  /// Removes an album's cover.
  public func removeCover(of id: String) throws(StoreError) {
    defer { refresh([id]) }
    try store.removeCover(id)
  }

  /// The names of an album's photos.
  public func photos(of id: String) throws(StoreError) -> [String] {
    try store.photos(of: id)
  }

  /// The file of one photo, when there is one.
  public func photoPath(_ name: String, of id: String) throws(StoreError) -> String? {
    try store.photoPath(name, of: id)
  }

  /// Adds a photo (WebP bytes already made) and returns the album's photos.
  public func addPhoto(_ webp: [UInt8], to id: String) throws(StoreError) -> [String] {
    defer { refresh([id]) }
    try store.addPhoto(webp, to: id)
    return try store.photos(of: id)
  }

  /// Deletes a photo and returns the album's photos.
  public func removePhoto(_ name: String, of id: String) throws(StoreError) -> [String] {
    defer { refresh([id]) }
    try store.removePhoto(name, from: id)
    return try store.photos(of: id)
  }

  /// Saves a smart list (`.recordkeeper/lists/NAME.yaml`) as one commit.
  public func saveSmartList(_ list: SmartList, keepingSort: Bool = true) throws(SmartListError) {
    _ = try store.saveSmartList(list, keepingSort: keepingSort)
  }

  /// Removes a smart list as one commit.
  public func removeSmartList(named name: String) throws(SmartListError) {
    _ = try store.removeSmartList(named: name)
  }

  /// Chooses this clone's sort mode, the setting `rk sort` changes.
  public func chooseSort(_ mode: SortMode) throws(ServiceError) -> Preferences {
    try changePreferences { $0.choose(mode) }
  }

  /// Changes this clone's `local.yaml` as it is now, and publishes it.
  func changePreferences(_ change: (inout Preferences) -> Void) throws(ServiceError) -> Preferences {
    var preferences: Preferences
    do {
      preferences = try Preferences.load(location)
      change(&preferences)
      try preferences.save(to: location)
    } catch {
      throw .preferences(error.description)
    }
    refresh([], preferences: preferences)
    return preferences
  }

  /// The album `id` after a change, re-read and published.
  private func changed(_ id: String) throws(StoreError) -> Album {
    refresh([id])
    guard let album = snapshot.albums[id] else { return try store.read(id).album }
    return album
  }
}

/// Why the server could not open or watch the collection.
public enum ServiceError: Error, Equatable, Sendable, CustomStringConvertible {
  case store(StoreError)
  case preferences(String)
  case watch(WatchError)

  public var description: String {
    switch self {
    case .store(let error): error.description
    case .preferences(let message): message
    case .watch(let error): error.description
    }
  }
}

/// What an album's files looked like: enough to tell that one changed
/// without reading it. Two hashes, no arrays or paths: one is kept per album
/// (the three files' inode, size and times were some 130 bytes an album).
struct AlbumFilesStamp: Hashable, Sendable {
  /// `album.md`'s stamp, hashed.
  var album: Int
  /// The cover's and the thumbnail's, hashed together.
  var images: Int

  init(id: String, in location: CollectionLocation) {
    var album = Hasher()
    album.combine(FileStamp.of(location.path(id + "/" + AlbumFile.name)))
    var images = Hasher()
    images.combine(FileStamp.of(location.path(id + "/" + CoverFiles.coverName)))
    images.combine(FileStamp.of(location.path(id + "/" + CoverFiles.thumbnailName)))
    self.album = album.finalize()
    self.images = images.finalize()
  }
}
