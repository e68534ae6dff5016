import CLibGit2
import Foundation

extension CollectionStore {
  // MARK: Merging

  /// Merges `commit` (a commit already in the object database, e.g. a
  /// fetched remote head; hex id) into HEAD, album.md by field.
  /// `source` names it for the merge commit message ("origin").
  ///
  /// Album files changed on both sides merge with ``AlbumMerge`` in this
  /// process (the same rule `rk merge-file` applies for `git pull`); one that
  /// cannot be merged by field keeps ours and is reported as field
  /// `album.md`. Only an album deleted on one side and changed on the other
  /// is reported as field `album` (it is kept as changed); both sides adding
  /// the same folder merge as two versions with no common ancestor; a folder
  /// renamed on one side and edited on the other (or on both) gets the edits
  /// in the renamed folder (rename detection); covers changed on both sides
  /// keep ours in place and theirs beside it as `cover.theirs.webp` (field
  /// `cover`). The versions each conflict was merged from are recorded, so
  /// that resolving settles from them (``resolve(_:take:field:)``).
  ///
  /// The work tree, the index and the branch change under a
  /// ``MergeJournal``: a merge cut short is finished or rolled back by the
  /// next change.
  ///
  /// Uncommitted edits are never lost: when the merge would change a file
  /// that has them, nothing is changed and ``MergeError/uncommittedChanges(_:)``
  /// names the files; edits elsewhere stay as they are.
  public func merge(commit: String, from source: String) throws(MergeError) -> MergeOutcome {
    var outcome: Result<MergeOutcome, MergeError> = .failure(.noMergeUnderway)
    do throws(StoreError) {
      try locked { () throws(StoreError) in
        outcome = Result { () throws(MergeError) in try mergeLocked(commit: commit, from: source) }
      }
    } catch {
      throw .store(error)
    }
    return try outcome.get()
  }

