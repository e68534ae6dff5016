import Foundation
import RecordKeeper
import TestSupport
import Testing

/// Issues 17 and 29 end to end: a collection of a few hundred albums, each
/// given one random pair of hand edits and library rk commands
/// (``HandEdits``, seed 2929); Alice and Bob commit them, then run real `rk`
/// commands on some albums; merged once by `rk sync` and once by `git pull`
/// through `rk merge-file`. In every album without a conflict, every line
/// either side added or both kept is in the result (or its field's merged
/// value replaced it), and nothing is duplicated, brought back or moved to
/// another track; the others are named by `rk conflicts`. An ordered list
/// both sides change with random `rk lists` commands keeps both sides'
/// additions, numbered 1…n, or is named too. Alice then takes theirs for
/// every conflict, and Bob, updating, ends with her bytes.
@Suite("Merge property end to end: rk sync and git pull")
struct MergePropertyEndToEndTests {
  static let count = 200
  static let seed: UInt64 = 2929
  /// Albums each side also changes with a real rk command.
  static let commands = 20
  /// The albums in the ordered list both sides change, and the list
  /// commands each side runs.
  static let listed = 8
  static let listCommands = 6

  @Test func hundredsOfAlbumsEditedOnBothSidesLoseNoLine() throws {
    let shared = try SharedCollection()
    var edits = HandEdits(seed: Self.seed)
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
    // An ordered list both sides change too (issue 32).
    try expectSuccess(shared.rk(["-C", seed, "lists", "new", "mix", "--ordered"]))
    for number in 0..<Self.listed { try expectSuccess(shared.rk(["-C", seed, "lists", "add", "mix", "albums/album-\(number)"])) }
    // And one both sides only add to, which never conflicts.
    try expectSuccess(shared.rk(["-C", seed, "lists", "new", "queue", "--ordered"]))
    try expectSuccess(shared.rk(["-C", seed, "lists", "add", "queue", "albums/album-0"]))
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
    // Real rk commands on top: the versions become what each clone holds.
    var generator = SeededGenerator(seed: Self.seed)
    for (side, clone) in [("A", alice), ("B", bob)] {
      for index in (0..<Self.count).shuffled(using: &generator).prefix(Self.commands) {
        let id = versions[index].id
        let n = Int.random(in: 1..<3, using: &generator)
        let arguments: [String] =
          switch Int.random(in: 0..<5, using: &generator) {
          case 0: ["tag", "add", id, "\(side.lowercased())rktag\(index)"]
          case 1: ["track", "add", id, "\(side) rk track \(index)", "--at", "\(n)"]
          case 2: ["track", "rm", id, "\(n)"]
          case 3: ["track", "fav", id, "\(n)"]
          default: ["set", id, "--label", "\(side) rk label \(index)"]
          }
        _ = try shared.rk(["-C", clone] + arguments)
        let text = try String(contentsOfFile: clone + "/" + id + "/album.md", encoding: .utf8)
        if side == "A" { versions[index].ours = text } else { versions[index].theirs = text }
      }
    }
    // Random list commands on each side: entries added, moved, dropped.
    var added: [String: Set<String>] = [:]
    var queued: [String: [String]] = [:]
    for (side, clone) in [("A", alice), ("B", bob)] {
      var count = Self.listed
      for _ in 0..<Self.listCommands {
        let from = Int.random(in: 1...max(count, 1), using: &generator)
        let arguments: [String]
        switch Int.random(in: 0..<3, using: &generator) {
        case 0 where count > 1: arguments = ["lists", "move", "mix", "\(from)", "\(Int.random(in: 1...count, using: &generator))"]
        case 1 where count > 1:
          arguments = ["lists", "drop", "mix", "\(from)"]
          count -= 1
        default:
          let album = "albums/album-\(Int.random(in: Self.listed..<Self.count, using: &generator))"
          arguments = ["lists", "add", "mix", album, "--at", "\(Int.random(in: 1...(count + 1), using: &generator))"]
          count += 1
        }
        try expectSuccess(shared.rk(["-C", clone] + arguments))
      }
      // What the side added and kept, to be in the merge.
      let list = try expectSuccess(shared.rk(["-C", clone, "list", "@mix", "--json"])).stdout
      let albums = ((try? JSONSerialization.jsonObject(with: Data(list.utf8))) as? [[String: Any]] ?? []).compactMap {
        $0["album"] as? String
      }
      added[side] = Set(albums).subtracting((0..<Self.listed).map { "albums/album-\($0)" })
      for place in 1...2 {
        let album = "albums/album-\(Int.random(in: 1..<Self.count, using: &generator))"
        try expectSuccess(shared.rk(["-C", clone, "lists", "add", "queue", album, "--at", "\(place)"]))
        queued[side, default: []].append(album)
      }
    }
    try expectSuccess(shared.rk(["-C", bob, "sync"]))
    let alicePull = shared.root + "/alice-pull"
    try FileManager.default.copyItem(atPath: alice, toPath: alicePull)
    let bobPull = shared.root + "/bob-pull"
    try FileManager.default.copyItem(atPath: bob, toPath: bobPull)

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
        let lost =
          MergeCheck.lostLines(base: version.base, ours: version.ours, theirs: version.theirs, result: result)
          + MergeCheck.misplacedLines(base: version.base, ours: version.ours, theirs: version.theirs, result: result)
        if !lost.isEmpty { failures.append("\(version.id): \(lost)\n--- result\n\(result)") }
      }
      // The list: both sides' additions, numbered 1…n, unless it conflicted.
      let list = try expectSuccess(shared.rk(["-C", clone, "list", "@mix", "--json"])).stdout
      let entries = (try? JSONSerialization.jsonObject(with: Data(list.utf8))) as? [[String: Any]] ?? []
      #expect(entries.enumerated().allSatisfy { ($1["place"] as? Int) == $0 + 1 }, "\(name): \(list)")
      let queue = try expectSuccess(shared.rk(["-C", clone, "list", "@queue", "--json"])).stdout
      let queueEntries = ((try? JSONSerialization.jsonObject(with: Data(queue.utf8))) as? [[String: Any]] ?? []).compactMap {
        $0["album"] as? String
      }
      #expect(queueEntries == (queued["A"] ?? []) + (queued["B"] ?? []) + ["albums/album-0"], "\(name): \(queue)")
      if !conflicted.contains(".recordkeeper/lists") {
        let albums = Set(entries.compactMap { $0["album"] as? String })
        let missing = added.values.reduce(into: Set<String>()) { $0.formUnion($1) }.subtracting(albums)
        #expect(missing.isEmpty, "\(name): the list lost \(missing)")
      }
      // Alice settles every conflict; the merge commit is made with the last.
      for album in conflicted.sorted() {
        let resolved = try shared.rk(["-C", clone, "resolve", album, "--take", "theirs"])
        #expect(resolved.status == 0, "\(name): resolve \(album): \(resolved.stdout)\(resolved.stderr)")
      }
      #expect(try git(["status", "--porcelain"], in: clone, environment: shared.environment).isEmpty, "\(name)")
      figures.append(
        "\(name): \(versions.count) albums, \(conflicted.count) with conflicts, \(failures.count) lost or misplaced lines, "
          + (conflicted.contains(".recordkeeper/lists") ? "the list conflicted" : "\(entries.count) entries in the list"))
      #expect(failures.isEmpty, "\(name):\n\(failures.prefix(3).joined(separator: "\n\n"))")
    }
    // Both sides end byte-identical: Bob takes Alice's merge.
    try expectSuccess(shared.rk(["-C", alice, "sync"]))
    try expectSuccess(shared.rk(["-C", bob, "sync"]))
    let bobPulled = try runGit(["pull", "--no-rebase", "--no-edit", "-q", alicePull, "HEAD"], in: bobPull, environment: shared.environment)
    #expect(bobPulled.status == 0, "\(bobPulled.err)")
    var different = 0
    for (a, b) in [(alice, bob), (alicePull, bobPull)] {
      let path = "/.recordkeeper/lists/mix.md"
      if FileManager.default.contents(atPath: a + path) != FileManager.default.contents(atPath: b + path) { different += 1 }
    }
    for version in versions {
      for (a, b) in [(alice, bob), (alicePull, bobPull)] {
        let mine = FileManager.default.contents(atPath: a + "/" + version.id + "/album.md")
        if mine != FileManager.default.contents(atPath: b + "/" + version.id + "/album.md") { different += 1 }
      }
    }
    #expect(different == 0)
    print(
      "merge property end to end (seed \(Self.seed)): " + figures.joined(separator: "; ")
        + "; \(different) albums differ between Alice and Bob")
  }

  private func write(_ text: String, to path: String) throws {
    try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  }
}
