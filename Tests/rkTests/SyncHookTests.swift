import Foundation
import TestSupport
import Testing

/// A bare repository on this machine checks pushes with its `pre-receive`
/// and `update` hooks; `rk sync` honours them as `git push` does: the hooks
/// get git's input, and a hook that declines stops the push and is heard.
@Suite("rk sync honours a folder remote's receive hooks")
struct SyncHookTests {
  let shared: SharedCollection
  let alice: String

  init() throws {
    shared = try SharedCollection()
    alice = try shared.clone("alice")
  }

  var branch: String {
    get throws { try git(["symbolic-ref", "--short", "HEAD"], in: alice).trimmingCharacters(in: .whitespacesAndNewlines) }
  }

  func installHook(_ name: String, _ script: String) throws {
    let path = shared.origin + "/hooks/" + name
    try script.write(toFile: path, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
  }

  @Test(arguments: [
    ("pre-receive", "#!/bin/sh\nread old new ref\necho \"no pushes to $ref today\"\nexit 1\n"),
    ("update", "#!/bin/sh\necho \"no pushes to $1 today\" >&2\nexit 1\n"),
  ])
  func aHookThatDeclinesStopsThePushAndIsHeard(hook: String, script: String) throws {
    try installHook(hook, script)
    let before = try shared.revision(try branch, in: shared.origin)
    try expectSuccess(shared.rk(["-C", alice, "tag", "add", shared.album, "cool"]))
    let result = try shared.rk(["-C", alice, "sync"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("refused the push"), "\(result.stderr)")
    #expect(result.stderr.contains("no pushes to refs/heads/\(try branch) today"), "\(result.stderr)")
    #expect(!result.stderr.contains("your network"))
    #expect(try shared.revision(try branch, in: shared.origin) == before)
  }

  @Test func aHookThatAcceptsSeesThePushAndLetsItThrough() throws {
    try installHook("pre-receive", "#!/bin/sh\ncat > \"$GIT_DIR/pushed\"\n")
    try expectSuccess(shared.rk(["-C", alice, "tag", "add", shared.album, "cool"]))
    try expectSuccess(shared.rk(["-C", alice, "sync"]))
    let head = try shared.revision("HEAD", in: alice)
    #expect(try shared.revision(try branch, in: shared.origin) == head)
    let pushed = try String(contentsOfFile: shared.origin + "/pushed", encoding: .utf8)
    #expect(pushed.hasSuffix(" \(head) refs/heads/\(try branch)\n"), "\(pushed)")
  }
}
