#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension FileSystem {
  /// What is at `path`, without following a final symbolic link; `nil`
  /// when nothing is.
  package static func kind(of path: String) -> FileKind? {
    var info = stat()
    return lstat(path, &info) == 0 ? FileKind(mode: info.st_mode) : nil
  }

  /// `path` with every symbolic link and `.`/`..` resolved, as `realpath`
  /// gives it.
  package static func realPath(_ path: String) throws(FileSystemError) -> String {
    guard let resolved = realpath(path, nil) else { throw FileSystemError(path: path, operation: "resolve", code: errno) }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// The path of the file an open descriptor refers to (Linux: from
  /// `/proc/self/fd`), or `nil` when the system cannot say.
  static func openedPath(_ descriptor: Int32) -> String? {
    #if os(Linux)
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let count = readlink("/proc/self/fd/\(descriptor)", &buffer, buffer.count - 1)
      guard count > 0 else { return nil }
      return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    #else
      var buffer = [CChar](repeating: 0, count: Int(MAXPATHLEN) + 1)
      guard fcntl(descriptor, F_GETPATH, &buffer) != -1 else { return nil }
      return String(cString: buffer)
    #endif
  }

  /// Makes the folder `path` and any missing folders above it, as
  /// `mkdir -p` does.
  package static func makeFolders(_ path: String, mode: mode_t = 0o755) throws(FileSystemError) {
    var built = path.hasPrefix("/") ? "" : "."
    for part in path.split(separator: "/") {
      built += "/" + part
      if mkdir(built, mode) == 0 { continue }
      let code = errno
      guard code == EEXIST else { throw FileSystemError(path: built, operation: "create the folder", code: code) }
      // What mkdir says of a folder below a file.
      guard isDirectory(built) else { throw FileSystemError(path: built, operation: "create the folder", code: ENOTDIR) }
    }
  }

  /// The folder for temporary files: `$TMPDIR`, else `/tmp`.
  package static func temporaryFolder() -> String {
    if let value = getenv("TMPDIR"), case let folder = String(cString: value), !folder.isEmpty {
      return folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
    }
    return "/tmp"
  }

  /// Makes a new folder, readable by this user only, named `prefix` plus
  /// six random characters, in ``temporaryFolder()``; returns its path.
  package static func makeTemporaryFolder(prefix: String) throws(FileSystemError) -> String {
    let template = temporaryFolder() + "/" + prefix + "XXXXXX"
    var bytes = Array(template.utf8CString)
    guard mkdtemp(&bytes) != nil else { throw FileSystemError(path: template, operation: "create the temporary folder", code: errno) }
    // mkdtemp filled in the Xs; the length is the template's.
    return String(decoding: bytes.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Removes `path` and, when it is a folder, everything in it, without
  /// following symbolic links. Best effort: what cannot be removed stays.
  package static func removeTree(_ path: String) {
    if kind(of: path) == .directory {
      for entry in (try? list(path)) ?? [] { removeTree(path + "/" + entry.name) }
      rmdir(path)
    } else {
      unlink(path)
    }
  }

  /// Whether a process with this id runs (on this system, in this pid
  /// namespace); a process of another user counts as running.
  package static func processIsRunning(_ pid: pid_t) -> Bool {
    pid > 0 && (kill(pid, 0) == 0 || errno != ESRCH)
  }
}
