import CLibGit2
import Foundation

/// `rk merge-file` as git's merge driver for `album.md` (docs/merging.md, "The merge driver"), so
/// that `git pull` merges albums as `rk sync` does (``AlbumMerge``: by
/// lines, fields settling what both sides changed, nothing dropped quietly),
/// and for ordered list files (``OrderedListMerge``).
public enum MergeDriver {
  /// The driver's name in `.gitattributes` and git's configuration.
  public static let name = "rk"
  /// The `.gitattributes` line that sends every `album.md` of the
  /// collection to the driver.
  public static let attributesLine = "album.md merge=\(name)"

  /// The value of `merge.rk.driver` for the rk at `executable`: plain `rk`
  /// when the `rk` that `PATH` finds is that same file (so the setting
  /// survives moving or upgrading rk), else its absolute path.
  public static func command(forExecutable executable: String) -> String {
    "\(program(forExecutable: executable)) merge-file %O %A %B %P"
  }

  /// How a shell command names the rk at `executable`: `rk` when `PATH`
  /// finds that same file, else its absolute path, quoted.
  static func program(forExecutable executable: String) -> String {
    let program = resolvedPath(executable) ?? executable
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    let onPath = path.split(separator: ":").lazy.map { resolvedPath(String($0) + "/rk") }.first { $0 != nil } ?? nil
    return onPath == program ? "rk" : shellQuoted(program)
  }

  private static func resolvedPath(_ path: String) -> String? {
    guard FileSystem.exists(path) else { return nil }
    return try? FileSystem.realPath(path)
  }

  static func shellQuoted(_ text: String) -> String {
    text.allSatisfy { $0.isLetter || $0.isNumber || "/._-+".contains($0) }
      ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  /// What one run of the driver did.
  public struct Outcome: Sendable, Equatable {
    /// The conflicts left in the file (album ids as git's paths give them).
    public var conflicts: [FieldConflict]
    /// Why the versions could not be merged by field (ours was kept).
    public var failure: String?
    /// Whether git should treat the file as conflicted (exit status 1).
    public var isConflicted: Bool { !conflicts.isEmpty || failure != nil }
  }

  /// Merges the files git gives the driver: `base` (%O), `ours` (%A,
  /// which receives the result) and `theirs` (%B), for the file at `path`
  /// (%P, relative to the work tree). Conflicts are recorded in the git
  /// folder of the repository holding `workTree`, where `rk conflicts`
  /// finds them.
  public static func run(base: String, ours: String, theirs: String, path: String?, workTree: String) throws(MergeError) -> Outcome {
    let read = { (file: String) throws(MergeError) -> [UInt8] in
      do throws(FileSystemError) { return try FileSystem.read(file) } catch { throw .store(.file(error)) }
    }
    let baseBytes = try read(base)
    let ourBytes = try read(ours)
    let theirBytes = try read(theirs)
    if let path, let name = OrderedListFile.name(atPath: path) {
      return try mergeList(name, path: path, base: baseBytes, ours: ourBytes, theirs: theirBytes, into: ours, workTree: workTree)
    }
    let folder = path.map(CollectionStore.folder(of:)) ?? ""
    var outcome = Outcome(conflicts: [], failure: nil)
    do {
      // An empty ancestor: both sides added the file.
      let result = try AlbumMerge.merge(base: baseBytes.isEmpty ? nil : baseBytes, ours: ourBytes, theirs: theirBytes, id: folder)
      if result.bytes != ourBytes {
        do throws(FileSystemError) { try FileSystem.writeAtomically(result.bytes, to: ours) } catch { throw MergeError.store(.file(error)) }
      }
      outcome.conflicts = result.conflicts
    } catch let error as AlbumMergeError {
      outcome.failure = error.description
      outcome.conflicts = [FieldConflict(album: folder, field: AlbumFile.name, ours: error.description, theirs: nil)]
    } catch let error as MergeError {
      throw error
    } catch {
      throw .store(.wrapping(error, operation: "merge", path: ours))
    }
    guard outcome.isConflicted, path != nil else { return outcome }
    let repository: GitRepository
    do throws(GitError) { repository = try GitRepository.open(containing: workTree) } catch { throw .git(error) }
    let record = AlbumConflictRecord(
      folder: folder, base: baseBytes.isEmpty ? nil : String(decoding: baseBytes, as: UTF8.self),
      theirs: String(decoding: theirBytes, as: UTF8.self), conflicts: outcome.conflicts)
    do throws(FileSystemError) { try ConflictRecords(gitDirectory: repository.gitDirectory).save(record) } catch {
      throw .store(.file(error))
    }
    return outcome
  }
}

extension CollectionStore {
  /// Registers `rk merge-file` as the merge driver of every `album.md`:
  /// the `.gitattributes` line at the collection root (committed, when it
  /// was missing) and `merge.rk.driver = command` in the repository's own
  /// configuration (`.git/config`, never shared). `rk init` calls it, and
  /// `rk clone` should, with ``MergeDriver/command(forExecutable:)``.
  ///
  /// - Returns: The commit adding the `.gitattributes` line, if one was made.
  @discardableResult
  public func registerMergeDriver(command: String) throws(StoreError) -> GitCommit? {
    do throws(GitError) { try repository.setConfig("merge.\(MergeDriver.name).name", "Record Keeper: album.md merged by field") } catch {
      throw .git(error)
    }
    do throws(GitError) { try repository.setConfig("merge.\(MergeDriver.name).driver", command) } catch { throw .git(error) }
    try installPlaysHook()
    guard try Self.writeMergeAttributes(in: location.root) else { return nil }
    return try locked { () throws(StoreError) -> GitCommit? in
      try commit(
        paths: [".gitattributes"], message: ChangeMessage.make("Merge album.md by field with rk merge-file", action: "merge-driver"))
    }
  }

  /// Adds the driver's line to `.gitattributes` in `root` unless it is
  /// there; whether the file changed.
  static func writeMergeAttributes(in root: String) throws(StoreError) -> Bool {
    let file = root + "/.gitattributes"
    let existing = FileSystem.exists(file) ? ((try? FileSystem.read(file)) ?? []) : []
    let text = String(decoding: existing, as: UTF8.self)
    if text.split(whereSeparator: \.isNewline).contains(where: { $0.trimmingCharacters(in: .whitespaces) == MergeDriver.attributesLine }) {
      return false
    }
    let separator = text.isEmpty || text.hasSuffix("\n") ? "" : "\n"
    do throws(FileSystemError) {
      try FileSystem.writeAtomically(Array((text + separator + MergeDriver.attributesLine + "\n").utf8), to: file)
    } catch {
      throw .file(error)
    }
    return true
  }
}

extension GitRepository {
  /// Sets `name` to `value` in the repository's own configuration file.
  func setConfig(_ name: String, _ value: String) throws(GitError) {
    let config = try GitHandle.make("git_repository_config", free: git_config_free) { git_repository_config($0, repository) }
    let local = try GitHandle.make("git_config_open_level", free: git_config_free) { out in
      config.withPointer { git_config_open_level(out, $0, GIT_CONFIG_LEVEL_LOCAL) }
    }
    try LibGit2.check(local.withPointer { git_config_set_string($0, name, value) }, "git_config_set_string")
  }
}
