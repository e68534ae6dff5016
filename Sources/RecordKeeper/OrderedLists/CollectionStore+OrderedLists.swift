import Foundation

/// Why an ordered list was not made, changed or shown. Nothing is written
/// when one is thrown.
public enum OrderedListError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The name is not a safe file name, or is a field's.
  case name(SmartListError)
  /// A smart list or an ordered list has this name already.
  case nameTaken(name: String, smart: Bool)
  /// There is no ordered list by this name; `suggestion` is the closest one.
  case unknown(name: String, suggestion: String?)
  /// The album has no track at this position.
  case noTrack(album: String, track: String, count: Int)
  /// A place in the list that is not there.
  case outOfRange(name: String, place: Int, count: Int)
  /// The file holds merge-conflict markers, at this 1-based line.
  case conflicted(path: String, line: Int)
  /// The list is no longer the version the change was made on (the app's
  /// places are the places it showed).
  case changedMeanwhile(name: String)
  /// The change could not be made (an unknown album among others).
  case store(StoreError)

  public var description: String {
    switch self {
    case .name(let error): error.description.replacingOccurrences(of: "smart list", with: "list")
    case .nameTaken(let name, let smart):
      "there is already \(smart ? "a smart list" : "an ordered list") \(name): choose another name, or rk lists shows them all"
    case .unknown(let name, let suggestion):
      "there is no ordered list \"\(name)\"" + (suggestion.map { "; did you mean \($0)?" } ?? ".")
        + " rk lists shows them all; rk lists new \(name) --ordered makes it"
    case .noTrack(let album, let track, let count):
      "\(album) has no track \(track): give a number from 1 to \(count) or a side position such as A1 (rk show lists its tracks)"
    case .outOfRange(let name, let place, let count):
      count == 0
        ? "the list \(name) is empty, so it has no entry \(place): rk lists add \(name) ALBUM adds one"
        : "the list \(name) has no entry \(place): give a number from 1 to \(count)"
    case .conflicted(let path, let line):
      "\(path):\(line): the list has merge-conflict markers; resolve them in the file (keep the lines you want) and commit it, then try again"
    case .changedMeanwhile(let name):
      "the list \(name) changed since it was shown (elsewhere, or by hand): look at it again as it is now, then make the change again"
    case .store(let error): error.description
    }
  }
}

/// Every ordered list of a collection, and what `rk check` says of them.
public enum OrderedLists {
  /// The names of the ordered lists, sorted.
  public static func names(in location: CollectionLocation) -> [String] {
    guard let entries = try? FileSystem.list(location.path(OrderedListFile.folder)) else { return [] }
    return entries.filter { !$0.isDirectory && !$0.isLink && $0.name.hasSuffix(OrderedListFile.fileExtension) && !$0.name.hasPrefix(".") }
      .map { String($0.name.dropLast(OrderedListFile.fileExtension.count)) }
      .filter { (try? SmartList.validate(name: $0)) != nil }
      .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
  }

  /// The list `name` as its file says now, or `nil` when there is none.
  public static func load(_ name: String, in location: CollectionLocation) throws(FileSystemError) -> OrderedListFile? {
    guard (try? SmartList.validate(name: name)) != nil else { return nil }
    let path = location.path(OrderedListFile.path(of: name))
    guard FileSystem.exists(path) else { return nil }
    return OrderedListFile(name: name, bytes: try FileSystem.read(path, limit: SmartLists.fileSizeLimit))
  }

  /// Each unreadable line, and each entry naming an album that is not in
  /// `albums`, as `rk check` lists them (PATH:LINE).
  public static func problems(in location: CollectionLocation, albums: Set<String>) -> [AlbumIssue] {
    var issues: [AlbumIssue] = []
    for name in names(in: location) {
      let path = OrderedListFile.path(of: name)
      let list: OrderedListFile?
      do {
        list = try load(name, in: location)
      } catch {
        issues.append(AlbumIssue(id: path, line: 0, field: "file", message: "cannot \(error.operation) it: \(error.explanation)"))
        continue
      }
      guard let list else { continue }
      if let line = list.conflictLine {
        issues.append(
          AlbumIssue(id: path, line: line, field: "file", message: "merge-conflict markers: keep the lines you want and remove the markers")
        )
      }
      for problem in list.problems { issues.append(AlbumIssue(id: path, line: problem.line, field: "entry", message: problem.message)) }
      for item in list.items where !albums.contains(item.entry.album) {
        issues.append(
          AlbumIssue(
            id: path, line: item.line, field: "entry",
            message:
              "there is no album \(item.entry.album) (moved or removed?): rk lists drop \(name) \(list.items.firstIndex(of: item).map { $0 + 1 } ?? 0) takes the entry out, or correct the id"
          ))
      }
    }
    return issues
  }
}

