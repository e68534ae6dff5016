import Foundation
import TestSupport
import Testing

/// Ordered lists between two collectors (issue 32): both add to one list.
@Suite("Ordered lists across rk sync")
struct OrderedListSyncTests {
  @Test func twoCollectorsAddingToOneListKeepBothEntries() throws {
    let shared = try SharedCollection()
    let alice = try shared.clone("alice")
    let other = try expectSuccess(shared.rk(["-C", alice, "add", "--title", "Giant Steps", "--artist", "John Coltrane"]))
      .stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    try expectSuccess(shared.rk(["-C", alice, "lists", "new", "set", "--ordered"]))
    try expectSuccess(shared.rk(["-C", alice, "lists", "add", "set", shared.album]))
    try expectSuccess(shared.rk(["-C", alice, "sync"]))
    let bob = try shared.clone("bob")

    try expectSuccess(shared.rk(["-C", alice, "lists", "add", "set", other]))
    try expectSuccess(shared.rk(["-C", bob, "lists", "add", "set", shared.album, "--at", "1"]))
    try expectSuccess(shared.rk(["-C", alice, "sync"]))
    let merged = try shared.rk(["-C", bob, "sync"])
    withKnownIssue("ordered list files are not yet merged entry by entry: both sides' additions next to each other conflict") {
      #expect(merged.status == 0 && !merged.stdout.contains("onflict"), "\(merged.stdout)\(merged.stderr)")
      let listed = try expectSuccess(shared.rk(["-C", bob, "list", "@set", "--json"])).stdout
      #expect(listed.components(separatedBy: "\"album\"").count == 4, "\(listed)")
    }
  }
}
