import Foundation

/// The git pre-commit hook that `rk hook install` puts in place (docs/commands.md,
/// "Editing by hand: schema, checks and a hook"): it runs `rk check --staged` and so refuses a commit whose staged
/// album.md, plays or smart-list files break the rules. A hook already
/// there is kept beside it (``keptName``) and run first, never overwritten;
/// `rk hook rm` puts it back.
public enum PreCommitHook {
  public static let name = "pre-commit"
  /// Where the hook that was there before is kept, in the same folder.
  public static let keptName = "pre-commit.before-rk"
  /// The line that marks a hook as rk's.
  static let marker = "# rk-check-hook: installed by `rk hook install`; `rk hook rm` removes it."

  /// What ``install(for:executable:)`` or ``remove(for:)`` did.
  public enum Outcome: Equatable, Sendable {
    /// Installed at `path`; `kept` holds the hook that was there, if any.
    case installed(path: String, kept: String?)
    /// rk's hook was there already and is now written anew.
    case updated(path: String)
    /// Removed from `path`; `restored` when the hook kept before is back.
    case removed(path: String, restored: Bool)
    /// No hook of rk's in `folder`.
    case notInstalled(folder: String)
  }

  /// Installs the hook in the hooks folder of the repository holding
  /// `location` (`core.hooksPath` when set), running the rk at `executable`.
  public static func install(for location: CollectionLocation, executable: String) throws -> Outcome {
    let (folder, collection) = try hooksFolder(for: location)
    let path = folder + "/" + name
    let kept = folder + "/" + keptName
    let script = script(program: MergeDriver.program(forExecutable: executable), collection: collection)
    try FileSystem.makeFolders(folder)
    if isOurs(path) {
      try write(script, to: path)
      return .updated(path: path)
    }
    var keptPath: String?
    if FileSystem.exists(path) || isLink(path) {
      guard !FileSystem.exists(kept) && !isLink(kept) else { throw PreCommitHookError.keptAlready(hook: path, kept: kept) }
      guard rename(path, kept) == 0 else { throw FileSystemError(path: path, operation: "move aside", code: errno) }
      keptPath = kept
    }
    try write(script, to: path)
    return .installed(path: path, kept: keptPath)
  }

  /// Removes rk's hook and puts back the one it kept, if any.
  public static func remove(for location: CollectionLocation) throws -> Outcome {
    let (folder, _) = try hooksFolder(for: location)
    let path = folder + "/" + name
    let kept = folder + "/" + keptName
    guard isOurs(path) else {
      if FileSystem.exists(path) || isLink(path) { throw PreCommitHookError.notOurs(path) }
      return .notInstalled(folder: folder)
    }
    let hasKept = FileSystem.exists(kept) || isLink(kept)
    if hasKept {
      guard rename(kept, path) == 0 else { throw FileSystemError(path: kept, operation: "move back", code: errno) }
    } else if unlink(path) != 0 {
      throw FileSystemError(path: path, operation: "remove", code: errno)
    }
    return .removed(path: path, restored: hasKept)
  }

  /// The hook's text: the kept hook first, then `rk check --staged` on the
  /// collection at `collection` (relative to the work tree, where git runs
  /// hooks).
  static func script(program: String, collection: String) -> String {
    let rk = program == "rk" ? "rk=rk" : "rk=\(program)\n[ -x \"$rk\" ] || rk=rk"
    return """
      #!/bin/sh
      \(marker)
      # Refuses a commit whose staged album.md, plays or smart-list files break
      # Record Keeper's rules, naming PATH:LINE. The hook that was here before,
      # if any, is kept as \(keptName) and runs first.
      kept="$(dirname "$0")/\(keptName)"
      if [ -x "$kept" ]; then
        "$kept" "$@" || exit $?
      fi
      \(rk)
      exec "$rk" -C \(MergeDriver.shellQuoted(collection.isEmpty ? "." : collection)) check --staged

      """
  }

  /// The hooks folder, and the collection's path relative to the work tree.
  static func hooksFolder(for location: CollectionLocation) throws -> (folder: String, collection: String) {
    let repository = try GitRepository.open(containing: location.root)
    let collection = try repository.relativePath(location.root)
    guard var configured = try repository.configuration("core.hooksPath"), !configured.isEmpty else {
      return (repository.commonDirectory + "/hooks", collection)
    }
    if configured.hasPrefix("~/"), let home = ProcessInfo.processInfo.environment["HOME"] {
      configured = home + configured.dropFirst()
    }
    // git runs hooks in the work tree, so a relative hooksPath is relative to it.
    let folder = configured.hasPrefix("/") ? configured : repository.workingDirectory + "/" + configured
    return (folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder, collection)
  }

  private static func isOurs(_ path: String) -> Bool {
    guard !isLink(path), let bytes = try? FileSystem.read(path, limit: 1 << 20) else { return false }
    return String(decoding: bytes, as: UTF8.self).contains(marker)
  }

  private static func isLink(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
  }

  private static func write(_ script: String, to path: String) throws {
    try FileSystem.writeAtomically(Array(script.utf8), to: path)
    guard chmod(path, 0o755) == 0 else { throw FileSystemError(path: path, operation: "make executable", code: errno) }
  }
}

/// Why `rk hook install` or `rk hook rm` changed nothing.
public enum PreCommitHookError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Installing would overwrite the hook kept from an earlier install.
  case keptAlready(hook: String, kept: String)
  /// The pre-commit hook there is not rk's: someone replaced it.
  case notOurs(String)

  public var description: String {
    switch self {
    case .keptAlready(let hook, let kept):
      "\(hook) is not rk's hook, and \(kept) (a hook rk kept before) is there too: move one of them away, then run rk hook install again"
    case .notOurs(let path):
      "\(path) is not rk's hook (it was replaced after rk hook install); nothing was removed: edit or delete it yourself"
    }
  }
}
