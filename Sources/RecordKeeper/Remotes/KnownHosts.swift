import Foundation

/// What `~/.ssh/known_hosts` says about a host's key, read the way OpenSSH
/// reads it: lines of `PATTERNS KEYTYPE BASE64KEY`, patterns separated by
/// commas, `[host]:port` for ports other than 22, `*` and `?` as wildcards,
/// `!pattern` to exclude.
///
/// Hashed host names (`|1|…`, from `HashKnownHosts`) need HMAC-SHA1, which
/// is libssh2's to do: libgit2 checks the file itself and passes the answer
/// in as `trustedByLibgit2`, which this check accepts. A hashed line whose
/// key changed therefore reads as an unknown host here, never as trusted.
public struct KnownHosts: Sendable {
  /// The verdict on a host's key.
  public enum Verdict: Equatable, Sendable {
    /// A line for the host has this very key.
    case trusted
    /// No line for the host has a key of this type.
    case unknown
    /// A line for the host has a different key of the same type.
    case changed
  }

  /// The file's lines that name hosts in plain text: patterns, key type, key.
  let entries: [(patterns: [String], type: String, key: String)]

  /// Reads `path`; a missing or unreadable file knows no host.
  public init(path: String) {
    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    self.init(text: text)
  }

  /// Parses the text of a known_hosts file.
  public init(text: String) {
    entries = text.split(whereSeparator: \.isNewline).compactMap { line in
      let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
      // Markers (@cert-authority, @revoked) and comments are not host keys.
      guard fields.count >= 3, !fields[0].hasPrefix("#"), !fields[0].hasPrefix("@"), !fields[0].hasPrefix("|") else { return nil }
      return (fields[0].split(separator: ",").map(String.init), fields[1], fields[2])
    }
  }

  /// The verdict on `key` (base64, as in the file) of `type` (such as
  /// `ssh-ed25519`) offered by `host` on `port`.
  public func verdict(host: String, port: Int, type: String, key: String) -> Verdict {
    let name = port == 22 ? host : "[\(host)]:\(port)"
    var sawOtherKey = false
    for entry in entries where entry.type == type && Self.matches(name, entry.patterns) {
      if entry.key == key { return .trusted }
      sawOtherKey = true
    }
    return sawOtherKey ? .changed : .unknown
  }

  /// Whether `name` matches one pattern and no negated one, without regard
  /// to case, as OpenSSH matches host names.
  static func matches(_ name: String, _ patterns: [String]) -> Bool {
    let name = Array(name.lowercased().utf8)
    var matched = false
    for pattern in patterns {
      if pattern.hasPrefix("!") {
        if wildcard(Array(pattern.dropFirst().lowercased().utf8), name) { return false }
      } else if wildcard(Array(pattern.lowercased().utf8), name) {
        matched = true
      }
    }
    return matched
  }

  /// OpenSSH's patterns: `*` any run of characters, `?` one, everything
  /// else itself (so `[host]:port` is plain text, not a character class).
  static func wildcard(_ pattern: [UInt8], _ name: [UInt8]) -> Bool {
    var p = 0
    var n = 0
    var star: (p: Int, n: Int)?
    while n < name.count {
      if p < pattern.count, pattern[p] == UInt8(ascii: "?") || pattern[p] == name[n] {
        p += 1
        n += 1
      } else if p < pattern.count, pattern[p] == UInt8(ascii: "*") {
        star = (p, n)
        p += 1
      } else if let last = star {
        p = last.p + 1
        n = last.n + 1
        star = (last.p, last.n + 1)
      } else {
        return false
      }
    }
    while p < pattern.count, pattern[p] == UInt8(ascii: "*") { p += 1 }
    return p == pattern.count
  }

  /// The key type as known_hosts names it, from libssh2's raw host key type.
  static func typeName(rawType: UInt32) -> String? {
    switch rawType {
    case 1: "ssh-rsa"
    case 2: "ssh-dss"
    case 3: "ecdsa-sha2-nistp256"
    case 4: "ecdsa-sha2-nistp384"
    case 5: "ecdsa-sha2-nistp521"
    case 6: "ssh-ed25519"
    default: nil
    }
  }
}
