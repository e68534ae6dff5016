import Foundation
import TestSupport
import Testing

@testable import RecordKeeper

/// rk's packing in repositories that git's own maintenance has touched.
@Suite(.libgit2)
struct GitPackingTests {
  /// What git did to the repository before rk's changes.
  enum Maintenance: String, CaseIterable, CustomTestStringConvertible {
    /// `git repack -a -d --write-midx --write-bitmap-index`: one pack named
    /// by a multi-pack-index with a bitmap (the case the issue reported).
    case multiPackIndex
    /// `git maintenance run --task=gc`, with `.rev` files.
    case gcTask
    /// `git maintenance run --task=incremental-repack` (multi-pack-index
    /// write, expire and repack).
    case incrementalRepack
    /// `git maintenance run --task=commit-graph`: a commit-graph chain.
    case commitGraph
    /// `git repack -a -d -b`: one pack with its own bitmap.
    case packBitmap
    /// `git gc --cruft`: unreachable objects in a cruft pack with `.mtimes`.
    case cruftPack
    /// A pack marked `.keep` and one marked `.promisor`.
    case keptAndPromisor

    var testDescription: String { rawValue }

    func run(in repository: PackingRepository) throws {
      switch self {
      case .multiPackIndex: try repository.git("repack", "-q", "-a", "-d", "--write-midx", "--write-bitmap-index")
      case .gcTask:
        // Reverse indexes too, as git 2.41 and later write by default.
        try repository.git("config", "pack.writeReverseIndex", "true")
        try repository.git("maintenance", "run", "--task=gc")
      case .incrementalRepack:
        // The task repacks only when there are several packs.
        try repository.git("repack", "-q", "-d")
        try repository.git("maintenance", "run", "--task=incremental-repack")
      case .commitGraph:
        try repository.git("config", "fetch.writeCommitGraph", "false")
        try repository.git("maintenance", "run", "--task=commit-graph")
      case .packBitmap: try repository.git("repack", "-q", "-a", "-d", "-b")
      case .cruftPack:
        try repository.write("unreachable.txt", "nothing reaches this\n")
        try repository.git("hash-object", "-w", "unreachable.txt")
        try repository.git("gc", "-q", "--cruft", "--prune=never")
      case .keptAndPromisor:
        for mark in ["keep", "promisor"] {
          try repository.commitWithGit("\(mark).txt", "\(mark)\n")
          let before = Set(try repository.packNames())
          try repository.git("repack", "-q", "-d")
          let new = Set(try repository.packNames()).subtracting(before)
          try #require(new.count == 1)
          for name in new { try repository.write(".git/objects/pack/\(name).\(mark)", "") }
        }
      }
    }
  }

  /// The issue's reproduction, and every kind of git maintenance: after git
  /// touched the repository, many rk commits packed by rk itself (as where
  /// git is not installed) leave every pack and every file git marked in place and a repository
  /// that `git fsck --full`, `git gc`, `git repack -a -d`, `git count-objects`
  /// and `git log` all accept, with every object still there.
  @Test(arguments: Maintenance.allCases)
  func packingKeepsWhatGitMaintenanceWrote(_ maintenance: Maintenance) throws {
    let repository = try PackingRepository()
    try repository.start(albums: 60)
    try maintenance.run(in: repository)
    let marked = try repository.markedFiles()
    let before = try repository.objectIDs()
    let commits = try repository.commitCount()

    let packs = try repository.packNames()
    let packings = try repository.changeThroughRK(count: 24, looseObjectLimit: 3)
    #expect(packings > 3, "rk packed only \(packings) times")
    // Every pack is still there: rk adds packs, never deletes one.
    #expect(Set(try repository.packNames()).isSuperset(of: packs))

    // Nothing git marked was touched, and git reads the repository.
    #expect(try repository.markedFiles() == marked)
    try repository.expectHealthy(containing: before, commits: commits + 24)
    if maintenance == .multiPackIndex || maintenance == .incrementalRepack {
      #expect(try repository.run("multi-pack-index", "verify").status == 0)
    }
    if maintenance == .commitGraph {
      #expect(try repository.run("commit-graph", "verify").status == 0)
    }
    // git's own maintenance then works on what rk left…
    let all = try repository.objectIDs()
    for command in [["gc", "-q"], ["repack", "-q", "-a", "-d"], ["maintenance", "run", "--task=incremental-repack"]] {
      let result = try repository.run(command)
      #expect(result.status == 0, "git \(command.joined(separator: " ")): \(result.err)")
    }
    try repository.expectHealthy(containing: all, commits: commits + 24)
    // … and rk goes on committing and packing after it.
    #expect(try repository.changeThroughRK(count: 8, looseObjectLimit: 3) > 0)
    try repository.expectHealthy(containing: all, commits: commits + 24 + 8)
  }

