import Foundation
import TestSupport
import Testing

/// `rk clone` and `rk sync` over http against `git http-backend`: libgit2's
/// http transport and the credentials rk gives it (plain http: TLS itself
/// is mbedTLS's, checked against the system's certificates).
@Suite("rk over http")
struct HTTPSyncTests {
  @Test func cloneAndSyncOverHTTP() throws {
    let shared = try SharedCollection()
    let server = try HTTPGitServer(root: shared.root)
    try expectSuccess(shared.rk(["clone", "http://127.0.0.1:\(server.port)/origin.git", "alice"]))
    let alice = shared.root + "/alice"
    try expectSuccess(shared.rk(["-C", alice, "tag", "add", shared.album, "over-http"]))
    let result = try expectSuccess(shared.rk(["-C", alice, "sync"]))
    #expect(result.stdout.contains("Pushed 1 change to origin."))
    #expect(try shared.revision("HEAD", in: shared.origin) == shared.revision("HEAD", in: alice))
  }

  @Test func aTokenFromTheEnvironmentIsSentAndItsLackNamed() throws {
    let shared = try SharedCollection()
    let server = try HTTPGitServer(root: shared.root, token: "s3cret")
    let url = "http://127.0.0.1:\(server.port)/origin.git"
    let refused = try shared.rk(["clone", url, "bob"], environment: ["GIT_TERMINAL_PROMPT": "0"])
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("remote origin (\(url)) refused every credential rk tried"), "\(refused.stderr)")
    #expect(refused.stderr.contains("RK_GIT_TOKEN"))
    #expect(refused.stderr.split(separator: "\n").count == 1)
    try expectSuccess(shared.rk(["clone", url, "alice"], environment: ["RK_GIT_TOKEN": "s3cret"]))
    let alice = shared.root + "/alice"
    try expectSuccess(shared.rk(["-C", alice, "tag", "add", shared.album, "with-token"]))
    try expectSuccess(shared.rk(["-C", alice, "sync"], environment: ["RK_GIT_TOKEN": "s3cret"]))
    #expect(try shared.revision("HEAD", in: shared.origin) == shared.revision("HEAD", in: alice))
  }

  /// libgit2's local transport copies objects without reporting progress,
  /// so the bar is tested over http.
  @Test func progressIsDrawnOnlyOnATerminal() throws {
    let shared = try SharedCollection()
    let server = try HTTPGitServer(root: shared.root)
    let url = "http://127.0.0.1:\(server.port)/origin.git"
    let quiet = try expectSuccess(shared.rk(["clone", url, "quiet"]))
    #expect(quiet.stderr.isEmpty)
    let shown = try runRKOnTerminal(["clone", url, shared.root + "/shown"], environment: shared.environment)
    #expect(shown.contains("Receiving [##############################] 100%"), "\(shown)")
  }
}
