import Foundation
import TestSupport
import Testing

/// A clone made with `git clone --depth N` lacks the history before its
/// boundary: what can work (the log above it, syncing) works, and what needs
/// more (undoing past it) says the clone is shallow and what to do.
@Suite("rk in a shallow clone")
struct ShallowCloneTests {
  let shared: SharedCollection
  let alice: String
  let shallow: String

  init() throws {
    shared = try SharedCollection()
    alice = try shared.clone("alice")
    for tag in ["bop", "cool", "modal"] { try expectSuccess(shared.rk(["-C", alice, "tag", "add", shared.album, tag])) }
    try expectSuccess(shared.rk(["-C", alice, "sync"]))
    shallow = shared.root + "/shallow"
    try git(["clone", "-q", "--depth", "2", "file://" + shared.origin, shallow], in: shared.root, environment: shared.environment)
  }

  @Test func theLogShowsTheHistoryItHasAndSaysItIsShallow() throws {
    for arguments in [["log"], ["log", shared.album]] {
      let result = try shared.rk(["-C", shallow] + arguments)
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stdout.contains("Add tag \"modal\""), "\(result.stdout)")
      #expect(!result.stdout.contains("Add tag \"bop\""))
      #expect(result.stderr.contains("this clone is shallow"), "\(result.stderr)")
      #expect(result.stderr.contains("git fetch --unshallow"))
    }
  }

  @Test func undoingPastTheBoundarySaysWhatToDo() throws {
    try expectSuccess(shared.rk(["-C", shallow, "undo"]))
    let result = try shared.rk(["-C", shallow, "undo"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("this clone is shallow"), "\(result.stderr)")
    #expect(result.stderr.contains("git fetch --unshallow"))
    #expect(!result.stderr.contains("git_revwalk_next"))
  }

  @Test func syncFetchesMergesAndPushes() throws {
    try expectSuccess(shared.rk(["-C", alice, "tag", "add", shared.album, "hard-bop"]))
    try expectSuccess(shared.rk(["-C", alice, "sync"]))
    try expectSuccess(shared.rk(["-C", shallow, "tag", "add", shared.album, "blue-note"]))
    let result = try shared.rk(["-C", shallow, "sync"])
    #expect(result.status == 0, "\(result.stderr)")
    let text = try shared.albumText(in: shallow)
    #expect(text.contains("- hard-bop\n") && text.contains("- blue-note\n"), "\(text)")
    try expectSuccess(shared.rk(["-C", alice, "sync"]))
    #expect(try shared.albumText(in: alice).contains("- blue-note\n"))
  }
}
