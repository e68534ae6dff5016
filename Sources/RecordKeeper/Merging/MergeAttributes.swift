/// The `.gitattributes` lines a collection's merges depend on: album.md
/// merged by field (``MergeDriver/attributesLine``), ordered lists entry by
/// entry (``OrderedListFile/attributesLine``) and plays files by keeping
/// both sides' lines (``CollectionStore/playsAttributesLine``).
/// A file deleted or a line dropped by hand is named by `rk check` and put
/// back by the next change rk makes, so `git pull` never quietly falls back
/// to merging albums line by line.
public enum MergeAttributes {
  static let path = ".gitattributes"

  /// The lines this collection should have and lacks, once this clone has
  /// the driver set up (`merge.rk.driver`, as `rk init` and `rk clone` do):
  /// the merge driver's, the plays' once there is a plays folder, and the
  /// ordered lists' once there is one.
  static func missing(in location: CollectionLocation, repository: GitRepository) -> [String] {
    // A repository rk did not set up (a plain git init) is left as its owner made it.
    guard (try? repository.configuration("merge.\(MergeDriver.name).driver")) ?? nil != nil else { return [] }
    var wanted = [MergeDriver.attributesLine]
    if FileSystem.isDirectory(location.path(PlayHistory.folder)) { wanted.append(CollectionStore.playsAttributesLine) }
    if !OrderedLists.names(in: location).isEmpty { wanted.append(OrderedListFile.attributesLine) }
    let bytes = FileSystem.exists(location.path(path)) ? ((try? FileSystem.read(location.path(path))) ?? []) : []
    let lines = Set(String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).map { $0.trimmed })
    return wanted.filter { !lines.contains($0) }
  }

  /// What `rk check` reports: one issue per missing line; none outside a
  /// git repository.
  public static func issues(in location: CollectionLocation) -> [AlbumIssue] {
    guard let repository = try? GitRepository.open(containing: location.root) else { return [] }
    return missing(in: location, repository: repository).map { line in
      AlbumIssue(
        id: path, line: 0, field: "merge",
        message: "the line \"\(line)\" is missing, so git pull merges "
          + (line == MergeDriver.attributesLine
            ? "album.md line by line instead of by field"
            : line == OrderedListFile.attributesLine
              ? "ordered lists line by line instead of entry by entry" : "plays files with conflicts instead of keeping both sides' plays")
          + ": the next change rk makes puts it back (rk fmt does, for one)")
    }
  }
}

extension CollectionStore {
  /// Puts back the `.gitattributes` lines ``MergeAttributes`` finds missing.
  /// A file deleted but not committed is simply restored; when the last
  /// commit lacks the lines too, `.gitattributes` is committed alone
  /// ("Restore …", which `rk undo` passes over, like the commit `rk init`
  /// made). Returns the lines put back, empty when none were missing.
  @discardableResult
  public func restoreMergeAttributes() throws(StoreError) -> (lines: [String], commit: GitCommit?) {
    // Looked at before taking the lock: nearly always nothing is missing.
    guard !MergeAttributes.missing(in: location, repository: repository).isEmpty else { return ([], nil) }
    return try locked { () throws(StoreError) -> (lines: [String], commit: GitCommit?) in
      let lines = MergeAttributes.missing(in: location, repository: repository)
      guard !lines.isEmpty else { return ([], nil) }
      let file = location.path(MergeAttributes.path)
      // A file deleted by hand comes back as last committed, then gets what it still lacks.
      if !FileSystem.exists(file), let head = try? repository.head(), let committed = try? repository.file(at: file, inCommit: head.id) {
        do throws(FileSystemError) { try FileSystem.writeAtomically(committed, to: file) } catch { throw .file(error) }
      }
      for line in MergeAttributes.missing(in: location, repository: repository) {
        guard let (path, bytes, _) = try Self.attributesAdding(line, in: location) else { continue }
        do throws(FileSystemError) { try FileSystem.writeAtomically(bytes, to: location.path(path)) } catch { throw .file(error) }
      }
      let changed: Bool
      do throws(GitError) { changed = try repository.hasUncommittedChanges(at: prefix + MergeAttributes.path) } catch { throw .git(error) }
      guard changed else { return (lines, nil) }
      let message = ChangeMessage.make("Restore the merge settings in .gitattributes", action: "merge-driver")
      return (lines, try commit(paths: [MergeAttributes.path], message: message))
    }
  }
}
