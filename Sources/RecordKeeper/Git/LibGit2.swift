import CLibGit2

/// libgit2 start-up and the checking of its return codes.
enum LibGit2 {
  /// `git_libgit2_init`, run once when a repository is first needed rather
  /// than at process start, so `--help` and completion stay instant.
  private static let started: Void = { git_libgit2_init() }()

  static func start() { _ = started }

  /// Throws the library's last error when `result` is negative, naming the
  /// function that failed.
  @discardableResult
  static func check(_ result: Int32, _ function: String) throws(GitError) -> Int32 {
    guard result < 0 else { return result }
    throw .libgit2(function: function, code: result, message: lastErrorMessage())
  }

  static func lastErrorMessage() -> String {
    guard let error = git_error_last(), let message = error.pointee.message else { return "unknown error" }
    return String(cString: message)
  }
}

/// The one owner of a libgit2 object: frees it when the handle goes away.
final class GitHandle {
  let pointer: OpaquePointer
  private let free: (OpaquePointer) -> Void

  init(_ pointer: OpaquePointer, free: @escaping (OpaquePointer) -> Void) {
    self.pointer = pointer
    self.free = free
  }

  /// Calls a libgit2 function that creates an object through an out-pointer.
  static func make(
    _ function: String, free: @escaping (OpaquePointer) -> Void,
    _ create: (UnsafeMutablePointer<OpaquePointer?>) -> Int32
  ) throws(GitError) -> GitHandle {
    var pointer: OpaquePointer?
    try LibGit2.check(create(&pointer), function)
    guard let pointer else { throw .libgit2(function: function, code: -1, message: "returned no object") }
    return GitHandle(pointer, free: free)
  }

  deinit { free(pointer) }
}

extension git_oid {
  /// The object id in hexadecimal.
  var hex: String {
    var copy = self
    var buffer = [CChar](repeating: 0, count: 41)
    git_oid_fmt(&buffer, &copy)
    return String(decoding: buffer.prefix(40).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}

/// Whether two object ids (or their absence) are the same.
func sameObject(_ lhs: git_oid?, _ rhs: git_oid?) -> Bool {
  guard var a = lhs, var b = rhs else { return lhs == nil && rhs == nil }
  return git_oid_cmp(&a, &b) == 0
}
