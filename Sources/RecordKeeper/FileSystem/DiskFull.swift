import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A write that failed because the disk is full. Git's words for it are
/// misleading ("cannot extend packfile", "unknown error (git_index_write)"),
/// so every such failure is told the same way: which disk, that nothing was
/// lost, and what to do.
public enum DiskFull {
  /// The work tree of the repository this process opened last: the disk a
  /// libgit2 failure is about, which its return code does not say.
  static let repositoryPath = Mutex<String?>(nil)

  /// Whether a failure with `code` (errno, read right after it) and
  /// libgit2's `message` is a full disk or an exhausted quota.
  static func isDiskFull(errno code: Int32, message: String) -> Bool {
    code == ENOSPC || code == EDQUOT || message.contains("No space left on device") || message.contains("Disk quota exceeded")
      || message.contains("cannot extend packfile")
  }

  /// `the disk holding PATH (the file system at MOUNT) is full: …`.
  public static func message(path: String) -> String {
    let mount = mountPoint(of: path)
    return "the disk holding \(path) (the file system mounted at \(mount)) is full, so nothing could be written: "
      + "nothing was lost, the collection is as it was before this command; free some space there (df -h \(mount) shows what is left), then run the command again"
  }

  /// The folder `path` is mounted at: the highest folder above it on the same device.
  static func mountPoint(of path: String) -> String {
    var current = path
    var info = stat()
    while stat(current, &info) != 0, let slash = current.lastIndex(of: "/"), slash != current.startIndex {
      current = String(current[..<slash])
    }
    let device = info.st_dev
    while current != "/", let slash = current.lastIndex(of: "/") {
      let parent = slash == current.startIndex ? "/" : String(current[..<slash])
      var above = stat()
      guard stat(parent, &above) == 0, above.st_dev == device else { break }
      current = parent
    }
    return current
  }
}
