#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension FileSystem {
  /// What ``replaceAtomically(_:at:expecting:)`` found.
  package enum Replacement: Equatable, Sendable {
    /// The file held what was expected and now holds the new bytes.
    case replaced
    /// Someone changed the file since it was read: it holds `current`
    /// (`nil`: it is gone), and none of the new bytes stand.
    case changed(current: [UInt8]?)
  }

  /// Replaces the file at `path` with `bytes`, atomically as
  /// ``writeAtomically(_:to:)`` does, only if it still holds `expected`.
  ///
  /// A person's editor may save meanwhile, in place (truncate, then write)
  /// or by renaming a file of its own over it. The file is opened before the
  /// new one is written, and checked through that descriptor right before
  /// the rename (same file at `path`, same bytes) and again right after:
  /// a save that landed in the file being replaced, between the check and
  /// the rename, is put back at `path` rather than lost. Either way the
  /// caller gets ``Replacement/changed(current:)`` with what the person
  /// saved, and decides (merge, or stop and say so).
  package static func replaceAtomically(_ bytes: [UInt8], at path: String, expecting expected: [UInt8]) throws(FileSystemError)
    -> Replacement
  {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      guard errno == ENOENT else { throw FileSystemError(path: path, operation: "read", code: errno) }
      return .changed(current: nil)
    }
    defer { close(descriptor) }
    let temporary = try writeTemporary(bytes, for: path)
    let before = try contents(of: descriptor, path: path)
    guard before == expected, isSameFile(descriptor, path) else {
      unlink(temporary)
      return .changed(current: try? read(path))
    }
    guard rename(temporary, path) == 0 else {
      let code = errno
      unlink(temporary)
      throw FileSystemError(path: path, operation: "write", code: code)
    }
    guard try contents(of: descriptor, path: path) != expected else { return .replaced }
    // Saved into the file just replaced: once the editor is done writing,
    // put the person's bytes back, unless they saved once more since (then
    // `path` holds their latest).
    let after = try finishedContents(of: descriptor, path: path)
    if case .changed(let current) = try replaceAtomically(after, at: path, expecting: bytes) { return .changed(current: current) }
    return .changed(current: after)
  }

  /// The open file's bytes once an editor writing it is done: not empty
  /// (an editor saving in place truncates first) and the same twice in a
  /// row, a few milliseconds apart; after a second, whatever it holds.
  private static func finishedContents(of descriptor: Int32, path: String) throws(FileSystemError) -> [UInt8] {
    var current = try contents(of: descriptor, path: path)
    for _ in 0..<100 {
      usleep(10_000)
      let again = try contents(of: descriptor, path: path)
      if again == current, !again.isEmpty { return again }
      current = again
    }
    return current
  }

  /// Every byte of the open file, read from its start.
  private static func contents(of descriptor: Int32, path: String) throws(FileSystemError) -> [UInt8] {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(bytes.count)) }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else { throw FileSystemError(path: path, operation: "read", code: errno) }
      if count == 0 { return bytes }
      bytes += buffer[..<count]
      guard bytes.count <= defaultReadLimit else {
        throw FileSystemError(path: path, operation: "read", reason: .tooLarge(size: Int64(bytes.count), limit: Int64(defaultReadLimit)))
      }
    }
  }

  /// Whether `path` still names the open file.
  private static func isSameFile(_ descriptor: Int32, _ path: String) -> Bool {
    var opened = stat()
    var named = stat()
    return fstat(descriptor, &opened) == 0 && lstat(path, &named) == 0 && opened.st_ino == named.st_ino && opened.st_dev == named.st_dev
  }
}
