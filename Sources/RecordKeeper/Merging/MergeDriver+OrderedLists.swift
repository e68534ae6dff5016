import Foundation

extension MergeDriver {
  /// One ordered list's file merged entry by entry (``OrderedListMerge``)
  /// into `target` (%A). A conflict is recorded as `rk sync` records it:
  /// field `NAME.md` of the lists folder, our choice in the file, the merge
  /// with their choice beside it as `NAME.theirs.md` for `rk resolve
  /// --take theirs`.
  static func mergeList(
    _ name: String, path: String, base: [UInt8], ours: [UInt8], theirs: [UInt8], into target: String, workTree: String
  ) throws(MergeError) -> Outcome {
    let repository: GitRepository
    do throws(GitError) { repository = try GitRepository.open(containing: workTree) } catch { throw .git(error) }
    let prefix = String(path.dropLast(OrderedListFile.path(of: name).count))
    let moves = (try? repository.albumMoves(ours: try repository.head()?.id, theirs: Self.commitBeingMerged(), prefix: prefix)) ?? [:]
    let merged = OrderedListMerge(name: name, base: base.isEmpty ? nil : base, ours: ours, theirs: theirs, renames: moves)
    if merged.bytes != ours {
      do throws(FileSystemError) { try FileSystem.writeAtomically(merged.bytes, to: target) } catch { throw .store(.file(error)) }
    }
    guard let conflict = merged.fieldConflict(path: path) else { return Outcome(conflicts: [], failure: nil) }
    let records = ConflictRecords(gitDirectory: repository.gitDirectory)
    var record =
      records.all().first { $0.folder == conflict.album }
      ?? AlbumConflictRecord(folder: conflict.album, base: nil, theirs: nil, conflicts: [])
    record.conflicts.removeAll { $0.field == conflict.field }
    record.conflicts.append(conflict)
    record.files = (record.files ?? []).filter { $0 != conflict.field } + [conflict.field]
    do throws(FileSystemError) {
      try FileSystem.writeAtomically(merged.theirBytes, to: repository.workingDirectory + "/" + CollectionStore.theirsName(path))
      try records.save(record)
    } catch {
      throw .store(.file(error))
    }
    return Outcome(conflicts: [conflict], failure: nil)
  }
}

extension MergeDriver {
  /// The commit `git merge` (and so `git pull`) is merging in: git names
  /// it to merge strategies in the variable `GITHEAD_<id>`. `nil` in a
  /// rebase or cherry-pick, which set none.
  static func commitBeingMerged() -> String? {
    let ids = ProcessInfo.processInfo.environment.keys.compactMap { key -> String? in
      guard key.hasPrefix("GITHEAD_") else { return nil }
      let id = String(key.dropFirst("GITHEAD_".count))
      return id.count >= 40 && id.allSatisfy(\.isHexDigit) ? id : nil
    }
    return ids.count == 1 ? ids.first : nil
  }
}

extension GitRepository {
  /// The albums `ours` or `theirs` moved since their common ancestor
  /// (git's rename detection on `album.md`), as ids relative to the
  /// collection at `prefix` (its path in the work tree, ending in `/`, or
  /// empty): old id → new id, ours where both moved one album.
  func albumMoves(ours: String?, theirs: String?, prefix: String) throws(GitError) -> [String: String] {
    guard let ours, let theirs, let base = try mergeBase(ours, theirs) else { return [:] }
    var moves: [String: String] = [:]
    for side in [theirs, ours] {
      for (old, new) in try renamedAlbumFolders(from: base, to: side) where old.hasPrefix(prefix) && new.hasPrefix(prefix) {
        moves[String(old.dropFirst(prefix.count))] = String(new.dropFirst(prefix.count))
      }
    }
    return moves
  }
}

extension OrderedListMerge {
  /// The merge's conflicts as one conflict of the list's file at `path`
  /// (relative to the work tree), or `nil` when there are none.
  func fieldConflict(path: String) -> FieldConflict? {
    guard !conflicts.isEmpty else { return nil }
    return FieldConflict(
      album: CollectionStore.folder(of: path), field: String(path.split(separator: "/").last ?? ""),
      ours: conflicts.map(\.ours).joined(separator: "\n"), theirs: conflicts.map(\.theirs).joined(separator: "\n"))
  }
}
