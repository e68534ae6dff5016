import Foundation
import TestSupport
import Testing

@testable import RecordKeeper

/// The reading of `~/.ssh/known_hosts` that decides whether an ssh host is trusted.
@Suite("Known hosts")
struct KnownHostsTests {
  let file = KnownHosts(
    text: """
      # a comment
      example.org,192.0.2.1 ssh-ed25519 AAAAKEY1
      [example.org]:2222 ssh-ed25519 AAAAKEY2
      *.example.net,!bad.example.net ssh-rsa AAAARSA
      |1|c2FsdA==|aGFzaA== ssh-ed25519 AAAAHASHED
      @cert-authority *.example.com ssh-ed25519 AAAACA
      """)

  @Test func theSameKeyIsTrustedAndAnotherOfItsTypeIsAChange() {
    #expect(file.verdict(host: "example.org", port: 22, type: "ssh-ed25519", key: "AAAAKEY1") == .trusted)
    #expect(file.verdict(host: "192.0.2.1", port: 22, type: "ssh-ed25519", key: "AAAAKEY1") == .trusted)
    #expect(file.verdict(host: "example.org", port: 22, type: "ssh-ed25519", key: "AAAAOTHER") == .changed)
  }

  @Test func aPortOtherThan22IsItsOwnHost() {
    #expect(file.verdict(host: "example.org", port: 2222, type: "ssh-ed25519", key: "AAAAKEY2") == .trusted)
    #expect(file.verdict(host: "example.org", port: 2222, type: "ssh-ed25519", key: "AAAAKEY1") == .changed)
    #expect(file.verdict(host: "example.org", port: 2200, type: "ssh-ed25519", key: "AAAAKEY1") == .unknown)
  }

  @Test func aHostKnownOnlyByAnotherKeyTypeIsSaidSoNotCalledUnknownOrChanged() {
    #expect(file.verdict(host: "example.org", port: 22, type: "ssh-rsa", key: "AAAAKEY1") == .knownByOtherTypes(["ssh-ed25519"]))
    #expect(file.verdict(host: "elsewhere.org", port: 22, type: "ssh-ed25519", key: "AAAAKEY1") == .unknown)
    #expect(file.keyTypes(host: "example.org", port: 22) == ["ssh-ed25519"])
    #expect(file.keyTypes(host: "a.example.com", port: 22) == [])
  }

  @Test func wildcardsMatchAndNegatedPatternsExclude() {
    #expect(file.verdict(host: "git.example.net", port: 22, type: "ssh-rsa", key: "AAAARSA") == .trusted)
    #expect(file.verdict(host: "bad.example.net", port: 22, type: "ssh-rsa", key: "AAAARSA") == .unknown)
  }

  @Test func aCertificateAuthorityTrustsNoHostKey() {
    #expect(file.verdict(host: "a.example.com", port: 22, type: "ssh-ed25519", key: "AAAACA") == .unknown)
  }

  @Test func aRevokedKeyIsRefusedWhateverElseTheFileSays() {
    let file = KnownHosts(
      text: """
        example.org ssh-ed25519 AAAAKEY1
        @revoked * ssh-ed25519 AAAAKEY1
        """)
    #expect(file.verdict(host: "example.org", port: 22, type: "ssh-ed25519", key: "AAAAKEY1") == .revoked)
    #expect(file.verdict(host: "example.org", port: 22, type: "ssh-ed25519", key: "AAAAKEY2") == .changed)
  }

  @Test func sha1AndHMACMatchTheirPublishedVectors() {
    let hex = { (bytes: [UInt8]) in bytes.map { String(format: "%02x", $0) }.joined() }
    #expect(hex(SHA1.hash(Array("abc".utf8))) == "a9993e364706816aba3e25717850c26c9cd0d89d")
    #expect(hex(SHA1.hash([])) == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
    // RFC 2202, test case 2.
    #expect(
      hex(SHA1.hmac(key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8)))
        == "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79")
  }
}

