import Foundation
import RecordKeeper
import TestSupport
import Testing

/// Issue 17 end to end: a collection of a few hundred albums, each given one
/// random pair of hand edits (Alice commits hers, Bob his), merged once by
/// `rk sync` and once by `git pull` through `rk merge-file`. In every album
/// every line either side added or both kept is in the result (or its
/// field's merged value replaced it), or `rk conflicts` names the album.
@Suite("Merge property end to end: rk sync and git pull")
struct MergePropertyEndToEndTests {
  static let count = 250

  @Test func hundredsOfAlbumsEditedOnBothSidesLoseNoLine() throws {
    let shared = try SharedCollection()
    var edits = HandEdits(seed: 1717)
    var versions: [(id: String, base: String, ours: String, theirs: String)] = []
    let seed = shared.root + "/seed"
    for number in 0..<Self.count {
      let id = "albums/album-\(number)"
      let base = edits.album(number: number)
      try write(base, to: seed + "/" + id + "/album.md")
      versions.append((id, base, edits.edit(base, side: "A"), edits.edit(base, side: "B")))
    }
    try git(["add", "-A"], in: seed, environment: shared.environment)
    try git(["commit", "-q", "-m", "Albums"], in: seed, environment: shared.environment)
    try expectSuccess(shared.rk(["-C", seed, "sync"]))
    let alice = try shared.clone("alice")
    let bob = try shared.clone("bob")
    for version in versions {
      try write(version.ours, to: alice + "/" + version.id + "/album.md")
      try write(version.theirs, to: bob + "/" + version.id + "/album.md")
    }
    for clone in [alice, bob] {
      try git(["commit", "-q", "-am", "Hand edits"], in: clone, environment: shared.environment)
    }
    try expectSuccess(shared.rk(["-C", bob, "sync"]))
    let alicePull = shared.root + "/alice-pull"
    try FileManager.default.copyItem(atPath: alice, toPath: alicePull)

    // Once by rk sync (the merge in process), once by git pull (the driver).
    let synced = try shared.rk(["-C", alice, "sync"])
    #expect(synced.status == 0 || synced.stdout.contains("rk conflicts"), "\(synced.stdout)\(synced.stderr)")
    let pulled = try runGit(["pull", "--no-rebase", "--no-edit", "-q"], in: alicePull, environment: shared.environment)
    #expect(pulled.status == 0 || pulled.err.contains("CONFLICT") || pulled.out.contains("CONFLICT"), "\(pulled.err)")

    var figures: [String] = []
    for (name, clone) in [("rk sync", alice), ("git pull", alicePull)] {
      let listed = try shared.rk(["-C", clone, "conflicts", "--json"])
      let conflicted = Set(
        ((try? JSONSerialization.jsonObject(with: Data(listed.stdout.utf8))) as? [[String: Any]] ?? []).compactMap {
          $0["album"] as? String
        })
      var failures: [String] = []
      for version in versions {
        let result = try String(contentsOfFile: clone + "/" + version.id + "/album.md", encoding: .utf8)
        #expect(!result.isEmpty, "\(name): \(version.id) is empty")
        if conflicted.contains(version.id) { continue }
        let lost = MergeCheck.lostLines(base: version.base, ours: version.ours, theirs: version.theirs, result: result)
        if !lost.isEmpty { failures.append("\(version.id): lost \(lost)\n--- result\n\(result)") }
      }
      figures.append("\(name): \(versions.count) albums, \(conflicted.count) with conflicts, \(failures.count) lost lines silently")
      #expect(failures.isEmpty, "\(name):\n\(failures.prefix(3).joined(separator: "\n\n"))")
    }
    print("merge property end to end: " + figures.joined(separator: "; "))
  }

  private func write(_ text: String, to path: String) throws {
    try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  }
}
