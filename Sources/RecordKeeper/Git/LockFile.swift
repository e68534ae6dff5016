import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A git lock file (`index.lock`, `refs/heads/main.lock`…) and whether a
/// living process may hold it.
///
/// git and libgit2 take a lock by creating `X.lock` and drop it by renaming
/// or deleting it; a killed writer leaves it behind, and then every later
/// git command refuses. rk removes such a lock only when it can prove that
/// no living process holds it: none on this machine has it open, and no git
/// process works in the repository (a `git commit` waiting on its editor
/// has closed the file but still owns the lock).
enum LockFile {
  /// A process that may hold a lock.
  struct Holder: Equatable, Sendable, CustomStringConvertible {
    var pid: Int32
    /// Its command line, as `ps` shows it.
    var command: String

    var description: String { "\(command) (pid \(pid))" }
  }

  /// The processes on this machine, other than this one, that may hold the
  /// lock at `path` of the repository whose folders (git directory, work
  /// tree) are `repository`; `nil` when the system cannot tell (no `/proc`),
  /// which proves nothing.
  static func holders(of path: String, repository: [String]) -> [Holder]? {
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc"),
      FileManager.default.fileExists(atPath: "/proc/self/fd")
    else { return nil }
    let lock = realPath(path) ?? path
    // The git directories shared by linked work trees count too.
    let folders = repository.flatMap { [$0] + (commonDirectory(of: $0).map { [$0] } ?? []) }.map { realPath($0) ?? $0 }
    let me = getpid()
    var holders: [Holder] = []
    for entry in entries {
      guard let pid = Int32(entry), pid != me else { continue }
      let process = "/proc/\(entry)"
      let opened = ((try? FileManager.default.contentsOfDirectory(atPath: process + "/fd")) ?? []).contains { fd in
        link(process + "/fd/" + fd) == lock
      }
      var isGitHere = false
      if isGit(process) {
        guard let folder = link(process + "/cwd") else {
          // Another user's git, whose folder cannot be read, may be working
          // here; one of ours without a folder is exiting (or a zombie).
          var status = stat()
          if stat(process, &status) == 0, status.st_uid != getuid() { holders.append(Holder(pid: pid, command: commandLine(process))) }
          continue
        }
        isGitHere = places(of: process, folder: folder).contains { place in
          folders.contains { place == $0 || place.hasPrefix($0 + "/") }
        }
      }
      if opened || isGitHere { holders.append(Holder(pid: pid, command: commandLine(process))) }
    }
    return holders.sorted { $0.pid < $1.pid }
  }

  /// The error for a commit refused by the lock at `path`: who may hold
  /// it when the system shows anyone, else that it is there.
  static func refusal(_ path: String, repository: [String]) -> GitError {
    guard let holders = holders(of: path, repository: repository), !holders.isEmpty else { return .locked(path) }
    return .lockHeld(path, by: holders.map(\.description))
  }

  /// Whether the lock at `path` may be removed: it exists, the system shows
  /// that no process holds it, and it was last written at least
  /// `minimumAge` seconds ago (a living writer holds a lock for moments).
  static func isStale(_ path: String, repository: [String], minimumAge: Int = 0) -> Bool {
    guard let time = FileSystem.modificationTime(path) else { return false }
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    guard now.tv_sec - time.tv_sec >= minimumAge else { return false }
    return holders(of: path, repository: repository)?.isEmpty == true
  }

  /// Where a git process may work: its folder, the folders its
  /// environment (`GIT_DIR`, `GIT_COMMON_DIR`, `GIT_WORK_TREE`) and its
  /// command line (`--git-dir`, `--work-tree`) name, and the git directory
  /// (and, for a linked work tree, the shared one) found from its folder as
  /// git finds it, all resolved.
  private static func places(of process: String, folder: String) -> [String] {
    var named: [String] = []
    if let data = FileManager.default.contents(atPath: process + "/environ") {
      for entry in data.split(separator: 0).map({ String(decoding: $0, as: UTF8.self) }) {
        for key in ["GIT_DIR=", "GIT_COMMON_DIR=", "GIT_WORK_TREE="] where entry.hasPrefix(key) {
          named.append(String(entry.dropFirst(key.count)))
        }
      }
    }
    if let data = FileManager.default.contents(atPath: process + "/cmdline") {
      let words = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
      for (index, word) in words.enumerated() {
        for option in ["--git-dir", "--work-tree"] {
          if word.hasPrefix(option + "=") { named.append(String(word.dropFirst(option.count + 1))) }
          if word == option, index + 1 < words.count { named.append(words[index + 1]) }
        }
      }
    }
    var places = [folder] + named.map { $0.hasPrefix("/") ? $0 : folder + "/" + $0 }
    if let gitDirectory = discoveredGitDirectory(from: folder) { places.append(gitDirectory) }
    places += places.compactMap(commonDirectory(of:))
    return places.map { realPath($0) ?? ($0 as NSString).standardizingPath }
  }

