import Foundation
import TestSupport
import Testing

/// Ordered lists between two collectors (issue 32), merged by `rk sync` and
/// by `git pull` through `rk merge-file`: both add to one list, one moves
/// an entry the other removes (a conflict), and `rk mv` meets an entry.
@Suite("Ordered lists across rk sync and git pull")
struct OrderedListSyncTests {
  /// How a clone takes in the other's changes.
  enum Route: CaseIterable { case sync, pull }

  /// Alice's clone with the list `set` holding the shared album (and a
  /// second album, Giant Steps, not in it), pushed; Bob's clone of it.
  func aliceAndBob(_ shared: SharedCollection) throws -> (alice: String, bob: String, other: String) {
    let alice = try shared.clone("alice")
    let other = try expectSuccess(shared.rk(["-C", alice, "add", "--title", "Giant Steps", "--artist", "John Coltrane"]))
      .stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    try expectSuccess(shared.rk(["-C", alice, "lists", "new", "set", "--ordered"]))
    try expectSuccess(shared.rk(["-C", alice, "lists", "add", "set", shared.album]))
    try expectSuccess(shared.rk(["-C", alice, "sync"]))
    return (alice, try shared.clone("bob"), other)
  }

  /// Bob takes in Alice's pushed changes by `route`; the command's output.
  @discardableResult
  func update(_ shared: SharedCollection, _ bob: String, by route: Route) throws -> (status: Int32, output: String) {
    switch route {
    case .sync:
      let result = try shared.rk(["-C", bob, "sync"])
      return (result.status, result.stdout + result.stderr)
    case .pull:
      let result = try runGit(["pull", "--no-rebase", "--no-edit", "-q"], in: bob, environment: shared.environment)
      return (result.status, result.out + result.err)
    }
  }

