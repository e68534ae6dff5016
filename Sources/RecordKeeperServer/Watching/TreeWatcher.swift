import Foundation
import RecordKeeper
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// What changed on disk during one quiet interval, as paths relative to the
/// collection root.
public struct WatchBatch: Hashable, Sendable {
  /// Folders in which a file was written, added, renamed or deleted.
  public var folders: Set<String> = []
  /// Folders that appeared (made, or moved in): each may hold new albums.
  public var created: Set<String> = []
  /// Folders that went away (deleted, or moved out).
  public var removed: Set<String> = []
  /// `.recordkeeper/` changed (the sort setting, `rk sort`).
  public var preferences = false
  /// HEAD or a branch moved (a commit, `git pull`, a checkout).
  public var git = false
  /// The kernel dropped events, or a folder could not be watched: only a
  /// full comparison with the disk can tell what changed.
  public var overflow = false

  var isEmpty: Bool { folders.isEmpty && created.isEmpty && removed.isEmpty && !preferences && !git && !overflow }
}

/// Watches a collection with inotify: every folder below the root (hidden
/// ones skipped, as loading skips them), `.recordkeeper/`, and git's HEAD
/// and refs, so that hand edits, `rk` commands and `git pull` are seen.
///
/// The tree's folders are not walked here: loading walks them already and
/// calls ``watch(folder:)`` for each just before listing it
/// (``RecordCollection/load(_:beforeListing:)``), so a change made after a
/// folder was read is reported, and start-up walks the tree once. Events
/// wait in the kernel until ``start(deliver:)``.
///
/// Events are gathered until the tree has been quiet for a moment (an
/// editor's save or a checkout is many events) and handed over as one
/// ``WatchBatch``. ``stop()`` ends the watcher's thread.
final class TreeWatcher: Sendable {
  /// How long the tree must be quiet before a batch is handed over, and the
  /// longest a batch waits: together well inside the second that docs/app.md, "Goals at any size", allows.
  static let quietMilliseconds: Int32 = 40
  static let longestWait: Duration = .milliseconds(250)

  private let stopPipe: (read: Int32, write: Int32)
  /// The inotify descriptor and what each watch is: filled from loading's
  /// threads, then used by the watcher's thread alone (uncontended).
  private let table: Mutex<WatchTable>

  /// Opens inotify and watches `.recordkeeper/` and git's HEAD and refs;
  /// the tree's folders are added by ``watch(folder:)``.
  init(root: String, gitDirectory: String) throws(WatchError) {
    let descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
    guard descriptor >= 0 else { throw WatchError(operation: "inotify_init1", code: errno) }
    var pipeEnds: [Int32] = [0, 0]
    guard pipe(&pipeEnds) == 0 else {
      close(descriptor)
      throw WatchError(operation: "pipe", code: errno)
    }
    for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    stopPipe = (pipeEnds[0], pipeEnds[1])
    let table = WatchTable(descriptor: descriptor, root: root)
    table.add(CollectionLocationMarker.folder, kind: .preferences)
    table.add(absolute: gitDirectory, kind: .gitFolder)
    table.addGitRefs(gitDirectory + "/refs")
    self.table = Mutex(table)
  }

  /// Watches the folder `relative` (to the root; `""` is the root) of the
  /// tree, not those below it. Safe from any thread.
  func watch(folder relative: String) {
    table.withLock { _ = $0.add(relative, kind: .tree) }
  }

  /// Starts the watcher's thread; `deliver` is called on it with each batch,
  /// the first holding whatever changed since the first watch was made.
  func start(deliver: @escaping @Sendable (WatchBatch) -> Void) {
    let thread = Thread { [self] in
      run(deliver: deliver)
      table.withLock { _ = close($0.descriptor) }
      close(stopPipe.read)
    }
    thread.name = "rk-serve watcher"
    thread.start()
  }

  /// Stops watching; no batch is delivered after the thread sees this.
  func stop() {
    var byte: UInt8 = 1
    _ = write(stopPipe.write, &byte, 1)
    close(stopPipe.write)
  }

  private func run(deliver: @Sendable (WatchBatch) -> Void) {
    var batch = WatchBatch()
    let (descriptor, initiallyFailed) = table.withLock { ($0.descriptor, $0.failed) }
    if initiallyFailed { batch.overflow = true }
    var started: ContinuousClock.Instant?
    var fds = [
      pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0), pollfd(fd: stopPipe.read, events: Int16(POLLIN), revents: 0),
    ]
    while true {
      // When some folder could not be watched (the system's limit of
      // watches reached), the tree is compared with memory every 2 seconds.
      let failed = table.withLock { $0.failed }
      let timeout: Int32 = batch.isEmpty ? (failed ? 2000 : -1) : Self.quietMilliseconds
      let ready = poll(&fds, 2, timeout)
      if ready < 0 && errno == EINTR { continue }
      if fds[1].revents != 0 { return }
      if ready == 0 && batch.isEmpty && failed { batch.overflow = true }
      if ready > 0 && fds[0].revents != 0 {
        table.withLock { $0.read(into: &batch) }
        if started == nil && !batch.isEmpty { started = .now }
        if let first = started, ContinuousClock.now - first < Self.longestWait { continue }
      }
      if !batch.isEmpty {
        deliver(batch)
        batch = WatchBatch()
        started = nil
      }
    }
  }
}

