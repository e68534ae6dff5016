#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension CollectionStore {
  // MARK: Conflicts left by a merge

  /// The true conflicts an unfinished merge left (by `rk sync`, or by
  /// `git pull` through `rk merge-file`), album ids relative to the
  /// collection, in album order.
  public func conflicts() -> [FieldConflict] {
    let records = ConflictRecords(gitDirectory: repository.gitDirectory)
    records.adoptIndexConflicts(of: repository)
    return records.open.map(collectionRelative)
  }

  /// The albums (ids) that still have conflicts.
  public func unresolvedAlbums() -> [String] {
    var seen = Set<String>()
    return conflicts().map(\.album).filter { seen.insert($0).inserted }
  }

  /// What a resolution did.
  public struct Resolution: Sendable, Equatable {
    /// The conflicts still left in the whole collection.
    public var remaining: [FieldConflict]
    /// The merge commit, made when the last conflict was resolved.
    public var commit: GitCommit?
  }

  /// Settles the album's conflicts (only `field`'s when given) by taking
  /// one side's value: our value or theirs in the field (the file is
  /// written again from the recorded versions with every choice made so
  /// far, never re-merged); their cover over ours; for a file that could
  /// not be merged by field, that side's whole file; for an album deleted
  /// on one side and changed on the other (only then), the deleting side
  /// removes it. When no conflict is left anywhere, the merge commit is
  /// made, with both parents.
  public func resolve(_ reference: String, take side: MergeSide, field: String? = nil) throws(MergeError) -> Resolution {
    try resolving(reference, field: field) { (record, chosen) throws(MergeError) in
      var choices = record.choices ?? [:]
      for conflict in chosen {
        switch conflict.field {
        case "album":
          // The side that has no value deleted the album.
          let deleting = side == .ours ? conflict.ours == nil : conflict.theirs == nil
          if deleting { removeFolder(record.folder) }
        case "cover":
          for name in [CoverFiles.coverName, CoverFiles.thumbnailName] {
            let theirs = workTreePath(record.folder + "/" + Self.theirsName(name))
            guard FileSystem.exists(theirs) else { continue }
            if side == .theirs {
              let target = workTreePath(record.folder + "/" + name)
              guard rename(theirs, target) == 0 else {
                throw .store(.file(FileSystemError(path: target, operation: "rename", code: errno)))
              }
            } else {
              FileSystem.removeTree(theirs)
            }
          }
        case let name where (record.files ?? []).contains(name):
          // One file: the deleting side removes it; theirs, when both
          // changed it, replaces ours.
          let file = workTreePath(record.folder + "/" + name)
          let theirs = workTreePath(record.folder + "/" + Self.theirsName(name))
          if side == .ours ? conflict.ours == nil : conflict.theirs == nil {
            FileSystem.removeTree(file)
          } else if FileSystem.exists(theirs) {
            if side == .theirs {
              guard rename(theirs, file) == 0 else { throw .store(.file(FileSystemError(path: file, operation: "rename", code: errno))) }
            } else {
              FileSystem.removeTree(theirs)
            }
          }
        case AlbumFile.name:
          if let text = side == .theirs ? record.theirs : record.ours { try writeAlbum(record.folder, Array(text.utf8)) }
        default:
          choices[conflict.field] = side
        }
      }
      guard choices != (record.choices ?? [:]) else { return }
      try resettle(&record) { $0.choices = choices }
    }
  }

  /// Settles the album's conflict in `field` (a front-matter key) by
  /// setting it to `value` (empty clears an optional field), validated as
  /// every write is.
  public func resolve(_ reference: String, setting field: String, to value: String) throws(MergeError) -> Resolution {
    try resolving(reference, field: field) { (record, _) throws(MergeError) in
      guard AlbumMerge.textKeys.contains(where: { $0.key == field }) else {
        throw .notSettable(album: collectionRelative(record.folder), field: field)
      }
      try resettle(&record) { $0.values = ($0.values ?? [:]).merging([field: value]) { $1 } }
    }
  }

  /// Rewrites the album's file from the recorded versions after `change`
  /// (a choice or a value) is made to the record: the merge of base, ours
  /// and theirs with every choice made so far, then every value set. So a
  /// resolution never re-merges the merged file as if it were ours (which
  /// could double a track), and settling conflicts one at a time gives what
  /// settling them together gives. Edits the person made to the file by
  /// hand since rk wrote it are merged in, with what rk wrote as their base.
  private func resettle(_ record: inout AlbumConflictRecord, _ change: (inout AlbumConflictRecord) -> Void) throws(MergeError) {
    let current = try readAlbum(record.folder)
    // Without our version recorded, the file is all there is to go by.
    let before = record.ours == nil ? current : try settledAlbum(record, current: current)
    change(&record)
    let after = try settledAlbum(record, current: current)
    var result = after
    if before != current {
      do throws(AlbumMergeError) {
        result = try AlbumMerge.merge(base: before, ours: after, theirs: current, id: record.folder).bytes
      } catch {
        throw .album(error)
      }
    }
    if result != current { try writeAlbum(record.folder, result) }
  }

  /// The album as the record settles it: base, ours and theirs merged with
  /// the choices made, then the values set. A record without our version
  /// (written by an older rk) takes the file as ours.
  private func settledAlbum(_ record: AlbumConflictRecord, current: [UInt8]) throws(MergeError) -> [UInt8] {
    guard let theirs = record.theirs else { return current }
    let ours = record.ours.map { Array($0.utf8) } ?? current
    var bytes: [UInt8]
    do throws(AlbumMergeError) {
      bytes = try AlbumMerge.merge(
        base: record.base.map { Array($0.utf8) }, ours: ours, theirs: Array(theirs.utf8), id: record.folder, prefer: record.choices ?? [:]
      ).bytes
    } catch {
      throw .album(error)
    }
    let id = collectionRelative(record.folder)
    for (field, value) in (record.values ?? [:]).sorted(by: { $0.key < $1.key }) {
      guard let key = AlbumMerge.textKeys.first(where: { $0.key == field }) else { continue }
      let parsed: Album
      do throws(AlbumFileError) { parsed = try AlbumFile.parse(bytes, id: id).album } catch {
        throw .album(.unreadable(id: id, side: "ours", error))
      }
      var album = parsed
      let trimmed = value.trimmed
      key.set(&album, trimmed.isEmpty ? nil : trimmed)
      let problems = album.problems(notIn: parsed)
      guard problems.isEmpty else { throw .invalidValue(album: id, field: field, problems) }
      do throws(AlbumFileError) { bytes = try AlbumFile.rewrite(bytes, to: album) } catch { throw .album(.unwritable(id: id, error)) }
    }
    return bytes
  }

  /// Finds the album's record, lets `body` settle the chosen conflicts,
  /// saves what is left, and makes the merge commit when nothing is.
  private func resolving(
    _ reference: String, field: String?, _ body: (inout AlbumConflictRecord, [FieldConflict]) throws(MergeError) -> Void
  ) throws(MergeError) -> Resolution {
    var outcome: Result<Resolution, MergeError> = .failure(.noMergeUnderway)
    do throws(StoreError) {
      try locked(duringMerge: true) { () throws(StoreError) in
        outcome = Result { () throws(MergeError) -> Resolution in
          let records = ConflictRecords(gitDirectory: repository.gitDirectory)
          guard repository.unfinishedMerge() != nil else { throw .noMergeUnderway }
          records.adoptIndexConflicts(of: repository)
          let all = records.all()
          let folder: String
          if let exact = all.first(where: { collectionRelative($0.folder) == reference || $0.folder == reference }) {
            folder = exact.folder
          } else {
            do throws(StoreError) { folder = prefix + (try resolve(reference)) } catch { throw .store(error) }
          }
          guard var record = all.first(where: { $0.folder == folder }), !record.conflicts.isEmpty else {
            throw .noConflict(album: collectionRelative(folder), field: field)
          }
          let chosen = record.conflicts.filter { field == nil || $0.field == field }
          guard !chosen.isEmpty else { throw .noConflict(album: collectionRelative(folder), field: field) }
          try body(&record, chosen)
          record.conflicts.removeAll { chosen.contains($0) }
          record.settled = (record.settled ?? []) + chosen.map(\.field)
          do throws(FileSystemError) { try records.save(record) } catch { throw .store(.file(error)) }
          let remaining = records.open.map(collectionRelative)
          guard remaining.isEmpty else { return Resolution(remaining: remaining, commit: nil) }
          let commit: GitCommit
          do throws(GitError) { commit = try repository.commitMerge(staging: records.all().map(\.folder)) } catch { throw .git(error) }
          records.removeAll()
          // Plays follow an album the merge moved (docs/merging.md, "Plays files"), as in a merge without conflicts.
          do throws(StoreError) { return Resolution(remaining: [], commit: try movePlays(inMergeCommit: commit) ?? commit) } catch {
            throw .store(error)
          }
        }
      }
    } catch {
      throw .store(error)
    }
    return try outcome.get()
  }

  private func collectionRelative(_ folder: String) -> String {
    folder.hasPrefix(prefix) ? String(folder.dropFirst(prefix.count)) : folder
  }

  private func workTreePath(_ path: String) -> String { repository.workingDirectory + "/" + path }

  private func readAlbum(_ folder: String) throws(MergeError) -> [UInt8] {
    do throws(FileSystemError) { return try FileSystem.read(workTreePath(folder + "/" + AlbumFile.name)) } catch {
      throw .store(.file(error))
    }
  }

  private func writeAlbum(_ folder: String, _ bytes: [UInt8]) throws(MergeError) {
    do throws(FileSystemError) { try FileSystem.writeAtomically(bytes, to: workTreePath(folder + "/" + AlbumFile.name)) } catch {
      throw .store(.file(error))
    }
  }

  private func removeFolder(_ folder: String) {
    FileSystem.removeTree(workTreePath(folder))
  }
}
