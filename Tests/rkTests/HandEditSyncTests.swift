import Foundation
import TestSupport
import Testing

/// What a person writes by hand travels (docs/sharing.md, "What you write by hand travels"): `rk sync` records
/// hand edits first, one commit per album, plays file or smart list, and
/// leaves home what breaks a rule; `rk status` shows what is not yet shared.
@Suite("Hand edits travel with rk sync, and rk status shows them")
struct HandEditSyncTests {
  /// Alice's clone, with albums to edit, remove, break and garble by hand,
  /// a plays file and a smart list, all synced; then the hand edits made.
  struct HandEdited {
    let shared: SharedCollection
    let alice: String
    let removed: String
    let broken: String
    let garbled: String
    let playsFile: String

    init() throws {
      shared = try SharedCollection()
      alice = try shared.clone("alice")
      let alice = alice
      let shared = shared
      func add(_ title: String, _ artist: String) throws -> String {
        try expectSuccess(shared.rk(["-C", alice, "add", "--title", title, "--artist", artist, "--tag", "jazz"]))
          .stdout.trimmingCharacters(in: .whitespacesAndNewlines)
      }
      removed = try add("Bitches Brew", "Miles Davis")
      broken = try add("Somethin' Else", "Cannonball Adderley")
      garbled = try add("Moanin'", "Art Blakey")
      try expectSuccess(shared.rk(["-C", alice, "play", shared.album]))
      try expectSuccess(shared.rk(["-C", alice, "lists", "save", "jazz", "#jazz"]))
      try expectSuccess(shared.rk(["-C", alice, "sync"]))
      let plays = try FileManager.default.contentsOfDirectory(atPath: alice + "/plays")
      playsFile = "plays/" + (plays.first ?? "")

      try edit(shared.album) { $0.replacingOccurrences(of: "title: Blue Train", with: "title: Blue Train (Mono)") }
      try FileManager.default.createDirectory(atPath: alice + "/albums/nick-drake-pink-moon", withIntermediateDirectories: true)
      try write("albums/nick-drake-pink-moon/album.md", "---\ntitle: Pink Moon\nartist: Nick Drake\n---\n")
      try FileManager.default.removeItem(atPath: alice + "/" + removed)
      try write(playsFile, try read(playsFile) + "- 2025-03-01 · \(shared.album) · Alice\n")
      try write(".recordkeeper/lists/jazz.yaml", "description: Hand picked\nrules:\n- \"#jazz\"\n")
      try edit(broken) { "---\nreleased: 1957-02-30\n" + $0.dropFirst(4) }
      try edit(garbled) { "---\n<<<<<<< mine\ntitle: Moanin\n=======\n" + $0.dropFirst(4) }
    }

    /// Runs `rk` inside the clone (Alice's by default), so paths are shown from its root.
    func rk(_ arguments: [String], in clone: String? = nil) throws -> RKResult {
      try runRK(arguments, environment: shared.environment, in: clone ?? alice)
    }

    func read(_ file: String, in clone: String? = nil) throws -> String {
      try String(contentsOfFile: (clone ?? alice) + "/" + file, encoding: .utf8)
    }

    func write(_ file: String, _ text: String) throws {
      try Data(text.utf8).write(to: URL(fileURLWithPath: alice + "/" + file))
    }

    func edit(_ album: String, _ change: (String) -> String) throws {
      try write(album + "/album.md", change(try read(album + "/album.md")))
    }

    /// The subjects of the commits on HEAD since `revision`, oldest first.
    func subjects(since revision: String) throws -> [String] {
      try git(["log", "--reverse", "--format=%s", "\(revision)..HEAD"], in: alice, environment: shared.environment)
        .split(separator: "\n").map(String.init)
    }
  }

  @Test func syncRecordsEachHandEditInItsOwnCommitAndLeavesBrokenFilesHome() throws {
    let edited = try HandEdited()
    let before = try edited.shared.revision("HEAD", in: edited.alice)
    let result = try edited.rk(["sync"])
    #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
    let subjects = try edited.subjects(since: before)
    // In id order: the list's file, the albums, the plays file.
    #expect(
      subjects == [
        "Edit smart list jazz by hand", "Edit John Coltrane – Blue Train (Mono) by hand", "Remove Miles Davis – Bitches Brew by hand",
        "Add Nick Drake – Pink Moon by hand", "Edit \(edited.playsFile) by hand",
      ], "\(subjects)")
    // One commit per file: each touches one album folder, plays file or list.
    for index in 0..<subjects.count {
      let files = try git(["show", "--name-only", "--format=", "HEAD~\(index)"], in: edited.alice, environment: edited.shared.environment)
        .split(separator: "\n").map { $0.split(separator: "/").prefix(2).joined(separator: "/") }
      #expect(Set(files).count == 1, "\(files)")
    }
    for subject in subjects { #expect(result.stdout.contains("] \(subject)\n"), "\(result.stdout)") }
    #expect(result.stderr.contains("\(edited.broken)/album.md:2: released: "), "\(result.stderr)")
    #expect(result.stderr.contains("\(edited.garbled)/album.md:"), "\(result.stderr)")
    let last = result.stderr.split(separator: "\n").last.map(String.init) ?? ""
    #expect(
      last
        == "2 files stayed home (not recorded, not sent): \(edited.garbled)/album.md, \(edited.broken)/album.md; "
        + "rk sync records them once what is named above is fixed", "\(last)")
    #expect(!result.stdout.contains("every change made here"), "\(result.stdout)")
    #expect(result.stdout.contains("Pushed 5 changes to origin."), "\(result.stdout)")
    // What stayed home is still as the person wrote it, and uncommitted.
    #expect(try edited.read(edited.broken + "/album.md").hasPrefix("---\nreleased: 1957-02-30\n"))
    let dirty = try git(["status", "--porcelain"], in: edited.alice, environment: edited.shared.environment)
    #expect(dirty == " M \(edited.garbled)/album.md\n M \(edited.broken)/album.md\n", "\(dirty)")