  private func mergeLocked(commit theirs: String, from source: String) throws(MergeError) -> MergeOutcome {
    let repository = self.repository
    do throws(GitError) {
      _ = try repository.commit(withID: theirs)
    } catch {
      throw .unknownCommit(theirs)
    }
    do {
      guard let ours = try repository.head()?.id else { throw GitError.noCommits }
      if try repository.isAncestor(theirs, of: ours) { return .upToDate }
      if try repository.isAncestor(ours, of: theirs) {
        try advance(MergeJournal(head: ours, theirs: theirs, target: theirs, message: "merge \(source): Fast-forward", unfinished: false))
        return .fastForwarded(to: theirs)
      }
      let base = try repository.mergeBase(ours, theirs)
      let merge = try repository.mergeCommits(ours: ours, theirs: theirs)
      var records: [String: AlbumConflictRecord] = [:]
      var conflicted: [GitMergeConflict] = []

      // Album files both sides changed that libgit2 merged by lines: merged
      // again by field, as the merge driver does.
      let both = try repository.changedPaths(from: base, to: ours).intersection(try repository.changedPaths(from: base, to: theirs))
      for path in both.sorted() where path.hasSuffix("/" + AlbumFile.name) {
        guard let merged = merge.entry(at: path), let ourFile = try repository.file(at: path, inCommit: ours),
          let theirFile = try repository.file(at: path, inCommit: theirs)
        else { continue }
        let baseFile = try base.flatMap { (id) throws(GitError) in try repository.file(at: path, inCommit: id) }
        // The index records the three versions, as for a conflict libgit2
        // found itself: never ours alone, which reads as "deleted by them".
        func entry(_ bytes: [UInt8]?) throws(GitError) -> GitIndexEntry? {
          try bytes.map { (bytes) throws(GitError) in GitIndexEntry(path: path, id: try repository.createBlob(bytes), mode: merged.mode) }
        }
        let versions = GitMergeConflict(ancestor: try entry(baseFile), ours: try entry(ourFile), theirs: try entry(theirFile))
        try mergeAlbum(
          path: path, base: baseFile, ours: ourFile, theirs: theirFile, mode: merged.mode, into: merge, records: &records,
          conflicted: &conflicted, entries: versions)
      }
      // Ordered lists both sides changed: merged again entry by entry.
      let lists = both.sorted().filter { OrderedListFile.name(atPath: $0) != nil }
      let moves = lists.isEmpty ? [:] : try repository.albumMoves(ours: ours, theirs: theirs, prefix: prefix)
      for path in lists {
        let inConflict = try merge.conflicts().first { $0.path == path }?.ours
        guard let merged = merge.entry(at: path) ?? inConflict,
          let ourFile = try repository.file(at: path, inCommit: ours), let theirFile = try repository.file(at: path, inCommit: theirs)
        else { continue }
        let baseFile = try base.flatMap { (id) throws(GitError) in try repository.file(at: path, inCommit: id) }
        try mergeOrderedList(
          path: path, base: baseFile, ours: ourFile, theirs: theirFile, renames: moves, mode: merged.mode, into: merge,
          records: &records, conflicted: &conflicted)
      }
      for conflict in Self.followingRenames(try merge.conflicts(), renamed: merge.renamedConflicts(), in: merge) {
        try settle(conflict, ours: ours, theirs: theirs, into: merge, records: &records, conflicted: &conflicted)
      }

      try movePlaysFollowingAlbums(base: base, sides: [ours, theirs], into: merge)
      let tree = try repository.writeTree(of: merge)
      let message = "Merge changes from \(source)\n"
      let commitID = try repository.createCommit(tree: tree, parents: [ours, theirs], message: message)
      if records.isEmpty {
        try advance(
          MergeJournal(head: ours, theirs: theirs, target: commitID.hex, message: "merge \(source): Merge made by rk", unfinished: false))
        return .merged(commit: commitID.hex)
      }
      var journal = MergeJournal(head: ours, theirs: theirs, target: commitID.hex, message: message, unfinished: true)
      journal.conflicted = conflicted.map(\.path)
      try advance(journal) { () throws(MergeError) in
        do throws(GitError) {
          try repository.resetIndex(to: tree, conflicts: conflicted)
        } catch {
          throw .git(error)
        }
        let store = ConflictRecords(gitDirectory: repository.gitDirectory)
        store.removeAll()
        do throws(FileSystemError) {
          for record in records.values { try store.save(record) }
        } catch {
          throw .store(.file(error))
        }
      }
      return .conflicts(records.values.sorted { $0.folder < $1.folder }.flatMap(\.conflicts).map(collectionRelative))
    } catch let error as MergeError {
      throw error
    } catch let error as GitError {
      throw .git(error)
    } catch let error as StoreError {
      throw .store(error)
    } catch {
      throw .store(.wrapping(error, operation: "merge", path: repository.gitDirectory))
    }
  }

  /// libgit2's conflicts with each file one side renamed and both changed
  /// made one conflict at the renamed path (it leaves them apart, each
  /// side at its own path, which would read as two deletions): the
  /// ancestor's, our and their version, all under the new path. The other
  /// paths are taken out of the merge.
  static func followingRenames(
    _ conflicts: [GitMergeConflict], renamed: [(ancestor: String?, ours: String?, theirs: String?)], in merge: GitMergeIndex
  ) -> [GitMergeConflict] {
    var remaining = conflicts
    var joined: [GitMergeConflict] = []
    for rename in renamed {
      guard let ancestorPath = rename.ancestor, let ourPath = rename.ours, let theirPath = rename.theirs,
        ourPath != theirPath || ourPath != ancestorPath
      else { continue }
      // The side that renamed gives the path; both renaming differently
      // is left as libgit2 left it.
      let target: String
      if ourPath == theirPath || theirPath == ancestorPath {
        target = ourPath
      } else if ourPath == ancestorPath {
        target = theirPath
      } else {
        continue
      }
      let paths = Set([ancestorPath, ourPath, theirPath])
      let involved = remaining.filter { paths.contains($0.path) }
      func version(_ stage: KeyPath<GitMergeConflict, GitIndexEntry?>, at path: String) -> GitIndexEntry? {
        involved.lazy.compactMap { $0[keyPath: stage] }.first { $0.path == path }.map {
          GitIndexEntry(path: target, id: $0.id, mode: $0.mode)
        }
      }
      let conflict = GitMergeConflict(
        ancestor: version(\.ancestor, at: ancestorPath), ours: version(\.ours, at: ourPath), theirs: version(\.theirs, at: theirPath))
      guard conflict.ours != nil, conflict.theirs != nil else { continue }
      remaining.removeAll { paths.contains($0.path) }
      for path in paths where path != target { merge.remove(path) }
      joined.append(conflict)
    }
    return remaining + joined
  }