/// The name of the collection's own folder, without importing it twice.
enum CollectionLocationMarker {
  static let folder = ".recordkeeper"
}

/// Why watching could not start.
public struct WatchError: Error, Equatable, Sendable, CustomStringConvertible {
  public var operation: String
  public var code: Int32

  public var description: String {
    "cannot watch the collection for changes (\(operation): \(String(cString: strerror(code)))); check the limits in /proc/sys/fs/inotify"
  }
}

/// The inotify descriptor and what each watch is, used only behind
/// ``TreeWatcher``'s mutex.
private final class WatchTable {
  enum Kind {
    case tree, preferences, gitFolder, gitRefs
  }

  let descriptor: Int32
  let root: String
  var watches: [Int32: (path: String, kind: Kind)] = [:]
  /// A folder could not be watched (too many watches, say).
  var failed = false

  init(descriptor: Int32, root: String) {
    self.descriptor = descriptor
    self.root = root
  }

  static let treeMask = UInt32(IN_CREATE | IN_DELETE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB | IN_ONLYDIR)

  /// Watches `relative` and every folder below it, hidden ones skipped.
  func addTree(_ relative: String) {
    guard add(relative, kind: .tree) else { return }
    let path = relative.isEmpty ? root : root + "/" + relative
    // readdir's own file types: no lstat per entry, no Foundation strings.
    guard let entries = try? FileSystem.list(path) else { return }
    for entry in entries where entry.isDirectory && !entry.isLink && !entry.name.hasPrefix(".") {
      addTree(relative.isEmpty ? entry.name : relative + "/" + entry.name)
    }
  }

  @discardableResult
  func add(_ relative: String, kind: Kind) -> Bool {
    add(absolute: relative.isEmpty ? root : root + "/" + relative, kind: kind, path: relative)
  }

  @discardableResult
  func add(absolute: String, kind: Kind, path: String? = nil) -> Bool {
    let wd = inotify_add_watch(descriptor, absolute, Self.treeMask | UInt32(IN_DONT_FOLLOW))
    guard wd >= 0 else {
      // A folder gone already is no failure; running out of watches is.
      if errno != ENOENT && errno != ENOTDIR { failed = true }
      return false
    }
    watches[wd] = (path ?? absolute, kind)
    return true
  }

  func addGitRefs(_ folder: String) {
    add(absolute: folder, kind: .gitRefs)
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
    for name in names {
      var info = stat()
      if lstat(folder + "/" + name, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR { addGitRefs(folder + "/" + name) }
    }
  }

  /// Reads every pending event into `batch`.
  func read(into batch: inout WatchBatch) {
    let size = 64 * 1024
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: MemoryLayout<inotify_event>.alignment)
    defer { buffer.deallocate() }
    while true {
      let count = Glibc.read(descriptor, buffer, size)
      guard count > 0 else { return }
      var offset = 0
      while offset + MemoryLayout<inotify_event>.size <= count {
        let event = buffer.load(fromByteOffset: offset, as: inotify_event.self)
        let nameStart = buffer + offset + MemoryLayout<inotify_event>.size
        let name =
          event.len > 0
          ? String(cString: nameStart.assumingMemoryBound(to: CChar.self)) : ""
        handle(event, name: name, into: &batch)
        offset += MemoryLayout<inotify_event>.size + Int(event.len)
      }
    }
  }

  private func handle(_ event: inotify_event, name: String, into batch: inout WatchBatch) {
    let mask = event.mask
    if mask & UInt32(IN_Q_OVERFLOW) != 0 {
      batch.overflow = true
      return
    }
    if mask & UInt32(IN_IGNORED) != 0 {
      watches.removeValue(forKey: event.wd)
      return
    }
    guard let (folder, kind) = watches[event.wd] else { return }
    let isFolder = mask & UInt32(IN_ISDIR) != 0
    switch kind {
    case .preferences:
      batch.preferences = true
    case .gitFolder:
      if name == "HEAD" || name == "packed-refs" { batch.git = true }
    case .gitRefs:
      if isFolder && mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 { addGitRefs(folder + "/" + name) }
      if !name.hasSuffix(".lock") { batch.git = true }
    case .tree:
      let path = folder.isEmpty ? name : folder + "/" + name
      if isFolder {
        if name.hasPrefix(".") {
          // A staging folder of `rk add` or a parked one of `rk rm`; the
          // rename into place is what counts.
          return
        }
        if mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
          addTree(path)
          batch.created.insert(path)
          batch.removed.remove(path)
        } else if mask & UInt32(IN_DELETE | IN_MOVED_FROM) != 0 {
          forget(path)
          batch.removed.insert(path)
          batch.created.remove(path)
        }
      } else {
        batch.folders.insert(folder)
      }
    }
  }

  /// Stops watching `path` and the folders below it (moved away: their
  /// watches would report under the old name).
  private func forget(_ path: String) {
    for (wd, watch) in watches where watch.kind == .tree && (watch.path == path || watch.path.hasPrefix(path + "/")) {
      inotify_rm_watch(descriptor, wd)
      watches.removeValue(forKey: wd)
    }
  }
}
