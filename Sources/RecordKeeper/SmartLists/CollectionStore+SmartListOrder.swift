/// A smart list's own order (issue 32): set with `rk lists sort`, changed
/// with `rk lists move`. Each change is one commit that rewrites only the
/// `sort:` line or the `order:` list, every other line as the person wrote it.
extension CollectionStore {
  /// Gives the list `name` its own order (`nil`: the collection's again),
  /// as one commit. For `custom`, the order kept is `matches` (the list's
  /// albums, in the order shown until now) as the file's order has them.
  @discardableResult
  public func sortSmartList(_ name: String, by sort: SmartListSort?, matches: [String]) throws(SmartListError) -> GitCommit? {
    try changeSmartListFile(name) { (list, bytes) throws(SmartListError) in
      var new = SmartListFile.setting(sort, in: bytes)
      if sort == .custom { new = SmartListFile.setting(order: list.kept(matches) { $0 }, in: new) }
      let summary =
        switch sort {
        case .mode(let mode)?: "Sort smart list \(name) by \(mode.rawValue)"
        case .custom?: "Keep smart list \(name) in an order of its own"
        case nil: "Sort smart list \(name) as the collection is"
        }
      return (new, summary)
    }
  }

  /// Moves the album at place `from` of a custom-ordered list to place `to`
  /// (both from 1), as one commit; `matches` are the list's albums in the
  /// collection's order, which the kept order arranges.
  @discardableResult
  public func moveInSmartList(_ name: String, from: Int, to: Int, matches: [String]) throws(SmartListError) -> GitCommit? {
    try changeSmartListFile(name) { (list, bytes) throws(SmartListError) in
      guard list.sort == .custom else { throw .notCustom(name: name, sort: list.sort) }
      var ids = list.kept(matches) { $0 }
      for place in [from, to] where place < 1 || place > ids.count { throw .outOfRange(name: name, place: place, count: ids.count) }
      let id = ids.remove(at: from - 1)
      ids.insert(id, at: to - 1)
      return (SmartListFile.setting(order: ids, in: bytes), "Move \(id) from \(from) to \(to) in smart list \(name)")
    }
  }

  /// Reads the list's file afresh under the lock (a person's edits to it
  /// committed first), lets `edit` give its new bytes and the change's
  /// summary, and commits them; `nil` when nothing changed.
  private func changeSmartListFile(
    _ name: String, _ edit: (SmartList, [UInt8]) throws(SmartListError) -> ([UInt8], String)
  ) throws(SmartListError) -> GitCommit? {
    let path = SmartListFile.path(of: name)
    guard (try? SmartList.validate(name: name)) != nil, FileSystem.exists(location.path(path)) else {
      let lists = SmartLists.load(from: location)
      throw .unknown(name: name, suggestion: Suggestion.closest(to: name, among: lists.names + lists.issues.map(\.name)))
    }
    do throws(StoreError) { try refuseLinks(in: path, below: location.root) } catch { throw .store(error) }
    let result: Result<GitCommit?, SmartListError>
    do throws(StoreError) {
      result = try locked { () throws(StoreError) -> Result<GitCommit?, SmartListError> in
        try commitHandEdits(toList: name)
        let bytes: [UInt8]
        do throws(FileSystemError) { bytes = try FileSystem.read(location.path(path), limit: SmartLists.fileSizeLimit) } catch {
          throw .file(error)
        }
        let list: SmartList
        switch SmartListFile.parse(bytes, name: name) {
        case .success(let read): list = read
        case .failure(let issue): return .failure(.unreadable(issue.formatted(in: location)))
        }
        let (new, summary): ([UInt8], String)
        do throws(SmartListError) { (new, summary) = try edit(list, bytes) } catch { return .failure(error) }
        if new == bytes { return .success(nil) }
        return .success(
          try commitListFile(new, at: path, in: SmartListFile.folder, message: ChangeMessage.make(summary, action: "change-list")))
      }
    } catch {
      throw .store(error)
    }
    return try result.get()
  }

  /// The smart list files whose kept order names the album `id`, with it
  /// renamed `newID`: `(path, new bytes, old bytes)`, for `rk mv` to write in
  /// its commit.
  func smartListFilesMoving(_ id: String, to newID: String) -> [(String, [UInt8], [UInt8])] {
    SmartLists.load(from: location).lists.compactMap { list in
      guard list.order.contains(id) else { return nil }
      let path = SmartListFile.path(of: list.name)
      guard let bytes = try? FileSystem.read(location.path(path), limit: SmartLists.fileSizeLimit) else { return nil }
      return (path, SmartListFile.setting(order: list.order.map { $0 == id ? newID : $0 }, in: bytes), bytes)
    }
  }
}