/// Making and changing ordered lists: each change one commit, made as
/// every change is (docs/commands.md, "Changes and commits"): under the collection lock, journaled, a
/// person's uncommitted edits to the list's file committed alone first.
extension CollectionStore {
  /// Makes the empty ordered list `name`, as one commit "Make list NAME".
  @discardableResult
  public func makeOrderedList(named name: String) throws(OrderedListError) -> GitCommit? {
    do throws(SmartListError) { try SmartList.validate(name: name) } catch { throw .name(error) }
    if FileSystem.exists(location.path(SmartListFile.path(of: name))) { throw .nameTaken(name: name, smart: true) }
    if FileSystem.exists(location.path(OrderedListFile.path(of: name))) { throw .nameTaken(name: name, smart: false) }
    return try changeOrderedList(name, creating: true) { _ throws(OrderedListError) in "Make list \(name)" }
  }

  /// Puts `album` (one of its tracks, when `track` is given) into the list
  /// at place `place` (1-based; the end when `nil`), as one commit.
  @discardableResult
  public func addToOrderedList(
    _ name: String, album reference: String, track: String? = nil, note: String? = nil, at place: Int? = nil
  ) throws(OrderedListError) -> GitCommit? {
    let album: Album
    do throws(StoreError) {
      album = try read(try resolve(reference)).album
    } catch {
      throw .store(error)
    }
    var position: String?
    if let track {
      let trackList = album.trackList
      if let number = Int(track), number >= 1, number <= trackList.count {
        position = String(number)
      } else if Int(track) == nil, let found = trackList.first(where: { $0.position.lowercased() == track.lowercased() }) {
        position = found.position
      } else {
        throw .noTrack(album: ChangeMessage.name(of: album), track: track, count: trackList.count)
      }
    }
    let entry = OrderedListEntry(album: album.id, track: position, note: note?.trimmed.isEmpty == false ? note?.trimmed : nil)
    return try changeOrderedList(name) { (list: inout OrderedListFile) throws(OrderedListError) in
      let index = place.map { $0 - 1 } ?? list.items.count
      guard (0...list.items.count).contains(index) else { throw .outOfRange(name: name, place: place ?? 0, count: list.items.count + 1) }
      list.insert(entry, at: index)
      return "Add \(ChangeMessage.name(of: album))\(position.map { " track \($0)" } ?? "") to list \(name)"
    }
  }

  /// Moves the entry at place `from` to place `to` (1-based), as one commit;
  /// with `version`, only while the file is that version (``OrderedListFile/version``).
  @discardableResult
  public func moveInOrderedList(_ name: String, from: Int, to: Int, version: String? = nil) throws(OrderedListError) -> GitCommit? {
    try changeOrderedList(name, version: version) { (list: inout OrderedListFile) throws(OrderedListError) in
      for place in [from, to] where place < 1 || place > list.items.count {
        throw .outOfRange(name: name, place: place, count: list.items.count)
      }
      let reference = list.entries[from - 1].reference
      list.move(from: from - 1, to: to - 1)
      return "Move \(reference) from \(from) to \(to) in list \(name)"
    }
  }

  /// Takes the entry at place `place` (1-based) out of the list, as one
  /// commit; with `version`, only while the file is that version.
  @discardableResult
  public func dropFromOrderedList(_ name: String, at place: Int, version: String? = nil) throws(OrderedListError) -> GitCommit? {
    try changeOrderedList(name, version: version) { (list: inout OrderedListFile) throws(OrderedListError) in
      guard place >= 1, place <= list.items.count else {
        throw .outOfRange(name: name, place: place, count: list.items.count)
      }
      let entry = list.remove(at: place - 1)
      return "Remove \(entry.reference) from list \(name)"
    }
  }