  /// Where git is installed, rk leaves packing to `git maintenance run
  /// --auto`, as `git commit` does: in a repository with the person's
  /// maintenance (a multi-pack-index with a bitmap, a commit-graph, a pack
  /// marked `.keep`), rk's commits followed by ``GitRepository/tidyUp()``
  /// are packed by git, the kept pack stays, and `git fsck --strict` and
  /// `git gc` stay clean.
  @Test func besideGitMaintenanceRkLeavesPackingToGit() throws {
    let repository = try PackingRepository()
    try repository.start(albums: 60)
    try repository.git("repack", "-q", "-a", "-d", "--write-midx", "--write-bitmap-index")
    try repository.git("maintenance", "run", "--task=commit-graph")
    try repository.commitWithGit("keep.txt", "keep\n")
    let unkept = Set(try repository.packNames())
    try repository.git("repack", "-q", "-d")
    let kept = try #require(Set(try repository.packNames()).subtracting(unkept).first)
    try repository.write(".git/objects/pack/\(kept).keep", "")
    // git's automatic maintenance on, with a low threshold and in the
    // foreground, so that the test sees what it did.
    try repository.git("config", "maintenance.auto", "true")
    try repository.git("config", "gc.auto", "1")
    try repository.git("config", "gc.autoDetach", "false")
    try repository.git("config", "maintenance.autoDetach", "false")
    let objects = try repository.objectIDs()
    let commits = try repository.commitCount()

    // Thousands of loose objects, as a large import makes: sure to pass
    // git's estimate (it counts the objects in `objects/17`).
    for number in 0..<4000 { try repository.write(String(format: "albums/new-%04d.md", number), "title: New \(number)\n") }
    #expect(try repository.repository.commit(paths: ["albums"], message: "Many albums") != nil)
    try repository.write("albums/album-0003.md", "title: changed by rk\n")
    #expect(try repository.repository.commit(paths: ["albums"], message: "One more") != nil)
    repository.repository.tidyUp()

    let loose = try repository.git("count-objects", "-v").split(separator: "\n").first { $0.hasPrefix("count: ") }
    #expect(loose.map { Int($0.dropFirst(7)) ?? -1 }.map { $0 < 100 } == true, "git did not pack: \(String(describing: loose))")
    #expect(FileManager.default.fileExists(atPath: repository.work + "/.git/objects/pack/\(kept).keep"))
    #expect(try repository.packNames().contains(kept))
    let strict = try repository.run("fsck", "--full", "--strict", "--no-dangling")
    #expect(strict.status == 0 && !strict.err.contains("error"), "git fsck --strict: \(strict.err)")
    try repository.expectHealthy(containing: objects, commits: commits + 2)
    let gc = try repository.run("gc", "-q")
    #expect(gc.status == 0, "git gc: \(gc.err)")
    try repository.expectHealthy(containing: objects, commits: commits + 2)
    #expect(try repository.run("commit-graph", "verify").status == 0)
  }

  /// Changes interleaved with every kind of maintenance, as on a machine
  /// where `git maintenance` runs on a schedule while rk is used.
  @Test func packingBetweenRoundsOfMaintenance() throws {
    let repository = try PackingRepository()
    try repository.start(albums: 60)
    for maintenance in Maintenance.allCases {
      try maintenance.run(in: repository)
      let commits = try repository.commitCount() + 8
      let marked = try repository.markedFiles()
      let before = try repository.objectIDs()
      let packs = try repository.packNames()
      _ = try repository.changeThroughRK(count: 8, looseObjectLimit: 3)
      #expect(Set(try repository.packNames()).isSuperset(of: packs), "after \(maintenance)")
      #expect(try repository.markedFiles() == marked, "after \(maintenance)")
      try repository.expectHealthy(containing: before, commits: commits)
    }
  }

  /// What a killed packing run leaves (libgit2's `pack_git2_*` temporary
  /// files, an index whose pack was already deleted) goes once it is stale:
  /// untouched for an hour and older than this process's first packing.
  /// Fresh ones, git's own temporary files and real packs stay.
  @Test func removesTheFilesOfKilledPackingRuns() throws {
    let repository = try PackingRepository()
    try repository.start(albums: 20)
    try repository.git("repack", "-q", "-d")
    let folder = repository.work + "/.git/objects/pack"
    let pack = try #require(try repository.packNames().first)
    let index = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(pack).idx"))
    let orphan = "pack-" + String(repeating: "ab", count: 20) + ".idx"
    let stale = ["pack_git2_0123456789abcdef", "pack_git2_0123456789abidx.lock", orphan]
    let kept = ["pack_git2_fedcba9876543210", "tmp_pack_Ab12Cd", "\(pack).pack", "\(pack).idx"]
    for name in stale + kept.prefix(2) {
      try (name.hasSuffix(".idx") ? index : Data("partial pack".utf8)).write(to: URL(fileURLWithPath: "\(folder)/\(name)"))
    }
    let twoHoursAgo = Date(timeIntervalSinceNow: -7200)
    for name in stale + ["tmp_pack_Ab12Cd"] {
      try FileManager.default.setAttributes([.modificationDate: twoHoursAgo], ofItemAtPath: "\(folder)/\(name)")
    }

    #expect(try repository.repository.packIfNeeded() == false)
    let left = Set(try FileManager.default.contentsOfDirectory(atPath: folder))
    #expect(left.isDisjoint(with: stale))
    #expect(left.isSuperset(of: kept))
    #expect(try repository.run("fsck", "--full").status == 0)
  }

