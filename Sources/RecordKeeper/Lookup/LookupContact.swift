import CLibGit2

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The contact MusicBrainz asks every application to put in its User-Agent
/// (an email address or a URL), so that its operators can reach whoever
/// runs a misbehaving program instead of blocking it.
public enum LookupContact {
  /// `$RK_CONTACT`; else git's `rk.contact`, else git's `user.email` (the
  /// collection's repository configuration when there is a collection,
  /// else the global one); else `nil`.
  public static func resolve(collectionRoot: String?) -> String? {
    if let value = getenv("RK_CONTACT"), case let text = String(cString: value).trimmed, !text.isEmpty { return text }
    LibGit2.start()
    var config: OpaquePointer?
    var repository: OpaquePointer?
    defer {
      if let config { git_config_free(config) }
      if let repository { git_repository_free(repository) }
    }
    if let root = collectionRoot, git_repository_open_ext(&repository, root, 0, nil) == 0, let repository {
      if git_repository_config_snapshot(&config, repository) != 0 { config = nil }
    }
    if config == nil {
      var live: OpaquePointer?
      if git_config_open_default(&live) == 0, let live {
        defer { git_config_free(live) }
        if git_config_snapshot(&config, live) != 0 { config = nil }
      }
    }
    LibGit2.clearError()
    guard let config else { return nil }
    for name in ["rk.contact", "user.email"] {
      var pointer: UnsafePointer<CChar>?
      if git_config_get_string(&pointer, config, name) == 0, let pointer {
        let text = String(cString: pointer).trimmed
        if !text.isEmpty { return text }
      }
      LibGit2.clearError()
    }
    return nil
  }

  /// What `rk` says when there is no contact to give.
  public static let missing =
    "MusicBrainz asks every program for a contact: set RK_CONTACT to your email address or a URL (or git config --global rk.contact ADDRESS)."
}
