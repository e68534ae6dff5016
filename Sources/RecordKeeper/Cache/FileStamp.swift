#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What `stat` says about a file, as git's index keeps it: when any part
/// differs, the file may have changed and is read again.
public struct FileStamp: Hashable, Sendable {
  public var size: Int64
  /// Nanoseconds since 1970.
  public var modified: Int64
  public var changed: Int64
  public var inode: UInt64
  public var mode: UInt32

  init(size: Int64, modified: Int64, changed: Int64, inode: UInt64, mode: UInt32) {
    self.size = size
    self.modified = modified
    self.changed = changed
    self.inode = inode
    self.mode = mode
  }

  init(_ info: stat) {
    #if canImport(Darwin)
      let (m, c) = (info.st_mtimespec, info.st_ctimespec)
    #else
      let (m, c) = (info.st_mtim, info.st_ctim)
    #endif
    self.init(
      size: Int64(info.st_size), modified: Int64(m.tv_sec) * 1_000_000_000 + Int64(m.tv_nsec),
      changed: Int64(c.tv_sec) * 1_000_000_000 + Int64(c.tv_nsec), inode: UInt64(info.st_ino), mode: UInt32(info.st_mode))
  }

  /// The stamp of `path` itself (a link is not followed), or `nil` when it cannot be had.
  public static func of(_ path: String) -> FileStamp? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    return FileStamp(info)
  }

  /// The stamp of `relative` below the open folder `directory` (a link is
  /// not followed): the kernel looks up only the path's last parts, which was
  /// most of what stamping every album cost.
  static func of(_ relative: String, in directory: Int32) -> FileStamp? {
    var info = stat()
    guard fstatat(directory, relative.isEmpty ? "." : relative, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
    return FileStamp(info)
  }

  /// Whether the file may have changed after a cache written at `written`
  /// recorded this stamp, within the file system's timestamp granularity
  /// (git's "racy git"): such an entry is never trusted.
  func isRacy(cacheWrittenAt written: Int64) -> Bool {
    modified >= written || changed >= written
  }
}