  /// The git directory git finds from `folder`: the nearest `.git` above it,
  /// a folder or a file naming one (`gitdir: …`, a linked work tree).
  private static func discoveredGitDirectory(from folder: String) -> String? {
    var current = folder
    while true {
      let candidate = current + "/.git"
      if FileSystem.isDirectory(candidate) { return candidate }
      if let text = try? String(contentsOfFile: candidate, encoding: .utf8), text.hasPrefix("gitdir: ") {
        let target = text.dropFirst("gitdir: ".count).trimmingCharacters(in: .whitespacesAndNewlines)
        return target.hasPrefix("/") ? target : current + "/" + target
      }
      guard current != "/", !current.isEmpty else { return nil }
      current = (current as NSString).deletingLastPathComponent
    }
  }

  /// The shared git directory a linked work tree's git directory names in
  /// its `commondir` file, or `nil`.
  private static func commonDirectory(of gitDirectory: String) -> String? {
    guard let text = try? String(contentsOfFile: gitDirectory + "/commondir", encoding: .utf8) else { return nil }
    let target = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !target.isEmpty else { return nil }
    return target.hasPrefix("/") ? target : gitDirectory + "/" + target
  }

  /// Whether the process is git or one of its helpers (`git-receive-pack`…).
  private static func isGit(_ process: String) -> Bool {
    guard let name = try? String(contentsOfFile: process + "/comm", encoding: .utf8) else { return false }
    let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
    return trimmed == "git" || trimmed.hasPrefix("git-")
  }

  private static func commandLine(_ process: String) -> String {
    guard let data = FileManager.default.contents(atPath: process + "/cmdline"), !data.isEmpty else {
      return (try? String(contentsOfFile: process + "/comm", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "?"
    }
    let words = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    return words.prefix(6).joined(separator: " ") + (words.count > 6 ? " …" : "")
  }

  /// Where the symbolic link at `path` points, or `nil`.
  private static func link(_ path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink(path, &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  private static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}

/// A lock file a killed git or rk left behind, which rk proved stale and
/// removed so that syncing could go on.
public struct RemovedLock: Equatable, Sendable, CustomStringConvertible {
  /// The lock file, absolute.
  public var path: String
  /// What was killed while holding it ("a fetch", "a push to remote origin").
  public var leftBy: String

  public var description: String {
    "removed \(path), left by \(leftBy) that was killed (no process holds it any more)"
  }
}

extension LockFile {
  /// How long a lock file must have stood before rk removes it, in seconds:
  /// a living writer (on this machine, or another one sharing the folder)
  /// holds a reference lock for moments, and removes it when done.
  static let staleAge = 5

  /// Removes the lock at `path` when ``isStale(_:repository:minimumAge:)``
  /// says no one holds it: when no process is seen holding it, after
  /// waiting until it has stood ``staleAge`` seconds (a writer that is
  /// alive, unseen on another machine, finishes meanwhile), it looks again.
  /// Returns whether it removed it.
  static func removeIfStale(_ path: String, repository: [String]) -> Bool {
    guard let time = FileSystem.modificationTime(path), holders(of: path, repository: repository)?.isEmpty == true else { return false }
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    let wait = time.tv_sec + staleAge + 1 - now.tv_sec
    if wait > 0, wait <= staleAge + 1 { sleep(UInt32(wait)) }
    guard isStale(path, repository: repository, minimumAge: staleAge) else { return false }
    return unlink(path) == 0
  }

  /// The `.lock` files at or below `folder`.
  static func locks(under folder: String) -> [String] {
    guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
    var found: [String] = []
    while let name = walker.nextObject() as? String {
      if name.hasSuffix(".lock") { found.append(folder + "/" + name) }
    }
    return found.sorted()
  }
}
