import CLibGit2
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Who a commit is by, found as git finds it: `GIT_AUTHOR_NAME`,
/// `GIT_AUTHOR_EMAIL` and `GIT_AUTHOR_DATE` (the committer's likewise),
/// else `user.name` and `user.email`, else `EMAIL` for the email. Where git
/// would refuse to commit for want of an identity, rk commits as
/// `Record Keeper <rk@localhost>` and says so once (``missingNotice``).
public struct GitIdentity: Equatable, Sendable {
  public var name: String
  public var email: String
  /// Seconds since 1970 and the offset in minutes, from `GIT_*_DATE`;
  /// `nil` for now.
  public var date: (seconds: Int64, offset: Int32)?

  /// The role a signature has in a commit.
  public enum Role: String, Sendable {
    case author = "AUTHOR"
    case committer = "COMMITTER"
  }

  public static let fallbackName = "Record Keeper"
  public static let fallbackEmail = "rk@localhost"

  public static func == (lhs: GitIdentity, rhs: GitIdentity) -> Bool {
    lhs.name == rhs.name && lhs.email == rhs.email && lhs.date?.seconds == rhs.date?.seconds && lhs.date?.offset == rhs.date?.offset
  }

  /// The identity for `role`; `missing` is true when a name or email came
  /// from nowhere and the fallback stands in.
  public static func resolve(
    _ role: Role, environment: (String) -> String?, config: (String) -> String?
  ) -> (identity: GitIdentity, missing: Bool) {
    func nonEmpty(_ text: String?) -> String? {
      guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
      return text
    }
    let name = nonEmpty(environment("GIT_\(role.rawValue)_NAME")) ?? nonEmpty(config("user.name"))
    let email = nonEmpty(environment("GIT_\(role.rawValue)_EMAIL")) ?? nonEmpty(config("user.email")) ?? nonEmpty(environment("EMAIL"))
    let date = nonEmpty(environment("GIT_\(role.rawValue)_DATE")).flatMap(parseDate)
    return (GitIdentity(name: name ?? fallbackName, email: email ?? fallbackEmail, date: date), name == nil || email == nil)
  }

  /// git's internal date format, `@1700000000 +0100` or `1700000000 +0100`
  /// (the zone optional): the one every git tool writes and reads. Other
  /// forms are not read, and the commit gets the present time.
  static func parseDate(_ text: String) -> (seconds: Int64, offset: Int32)? {
    let parts = text.split(separator: " ")
    guard (1...2).contains(parts.count) else { return nil }
    let digits = parts[0].hasPrefix("@") ? parts[0].dropFirst() : parts[0]
    guard let seconds = Int64(digits) else { return nil }
    guard parts.count == 2 else { return (seconds, 0) }
    let zone = parts[1]
    guard zone.count == 5, let sign = zone.first, "+-".contains(sign), let value = Int32(zone.dropFirst()) else { return nil }
    let minutes = (value / 100) * 60 + value % 100
    return (seconds, sign == "-" ? -minutes : minutes)
  }

  /// The libgit2 signature of this identity.
  func signature() -> GitSignature? {
    var pointer: UnsafeMutablePointer<git_signature>?
    let result =
      if let date { git_signature_new(&pointer, name, email, git_time_t(date.seconds), date.offset) } else {
        git_signature_now(&pointer, name, email)
      }
    guard result == 0, let pointer else {
      LibGit2.clearError()
      return nil
    }
    return GitSignature(pointer)
  }

  /// Hears, once per clone, that a commit was made without an identity
  /// (``missingMessage``): `rk` prints it as a warning. Unset, nothing is said.
  public static let missingNotice = Mutex<(@Sendable (String) -> Void)?>(nil)
  private static let noticeGiven = Mutex(false)

  /// What is said when no identity is configured.
  public static let missingMessage =
    "no git identity is set, so this change was committed as \(fallbackName) <\(fallbackEmail)> (git itself would refuse to commit): "
    + "set yours with git config --global user.name \"Your Name\" and git config --global user.email you@example.org "
    + "(or GIT_AUTHOR_NAME and GIT_AUTHOR_EMAIL)"

  /// Gives ``missingMessage`` to ``missingNotice``, the first time only:
  /// once in this process, and never again once the file `marker` (in the
  /// clone's git folder) records that it was said, so every later command
  /// commits quietly as docs/commands.md, "Changes and commits", promises.
  static func noticeMissing(marker: String) {
    let first = noticeGiven.withLock { given in
      defer { given = true }
      return !given
    }
    guard first, let notice = missingNotice.withLock({ $0 }), !FileSystem.exists(marker) else { return }
    notice(missingMessage)
    // Not recorded (a read-only git folder), it is said again next time: better than never.
    if let slash = marker.lastIndex(of: "/") { try? FileSystem.makeFolders(String(marker[..<slash])) }
    try? FileSystem.writeAtomically(Array((missingMessage + "\n").utf8), to: marker)
  }
}
