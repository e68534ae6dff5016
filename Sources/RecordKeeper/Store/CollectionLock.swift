#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Lets one `rk` process at a time change a collection; another one waits
/// its turn rather than failing (docs/commands.md, "Changes and commits").
///
/// The lock is an advisory `flock` on a file inside the git directory, so it
/// is never committed and the system releases it if `rk` dies. Holding it
/// is what lets a change treat a journal and lock files a killed `rk` left
/// as that `rk`'s own: no other `rk` can be running (see ``ChangeJournal``).
final class CollectionLock {
  private let descriptor: Int32

  /// Blocks until the lock on `path` is ours.
  init(path: String) throws(FileSystemError) {
    descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw FileSystemError(path: path, operation: "lock", code: errno) }
    while flock(descriptor, LOCK_EX) != 0 {
      guard errno == EINTR else {
        let code = errno
        close(descriptor)
        throw FileSystemError(path: path, operation: "lock", code: code)
      }
    }
  }

  deinit {
    flock(descriptor, LOCK_UN)
    close(descriptor)
  }
}