  /// The albums of the list, in its order, as `rk list @set --json` gives them.
  func listed(_ shared: SharedCollection, _ clone: String) throws -> [String] {
    let json = try expectSuccess(shared.rk(["-C", clone, "list", "@set", "--json"])).stdout
    let entries = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]] ?? []
    return entries.compactMap { $0["album"] as? String }
  }

  func listFile(_ clone: String) throws -> String {
    try String(contentsOfFile: clone + "/.recordkeeper/lists/set.md", encoding: .utf8)
  }

  @Test(arguments: Route.allCases) func twoCollectorsAddingToOneListKeepBothEntries(route: Route) throws {
    let shared = try SharedCollection()
    let (alice, bob, other) = try aliceAndBob(shared)

    try expectSuccess(shared.rk(["-C", alice, "lists", "add", "set", other]))
    try expectSuccess(shared.rk(["-C", bob, "lists", "add", "set", shared.album, "--at", "1"]))
    try expectSuccess(shared.rk(["-C", alice, "sync"]))
    let merged = try update(shared, bob, by: route)
    #expect(merged.status == 0 && !merged.output.contains("onflict"), "\(merged.output)")
    #expect(try listed(shared, bob) == [shared.album, shared.album, other])
    let file = try listFile(bob)
    #expect(file.hasSuffix("\n1. \(shared.album)\n2. \(shared.album)\n3. \(other)\n"), "\(file)")
    try expectSuccess(shared.rk(["-C", bob, "check"]))
    #expect(try git(["status", "--porcelain"], in: bob, environment: shared.environment).isEmpty)
  }

  @Test(arguments: Route.allCases) func handWrittenLinesOnOneSideAndAnEntryOnTheOtherAreBothKept(route: Route) throws {
    let shared = try SharedCollection()
    let (alice, bob, other) = try aliceAndBob(shared)
    let path = alice + "/.recordkeeper/lists/set.md"
    let text = try listFile(alice).replacingOccurrences(of: "\n1. ", with: "\n<!-- the opener -->\n1. ") + "\nDoors at nine.\n"
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    try git(["commit", "-q", "-am", "Notes on the set"], in: alice, environment: shared.environment)
    try expectSuccess(shared.rk(["-C", alice, "sync"]))
    try expectSuccess(shared.rk(["-C", bob, "lists", "add", "set", other]))

    let merged = try update(shared, bob, by: route)
    #expect(merged.status == 0, "\(merged.output)")
    let file = try listFile(bob)
    #expect(file == text.replacingOccurrences(of: "1. \(shared.album)\n", with: "1. \(shared.album)\n2. \(other)\n"), "\(file)")
  }

  @Test(arguments: Route.allCases) func anEntryOneSideMovesAndTheOtherRemovesIsAConflict(route: Route) throws {
    let shared = try SharedCollection()
    let (alice, bob, other) = try aliceAndBob(shared)
    try expectSuccess(shared.rk(["-C", alice, "lists", "add", "set", other]))
    try expectSuccess(shared.rk(["-C", alice, "sync"]))
    try expectSuccess(shared.rk(["-C", bob, "sync"]))

    try expectSuccess(shared.rk(["-C", alice, "lists", "move", "set", "1", "2"]))
    try expectSuccess(shared.rk(["-C", alice, "sync"]))
    try expectSuccess(shared.rk(["-C", bob, "lists", "drop", "set", "1"]))
    let merged = try update(shared, bob, by: route)
    #expect(merged.status != 0, "\(merged.output)")
    let conflicts = try expectSuccess(shared.rk(["-C", bob, "conflicts"])).stdout
    #expect(conflicts.contains(".recordkeeper/lists: set.md"), "\(conflicts)")
    #expect(conflicts.contains("ours:   removes \(shared.album)"), "\(conflicts)")
    #expect(conflicts.contains("theirs: moves \(shared.album) to 2"), "\(conflicts)")
    // Ours stays until resolved: Bob removed it.
    #expect(try listed(shared, bob) == [other])

    try expectSuccess(shared.rk(["-C", bob, "resolve", ".recordkeeper/lists", "--take", "theirs"]))
    let parents = try git(["rev-list", "--parents", "-n1", "HEAD"], in: bob, environment: shared.environment).split(separator: " ")
    #expect(parents.count == 3, "the merge commit is made once resolved")
    #expect(try listed(shared, bob) == [other, shared.album])
    #expect(!FileManager.default.fileExists(atPath: bob + "/.recordkeeper/lists/set.theirs.md"))
    #expect(try git(["status", "--porcelain"], in: bob, environment: shared.environment).isEmpty)
  }

  @Test(arguments: Route.allCases) func entriesBobAddsOrMovesForAlbumsAliceMovedNameTheirNewIDs(route: Route) throws {
    let shared = try SharedCollection()
    let (alice, bob, other) = try aliceAndBob(shared)
    let third = try expectSuccess(shared.rk(["-C", alice, "add", "--title", "Lush Life", "--artist", "John Coltrane"]))
      .stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    try expectSuccess(shared.rk(["-C", alice, "lists", "add", "set", third]))
    try expectSuccess(shared.rk(["-C", alice, "sync"]))
    try expectSuccess(shared.rk(["-C", bob, "sync"]))
    // Alice moves the album in the list (rk mv renames it there too) and one not in it yet.
    try expectSuccess(shared.rk(["-C", alice, "mv", shared.album, "coltrane-blue-train"]))
    try expectSuccess(shared.rk(["-C", alice, "mv", other, "coltrane-giant-steps"]))
    try expectSuccess(shared.rk(["-C", alice, "sync"]))
    // Bob moves the entry of the first and adds the second under its old id.
    try expectSuccess(shared.rk(["-C", bob, "lists", "move", "set", "1", "2"]))
    try expectSuccess(shared.rk(["-C", bob, "lists", "add", "set", other]))

    let merged = try update(shared, bob, by: route)
    #expect(merged.status == 0, "\(merged.output)")
    #expect(try listed(shared, bob) == [third, "albums/coltrane-blue-train", "albums/coltrane-giant-steps"])
    let check = try shared.rk(["-C", bob, "check"])
    #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    #expect(try git(["status", "--porcelain"], in: bob, environment: shared.environment).isEmpty)
  }
}
