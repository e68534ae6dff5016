import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `SIGKILL` during `rk`'s packing: whenever it lands, git can use the
/// repository, no object is lost, the next `rk` change works, and what the
/// killed run left is removed once stale. rk runs with no git on its `PATH`,
/// as on a machine without git: where git is installed, packing is git's.
///
/// A few trials run with the suite; `RK_PACKING_CRASH_TRIALS=300` runs more.
@Suite("Killing rk while it packs")
struct PackingCrashTests {
  @Test(arguments: [false, true])
  func aKillAtAnyMomentOfPackingLosesNothing(withMultiPackIndex: Bool) throws {
    let template = try CrashTemplate(withMultiPackIndex: withMultiPackIndex)
    // One run that is not killed: how long packing takes, from the moment its
    // temporary pack appears.
    let calibration = try template.copy()
    let packing = try calibration.run(killAfter: nil)
    #expect(packing.status == 0)
    #expect(try calibration.looseObjectCount() < 100, "the run did not pack")
    let window = max(packing.packingSeconds, 0.05)

    let trials = Int(ProcessInfo.processInfo.environment["RK_PACKING_CRASH_TRIALS"] ?? "") ?? 3
    for trial in 0..<trials {
      let delay = Double.random(in: 0...(window * 1.2))
      let repository = try template.copy()
      _ = try repository.run(killAfter: delay)
      let context = "trial \(trial), killed \(Int(delay * 1000)) ms into packing"
      try repository.expectUsable(keeping: template.objects, context)
      // The killed run committed before it packed; the next change works.
      let next = try repository.rk(["tag", "add", "albums/album-0002", "after"])
      #expect(next.status == 0, "\(context): \(next.stderr)")
      #expect(try repository.commitCount() == template.commits + 2, "\(context)")
      try repository.expectUsable(keeping: template.objects, context)
      // What the killed run left goes once it is stale.
      try repository.ageLeftovers(by: 7200)
      #expect(try repository.rk(["tag", "add", "albums/album-0003", "later"]).status == 0)
      let leftovers = try repository.leftovers()
      #expect(leftovers.isEmpty, "\(context): \(leftovers)")
      let counts = try repository.git("count-objects", "-v")
      #expect(counts.out.contains("garbage: 0"), "\(context): \(counts.out)")
    }
  }
}

/// A collection whose next `rk` change packs: eight plain packs
/// (and, if asked, one named by a multi-pack-index with a bitmap), then
/// 551 more albums committed by git: over 1,100 loose objects.
private final class CrashTemplate {
  let repository: CrashRepository
  let objects: Set<String>
  let commits: Int
  private let collection: TemporaryCollection

  init(withMultiPackIndex: Bool) throws {
    collection = try TemporaryCollection()
    try collection.write("albums/album-0000", albumText(title: "Album 0", artist: "Artist"))
    try collection.initializeGit()
    repository = CrashRepository(path: collection.path)
    try git(["config", "gc.auto", "0"], in: collection.path)
    if withMultiPackIndex {
      try git(["repack", "-q", "-a", "-d", "--write-midx", "--write-bitmap-index"], in: collection.path)
    }
    for number in 1...8 {
      try collection.write(String(format: "albums/album-%04d", number), albumText(title: "Album \(number)", artist: "Artist"))
      try git(["add", "-A"], in: collection.path)
      try git(["commit", "-q", "-m", "Album \(number)"], in: collection.path)
      try git(["repack", "-q", "-d"], in: collection.path)
    }
    for number in 9..<560 {
      try collection.write(String(format: "albums/album-%04d", number), albumText(title: "Album \(number)", artist: "Artist"))
    }
    try git(["add", "-A"], in: collection.path)
    try git(["commit", "-q", "-m", "Many albums"], in: collection.path)
    objects = try repository.objectIDs()
    commits = try repository.commitCount()
  }

  /// A copy in a new temporary folder.
  func copy() throws -> CrashRepository {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("rk-crash-\(UUID().uuidString)").path
    try FileManager.default.copyItem(atPath: collection.path, toPath: path)
    return CrashRepository(path: path, owned: true)
  }
}

