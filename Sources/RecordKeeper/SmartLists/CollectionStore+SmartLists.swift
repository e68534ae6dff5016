import Foundation

/// Saving and removing smart lists: each change one commit, made as every
/// change is (docs/commands.md, "Changes and commits"): under the collection lock, journaled, a
/// person's uncommitted edits to the list's file committed alone first.
extension CollectionStore {
  /// Writes `list` to `.recordkeeper/lists/NAME.yaml`, new or replacing the
  /// list of that name, as one commit "Save smart list NAME". Returns `nil`,
  /// committing nothing, when the file already says exactly that.
  ///
  /// Throws when the name is not a safe file name or is a field's, or when
  /// the rules name a list that does not exist or lead back to this one.
  ///
  /// The list keeps the order its file names (`sort:` and `order:`) unless
  /// `keepingSort` is `false`, when `list`'s own ``SmartList/sort`` is saved.
  @discardableResult
  public func saveSmartList(_ list: SmartList, keepingSort: Bool = true) throws(SmartListError) -> GitCommit? {
    try SmartList.validate(name: list.name)
    guard !list.clauses.isEmpty else { throw .noRules(list.name) }
    var lists = SmartLists.load(from: location)
    let list = lists[list.name].map { list.keepingOrder(of: $0, sort: keepingSort) } ?? list
    lists.save(list)
    do throws(SearchQueryError) {
      try lists.checkReferences(in: list.clauses, trail: [list.name])
    } catch {
      throw .rule(error)
    }
    let path = SmartListFile.path(of: list.name)
    let bytes = Array(SmartListFile.render(list).utf8)
    do throws(StoreError) {
      try refuseLinks(in: path, below: location.root)
      return try locked { () throws(StoreError) -> GitCommit? in
        try commitHandEdits(toList: list.name)
        if (try? FileSystem.read(location.path(path))) == bytes { return nil }
        let message = ChangeMessage.make("Save smart list \(list.name)", action: "save-list")
        return try commitListFile(bytes, at: path, in: SmartListFile.folder, message: message)
      }
    } catch {
      throw .store(error)
    }
  }

  /// Saves `list` in place of the list `old`, under its new name, as one
  /// commit "Rename smart list OLD to NEW" (the old file goes, the new one is
  /// written), so that `rk undo` takes the whole change back. With the same
  /// name it is ``saveSmartList(_:)``.
  ///
  /// Refused while another list names `old` (as removing it is), when a list
  /// already has the new name, or when the rules name `old` or no list.
  @discardableResult
  public func renameSmartList(_ old: String, to list: SmartList, keepingSort: Bool = true) throws(SmartListError) -> GitCommit? {
    guard old != list.name else { return try saveSmartList(list, keepingSort: keepingSort) }
    try SmartList.validate(name: list.name)
    guard !list.clauses.isEmpty else { throw .noRules(list.name) }
    let loaded = SmartLists.load(from: location)
    let list = loaded[old].map { list.keepingOrder(of: $0, sort: keepingSort) } ?? list
    let oldPath = SmartListFile.path(of: old)
    guard (try? SmartList.validate(name: old)) != nil, FileSystem.exists(location.path(oldPath)) else {
      throw .unknown(name: old, suggestion: Suggestion.closest(to: old, among: loaded.names + loaded.issues.map(\.name)))
    }
    let path = SmartListFile.path(of: list.name)
    guard !FileSystem.exists(location.path(path)) else { throw .nameTaken(list.name) }
    let users = loaded.lists(using: old).filter { $0 != old }
    guard users.isEmpty else { throw .inUse(name: old, by: users) }
    var lists = SmartLists(loaded.lists.filter { $0.name != old }, issues: loaded.issues)
    lists.save(list)
    do throws(SearchQueryError) {
      try lists.checkReferences(in: list.clauses, trail: [list.name])
    } catch {
      throw .rule(error)
    }
    let bytes = Array(SmartListFile.render(list).utf8)
    do throws(StoreError) {
      try refuseLinks(in: oldPath, below: location.root)
      try refuseLinks(in: path, below: location.root)
      return try locked { () throws(StoreError) -> GitCommit? in
        try commitHandEdits(toList: old)
        let message = ChangeMessage.make("Rename smart list \(old) to \(list.name)", action: "rename-list")
        let files = [prefix + oldPath, prefix + path]
        return try journaled(ChangeJournal(message: message, paths: files, files: files.map { savedFile($0) })) {
          () throws(StoreError) -> GitCommit? in
          do {
            try FileManager.default.createDirectory(atPath: location.path(SmartListFile.folder), withIntermediateDirectories: true)
            try FileSystem.writeAtomically(bytes, to: location.path(path))
            try FileManager.default.removeItem(atPath: location.path(oldPath))
          } catch {
            throw StoreError.wrapping(error, operation: "rename", path: location.displayPath(oldPath))
          }
          return try commit(paths: [oldPath, path], message: message)
        }
      }
    } catch {
      throw .store(error)
    }
  }