  /// Merges one album file by field and puts the result in the merge; a
  /// file that cannot be merged by field keeps ours and is reported as a
  /// conflict of its own (field `album.md`, settled by taking one side's
  /// whole file). `entries` are the three versions for the index.
  private func mergeAlbum(
    path: String, base: [UInt8]?, ours: [UInt8], theirs: [UInt8], mode: UInt32, into merge: GitMergeIndex,
    records: inout [String: AlbumConflictRecord], conflicted: inout [GitMergeConflict], entries: GitMergeConflict
  ) throws(GitError) {
    let folder = Self.folder(of: path)
    let result: AlbumMerge.Result
    do throws(AlbumMergeError) {
      result = try AlbumMerge.merge(base: base, ours: ours, theirs: theirs, id: folder)
    } catch {
      let conflict = FieldConflict(album: folder, field: AlbumFile.name, ours: "\(error)", theirs: nil)
      records[folder, default: Self.record(folder, base: base, ours: ours, theirs: theirs)].conflicts.append(conflict)
      try merge.set(path, id: try repository.createBlob(ours), mode: mode)
      conflicted.append(entries)
      return
    }
    try merge.set(path, id: try repository.createBlob(result.bytes), mode: mode)
    guard !result.conflicts.isEmpty else { return }
    records[folder, default: Self.record(folder, base: base, ours: ours, theirs: theirs)].conflicts += result.conflicts
    conflicted.append(entries)
  }

  /// Merges one ordered list's file entry by entry, entries following the
  /// albums a side moved (`renames`), and puts the result in the merge; a
  /// conflict keeps our choice, with the merge taking their
  /// choice beside it (`NAME.theirs.md`), settled as a file is.
  private func mergeOrderedList(
    path: String, base: [UInt8]?, ours: [UInt8], theirs: [UInt8], renames: [String: String], mode: UInt32, into merge: GitMergeIndex,
    records: inout [String: AlbumConflictRecord], conflicted: inout [GitMergeConflict]
  ) throws(GitError) {
    let name = OrderedListFile.name(atPath: path) ?? ""
    let result = OrderedListMerge(name: name, base: base, ours: ours, theirs: theirs, renames: renames)
    try merge.set(path, id: try repository.createBlob(result.bytes), mode: mode)
    guard let conflict = result.fieldConflict(path: path) else { return }
    try merge.set(Self.theirsName(path), id: try repository.createBlob(result.theirBytes), mode: mode)
    var record = records[conflict.album, default: Self.record(conflict.album, base: nil, theirs: nil)]
    record.conflicts.append(conflict)
    record.files = (record.files ?? []) + [conflict.field]
    records[conflict.album] = record
    func entry(_ bytes: [UInt8]?) throws(GitError) -> GitIndexEntry? {
      try bytes.map { (bytes) throws(GitError) in GitIndexEntry(path: path, id: try repository.createBlob(bytes), mode: mode) }
    }
    conflicted.append(GitMergeConflict(ancestor: try entry(base), ours: try entry(ours), theirs: try entry(theirs)))
  }

  private static func record(_ folder: String, base: [UInt8]?, ours: [UInt8]? = nil, theirs: [UInt8]?) -> AlbumConflictRecord {
    func text(_ bytes: [UInt8]?) -> String? { bytes.map { String(decoding: $0, as: UTF8.self) } }
    return AlbumConflictRecord(folder: folder, base: text(base), theirs: text(theirs), ours: text(ours), conflicts: [])
  }