private final class CrashRepository {
  let path: String
  private let owned: Bool

  init(path: String, owned: Bool = false) {
    self.path = path
    self.owned = owned
  }

  deinit { if owned { try? FileManager.default.removeItem(atPath: path) } }

  var packFolder: String { path + "/.git/objects/pack" }

  /// Runs `rk tag add` and, when `killAfter` is given, kills it with
  /// `SIGKILL` that many seconds after its temporary pack appears (or when
  /// it exits first). Returns its exit status and how long packing took.
  func run(killAfter: Double?) throws -> (status: Int32, packingSeconds: Double) {
    let process = try startRK(["-C", path, "tag", "add", "albums/album-0001", "killed"], environment: withoutGit)
    var packingStarted: UInt64?
    try process.bounded {
      // Watch for libgit2's temporary pack: packing has begun.
      while process.isRunning {
        if packingStarted == nil,
          (try? FileManager.default.contentsOfDirectory(atPath: packFolder))?.contains(where: { $0.hasPrefix("pack_git2_") }) == true
        {
          packingStarted = DispatchTime.now().uptimeNanoseconds
        }
        if let start = packingStarted, let killAfter,
          Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 >= killAfter
        {
          kill(process.processIdentifier, SIGKILL)
          break
        }
        usleep(500)
      }
      process.waitUntilExit()
    }
    let end = DispatchTime.now().uptimeNanoseconds
    return (process.terminationStatus, packingStarted.map { Double(end - $0) / 1e9 } ?? 0)
  }

  func rk(_ arguments: [String]) throws -> RKResult { try TestSupport.runRK(["-C", path] + arguments, environment: withoutGit) }

  /// A `PATH` without git, so that rk packs itself.
  let withoutGit = ["PATH": "/nonexistent-rk-test-path"]

  /// `git fsck --full` is clean, `git count-objects` and `git log` work,
  /// and every object of `objects` is still there.
  func expectUsable(keeping objects: Set<String>, _ context: String) throws {
    let fsck = try git("fsck", "--full", "--no-dangling")
    #expect(fsck.status == 0 && fsck.err.isEmpty, "\(context): git fsck: \(fsck.err)")
    #expect(try git("count-objects", "-v").status == 0, "\(context)")
    #expect(try git("log", "--oneline").status == 0, "\(context)")
    let missing = objects.subtracting(try objectIDs())
    #expect(missing.isEmpty, "\(context): \(missing.count) objects lost")
  }

  /// What a killed packing leaves: libgit2's temporary files and indexes
  /// without their pack.
  func leftovers() throws -> [String] {
    let names = Set(try FileManager.default.contentsOfDirectory(atPath: packFolder))
    return names.filter { name in
      name.hasPrefix("pack_git2_") || (name.hasSuffix(".idx") && !names.contains(String(name.dropLast(4)) + ".pack"))
    }.sorted()
  }

  /// Makes the leftovers look `seconds` older.
  func ageLeftovers(by seconds: Double) throws {
    for name in try leftovers() {
      try FileManager.default.setAttributes(
        [.modificationDate: Date(timeIntervalSinceNow: -seconds)], ofItemAtPath: packFolder + "/" + name)
    }
  }

  func looseObjectCount() throws -> Int {
    let line = try git("count-objects", "-v").out.split(separator: "\n").first { $0.hasPrefix("count:") }
    return Int(line?.dropFirst(6).trimmingCharacters(in: .whitespaces) ?? "") ?? -1
  }

  func commitCount() throws -> Int {
    Int(try git("rev-list", "--count", "HEAD").out.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
  }

  func objectIDs() throws -> Set<String> {
    Set(try git("cat-file", "--batch-all-objects", "--batch-check=%(objectname)").out.split(separator: "\n").map(String.init))
  }

  /// Runs git with ``hermeticEnvironment``; throws only when it cannot start.
  @discardableResult
  func git(_ arguments: String...) throws -> (status: Int32, out: String, err: String) {
    try runGit(arguments, in: path)
  }
}