  /// Deletes the smart list `name`, as one commit "Remove smart list NAME"
  /// (`rk undo` brings it back). Refused while another list names it.
  @discardableResult
  public func removeSmartList(named name: String) throws(SmartListError) -> GitCommit? {
    let lists = SmartLists.load(from: location)
    let path = SmartListFile.path(of: name)
    guard (try? SmartList.validate(name: name)) != nil, FileSystem.exists(location.path(path)) else {
      throw .unknown(name: name, suggestion: Suggestion.closest(to: name, among: lists.names + lists.issues.map(\.name)))
    }
    let users = lists.lists(using: name).filter { $0 != name }
    guard users.isEmpty else { throw .inUse(name: name, by: users) }
    do throws(StoreError) {
      try refuseLinks(in: path, below: location.root)
      return try locked { () throws(StoreError) -> GitCommit? in
        try commitHandEdits(toList: name)
        let message = ChangeMessage.make("Remove smart list \(name)", action: "remove-list")
        let file = prefix + path
        return try journaled(ChangeJournal(message: message, paths: [file], files: [savedFile(file)])) {
          () throws(StoreError) -> GitCommit? in
          do {
            try FileManager.default.removeItem(atPath: location.path(path))
          } catch {
            throw StoreError.wrapping(error, operation: "remove", path: location.displayPath(path))
          }
          return try commit(paths: [path], message: message)
        }
      }
    } catch {
      throw .store(error)
    }
  }

  /// Writes `bytes` to a list's file at `path` (in `folder`, made when
  /// missing) and commits it as one journaled change: a smart list's or an
  /// ordered list's. The caller holds the collection lock.
  func commitListFile(_ bytes: [UInt8], at path: String, in folder: String, message: String) throws(StoreError) -> GitCommit? {
    let file = prefix + path
    return try journaled(ChangeJournal(message: message, paths: [file], files: [savedFile(file)])) {
      () throws(StoreError) -> GitCommit? in
      do {
        try FileManager.default.createDirectory(atPath: location.path(folder), withIntermediateDirectories: true)
        try FileSystem.writeAtomically(bytes, to: location.path(path))
      } catch {
        throw StoreError.wrapping(error, operation: "write", path: location.displayPath(path))
      }
      return try commit(paths: [path], message: message)
    }
  }

  /// Commits a person's uncommitted edits to the list's file alone, before
  /// `rk` changes it, so that `rk undo` never takes them away; tells
  /// ``onHandEditProblems`` the rules the edit breaks, as for an album.
  func commitHandEdits(toList name: String) throws(StoreError) {
    guard try commitHandEditedListFile(SmartListFile.path(of: name), message: "Edit smart list \(name) by hand\n") else { return }
    let problems = SmartLists.load(from: location).problems.filter { $0.name == name }.map(\.albumIssue)
    if !problems.isEmpty { onHandEditProblems?(problems) }
  }

  /// Commits a person's uncommitted edits to a list's file (smart or
  /// ordered) alone; whether there were any.
  func commitHandEditedListFile(_ path: String, message: String) throws(StoreError) -> Bool {
    let edited: [String]
    do {
      edited = try repository.uncommittedFiles(under: prefix + path)
    } catch {
      throw .git(error)
    }
    guard !edited.isEmpty else { return false }
    _ = try commit(paths: [path], message: message)
    return true
  }
}