  /// `PackIndex` lists what `git verify-pack` lists, and refuses an index
  /// whose pack is gone (which the cleanup then removes).
  @Test func readsTheObjectIDsOfAPackIndex() throws {
    let repository = try PackingRepository()
    try repository.start(albums: 20)
    try repository.git("repack", "-q", "-d")
    let folder = repository.work + "/.git/objects/pack"
    let pack = try #require(try repository.packNames().first)
    let listed = try repository.git("verify-pack", "-v", "\(folder)/\(pack).idx").split(separator: "\n")
      .compactMap { $0.split(separator: " ").first.map(String.init) }.filter { $0.count == 40 }
    #expect(listed.count > 20)
    #expect(try PackIndex(path: "\(folder)/\(pack).idx").ids == Set(listed))

    let orphan = "\(folder)/pack-\(String(repeating: "cd", count: 20)).idx"
    try FileManager.default.copyItem(atPath: "\(folder)/\(pack).idx", toPath: orphan)
    #expect(throws: GitError.self) { try PackIndex(path: orphan) }
  }
}

/// A repository made by the git command line in a temporary folder, with
/// git run hermetically (TestSupport's ``hermeticEnvironment``).
final class PackingRepository {
  let work: String
  let repository: GitRepository

  init() throws {
    work = try makeTemporaryFolder("pack")
    try TestSupport.git(["init", "-q", "-b", "main"], in: work)
    try TestSupport.git(["config", "user.name", "Test Collector"], in: work)
    try TestSupport.git(["config", "user.email", "collector@example.com"], in: work)
    // Keep git from packing on its own in the background during a test.
    try TestSupport.git(["config", "gc.auto", "0"], in: work)
    try TestSupport.git(["config", "maintenance.auto", "false"], in: work)
    repository = try GitRepository.open(containing: work)
  }

  deinit { try? FileManager.default.removeItem(atPath: work) }

  /// Three commits by git: `albums` files, then two changes.
  func start(albums: Int) throws {
    for number in 0..<albums { try write(String(format: "albums/album-%04d.md", number), "title: Album \(number)\n") }
    try git("add", "-A")
    try git("commit", "-q", "-m", "Start")
    try commitWithGit("albums/album-0000.md", "title: Album 0, changed\n")
    try commitWithGit("albums/album-0001.md", "title: Album 1, changed\n")
  }

  /// `count` commits through ``GitRepository``, each followed by rk's own
  /// packing (that of a machine without git) with a low limit; returns how
  /// many times it packed.
  func changeThroughRK(count: Int, looseObjectLimit: Int) throws -> Int {
    var packings = 0
    for number in 0..<count {
      try write(String(format: "albums/album-%04d.md", (number * 7) % 60), "title: change \(UUID().uuidString)\n")
      #expect(try repository.commit(paths: ["albums"], message: "Change \(number)") != nil)
      if try repository.packIfNeeded(looseObjectLimit: looseObjectLimit, looseByteLimit: .max) { packings += 1 }
    }
    return packings
  }

