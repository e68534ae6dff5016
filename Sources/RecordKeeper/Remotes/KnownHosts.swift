import Foundation

/// What `~/.ssh/known_hosts` says about a host's key, read the way OpenSSH
/// reads it: lines of `[MARKER] PATTERNS KEYTYPE BASE64KEY`, patterns
/// separated by commas, `[host]:port` for ports other than 22, `*` and `?`
/// as wildcards, `!pattern` to exclude, and hashed names (`|1|SALT|HASH`,
/// from `HashKnownHosts` or `ssh-keygen -H`: HMAC-SHA1 of the name keyed by
/// the salt). A `@revoked` line's key is refused for its hosts whatever else
/// the file says; a `@cert-authority` line names a certificate authority,
/// not a host key, so it trusts nothing here.
public struct KnownHosts: Sendable {
  /// The verdict on a host's key.
  public enum Verdict: Equatable, Sendable {
    /// A line for the host has this very key.
    case trusted
    /// No line names the host.
    case unknown
    /// A line for the host has a different key of the same type.
    case changed
    /// Lines for the host have keys of other types only (these), none of
    /// the type offered: OpenSSH calls the host new, but says so.
    case knownByOtherTypes([String])
    /// A `@revoked` line for the host has this very key.
    case revoked
  }

  /// What a line of the file is for.
  enum Marker: Sendable { case none, revoked, certificateAuthority }

  /// The file's host lines: marker, patterns, key type, key.
  let entries: [(marker: Marker, patterns: [String], type: String, key: String)]

  /// Reads `path`; a missing or unreadable file knows no host.
  public init(path: String) {
    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    self.init(text: text)
  }

  /// Parses the text of a known_hosts file.
  public init(text: String) {
    entries = text.split(whereSeparator: \.isNewline).compactMap { line in
      var fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
      guard let first = fields.first, !first.hasPrefix("#") else { return nil }
      var marker = Marker.none
      if first.hasPrefix("@") {
        switch first.lowercased() {
        case "@revoked": marker = .revoked
        case "@cert-authority": marker = .certificateAuthority
        default: return nil  // A marker OpenSSH does not know: it skips the line.
        }
        fields.removeFirst()
      }
      guard fields.count >= 3 else { return nil }
      return (marker, fields[0].split(separator: ",").map(String.init), fields[1], fields[2])
    }
  }

  /// The verdict on `key` (base64, as in the file) of `type` (such as
  /// `ssh-ed25519`) offered by `host` on `port`.
  public func verdict(host: String, port: Int, type: String, key: String) -> Verdict {
    let name = port == 22 ? host : "[\(host)]:\(port)"
    var sawOtherKey = false
    var trusted = false
    var otherTypes: [String] = []
    for entry in entries where entry.marker != .certificateAuthority && Self.matches(name, entry.patterns) {
      if entry.marker == .revoked {
        if entry.type == type && entry.key == key { return .revoked }
        continue
      }
      if entry.type != type {
        if !otherTypes.contains(entry.type) { otherTypes.append(entry.type) }
      } else if entry.key == key {
        trusted = true
      } else {
        sawOtherKey = true
      }
    }
    if trusted { return .trusted }
    if sawOtherKey { return .changed }
    return otherTypes.isEmpty ? .unknown : .knownByOtherTypes(otherTypes)
  }

  /// The key types the file holds for `host` on `port` (not counting
  /// revoked keys and certificate authorities).
  public func keyTypes(host: String, port: Int) -> [String] {
    let name = port == 22 ? host : "[\(host)]:\(port)"
    var types: [String] = []
    for entry in entries where entry.marker == .none && !types.contains(entry.type) && Self.matches(name, entry.patterns) {
      types.append(entry.type)
    }
    return types
  }

  /// Whether `name` matches one pattern and no negated one, without regard
  /// to case, as OpenSSH matches host names.
  static func matches(_ name: String, _ patterns: [String]) -> Bool {
    // A hashed name stands alone on its line, and is compared as written.
    if patterns.count == 1, patterns[0].hasPrefix("|1|") { return matchesHashed(name, patterns[0]) }
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

  /// Whether `|1|SALT|HASH` is `name` hashed: HMAC-SHA1(key: salt, name).
  static func matchesHashed(_ name: String, _ pattern: String) -> Bool {
    let parts = pattern.split(separator: "|", omittingEmptySubsequences: false)
    guard parts.count == 4, let salt = Data(base64Encoded: String(parts[2])), let hash = Data(base64Encoded: String(parts[3])),
      salt.count == 20, hash.count == 20
    else { return false }
    return SHA1.hmac(key: Array(salt), message: Array(name.lowercased().utf8)) == Array(hash)
  }
}

/// SHA-1 and HMAC-SHA1, for hashed known_hosts names only (which OpenSSH
/// hashes with it); never for anything that needs a secure hash.
enum SHA1 {
  static func hash(_ message: [UInt8]) -> [UInt8] {
    var h: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
    var data = message
    let bitLength = UInt64(message.count) * 8
    data.append(0x80)
    while data.count % 64 != 56 { data.append(0) }
    for shift in stride(from: 56, through: 0, by: -8) { data.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
    var w = [UInt32](repeating: 0, count: 80)
    for chunk in stride(from: 0, to: data.count, by: 64) {
      for i in 0..<16 {
        w[i] = data[chunk + 4 * i..<chunk + 4 * i + 4].reduce(0) { $0 << 8 | UInt32($1) }
      }
      for i in 16..<80 {
        let x = w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16]
        w[i] = x << 1 | x >> 31
      }
      var (a, b, c, d, e) = (h[0], h[1], h[2], h[3], h[4])
      for i in 0..<80 {
        let (f, k): (UInt32, UInt32) =
          switch i {
          case 0..<20: ((b & c) | (~b & d), 0x5A82_7999)
          case 20..<40: (b ^ c ^ d, 0x6ED9_EBA1)
          case 40..<60: ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
          default: (b ^ c ^ d, 0xCA62_C1D6)
          }
        let temp = (a << 5 | a >> 27) &+ f &+ e &+ k &+ w[i]
        (e, d, c, b, a) = (d, c, b << 30 | b >> 2, a, temp)
      }
      h[0] = h[0] &+ a
      h[1] = h[1] &+ b
      h[2] = h[2] &+ c
      h[3] = h[3] &+ d
      h[4] = h[4] &+ e
    }
    return h.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> UInt32(24 - 8 * $0)) } }
  }

  static func hmac(key: [UInt8], message: [UInt8]) -> [UInt8] {
    var key = key.count > 64 ? hash(key) : key
    key += [UInt8](repeating: 0, count: 64 - key.count)
    let inner = hash(key.map { $0 ^ 0x36 } + message)
    return hash(key.map { $0 ^ 0x5C } + inner)
  }
}