  /// Settles one path libgit2 left conflicted.
  private func settle(
    _ conflict: GitMergeConflict, ours: String, theirs: String, into merge: GitMergeIndex,
    records: inout [String: AlbumConflictRecord], conflicted: inout [GitMergeConflict]
  ) throws(GitError) {
    let path = conflict.path
    let folder = Self.folder(of: path)
    let name = String(path.split(separator: "/").last ?? "")
    switch (conflict.ours, conflict.theirs) {
    case (let ourEntry?, let theirEntry?) where name == AlbumFile.name:
      let baseFile = try conflict.ancestor.map { (entry) throws(GitError) in try repository.blob(withID: entry.id) }
      try mergeAlbum(
        path: path, base: baseFile, ours: try repository.blob(withID: ourEntry.id), theirs: try repository.blob(withID: theirEntry.id),
        mode: ourEntry.mode, into: merge, records: &records, conflicted: &conflicted, entries: conflict)
    case (let ourEntry?, let theirEntry?):
      // Covers (or any other file) changed both ways: ours stays, theirs
      // goes beside it until resolved.
      try merge.set(path, id: ourEntry.id, mode: ourEntry.mode)
      let theirPath = Self.theirsName(path)
      try merge.set(theirPath, id: theirEntry.id, mode: theirEntry.mode)
      let field = name == CoverFiles.coverName || name == CoverFiles.thumbnailName ? "cover" : name
      let theirBytes = try repository.file(at: folder + "/" + AlbumFile.name, inCommit: theirs)
      var record = records[folder, default: Self.record(folder, base: nil, theirs: theirBytes)]
      if !record.conflicts.contains(where: { $0.field == field }) {
        let shown = field == "cover" ? CoverFiles.coverName : name
        record.conflicts.append(FieldConflict(album: folder, field: field, ours: shown, theirs: Self.theirsName(shown)))
      }
      if field != "cover" { record.files = (record.files ?? []) + [name] }
      records[folder] = record
      conflicted.append(conflict)
    case (let present?, nil), (nil, let present?):
      // Deleted on one side, changed on the other: the changed album is
      // kept whole, and the person decides.
      let keptSide = conflict.ours != nil ? ours : theirs
      try merge.set(path, id: present.id, mode: present.mode)
      // In an album folder the whole album is at stake; elsewhere (a smart
      // list's file) only the file.
      let isAlbum = try repository.file(at: folder + "/" + AlbumFile.name, inCommit: keptSide) != nil
      if isAlbum {
        for entry in try repository.treeEntries(under: [folder], of: try repository.commit(withID: keptSide))
        where merge.entry(at: entry.path) == nil {
          try merge.set(entry.path, id: entry.id, mode: entry.mode)
        }
      }
      let field = isAlbum ? "album" : name
      let theirBytes = try repository.file(at: folder + "/" + AlbumFile.name, inCommit: theirs)
      var record = records[folder, default: Self.record(folder, base: nil, theirs: theirBytes)]
      if !record.conflicts.contains(where: { $0.field == field }) {
        let kept = conflict.ours != nil
        record.conflicts.append(FieldConflict(album: folder, field: field, ours: kept ? "changed" : nil, theirs: kept ? nil : "changed"))
      }
      if !isAlbum { record.files = (record.files ?? []) + [name] }
      records[folder] = record
      conflicted.append(conflict)
    case (nil, nil):
      merge.remove(path)
    }
  }

  /// `cover.webp` → `cover.theirs.webp`.
  static func theirsName(_ path: String) -> String {
    guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return path + ".theirs" }
    return path[..<dot] + ".theirs" + path[dot...]
  }

  /// The folder holding `path` ("" at the top).
  static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    return String(path[..<slash])
  }

  /// Refuses when any of `paths` (relative to the work tree), or a file in
  /// a folder among them, has uncommitted edits.
  func refuseUncommitted(in paths: Set<String>) throws(MergeError) {
    let edited: [String]
    do throws(GitError) { edited = try repository.uncommittedFiles(under: "") } catch { throw .git(error) }
    let touched = edited.filter { file in
      paths.contains(file) || paths.contains { $0.hasPrefix(file.hasSuffix("/") ? file : file + "/") }
    }
    guard touched.isEmpty else { throw .uncommittedChanges(touched.map { $0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : $0 }) }
  }

  /// A conflict with its album named relative to the collection.
  func collectionRelative(_ conflict: FieldConflict) -> FieldConflict {
    var conflict = conflict
    if conflict.album.hasPrefix(prefix) { conflict.album = String(conflict.album.dropFirst(prefix.count)) }
    return conflict
  }
}

extension GitRepository {
  /// The tree id of the commit `id`.
  func treeID(ofCommit id: String) throws(GitError) -> git_oid {
    let commit = try lookupCommit(try git_oid.parse(id))
    return try tree(of: commit).withPointer { git_tree_id($0).pointee }
  }
}