  /// `git fsck --full`, `git count-objects -v` and `git log` succeed, every
  /// object of `ids` is there, and the branch has `commits` commits.
  func expectHealthy(containing ids: Set<String>, commits: Int, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let fsck = try run("fsck", "--full", "--no-dangling")
    #expect(fsck.status == 0, "git fsck: \(fsck.err)", sourceLocation: sourceLocation)
    #expect(!fsck.err.contains("error"), "git fsck: \(fsck.err)", sourceLocation: sourceLocation)
    let count = try run("count-objects", "-v")
    #expect(count.status == 0, sourceLocation: sourceLocation)
    #expect(count.out.contains("garbage: 0"), "git count-objects: \(count.out)\(count.err)", sourceLocation: sourceLocation)
    let log = try run("log", "--format=%H")
    #expect(log.status == 0, "git log: \(log.err)", sourceLocation: sourceLocation)
    #expect(log.out.split(separator: "\n").count == commits, sourceLocation: sourceLocation)
    // Nothing git keeps beside a pack outlives the pack, and the dumb-HTTP
    // pack list names the packs there are.
    let folder = work + "/.git/objects/pack"
    let names = Set(try FileManager.default.contentsOfDirectory(atPath: folder))
    let orphans = names.filter { name in
      [".idx", ".rev", ".bitmap", ".keep", ".promisor", ".mtimes"].contains { suffix in
        name.hasPrefix("pack-") && name.hasSuffix(suffix) && !names.contains(String(name.dropLast(suffix.count)) + ".pack")
      }
    }
    #expect(orphans.isEmpty, "files without their pack: \(orphans)", sourceLocation: sourceLocation)
    if let list = try? String(contentsOfFile: work + "/.git/objects/info/packs", encoding: .utf8) {
      let listed = Set(list.split(separator: "\n").filter { $0.hasPrefix("P ") }.map { String($0.dropFirst(2)) })
      #expect(listed == names.filter { $0.hasSuffix(".pack") }, "objects/info/packs: \(list)", sourceLocation: sourceLocation)
    }
    let missing = ids.subtracting(try objectIDs())
    #expect(missing.isEmpty, "\(missing.count) objects lost", sourceLocation: sourceLocation)
    // libgit2 reads it too.
    #expect(try repository.log().count == commits, sourceLocation: sourceLocation)
  }

  // MARK: git

  /// Runs git and returns its output; throws unless it exits 0.
  @discardableResult
  func git(_ arguments: String...) throws -> String {
    try TestSupport.git(arguments, in: work, environment: ["LC_ALL": "C"])
  }

  func run(_ arguments: String...) throws -> (status: Int32, out: String, err: String) { try run(arguments) }

  /// Runs git in the work tree with ``hermeticEnvironment``, whatever its exit status.
  func run(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
    try runGit(arguments, in: work, environment: ["LC_ALL": "C"])
  }

  func write(_ path: String, _ text: String) throws {
    let url = URL(fileURLWithPath: work + "/" + path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    guard FileManager.default.createFile(atPath: url.path, contents: Data(text.utf8)) else {
      throw PackingTestFailure(description: "cannot write \(url.path)")
    }
  }

  func commitWithGit(_ path: String, _ text: String) throws {
    try write(path, text)
    try git("add", "-A")
    try git("commit", "-q", "-m", "Change \(path)")
  }

  /// The number of commits on the branch.
  func commitCount() throws -> Int {
    Int(try git("rev-list", "--count", "HEAD").trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
  }

  /// Every object the repository holds, loose or packed, reachable or not.
  func objectIDs() throws -> Set<String> {
    Set(try git("cat-file", "--batch-all-objects", "--batch-check=%(objectname)").split(separator: "\n").map(String.init))
  }

  /// The packs (`pack-…`, without suffix) in `objects/pack`.
  func packNames() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: work + "/.git/objects/pack")
      .filter { $0.hasPrefix("pack-") && $0.hasSuffix(".pack") }.map { String($0.dropLast(5)) }.sorted()
  }

  /// Every file git keeps beside packs that marks or describes them (multi-
  /// pack-indexes, bitmaps, `.keep`, `.promisor`, `.mtimes`, commit-graphs),
  /// with the pack files they mark, and their sizes. (The packs a
  /// multi-pack-index names stay as every pack does: rk deletes none.)
  func markedFiles() throws -> [String: Int] {
    var files: [String: Int] = [:]
    let objects = work + "/.git/objects"
    let marks = [".keep", ".promisor", ".bitmap", ".mtimes"]
    let names = Set(try FileManager.default.contentsOfDirectory(atPath: objects + "/pack"))
    var kept: Set<String> = []
    for name in names {
      if name.hasPrefix("multi-pack-index") || marks.contains(where: name.hasSuffix) { kept.insert(name) }
      if let stem = marks.first(where: name.hasSuffix).map({ String(name.dropLast($0.count)) }) {
        for suffix in [".pack", ".idx"] where names.contains(stem + suffix) { kept.insert(stem + suffix) }
      }
    }
    for name in kept {
      files["pack/" + name] = (try FileManager.default.attributesOfItem(atPath: objects + "/pack/" + name)[.size] as? Int) ?? -1
    }
    let enumerator = FileManager.default.enumerator(atPath: objects + "/info")
    while let name = enumerator?.nextObject() as? String {
      guard name.hasPrefix("commit-graph") else { continue }
      files["info/" + name] = (try FileManager.default.attributesOfItem(atPath: objects + "/info/" + name)[.size] as? Int) ?? -1
    }
    return files
  }
}

struct PackingTestFailure: Error, CustomStringConvertible {
  var description: String
}
