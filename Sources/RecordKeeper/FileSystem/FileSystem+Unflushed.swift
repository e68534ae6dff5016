#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension FileSystem {
  /// Writes `bytes` to `path`, opened write-only with `flags` and `mode`,
  /// without flushing it: for a copy removed right after, or thousands of
  /// new files flushed at once (one `sync`, not an `fsync` each, which made
  /// 10,000 albums take minutes).
  package static func writeUnflushed(_ bytes: [UInt8], to path: String, flags: Int32, mode: mode_t) throws(FileSystemError) {
    let descriptor = open(path, O_WRONLY | O_CLOEXEC | flags, mode)
    guard descriptor >= 0 else { throw FileSystemError(path: path, operation: "write", code: errno) }
    defer { close(descriptor) }
    let failure = writeAll(bytes, to: descriptor)
    if failure != 0 { throw FileSystemError(path: path, operation: "write", code: failure) }
  }

  /// Writes all of `bytes` to `descriptor`, going on after an interrupted
  /// write: 0, or the `errno` of the write that failed.
  static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32 {
    bytes.withUnsafeBytes { raw in
      var written = 0
      while written < raw.count, let base = raw.baseAddress {
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
