extension ConflictRecords {
  /// Records the conflicts git left in the index that no record covers
  /// yet, so that `rk conflicts` and `rk resolve` handle a `git pull`'s
  /// conflicts as they do `rk sync`'s: an album deleted on one side and
  /// changed on the other (field `album`), covers changed on both sides
  /// (theirs is written beside ours as `cover.theirs.webp`, field `cover`),
  /// and an `album.md` git merged by lines (no driver configured), field
  /// `album.md`. Outside a merge (committed, or abandoned with
  /// `git merge --abort`), forgets any records left.
  func adoptIndexConflicts(of repository: GitRepository) {
    guard repository.unfinishedMerge() != nil else {
      if FileSystem.exists(folder) { removeAll() }
      return
    }
    guard let conflicts = try? GitMergeIndex(try repository.repositoryIndex()).conflicts(), !conflicts.isEmpty
    else { return }
    var records = Dictionary(all().map { ($0.folder, $0) }, uniquingKeysWith: { first, _ in first })
    var changed = Set<String>()
    var coversThisPass = Set<String>()
    func text(_ entry: GitIndexEntry?) -> String? {
      entry.flatMap { try? repository.blob(withID: $0.id) }.map { String(decoding: $0, as: UTF8.self) }
    }
    for conflict in conflicts {
      let path = conflict.path
      let folder = CollectionStore.folder(of: path)
      let name = String(path.split(separator: "/").last ?? "")
      var record = records[folder] ?? AlbumConflictRecord(folder: folder, base: nil, theirs: nil, conflicts: [])
      let field: String
      var found = FieldConflict(album: folder, field: "", ours: nil, theirs: nil)
      switch (conflict.ours, conflict.theirs) {
      case (_?, nil), (nil, _?):
        field = "album"
        found.ours = conflict.ours == nil ? nil : "changed"
        found.theirs = conflict.theirs == nil ? nil : "changed"
      case (let ours?, let theirs?) where name == CoverFiles.coverName || name == CoverFiles.thumbnailName:
        field = "cover"
        // Once per merge: both images of a folder in this pass, never after.
        let recorded = record.conflicts.contains(where: { $0.field == field }) || (record.settled ?? []).contains(field)
        guard !recorded || coversThisPass.contains(folder) else { continue }
        coversThisPass.insert(folder)
        // git leaves ours, or, for an image it takes for text, its markers.
        if let bytes = try? repository.blob(withID: ours.id), (try? FileSystem.read(repository.workingDirectory + "/" + path)) != bytes {
          try? FileSystem.writeAtomically(bytes, to: repository.workingDirectory + "/" + path)
        }
        found.ours = CoverFiles.coverName
        found.theirs = CollectionStore.theirsName(CoverFiles.coverName)
        let theirPath = repository.workingDirectory + "/" + CollectionStore.theirsName(path)
        if !FileSystem.exists(theirPath), let bytes = try? repository.blob(withID: theirs.id) {
          try? FileSystem.writeAtomically(bytes, to: theirPath)
        }
      case (let ours?, let theirs?) where name == AlbumFile.name:
        // rk merge-file recorded its own (our version added here, for
        // resolving from the recorded versions); this one git merged by lines.
        guard records[folder] == nil else {
          if record.ours == nil, let text = text(ours) {
            record.ours = text
            records[folder] = record
            changed.insert(folder)
          }
          continue
        }
        field = AlbumFile.name
        found.ours = "git's conflict markers are in the file"
        record.ours = text(ours)
        record.theirs = text(theirs)
        record.base = text(conflict.ancestor)
      default:
        continue
      }
      guard !record.conflicts.contains(where: { $0.field == field }), !(record.settled ?? []).contains(field) else { continue }
      found.field = field
      record.conflicts.append(found)
      if record.theirs == nil, conflict.theirs != nil || field != "album" {
        record.theirs = (try? repository.indexTheirs(folder + "/" + AlbumFile.name, in: conflicts)) ?? nil
      }
      records[folder] = record
      changed.insert(folder)
    }
    for folder in changed { if let record = records[folder] { try? save(record) } }
  }
}

extension GitRepository {
  /// Their `album.md` at `path` from the index's conflict entries, or
  /// `nil` when it is not conflicted.
  fileprivate func indexTheirs(_ path: String, in conflicts: [GitMergeConflict]) throws(GitError) -> String? {
    guard let entry = conflicts.first(where: { $0.path == path })?.theirs else { return nil }
    return String(decoding: try blob(withID: entry.id), as: UTF8.self)
  }
}
