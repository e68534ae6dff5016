/// What recording hand edits did: the commits made, and the files that
/// stayed home because they break a rule or cannot be read.
public struct HandEditRecord: Hashable, Sendable {
  /// One commit per album, plays file or smart list, in id order.
  public var recorded: [GitCommit] = []
  /// Neither committed nor sent; each names its problems.
  public var stayedHome: [HandEdit] = []

  public init(recorded: [GitCommit] = [], stayedHome: [HandEdit] = []) {
    self.recorded = recorded
    self.stayedHome = stayedHome
  }
}

extension CollectionStore {
  /// Every album, plays file and smart list changed, added or removed by
  /// hand since the last commit, in id order, each with what `rk check`
  /// says is wrong with it now. The collection is loaded and checked only
  /// when there is something to look at.
  public func handEdits() throws(StoreError) -> [HandEdit] {
    var edits = try unrecordedChanges()
    guard !edits.isEmpty else { return [] }
    let collection: RecordCollection
    do {
      collection = try RecordCollection.load(location)
    } catch {
      throw .collection(error)
    }
    let problems = Dictionary(grouping: CollectionCheck(collection, lists: SmartLists.load(from: location)).issues, by: \.id)
    for index in edits.indices where edits[index].change != .removed {
      edits[index].problems = problems[edits[index].id] ?? []
    }
    return edits
  }

  /// The hand edits ``handEdits()`` lists, without their problems: from
  /// git's status alone, with no album read but the ones edited.
  ///
  /// While a merge is under way, what it staged is its own, and its
  /// conflicts are listed as such: only a file whose work tree differs from
  /// the index, outside an album with a conflict, was changed by hand.
  public func unrecordedChanges() throws(StoreError) -> [HandEdit] {
    let files: [String]
    let head: String?
    let folder = prefix.isEmpty ? "" : String(prefix.dropLast())
    do {
      if isMerging {
        let conflicted = Set(FieldConflict.unresolved(in: location).map(\.album))
        files = try repository.workTreeChanges(under: folder).filter {
          !conflicted.contains(Self.folder(of: String($0.dropFirst(prefix.count))))
        }
      } else {
        files = try repository.uncommittedFiles(under: folder)
      }
      head = try repository.head()?.id
    } catch {
      throw .git(error)
    }
    var kinds: [String: HandEdit.Kind] = [:]
    for file in files where file.hasPrefix(prefix) {
      let path = String(file.dropFirst(prefix.count))
      if PlayHistory.isPlaysFile(path) {
        kinds[path] = .plays
      } else if Self.isListFile(path) {
        kinds[path] = .list
      } else if let id = try albumFolder(holding: path, head: head) {
        kinds[id] = .album
      }
    }
    var edits: [HandEdit] = []
    for (id, kind) in kinds.sorted(by: { $0.key < $1.key }) {
      let file = HandEdit.file(of: id, kind: kind)
      let committed = try head.flatMap { (head) throws(StoreError) in try committedFile(file, in: head) }
      let change: HandEdit.Change =
        committed == nil ? .added : FileSystem.exists(location.path(file)) ? .edited : .removed
      let name: String
      switch kind {
      case .album: name = albumName(id, committed: committed)
      case .plays: name = id
      case .list: name = "smart list " + String(id.dropFirst(SmartListFile.folder.count + 1).dropLast(SmartListFile.fileExtension.count))
      }
      edits.append(HandEdit(kind: kind, change: change, id: id, name: name))
    }
    return edits
  }

  /// Commits every hand edit that breaks no rule, one commit each (docs/sharing.md,
  /// "What you write by hand travels"), and leaves the others as they are. Only the files written by hand
  /// are staged, so a kill at any moment leaves each file as the person
  /// wrote it, committed or not.
  ///
  /// What is committed is the bytes that were checked, never the file as it
  /// is at commit time: a file that changed while it was checked (an editor
  /// halfway through saving) stays home too, and the next sync records it.
  public func recordHandEdits() throws(StoreError) -> HandEditRecord {
    let changes = try unrecordedChanges()
    guard !changes.isEmpty else { return HandEditRecord() }
    return try locked { () throws(StoreError) -> HandEditRecord in
      let before = Dictionary(uniqueKeysWithValues: changes.map { ($0.file, try? FileSystem.read(location.path($0.file))) })
      var record = HandEditRecord()
      for var edit in try handEdits() {
        beforeCommitting?(edit.id)
        let bytes = try? FileSystem.read(location.path(edit.file))
        if edit.problems.isEmpty, before[edit.file] != .some(bytes) {
          edit.problems = [
            AlbumIssue(
              id: edit.id, line: 0, field: "file", message: "it changed while rk checked it (an editor saving?); run rk sync again")
          ]
        }
        guard edit.problems.isEmpty else {
          record.stayedHome.append(edit)
          continue
        }
        let contents = bytes.map { [edit.file: $0] } ?? [:]
        if let commit = try commit(paths: [edit.id], message: edit.message, contents: contents) { record.recorded.append(commit) }
      }
      return record
    }
  }

  /// Tells ``onHandEditProblems`` what the albums just committed "by hand"
  /// before an `rk` change break, so a person hears of a mistake that was
  /// kept as written (docs/commands.md, "Changes and commits").
  func reportProblems(ofHandEdited ids: [String]) {
    guard let onHandEditProblems else { return }
    let problems = ids.flatMap { id -> [AlbumIssue] in
      do throws(StoreError) {
        return try readChecked(id).problems
      } catch {
        return [AlbumIssue(id: id, unreadable: error)]
      }
    }
    if !problems.isEmpty { onHandEditProblems(problems) }
  }

  /// Whether a merge is under way (git's `MERGE_HEAD`): one stopped at a
  /// conflict, or made with `--no-commit`.
  public var isMerging: Bool { repository.unfinishedMerge() != nil }

  /// Whether `path` (relative to the collection) is a smart list's file.
  private static func isListFile(_ path: String) -> Bool {
    path.hasPrefix(SmartListFile.folder + "/") && path.hasSuffix(SmartListFile.fileExtension)
      && !path.dropFirst(SmartListFile.folder.count + 1).contains("/")
  }

  /// The album folder `path` lies in: the nearest folder above it whose
  /// `album.md` is on disk or in HEAD. `nil` for a file of no album, and
  /// for anything in a hidden folder, which is never an album's.
  private func albumFolder(holding path: String, head: String?) throws(StoreError) -> String? {
    let parts = path.split(separator: "/")
    guard !parts.contains(where: { $0.hasPrefix(".") }) else { return nil }
    for count in stride(from: parts.count - 1, through: 1, by: -1) {
      let folder = parts[..<count].joined(separator: "/")
      let file = folder + "/" + AlbumFile.name
      if FileSystem.exists(location.path(file)) { return folder }
      if let head, try committedFile(file, in: head) != nil { return folder }
    }
    return nil
  }

  /// The bytes of `file` (relative to the collection) in the commit `head`.
  private func committedFile(_ file: String, in head: String) throws(StoreError) -> [UInt8]? {
    do {
      return try repository.file(at: prefix + file, inCommit: head)
    } catch {
      throw .git(error)
    }
  }

  /// How a commit names the album `id`: from its file now, else as it was
  /// committed, else by its id.
  private func albumName(_ id: String, committed: [UInt8]?) -> String {
    if let album = try? read(id).album { return ChangeMessage.name(of: album) }
    if let committed, let album = try? AlbumFile.parse(committed, id: id, validating: false).album {
      return ChangeMessage.name(of: album)
    }
    return id
  }
}
