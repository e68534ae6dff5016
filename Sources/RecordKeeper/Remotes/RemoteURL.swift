import Foundation

/// What a remote's URL says about how to reach it, as git reads URLs.
public struct RemoteURL: Equatable, Sendable {
  /// How the remote is reached.
  public enum Kind: Equatable, Sendable { case local, ssh, http }

  public var kind: Kind
  /// The host for ssh and http(s); "" for a local path.
  public var host: String
  /// The port: the URL's, else 22 for ssh, 443 for https, 80 for http.
  public var port: Int
  /// The user name the URL gives, if any.
  public var user: String?
  /// `https` or `http` for http(s); `ssh` or `file` otherwise.
  public var scheme: String
  /// The path on the host, for git's credential helper.
  public var path: String

  /// Reads `url`: `ssh://[user@]host[:port]/path`, scp-like
  /// `[user@]host:path`, `http[s]://…`, `file:///path` or a plain path.
  public init(_ url: String) {
    kind = .local
    host = ""
    port = 0
    scheme = "file"
    path = url
    if let range = url.range(of: "://") {
      let scheme = url[..<range.lowerBound].lowercased()
      var rest = Substring(url[range.upperBound...])
      guard scheme == "ssh" || scheme == "git+ssh" || scheme == "ssh+git" || scheme == "http" || scheme == "https" else { return }
      let slash = rest.firstIndex(of: "/") ?? rest.endIndex
      var authority = rest[..<slash]
      rest = rest[slash...]
      if let at = authority.lastIndex(of: "@") {
        user = String(authority[..<at]).split(separator: ":").first.map(String.init)
        authority = authority[authority.index(after: at)...]
      }
      let isSSH = scheme.contains("ssh")
      kind = isSSH ? .ssh : .http
      self.scheme = isSSH ? "ssh" : scheme
      port = isSSH ? 22 : (scheme == "https" ? 443 : 80)
      // [v6 address]:port or host:port
      if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
        host = String(authority[authority.index(after: authority.startIndex)..<close])
        let after = authority[authority.index(after: close)...]
        if after.hasPrefix(":"), let number = Int(after.dropFirst()) { port = number }
      } else if let colon = authority.lastIndex(of: ":") {
        host = String(authority[..<colon])
        if let number = Int(authority[authority.index(after: colon)...]) { port = number }
      } else {
        host = String(authority)
      }
      path = String(rest.dropFirst())
      return
    }
    // scp-like: a colon before any slash, and not a Windows-like drive letter.
    if let colon = url.firstIndex(of: ":"), !url[..<colon].contains("/"), url.distance(from: url.startIndex, to: colon) > 1 {
      var authority = url[..<colon]
      if let at = authority.lastIndex(of: "@") {
        user = String(authority[..<at])
        authority = authority[authority.index(after: at)...]
      }
      kind = .ssh
      scheme = "ssh"
      host = String(authority)
      port = 22
      path = String(url[url.index(after: colon)...])
    }
  }

  /// `url` as git should store it: a relative path made absolute from
  /// `directory`, so the remote still works from any folder; URLs as given.
  public static func stored(_ url: String, relativeTo directory: String) -> String {
    guard RemoteURL(url).kind == .local, !url.hasPrefix("/"), !url.contains("://") else { return url }
    return URL(fileURLWithPath: url, relativeTo: URL(fileURLWithPath: directory, isDirectory: true)).standardizedFileURL.path
  }
}