  /// Reads the list afresh under the lock, lets `edit` change it (and name
  /// the change), then writes and commits it; `nil` when nothing changed.
  /// `makingIfMissing`: a list with no file starts empty.
  func changeOrderedList(
    _ name: String, creating: Bool = false, makingIfMissing: Bool = false, version: String? = nil,
    _ edit: (inout OrderedListFile) throws(OrderedListError) -> String
  ) throws(OrderedListError) -> GitCommit? {
    // A name is a file name: never a path leading out of the lists' folder.
    do throws(SmartListError) { try SmartList.validate(name: name) } catch { throw .name(error) }
    let path = OrderedListFile.path(of: name)
    do throws(StoreError) {
      try refuseLinks(in: path, below: location.root)
    } catch {
      throw .store(error)
    }
    return try lockedList { () throws(OrderedListError) -> GitCommit? in
      var list: OrderedListFile
      var isNew = creating
      if creating {
        list = OrderedListFile(newNamed: name)
      } else {
        let loaded: OrderedListFile?
        do throws(FileSystemError) { loaded = try OrderedLists.load(name, in: location) } catch { throw .store(.file(error)) }
        isNew = loaded == nil
        guard let loaded = loaded ?? (makingIfMissing ? OrderedListFile(newNamed: name) : nil) else {
          throw .unknown(name: name, suggestion: Suggestion.closest(to: name, among: OrderedLists.names(in: location)))
        }
        if let line = loaded.conflictLine { throw .conflicted(path: location.displayPath(path), line: line) }
        if let version, version.lowercased() != loaded.version { throw .changedMeanwhile(name: name) }
        // Only for a change that will be made: one refused commits nothing, a person's edits included.
        do throws(StoreError) { try commitHandEdits(toOrderedList: name) } catch { throw .store(error) }
        list = loaded
      }
      let old = list.bytes
      let summary = try edit(&list)
      if !creating && list.bytes == old { return nil }
      let message = ChangeMessage.make(summary, action: "change-list")
      do throws(StoreError) {
        if isNew, let attributes = try listsAttributes() {
          return try commitNewList(list.bytes, at: path, attributes: attributes, message: message)
        }
        return try commitListFile(list.bytes, at: path, in: OrderedListFile.folder, message: message)
      } catch {
        throw .store(error)
      }
    }
  }

  /// `.gitattributes` with ``OrderedListFile/attributesLine`` added
  /// (path, new bytes, old bytes), when this clone merges with `rk
  /// merge-file` and the line is not there yet.
  private func listsAttributes() throws(StoreError) -> (String, [UInt8], [UInt8]?)? {
    guard (try? repository.configuration("merge.\(MergeDriver.name).driver")) ?? nil != nil else { return nil }
    return try Self.attributesAdding(OrderedListFile.attributesLine, in: location)
  }

  /// Writes and commits a new list's file with `.gitattributes`, in one commit.
  private func commitNewList(
    _ bytes: [UInt8], at path: String, attributes: (String, [UInt8], [UInt8]?), message: String
  ) throws(StoreError) -> GitCommit? {
    let writes = [(path, bytes, nil), attributes]
    let paths = writes.map { prefix + $0.0 }
    let saved = zip(paths, writes).map { savedFile($0, bytes: $1.2) }
    return try journaled(ChangeJournal(message: message, paths: paths, files: saved)) { () throws(StoreError) -> GitCommit? in
      for (file, bytes, _) in writes {
        do throws(FileSystemError) {
          try FileSystem.makeFolders((location.path(file) as NSString).deletingLastPathComponent)
          try FileSystem.writeAtomically(bytes, to: location.path(file))
        } catch {
          throw .file(error)
        }
      }
      return try commit(paths: writes.map { $0.0 }, message: message)
    }
  }

  /// `locked`, for a body throwing list errors.
  private func lockedList<T>(_ body: () throws(OrderedListError) -> T) throws(OrderedListError) -> T {
    let result: Result<T, OrderedListError>
    do throws(StoreError) {
      result = try locked { () throws(StoreError) -> Result<T, OrderedListError> in
        do throws(OrderedListError) { return .success(try body()) } catch { return .failure(error) }
      }
    } catch {
      throw .store(error)
    }
    return try result.get()
  }

  /// Commits a person's uncommitted edits to the list's file alone first,
  /// so that `rk undo` never takes them away.
  private func commitHandEdits(toOrderedList name: String) throws(StoreError) {
    _ = try commitHandEditedListFile(OrderedListFile.path(of: name), message: "Edit list \(name) by hand\n")
  }

  /// The ordered list files naming the album `id`, with it renamed `newID`:
  /// `(path, new bytes, old bytes)`, for `rk mv` to write in its commit.
  func orderedListFilesMoving(_ id: String, to newID: String) -> [(String, [UInt8], [UInt8])] {
    OrderedLists.names(in: location).compactMap { name in
      guard var list = try? OrderedLists.load(name, in: location), list.conflictLine == nil else { return nil }
      let old = list.bytes
      guard list.renameAlbum(id, to: newID) else { return nil }
      return (OrderedListFile.path(of: name), list.bytes, old)
    }
  }
}
