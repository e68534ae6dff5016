#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The few POSIX file operations `rk` needs, without Foundation's overhead on
/// the loading path.
package enum FileSystem {
  /// An entry of a directory listing.
  package struct Entry: Sendable {
    package var name: String
    package var isDirectory: Bool
    /// Whether the entry is a symbolic link (``isDirectory`` says where it points).
    package var isLink = false
  }

  /// The entries of `path`, without `.` and `..`.
  package static func list(_ path: String) throws(FileSystemError) -> [Entry] {
    guard let directory = opendir(path) else { throw FileSystemError(path: path, operation: "list", code: errno) }
    defer { closedir(directory) }
    var entries: [Entry] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
      }
      if name == "." || name == ".." { continue }
      let type = entry.pointee.d_type
      let isDirectory = type == UInt8(DT_UNKNOWN) || type == UInt8(DT_LNK) ? Self.isDirectory(path + "/" + name) : type == UInt8(DT_DIR)
      entries.append(Entry(name: name, isDirectory: isDirectory, isLink: type == UInt8(DT_LNK)))
    }
    return entries
  }

  /// What ``read(_:limit:inside:)`` reads when not told otherwise: 64 MiB.
  package static let defaultReadLimit = 64 << 20

  /// The bytes of the regular file at `path`, at most `limit` of them.
  ///
  /// Only a regular file is read: a folder, a FIFO, a device (`/dev/zero`)
  /// or a socket is refused from `fstat` before any byte is read, and so is
  /// a file larger than `limit`. The file is opened non-blocking, so opening
  /// a FIFO with no writer cannot hang. With `inside` (an absolute folder,
  /// as ``realPath(_:)`` gives it), the file actually opened must lie inside
  /// it, so a symbolic link out of the collection is never read through; the
  /// check is made on the open descriptor, not on the path, so the link
  /// cannot be swapped in between.
  package static func read(_ path: String, limit: Int = defaultReadLimit, inside root: String? = nil) throws(FileSystemError) -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { throw FileSystemError(path: path, operation: "read", code: errno) }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw FileSystemError(path: path, operation: "read", code: errno) }
    let kind = FileKind(mode: info.st_mode)
    guard kind == .regularFile else { throw FileSystemError(path: path, operation: "read", reason: .notARegularFile(kind)) }
    guard info.st_size <= limit else {
      throw FileSystemError(path: path, operation: "read", reason: .tooLarge(size: Int64(info.st_size), limit: Int64(limit)))
    }
    // Where /proc cannot say, the path resolved now stands in for it.
    if let root {
      let target = openedPath(descriptor) ?? (try? realPath(path)) ?? path
      if target != root, !target.hasPrefix(root == "/" ? "/" : root + "/") {
        throw FileSystemError(path: path, operation: "read", reason: .outside(target: target, folder: root))
      }
    }
    // One byte more than the size, so a single read normally reaches the
    // end; never more than one byte past the limit, so a file that grows
    // while it is read is still refused.
    var capacity = min(max(Int(info.st_size) + 1, 4096), limit + 1)
    var bytes: [UInt8] = []
    while true {
      var failure: Int32 = 0
      let chunk = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
        guard let base = buffer.baseAddress else { return }
        while initialized < capacity {
          let count = systemRead(descriptor, base + initialized, capacity - initialized)
          if count > 0 {
            initialized += count
            continue
          }
          if count < 0 && errno == EINTR { continue }
          if count < 0 { failure = errno }
          return
        }
      }
      if failure != 0 { throw FileSystemError(path: path, operation: "read", code: failure) }
      if bytes.isEmpty { bytes = chunk } else { bytes += chunk }
      if bytes.count > limit {
        throw FileSystemError(path: path, operation: "read", reason: .tooLarge(size: Int64(bytes.count), limit: Int64(limit)))
      }
      if chunk.count < capacity { return bytes }
      capacity = min(max(capacity, 4096), limit + 1 - bytes.count)
    }
  }

  /// Whether `path` is a directory (following symbolic links).
  /// When the file at `path` was last modified, or `nil` when it cannot be
  /// asked (it does not exist).
  package static func modificationTime(_ path: String) -> timespec? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    #if canImport(Darwin)
      return status.st_mtimespec
    #else
      return status.st_mtim
    #endif
  }

  package static func isDirectory(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
  }

  /// Whether anything exists at `path`.
  package static func exists(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0
  }

  /// The current working directory.
  package static func currentDirectory() -> String {
    guard let pointer = getcwd(nil, 0) else { return "." }
    defer { free(pointer) }
    return String(cString: pointer)
  }

  /// `path` made absolute against the working directory, without `.` parts.
  package static func absolute(_ path: String) -> String {
    let joined = path.hasPrefix("/") ? path : currentDirectory() + "/" + path
    var parts: [Substring] = []
    for part in joined.split(separator: "/") {
      if part == "." { continue }
      if part == ".." {
        _ = parts.popLast()
        continue
      }
      parts.append(part)
    }
    return "/" + parts.joined(separator: "/")
  }

  /// Writes `bytes` to `path` atomically: a temporary file in the same folder,
  /// flushed, then renamed over the old one, so a crash leaves the old file or
  /// the new one and never half of either.
  ///
  /// A file that was there keeps its permissions (600 stays 600, 755 stays
  /// 755) and, where the system allows, its owner and group; a new file gets
  /// the mode the umask gives (0666 less the umask), as an editor's would.
  package static func writeAtomically(_ bytes: some Swift.Collection<UInt8>, to path: String) throws(FileSystemError) {
    let temporary = try writeTemporary(bytes, for: path)
    guard rename(temporary, path) == 0 else {
      let code = errno
      unlink(temporary)
      throw FileSystemError(path: path, operation: "write", code: code)
    }
  }

  /// Writes `bytes` to a new temporary file beside `path`, flushed, with the
  /// permissions (and, where allowed, the owner) of the file at `path`, and
  /// returns its path: what ``writeAtomically(_:to:)`` renames into place.
  static func writeTemporary(_ bytes: some Swift.Collection<UInt8>, for path: String) throws(FileSystemError) -> String {
    let temporary = "\(path).rk-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else { throw FileSystemError(path: path, operation: "write", code: errno) }
    var old = stat()
    if stat(path, &old) == 0 {
      // Owner first: fchown may clear set-id bits, which fchmod then restores.
      // Only root may give a file away, so that failing is expected.
      _ = fchown(descriptor, old.st_uid, old.st_gid)
      if fchmod(descriptor, old.st_mode & 0o7777) != 0 {
        let code = errno
        close(descriptor)
        unlink(temporary)
        throw FileSystemError(path: path, operation: "keep the permissions of", code: code)
      }
    }
    var failure = writeAll(bytes, to: descriptor)
    if failure == 0, fsync(descriptor) != 0 { failure = errno }
    close(descriptor)
    if failure != 0 {
      unlink(temporary)
      throw FileSystemError(path: path, operation: "write", code: failure)
    }
    return temporary
  }

  /// Writes `bytes` to a file at `path`, not flushed: a new one when
  /// `exclusive` (refused when a file is there), else one emptied first.
  /// For files that one flush of many, or none, makes safe.
  static func writeUnflushed(
    _ bytes: some Swift.Collection<UInt8>, to path: String, exclusive: Bool, mode: mode_t
  ) throws(FileSystemError) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | (exclusive ? O_EXCL : O_TRUNC), mode)
    guard descriptor >= 0 else { throw FileSystemError(path: path, operation: "write", code: errno) }
    defer { close(descriptor) }
    let failure = writeAll(bytes, to: descriptor)
    if failure != 0 { throw FileSystemError(path: path, operation: "write", code: failure) }
  }

  /// Writes every byte to `descriptor`, again after an interruption: the
  /// `errno` of a failed write, or 0.
  private static func writeAll(_ bytes: some Swift.Collection<UInt8>, to descriptor: Int32) -> Int32 {
    let data = Array(bytes)
    return data.withUnsafeBytes { raw -> Int32 in
      var written = 0
      while written < raw.count {
        guard let base = raw.baseAddress else { return 0 }
        let count = write(descriptor, base + written, raw.count - written)
        if count < 0 {
          if errno == EINTR { continue }
          return errno
        }
        written += count
      }
      return 0
    }
  }
}

private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  read(descriptor, buffer, count)
}
