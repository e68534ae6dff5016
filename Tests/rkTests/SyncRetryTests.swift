import Foundation
import TestSupport
import Testing

/// `rk sync` when the remote moves on between its fetch and its push.
///
/// libgit2's local transport runs no hooks, so the remote is served over
/// http by `git http-backend` (``HTTPGitServer``), whose `git receive-pack`
/// runs the bare repository's `pre-receive` hook. The hook pushes another
/// collector's waiting commit into the same repository first; git then
/// refuses ours, as its ref is no longer where our push found it (the very
/// refusal a real race gets), and `rk sync` must fetch, merge and push again.
@Suite("rk sync against a remote that moves")
struct SyncRetryTests {
  /// Writes an executable `pre-receive` hook into the bare repository.
  func installHook(_ shared: SharedCollection, _ body: String) throws {
    let hook = shared.origin + "/hooks/pre-receive"
    try ("#!/bin/sh\ncat >/dev/null\necho push >> '\(shared.root)/pushes'\n" + body).write(toFile: hook, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hook)
  }

  /// The branch the clone at `path` is on, as `rk init` named it.
  func branch(_ shared: SharedCollection, _ path: String) throws -> String {
    try git(["symbolic-ref", "--short", "HEAD"], in: path, environment: shared.environment).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  func pushes(_ shared: SharedCollection) -> Int {
    ((try? String(contentsOfFile: shared.root + "/pushes", encoding: .utf8)) ?? "").split(separator: "\n").count
  }

  @Test func aPushRefusedBecauseTheRemoteMovedIsFetchedMergedAndPushedAgain() throws {
    let shared = try SharedCollection()
    let server = try HTTPGitServer(root: shared.root)
    try expectSuccess(shared.rk(["clone", "http://127.0.0.1:\(server.port)/origin.git", "alice"]))
    let alice = shared.root + "/alice"
    let bob = try shared.clone("bob")
    // Bob's change waits in his clone; the hook pushes it during Alice's push.
    try expectSuccess(shared.rk(["-C", bob, "tag", "add", shared.album, "from-bob"]))
    let bobCommit = try shared.revision("HEAD", in: bob)
    let environment = shared.environment.map { "\($0.key)='\($0.value)'" }.sorted().joined(separator: " ")
    try installHook(
      shared,
      """
      if [ ! -e '\(shared.root)/moved' ]; then
        touch '\(shared.root)/moved'
        # Out of this push's quarantine, as another collector's own push.
        env -i PATH="$PATH" \(environment) git -C '\(bob)' push -q origin HEAD >'\(shared.root)/hook.log' 2>&1 || exit 1
      fi
      exit 0
      """)
    try expectSuccess(shared.rk(["-C", alice, "tag", "add", shared.album, "from-alice"]))
    let aliceCommit = try shared.revision("HEAD", in: alice)

    let result = try expectSuccess(shared.rk(["-C", alice, "sync"]))
    // Alice's refused push, Bob's from the hook, Alice's second push.
    #expect(pushes(shared) == 3, "\((try? String(contentsOfFile: shared.root + "/hook.log", encoding: .utf8)) ?? "")")
    #expect(result.stdout.contains("Fetched 1 change from origin and merged them by field"), "\(result.stdout)")
    #expect(result.stdout.contains("Pushed 2 changes to origin."))
    let merge = try shared.revision("HEAD", in: alice)
    #expect(try shared.revision(branch(shared, alice), in: shared.origin) == merge)
    #expect(try shared.revision("HEAD^1", in: alice) == aliceCommit)
    #expect(try shared.revision("HEAD^2", in: alice) == bobCommit)
    let text = try shared.albumText(in: alice)
    #expect(text.contains("from-alice") && text.contains("from-bob"))
  }

  @Test func aRemoteThatRefusesEveryPushIsTriedThreeTimesThenNamed() throws {
    let shared = try SharedCollection()
    let server = try HTTPGitServer(root: shared.root)
    try expectSuccess(shared.rk(["clone", "http://127.0.0.1:\(server.port)/origin.git", "alice"]))
    let alice = shared.root + "/alice"
    let branch = try branch(shared, alice)
    let before = try shared.revision(branch, in: shared.origin)
    try installHook(shared, "echo 'closed for stocktaking' >&2\nexit 1\n")
    try expectSuccess(shared.rk(["-C", alice, "tag", "add", shared.album, "refused"]))

    let result = try shared.rk(["-C", alice, "sync"])
    #expect(result.status == 1)
    #expect(pushes(shared) == 3)
    #expect(result.stderr.contains("remote origin refused the push of \(branch)"), "\(result.stderr)")
    #expect(result.stderr.contains("run rk sync again"))
    #expect(try shared.revision(branch, in: shared.origin) == before)
  }
}
