import Foundation

/// A file operation that failed: which operation, on which path, and why,
/// as the system said it (errno) or as rk's own checks found it.
public struct FileSystemError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Why the operation failed.
  public enum Reason: Equatable, Sendable {
    /// The system call failed with this `errno`.
    case system(Int32)
    /// The path is something other than a regular file (a folder, a FIFO, a
    /// device such as `/dev/zero`, a socket), which rk does not read as one.
    case notARegularFile(FileKind)
    /// The file is larger than rk reads for this kind of file.
    case tooLarge(size: Int64, limit: Int64)
    /// The path leads (through a symbolic link) to `target`, outside
    /// `folder`, which rk never reads or writes through.
    case outside(target: String, folder: String)
    /// A failure reported without an `errno` (by Foundation, say), in its
    /// own words.
    case other(String)
  }

  public var path: String
  /// What was being done, as a verb: "read", "write", "create", "list"…
  public var operation: String
  public var reason: Reason

  /// A failed system call: `code` is its `errno`.
  public init(path: String, operation: String, code: Int32) {
    self.init(path: path, operation: operation, reason: .system(code))
  }

  public init(path: String, operation: String, reason: Reason) {
    self.path = path
    self.operation = operation
    self.reason = reason
  }

  /// The error `error` as what it is: a `FileSystemError` as it stands,
  /// a Foundation error by the `errno` beneath it when it has one (file
  /// operations do), else by its own description. Never an invented `errno`.
  public init(path: String, operation: String, error: any Error) {
    if let error = error as? FileSystemError {
      self = error
      return
    }
    let error = error as NSError
    if error.domain == NSPOSIXErrorDomain {
      self.init(path: path, operation: operation, code: Int32(error.code))
    } else if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
      self.init(path: path, operation: operation, code: Int32(underlying.code))
    } else if error.domain == NSCocoaErrorDomain, let code = Self.errno(of: CocoaError.Code(rawValue: error.code)) {
      self.init(path: path, operation: operation, code: code)
    } else {
      self.init(path: path, operation: operation, reason: .other(error.localizedDescription))
    }
  }

  /// The `errno` a Foundation file error stands for: Foundation made these
  /// codes from the `errno` it got (and on Linux keeps no underlying error).
  private static func errno(of code: CocoaError.Code) -> Int32? {
    switch code {
    case .fileNoSuchFile, .fileReadNoSuchFile: ENOENT
    case .fileReadNoPermission, .fileWriteNoPermission: EACCES
    case .fileWriteFileExists: EEXIST
    case .fileWriteOutOfSpace: ENOSPC
    case .fileWriteVolumeReadOnly: EROFS
    default: nil
    }
  }

  /// The `errno` of a failed system call; `nil` when rk's own checks refused.
  public var code: Int32? {
    if case .system(let code) = reason { return code }
    return nil
  }

  /// `cannot read PATH: REASON; WHAT TO DO`.
  public var description: String {
    if case .system(let code) = reason, code == ENOSPC || code == EDQUOT {
      return "cannot \(operation) \(path): " + DiskFull.message(path: path)
    }
    return "cannot \(operation) \(path): \(explanation)"
  }

  /// The reason and what to do, without the path: for messages that name
  /// the file already (`PATH:LINE: field: message`).
  public var explanation: String {
    switch reason {
    case .system(let code):
      let text = String(cString: strerror(code))
      return Self.advice(for: code).map { "\(text); \($0)" } ?? text
    case .notARegularFile(let kind):
      return "it is \(kind.article), not a regular file; rk reads only regular files: put a file there instead"
    case .tooLarge(let size, let limit):
      return
        "it is \(ByteCount.text(size)), more than the \(ByteCount.text(limit)) rk reads for such a file: it is not what rk expects there"
    case .other(let text):
      return text
    case .outside(let target, let folder):
      return
        "it is a symbolic link to \(target), outside \(folder); rk never reads or writes through a link that leaves the collection: replace the link with a copy of the file"
    }
  }

  /// What a person can do about a failed system call, when there is
  /// something to say.
  static func advice(for code: Int32) -> String? {
    switch code {
    case ENOENT: "check the path"
    case EACCES, EPERM: "check its permissions and owner (ls -l)"
    case ENOSPC, EDQUOT: "free some disk space and try again"
    case EROFS: "the file system is mounted read-only"
    case EISDIR: "it is a folder, where a file was expected"
    case ENOTDIR: "a part of the path is a file, where a folder was expected"
    case ELOOP: "symbolic links lead round in a loop there"
    case EMFILE, ENFILE: "too many files are open: close some programs (or raise ulimit -n) and try again"
    case ENAMETOOLONG: "shorten the name"
    case EEXIST: "something is already there: move it away first"
    case ENOTEMPTY: "the folder is not empty"
    case EIO: "the disk reported an error: check the disk (dmesg) and your backups"
    case EAGAIN, EINTR, EBUSY: "try again"
    case EXDEV: "it lies on another file system"
    default: nil
    }
  }
}

/// What kind of thing a path is, from `stat`'s mode.
public enum FileKind: String, Equatable, Sendable {
  case regularFile, directory, symbolicLink, fifo, characterDevice, blockDevice, socket, other

  init(mode: mode_t) {
    switch mode & S_IFMT {
    case S_IFREG: self = .regularFile
    case S_IFDIR: self = .directory
    case S_IFLNK: self = .symbolicLink
    case S_IFIFO: self = .fifo
    case S_IFCHR: self = .characterDevice
    case S_IFBLK: self = .blockDevice
    case S_IFSOCK: self = .socket
    default: self = .other
    }
  }

  /// "a folder", "a named pipe (FIFO)"… for messages.
  public var article: String {
    switch self {
    case .regularFile: "a file"
    case .directory: "a folder"
    case .symbolicLink: "a symbolic link"
    case .fifo: "a named pipe (FIFO)"
    case .characterDevice: "a character device"
    case .blockDevice: "a block device"
    case .socket: "a socket"
    case .other: "a special file"
    }
  }
}

/// Byte counts as people read them.
package enum ByteCount {
  /// "512 bytes", "1.5 KiB", "3.2 MiB", "1.1 GiB".
  package static func text(_ count: Int64) -> String {
    if count < 1024 { return "\(count) byte\(count == 1 ? "" : "s")" }
    let units = ["KiB", "MiB", "GiB", "TiB"]
    var value = Double(count) / 1024
    var unit = 0
    while value >= 1024 && unit < units.count - 1 {
      value /= 1024
      unit += 1
    }
    let tenths = (value * 10).rounded() / 10
    let shown = tenths == tenths.rounded() ? String(Int(tenths)) : String(tenths)
    return "\(shown) \(units[unit])"
  }
}