    let bob = try edited.shared.clone("bob")
    #expect(try edited.shared.albumText(in: bob).contains("title: Blue Train (Mono)"))
    #expect(try edited.read("albums/nick-drake-pink-moon/album.md", in: bob).contains("title: Pink Moon"))
    #expect(!FileManager.default.fileExists(atPath: bob + "/" + edited.removed))
    #expect(try edited.read(edited.playsFile, in: bob).contains("- 2025-03-01 · \(edited.shared.album) · Alice\n"))
    #expect(try edited.read(".recordkeeper/lists/jazz.yaml", in: bob).contains("description: Hand picked"))
    #expect(!(try edited.read(edited.broken + "/album.md", in: bob).contains("1957-02-30")))
  }

  @Test func syncWithNothingLeftHomeSaysOriginHasEverything() throws {
    let shared = try SharedCollection()
    let alice = try shared.clone("alice")
    let file = alice + "/" + shared.album + "/album.md"
    try Data(try String(contentsOfFile: file, encoding: .utf8).replacingOccurrences(of: "Blue Train", with: "Blue Train!").utf8)
      .write(to: URL(fileURLWithPath: file))
    let result = try expectSuccess(shared.rk(["-C", alice, "sync"]))
    #expect(
      result.stdout.hasSuffix("] Edit John Coltrane – Blue Train! by hand\nNothing new from origin.\nPushed 1 change to origin.\n"),
      "\(result.stdout)")
    #expect(result.stderr.isEmpty, "\(result.stderr)")
  }

  @Test func statusListsHandEditsWithTheirProblemsBeforeAndAfterSync() throws {
    let edited = try HandEdited()
    let before = try expectSuccess(edited.rk(["status"]))
    let album = edited.shared.album
    #expect(
      before.stdout == """
        On branch master, sharing with origin (as of the last fetch).
        Changed by hand, not yet recorded (rk sync records them):
          edited:  .recordkeeper/lists/jazz.yaml
          edited:  \(edited.garbled)/album.md (stays home until fixed)
            \(edited.garbled)/album.md:2: front matter: unresolved git merge conflict: edit the file to keep the lines you want and remove the `<<<<<<<`, `=======` and `>>>>>>>` marker lines, then `git add` the file and `git commit`
          edited:  \(edited.broken)/album.md (stays home until fixed)
            \(edited.broken)/album.md:2: released: 1957-02 has no day 30
          edited:  \(album)/album.md
          removed: \(edited.removed)/album.md
          added:   albums/nick-drake-pink-moon/album.md
          edited:  \(edited.playsFile)

        """, "\(before.stdout)")

    let json = try #require(try JSONSerialization.jsonObject(with: Data(edited.rk(["status", "--json"]).stdout.utf8)) as? [String: Any])
    let edits = try #require(json["hand_edits"] as? [[String: Any]])
    #expect(edits.count == 7)
    let broken = try #require(edits.first { $0["path"] as? String == edited.broken + "/album.md" })
    #expect(broken["change"] as? String == "edited")
    #expect(broken["kind"] as? String == "album")
    let problems = try #require(broken["problems"] as? [[String: Any]])
    #expect(problems.first?["field"] as? String == "released")
    #expect(problems.first?["line"] as? Int == 2)
    #expect(json["to_send"] as? Int == 0)
    #expect(json["remote"] as? String == "origin")

    _ = try edited.rk(["sync"])
    try expectSuccess(edited.rk(["tag", "add", album, "hard-bop"]))
    let after = try expectSuccess(edited.rk(["status"]))
    #expect(!after.stdout.contains("pink-moon"), "\(after.stdout)")
    #expect(after.stdout.contains("  edited: \(edited.broken)/album.md (stays home until fixed)\n"), "\(after.stdout)")
    #expect(after.stdout.hasSuffix("1 change to send to origin (rk sync sends them).\n"), "\(after.stdout)")
    let afterJSON = try #require(
      try JSONSerialization.jsonObject(with: Data(edited.rk(["status", "--json"]).stdout.utf8)) as? [String: Any])
    #expect((afterJSON["hand_edits"] as? [Any])?.count == 2)
    #expect(afterJSON["to_send"] as? Int == 1)
  }

  @Test func statusFetchCountsWhatWaitsToBeReceived() throws {
    let shared = try SharedCollection()
    let alice = try shared.clone("alice")
    let bob = try shared.clone("bob")
    try expectSuccess(shared.rk(["-C", bob, "tag", "add", shared.album, "modal"]))
    try expectSuccess(shared.rk(["-C", bob, "sync"]))
    let stale = try expectSuccess(runRK(["status"], environment: shared.environment, in: alice))
    #expect(
      stale.stdout
        == "On branch master, sharing with origin (as of the last fetch).\nNothing to share: everything is recorded, and origin has it.\n",
      "\(stale.stdout)")
    let fetched = try expectSuccess(runRK(["status", "--fetch"], environment: shared.environment, in: alice))
    #expect(
      fetched.stdout == "On branch master, sharing with origin (just now).\n1 change to receive from origin (rk sync merges them).\n",
      "\(fetched.stdout)")
  }
}
