import CLibGit2

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// libgit2 start-up and the checking of its return codes.
package enum LibGit2 {
  /// `git_libgit2_init`, run once when a repository is first needed rather
  /// than at process start, so `--help` and shell completion stay instant.
  /// Never shut down: the process ends first.
  private static let started: Int32 = git_libgit2_init()

  /// Starts libgit2 if nothing has yet; cheap after the first call.
  static func start() { _ = started }

  /// The configuration levels whose files libgit2 finds by searching folders.
  private static let searchedLevels = [
    GIT_CONFIG_LEVEL_PROGRAMDATA, GIT_CONFIG_LEVEL_SYSTEM, GIT_CONFIG_LEVEL_XDG, GIT_CONFIG_LEVEL_GLOBAL,
  ]

  /// Makes libgit2 in this process look for the system, XDG and global
  /// configuration (and the ignore and attribute files beside them) only in
  /// `home`: `home/.gitconfig`, `home/.config/git/config`, `home/etc/gitconfig`.
  ///
  /// For tests, whose in-process libgit2 must never read the person's own
  /// `~/.gitconfig` or `/etc/gitconfig`. Affects repositories opened
  /// afterwards; call it before opening any.
  package static func searchConfiguration(onlyIn home: String) throws(GitError) {
    start()
    let folders = [
      GIT_CONFIG_LEVEL_PROGRAMDATA: home + "/etc", GIT_CONFIG_LEVEL_SYSTEM: home + "/etc",
      GIT_CONFIG_LEVEL_XDG: home + "/.config/git", GIT_CONFIG_LEVEL_GLOBAL: home,
    ]
    for level in searchedLevels {
      try check(rk_git_set_search_path(Int32(level.rawValue), folders[level]), "git_libgit2_opts(GIT_OPT_SET_SEARCH_PATH)")
    }
  }

  /// The folders libgit2 searches for each configuration level's file.
  package static func configurationSearchPaths() throws(GitError) -> [String] {
    start()
    var paths: [String] = []
    for level in searchedLevels {
      var buffer = git_buf()
      defer { git_buf_dispose(&buffer) }
      try check(rk_git_get_search_path(Int32(level.rawValue), &buffer), "git_libgit2_opts(GIT_OPT_GET_SEARCH_PATH)")
      paths.append(buffer.ptr.map { String(cString: $0) } ?? "")
    }
    return paths
  }

  /// The one check for libgit2 return codes: a negative `result` becomes a
  /// ``GitError/libgit2(function:code:message:)`` naming `function` and
  /// carrying the library's last error message, which is then cleared.
  @discardableResult
  static func check(_ result: Int32, _ function: String) throws(GitError) -> Int32 {
    guard result < 0 else { return result }
    let code = errno
    let message = takeLastErrorMessage()
    if DiskFull.isDiskFull(errno: code, message: message) {
      throw .diskFull(path: DiskFull.repositoryPath.withLock { $0 } ?? FileSystem.currentDirectory(), function: function)
    }
    throw .libgit2(function: function, code: result, message: message)
  }

  /// The message of libgit2's last error on this thread, cleared afterwards so
  /// that it cannot be reported again for a later failure.
  static func takeLastErrorMessage() -> String {
    defer { git_error_clear() }
    guard let error = git_error_last(), let message = error.pointee.message else { return "unknown error" }
    return String(cString: message)
  }

  /// Forgets libgit2's last error after a failure that was expected and handled.
  static func clearError() { git_error_clear() }
}

/// The one owner of a libgit2 object (an index, tree, commit, revwalk, diff,
/// odb …): takes it when made and frees it in `deinit`.
///
/// The raw pointer is only lent inside ``withPointer(_:)``, which keeps the
/// handle, and so the object, alive for as long as the pointer is used.
final class GitHandle {
  private let pointer: OpaquePointer
  private let free: (OpaquePointer) -> Void

  private init(_ pointer: OpaquePointer, free: @escaping (OpaquePointer) -> Void) {
    self.pointer = pointer
    self.free = free
  }

  deinit { free(pointer) }

  /// Calls a libgit2 function that makes an object through an out-pointer,
  /// and takes ownership of that object.
  static func make(
    _ function: String,
    free: @escaping (OpaquePointer) -> Void,
    _ create: (UnsafeMutablePointer<OpaquePointer?>) -> Int32
  ) throws(GitError) -> GitHandle {
    var pointer: OpaquePointer?
    try LibGit2.check(create(&pointer), function)
    guard let pointer else { throw .libgit2(function: function, code: -1, message: "no object was returned") }
    return GitHandle(pointer, free: free)
  }

  /// Like ``make(_:free:_:)``, but `nil` when the function reports that the
  /// object does not exist (`GIT_ENOTFOUND`).
  static func makeIfFound(
    _ function: String,
    free: @escaping (OpaquePointer) -> Void,
    _ create: (UnsafeMutablePointer<OpaquePointer?>) -> Int32
  ) throws(GitError) -> GitHandle? {
    var pointer: OpaquePointer?
    let result = create(&pointer)
    if result == GIT_ENOTFOUND.rawValue {
      LibGit2.clearError()
      return nil
    }
    try LibGit2.check(result, function)
    guard let pointer else { return nil }
    return GitHandle(pointer, free: free)
  }

  /// Lends the object's pointer to `body`; the object lives at least until
  /// `body` returns.
  func withPointer<Result, Failure: Error>(
    _ body: (OpaquePointer) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try body(pointer)
  }
}

/// The one owner of a `git_signature`.
final class GitSignature {
  private let pointer: UnsafeMutablePointer<git_signature>

  /// Takes ownership of `pointer`.
  init(_ pointer: UnsafeMutablePointer<git_signature>) { self.pointer = pointer }

  deinit { git_signature_free(pointer) }

  /// Lends the signature to `body`.
  func withPointer<Result>(_ body: (UnsafeMutablePointer<git_signature>) -> Result) -> Result {
    body(pointer)
  }
}

extension git_oid {
  /// The object id as 40 lowercase hexadecimal digits.
  var hex: String {
    var copy = self
    var buffer = [CChar](repeating: 0, count: 41)
    git_oid_fmt(&buffer, &copy)
    return String(decoding: buffer.prefix(40).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Parses 40 hexadecimal digits.
  static func parse(_ hex: String) throws(GitError) -> git_oid {
    var id = git_oid()
    try LibGit2.check(git_oid_fromstr(&id, hex), "git_oid_fromstr")
    return id
  }

  /// Whether two ids name the same object.
  func isSame(as other: git_oid) -> Bool {
    var a = self
    var b = other
    return git_oid_equal(&a, &b) != 0
  }
}

/// Calls `body` with `strings` as a `git_strarray` whose C strings live only
/// for the call.
func withStringArray<Result, Failure: Error>(
  _ strings: [String], _ body: (UnsafeMutablePointer<git_strarray>) throws(Failure) -> Result
) throws(Failure) -> Result {
  var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
  defer { for pointer in pointers { free(pointer) } }
  let count = pointers.count
  return try pointers.withUnsafeMutableBufferPointer { (buffer) throws(Failure) -> Result in
    var array = git_strarray(strings: buffer.baseAddress, count: count)
    return try body(&array)
  }
}
