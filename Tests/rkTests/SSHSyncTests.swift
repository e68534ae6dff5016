import Foundation
import TestSupport
import Testing

/// `rk clone` and `rk sync` over ssh against a real sshd on a loopback port,
/// with a key file (no agent) and known_hosts, all under the test's HOME.
@Suite("rk over ssh", .enabled(if: SSHServer.isInstalled, "sshd is not installed (Debian's openssh-server; make test installs it)"))
struct SSHSyncTests {
  /// A shared collection, a user key in its HOME, and an sshd letting that key in.
  struct Setup {
    let shared: SharedCollection
    let server: SSHServer
    var url: String { "ssh://\(NSUserName())@127.0.0.1:\(server.port)\(shared.origin)" }
    var knownHosts: String { shared.home + "/.ssh/known_hosts" }

    init() throws {
      shared = try SharedCollection()
      try sshKeygen(shared.home + "/.ssh/id_ed25519")
      let key = try String(contentsOfFile: shared.home + "/.ssh/id_ed25519.pub", encoding: .utf8)
      server = try SSHServer(in: shared.root + "/sshd", authorizing: key)
    }

    func trustHost(_ key: String? = nil) throws {
      try "[127.0.0.1]:\(server.port) \(key ?? server.hostKey)\n".write(toFile: knownHosts, atomically: false, encoding: .utf8)
    }
  }

  @Test func cloneAndSyncWithAKeyFileAndAKnownHost() throws {
    let setup = try Setup()
    try setup.trustHost()
    let shared = setup.shared
    try expectSuccess(shared.rk(["clone", setup.url, "alice"]))
    let alice = shared.root + "/alice"
    #expect(try shared.albumText(in: alice).contains("Blue Train"))
    try expectSuccess(shared.rk(["-C", alice, "set", shared.album, "--rating", "4"]))
    let result = try expectSuccess(shared.rk(["-C", alice, "sync"]))
    #expect(result.stdout.contains("Pushed 1 change to origin."))
    #expect(try shared.revision("HEAD", in: shared.origin) == shared.revision("HEAD", in: alice))
  }

  @Test func anUnknownHostIsRefusedSayingHowToTrustIt() throws {
    let setup = try Setup()
    let result = try setup.shared.rk(["clone", setup.url, "alice"])
    #expect(result.status == 1)
    #expect(
      result.stderr.contains("if you trust it, run ssh-keyscan -p \(setup.server.port) 127.0.0.1 >> \(setup.knownHosts)"),
      "\(result.stderr)")
    #expect(result.stderr.split(separator: "\n").count == 1)
    #expect(!FileManager.default.fileExists(atPath: setup.shared.root + "/alice/.git"))
  }

  @Test func aChangedHostKeyIsRefused() throws {
    let setup = try Setup()
    try sshKeygen(setup.shared.root + "/impostor")
    let impostor = try String(contentsOfFile: setup.shared.root + "/impostor.pub", encoding: .utf8)
      .split(separator: " ").prefix(2).joined(separator: " ")
    try setup.trustHost(impostor)
    let result = try setup.shared.rk(["clone", setup.url, "alice"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("is not the one \(setup.knownHosts) holds for it: refused"), "\(result.stderr)")
  }

  @Test func aKeyTheServerDoesNotKnowIsRefused() throws {
    let setup = try Setup()
    try setup.trustHost()
    let key = setup.shared.home + "/.ssh/id_ed25519"
    try FileManager.default.removeItem(atPath: key)
    try FileManager.default.removeItem(atPath: key + ".pub")
    try sshKeygen(key)
    let result = try setup.shared.rk(["clone", setup.url, "alice"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("refused every credential rk tried (\(key))"), "\(result.stderr)")
    #expect(result.stderr.split(separator: "\n").count == 1)
  }

  @Test func aHostKnownByItsHashedNameIsTrusted() throws {
    let setup = try Setup()
    try setup.trustHost()
    let hashing = try runProcess(URL(fileURLWithPath: "/usr/bin/ssh-keygen"), ["-H", "-f", setup.knownHosts])
    #expect(hashing.status == 0, "\(hashing.stderr)")
    #expect(try !String(contentsOfFile: setup.knownHosts, encoding: .utf8).contains("127.0.0.1"))
    try expectSuccess(setup.shared.rk(["clone", setup.url, "alice"]))
  }

  @Test func aRevokedHostKeyIsRefusedThoughAlsoListed() throws {
    let setup = try Setup()
    try setup.trustHost()
    let key = setup.server.hostKey.split(separator: " ").prefix(2).joined(separator: " ")
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: setup.knownHosts))
    handle.seekToEndOfFile()
    handle.write(Data("@revoked * \(key)\n".utf8))
    try handle.close()
    let result = try setup.shared.rk(["clone", setup.url, "alice"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("is marked @revoked in \(setup.knownHosts)"), "\(result.stderr)")
  }

  @Test func aHostKnownOnlyByAnotherKeyTypeIsSaidSo() throws {
    let setup = try Setup()
    let other = setup.shared.root + "/other-ecdsa"
    let made = try runProcess(URL(fileURLWithPath: "/usr/bin/ssh-keygen"), ["-q", "-t", "ecdsa", "-N", "", "-f", other])
    #expect(made.status == 0)
    let key = try String(contentsOfFile: other + ".pub", encoding: .utf8).split(separator: " ").prefix(2).joined(separator: " ")
    try setup.trustHost(key)
    let result = try setup.shared.rk(["clone", setup.url, "alice"])
    #expect(result.status == 1)
    #expect(!result.stderr.contains("your network"), "\(result.stderr)")
    #expect(result.stderr.contains("knows it only by keys of another type (ecdsa-sha2-nistp256)"), "\(result.stderr)")
    #expect(!result.stderr.contains("is not the one"))
  }
}