/// known_hosts read by OpenSSH's own tools: `ssh-keygen -H` hashes a file,
/// `ssh-keygen -F NAME` says whether a line names a host (wildcards,
/// negation, ports and hashes as ssh matches them).
@Suite("Known hosts, as OpenSSH reads them")
struct KnownHostsOpenSSHTests {
  private let temporary: TemporaryFolder
  var folder: String { temporary.path }
  let keys: [(type: String, key: String)]

  init() throws {
    temporary = try TemporaryFolder("known-hosts")
    let folder = temporary.path
    var keys: [(type: String, key: String)] = []
    for type in ["ed25519", "ecdsa"] {
      _ = try runProcess(URL(fileURLWithPath: "/usr/bin/ssh-keygen"), ["-q", "-t", type, "-N", "", "-f", folder + "/" + type])
      let fields = try String(contentsOfFile: folder + "/" + type + ".pub", encoding: .utf8).split(separator: " ")
      keys.append((String(fields[0]), String(fields[1])))
    }
    self.keys = keys
  }

  /// Plain lines: names, addresses, ports, wildcards, negation.
  var plain: String {
    """
    example.org,192.0.2.1 \(keys[0].type) \(keys[0].key)
    [example.org]:2222 \(keys[1].type) \(keys[1].key)
    Git.Example.com \(keys[0].type) \(keys[0].key)
    *.example.net,!bad.example.net \(keys[1].type) \(keys[1].key)
    [*.example.io]:2200 \(keys[0].type) \(keys[0].key)
    host?.example.edu \(keys[0].type) \(keys[0].key)

    """
  }

  let names: [(host: String, port: Int)] = [
    ("example.org", 22), ("192.0.2.1", 22), ("example.org", 2222), ("example.org", 2200), ("git.example.com", 22),
    ("a.example.net", 22), ("bad.example.net", 22), ("example.net", 22), ("x.example.io", 2200), ("x.example.io", 22),
    ("host1.example.edu", 22), ("host12.example.edu", 22), ("elsewhere.org", 22),
  ]

  func sshName(_ host: String, _ port: Int) -> String { port == 22 ? host : "[\(host)]:\(port)" }

  /// Whether `ssh-keygen -F` finds a line for the host in `file`.
  func openSSHFinds(_ host: String, _ port: Int, in file: String) throws -> Bool {
    let result = try runProcess(URL(fileURLWithPath: "/usr/bin/ssh-keygen"), ["-F", sshName(host, port), "-f", file])
    return result.status == 0 && result.stdout.contains(" ")
  }

  @Test func aHostIsNamedExactlyWhenOpenSSHFindsIt() throws {
    let path = folder + "/known_hosts"
    try plain.write(toFile: path, atomically: true, encoding: .utf8)
    let file = KnownHosts(path: path)
    for (host, port) in names {
      let named = keys.contains { file.verdict(host: host, port: port, type: $0.type, key: $0.key) != .unknown }
      #expect(named == (try openSSHFinds(host, port, in: path)), "\(sshName(host, port))")
    }
  }

  @Test func aFileHashedBySSHKeygenGivesTheSameVerdicts() throws {
    let path = folder + "/known_hosts"
    try plain.write(toFile: path, atomically: true, encoding: .utf8)
    let before = KnownHosts(path: path)
    _ = try runProcess(URL(fileURLWithPath: "/usr/bin/ssh-keygen"), ["-H", "-f", path])
    let hashed = try String(contentsOfFile: path, encoding: .utf8)
    #expect(hashed.contains("|1|"), "\(hashed)")
    #expect(!hashed.contains("example.org"))
    let after = KnownHosts(path: path)
    for (host, port) in names {
      for key in keys + [(keys[0].type, keys[1].key)] {
        #expect(
          after.verdict(host: host, port: port, type: key.type, key: key.key)
            == before.verdict(host: host, port: port, type: key.type, key: key.key),
          "\(sshName(host, port)) \(key.type)")
      }
      #expect(
        keys.contains { after.verdict(host: host, port: port, type: $0.type, key: $0.key) != .unknown }
          == (try openSSHFinds(host, port, in: path)),
        "\(sshName(host, port))")
    }
  }
}
