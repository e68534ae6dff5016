import Foundation
import TestSupport
import Testing

/// A few of `make crash`'s trials (bench/crash.py runs hundreds): `rk` is
/// killed with SIGKILL part way through a change, and the next `rk` must
/// find the repository sound and finish or roll back the change whole.
@Suite("Killing rk part way through a change")
struct CrashTests {
  let collection: TemporaryCollection

  init() throws {
    var albums: [String: String] = [:]
    for (artist, title) in [
      ("Miles Davis", "Kind of Blue"), ("Bill Evans", "Sunday at the Village Vanguard"), ("Nina Simone", "Pastel Blues"),
      ("John Coltrane", "Blue Train"), ("Charles Mingus", "Mingus Ah Um"),
    ] {
      albums["albums/" + (artist + " " + title).lowercased().replacingOccurrences(of: " ", with: "-")] = albumText(
        title: title, artist: artist, released: "1959", tags: ["jazz"], tracks: ["One", "Two"])
    }
    collection = try TemporaryCollection(albums: albums)
    try collection.initializeGit()
  }

  var gitDirectory: String { collection.path + "/.git" }

  func albums() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: collection.path + "/albums").filter { !$0.hasPrefix(".") }.sorted()
      .map { "albums/" + $0 }
  }

  /// Starts `rk` with `arguments` on the collection.
  func start(_ arguments: [String]) throws -> Process { try startRK(["-C", collection.path] + arguments) }

  /// Waits until `rk` has written its journal (or has ended); one that does
  /// neither within the time limit is killed, failing the test.
  func waitForJournal(of process: Process) throws {
    try process.bounded {
      while process.isRunning && !FileManager.default.fileExists(atPath: gitDirectory + "/rk-journal") { usleep(200) }
    }
  }

  /// The problems left after a kill and the next command, if any.
  func problems(afterKill trial: Int) throws -> [String] {
    var problems: [String] = []
    try git(["fsck", "--no-progress"], in: collection.path)
    // An album HEAD holds: one the killed command was adding may be rolled back.
    let all = try git(["ls-tree", "--name-only", "HEAD", "albums/"], in: collection.path).split(separator: "\n").map(String.init)
    let next = try runRK(["-C", collection.path, "tag", "add", all[trial % all.count], "next-\(trial)"])
    if next.status != 0 { problems.append("the next command failed: \(next.stderr)") }
    try git(["fsck", "--no-progress"], in: collection.path)
    if let status = try? collection.status(), !status.isEmpty { problems.append("work tree differs from HEAD: \(status)") }
    let staged = try git(["diff", "--cached", "--name-only"], in: collection.path)
    if !staged.isEmpty { problems.append("index differs from HEAD: \(staged)") }
    for leftover in ["rk-journal", "index.lock", "refs/heads/main.lock"]
    where FileManager.default.fileExists(atPath: gitDirectory + "/" + leftover) {
      problems.append(".git/\(leftover) left behind")
    }
    let hidden = try FileManager.default.contentsOfDirectory(atPath: collection.path + "/albums").filter { $0.hasPrefix(".rk-") }
    if !hidden.isEmpty { problems.append("left behind: \(hidden)") }
    let check = try runRK(["-C", collection.path, "check"])
    if check.status != 0 { problems.append("rk check: \(check.stderr)") }
    return problems
  }

  @Test func everyKilledChangeIsCompleteOrRolledBack() throws {
    var generator = SystemRandomNumberGenerator()
    var reports: [String] = []
    for trial in 0..<14 {
      let all = try albums()
      let album = all[trial % all.count]
      let arguments: [String] =
        switch trial % 7 {
        case 0: ["tag", "add", album, "crash-\(trial)"]
        case 1: ["set", album, "--released", "19\(60 + trial)"]
        case 2: ["add", "--title", "Crash \(trial)", "--artist", "The Killers"]
        case 3: all.count > 3 ? ["rm", "--yes", all[all.count - 1]] : ["tag", "add", album, "spared-\(trial)"]
        case 4: ["undo"]
        case 5: ["track", "add", album, "Bonus \(trial)"]
        default: ["tag", "rm", album, "jazz"]
        }
      let process = try start(arguments)
      // Half the kills land anywhere, half while the change is under way.
      if trial % 2 == 1 { try waitForJournal(of: process) }
      usleep(UInt32.random(in: 0...(trial % 2 == 1 ? 25_000 : 150_000), using: &generator))
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      let problems = try problems(afterKill: trial)
      #expect(problems.isEmpty, "rk \(arguments.joined(separator: " ")) killed: \(problems)")
      reports.append(process.terminationReason == .uncaughtSignal ? "killed" : "ended")
    }
    #expect(reports.count == 14)
  }

  /// `rk sync` killed while it fast-forwards or merges (bench/crash.py
  /// runs hundreds, fetches and pushes too): no album.md is left empty or
  /// half written, no lock stays, and the next sync loses no commit.
  @Test func aKilledSyncLeavesNoEmptyFileNoLockAndLosesNoCommit() throws {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("rk-crash-sync-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    let remote = scratch + "/remote.git"
    let other = scratch + "/other"
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    try git(["clone", "-q", "--bare", collection.path, remote], in: scratch)
    try git(["remote", "add", "origin", remote], in: collection.path)
    try git(["fetch", "-q", "origin"], in: collection.path)
    try git(["clone", "-q", remote, other], in: scratch)
    var generator = SystemRandomNumberGenerator()
    var made = Set<String>()
    func commits(_ path: String, _ revision: String = "HEAD") throws -> Set<String> {
      Set(try git(["rev-list", revision], in: path).split(separator: "\n").map(String.init))
    }
    for trial in 0..<8 {
      let all = try albums()
      // The other clone changes the first albums; this one the last, so every merge is clean.
      try expectSync(runRK(["-C", other, "sync"]))
      try expectSync(runRK(["-C", other, "tag", "add", all[trial % 2], "remote-\(trial)"]))
      try expectSync(runRK(["-C", other, "sync"]))
      if trial % 4 >= 2 { try expectSync(runRK(["-C", collection.path, "tag", "add", all[all.count - 1], "local-\(trial)"])) }
      made.formUnion(try commits(other))
      made.formUnion(try commits(collection.path))
      let process = try start(["sync"])
      if trial % 2 == 1 {
        try process.bounded {
          while process.isRunning && !FileManager.default.fileExists(atPath: gitDirectory + "/rk-merge-journal") { usleep(100) }
        }
        usleep(UInt32.random(in: 0...3_000, using: &generator))
      } else {
        usleep(UInt32.random(in: 0...80_000, using: &generator))
      }
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      for album in all {
        let size = (try? FileManager.default.attributesOfItem(atPath: collection.path + "/" + album + "/album.md")[.size] as? Int) ?? 0
        #expect(size > 0, "trial \(trial): \(album)/album.md is empty after the kill")
      }
      let problems = try problems(afterKill: trial)
      #expect(problems.isEmpty, "trial \(trial): \(problems)")
      try expectSync(runRK(["-C", collection.path, "sync"]))
      #expect(made.isSubset(of: try commits(collection.path)), "trial \(trial): a commit was lost")
      #expect(try commits(collection.path).isSubset(of: try commits(remote, "main")), "trial \(trial): not pushed")
      #expect(!FileManager.default.fileExists(atPath: gitDirectory + "/rk-merge-journal"))
    }
  }

  func expectSync(_ result: RKResult) throws {
    guard result.status == 0 else { throw CrashSetupFailed(message: result.stderr) }
  }

  struct CrashSetupFailed: Error { var message: String }

  @Test func theNextCommandSaysInOneLineWhatItRolledBack() throws {
    let file = try albums()[0] + "/album.md"
    let original = try collection.read(file)
    let head = try git(["rev-parse", "HEAD"], in: collection.path).trimmingCharacters(in: .newlines)
    let blob = try git(["rev-parse", "HEAD:" + file], in: collection.path).trimmingCharacters(in: .newlines)
    // As `rk tag add … interrupted` leaves it when killed after writing the file.
    try leaveJournal(
      message: "Add tag \"interrupted\" to Miles Davis – Kind of Blue\n\nRecord-Keeper: tag-add\n", head: head, paths: [file],
      files: [["path": file, "bytes": Data(original.utf8).base64EncodedString(), "mode": 0o644]],
      index: [["path": file, "id": blob, "mode": 0o100644]])
    try collection.writeFile(file, Array(original.replacingOccurrences(of: "- jazz\n", with: "- jazz\n- interrupted\n").utf8))
    try "".write(toFile: gitDirectory + "/index.lock", atomically: false, encoding: .utf8)

    let result = try runRK(["-C", collection.path, "tag", "add", try albums()[1], "modal"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stderr
        == "rk: rolled back a change an earlier rk was interrupted in (\"Add tag \"interrupted\" to Miles Davis – Kind of Blue\"): \(file) put back as before\n"
    )
    #expect(try collection.read(file) == original)
    #expect(try problems(afterKill: 0).isEmpty)
  }

  /// Writes `.git/rk-journal` as rk writes it (the format is part of what a
  /// newer rk must read after an older one was killed).
  func leaveJournal(
    message: String, head: String, paths: [String], files: [[String: Any]] = [], parked: [[String: String]] = [],
    index: [[String: Any]]
  ) throws {
    let journal: [String: Any] = [
      "version": 1, "message": message, "head": head, "paths": paths, "files": files, "parked": parked, "created": [],
      "staging": [], "index": index, "locks": [gitDirectory + "/index.lock", gitDirectory + "/refs/heads/main.lock"],
    ]
    try JSONSerialization.data(withJSONObject: journal).write(to: URL(fileURLWithPath: gitDirectory + "/rk-journal"))
  }

  @Test func anAlbumAKilledRemovalHidIsBackForTheNextCommand() throws {
    let album = try albums()[0]
    let file = album + "/album.md"
    let head = try git(["rev-parse", "HEAD"], in: collection.path).trimmingCharacters(in: .newlines)
    let blob = try git(["rev-parse", "HEAD:" + file], in: collection.path).trimmingCharacters(in: .newlines)
    let parked = "albums/.rk-removed-99-" + album.dropFirst("albums/".count)
    try leaveJournal(
      message: "Remove Bill Evans – Sunday at the Village Vanguard\n\nRecord-Keeper: remove\n", head: head, paths: [album],
      parked: [["original": album, "parked": parked]], index: [["path": file, "id": blob, "mode": 0o100644]])
    try FileManager.default.moveItem(atPath: collection.path + "/" + album, toPath: collection.path + "/" + parked)

    let result = try runRK(["-C", collection.path, "tag", "add", album, "modal"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.hasPrefix("rk: rolled back a change an earlier rk was interrupted in (\"Remove Bill Evans"))
    #expect(try collection.read(file).contains("- modal\n"))
    #expect(try problems(afterKill: 0).isEmpty)
  }

  @Test func aLockRKDidNotLeaveIsNamedWithWhatToDo() throws {
    let file = try albums()[0] + "/album.md"
    let original = try collection.read(file)
    let lock = gitDirectory + "/index.lock"
    try "".write(toFile: lock, atomically: false, encoding: .utf8)
    let result = try runRK(["-C", collection.path, "tag", "add", try albums()[0], "modal"])
    #expect(result.status != 0)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("it holds \(lock)"))
    #expect(result.stderr.contains("if no git command is running, delete \(lock) and try again"))
    #expect(try collection.read(file) == original)
    #expect(try collection.commitSubjects().count == 1)
    #expect(FileManager.default.fileExists(atPath: lock))
  }

  @Test func concurrentWritersLoseNoChangeAndLeaveTheIndexRight() async throws {
    let albums = try albums()
    let commands: [[String]] =
      (1...4).map { ["tag", "add", albums[0], "tag-\($0)"] } + [
        ["set", albums[1], "--released", "1960"], ["track", "add", albums[2], "Bonus"],
        ["add", "--title", "Ballads", "--artist", "John Coltrane"], ["tag", "add", albums[3], "hard-bop"],
      ]
    try await withThrowingTaskGroup(of: RKResult.self) { group in
      for command in commands {
        group.addTask { try runRK(["-C", collection.path] + command) }
      }
      for try await result in group { #expect(result.status == 0, "\(result.stderr)") }
    }
    #expect(try collection.commitSubjects().count == 1 + commands.count)
    let first = try collection.read(albums[0] + "/album.md")
    for number in 1...4 { #expect(first.contains("- tag-\(number)\n")) }
    #expect(try collection.read(albums[1] + "/album.md").contains("released: 1960"))
    #expect(try collection.read(albums[2] + "/album.md").contains("Bonus"))
    #expect(try collection.read(albums[3] + "/album.md").contains("- hard-bop\n"))
    #expect(FileManager.default.fileExists(atPath: collection.path + "/albums/john-coltrane-ballads/album.md"))
    #expect(try collection.status().isEmpty)
    #expect(try git(["diff", "--cached", "--name-only"], in: collection.path).isEmpty)
    try git(["fsck", "--no-progress"], in: collection.path)
  }
}
