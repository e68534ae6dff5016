import Foundation
import Testing
@testable import RecordKeeper

// TEMPORARY measurement harness; deleted before handing back.
@Suite(.libgit2, .serialized, .enabled(if: ProcessInfo.processInfo.environment["RK_GIT_BENCH"] != nil))
struct GitBenchTests {
  func now() -> Double { Date().timeIntervalSince1970 }
  func du(_ path: String) throws -> String {
    let p = Process(); p.executableURL = URL(fileURLWithPath: "/usr/bin/du"); p.arguments = ["-sk", "--apparent-size", path]
    let o = Pipe(); p.standardOutput = o; try p.run(); let d = o.fileHandleForReading.readDataToEndOfFile(); p.waitUntilExit()
    let p2 = Process(); p2.executableURL = URL(fileURLWithPath: "/usr/bin/du"); p2.arguments = ["-sk", path]
    let o2 = Pipe(); p2.standardOutput = o2; try p2.run(); let d2 = o2.fileHandleForReading.readDataToEndOfFile(); p2.waitUntilExit()
    let a = String(decoding: d, as: UTF8.self).split(separator: "\t")[0]
    let b = String(decoding: d2, as: UTF8.self).split(separator: "\t")[0]
    return "\(b) KiB on disk (\(a) KiB apparent)"
  }
  func album(_ n: Int, _ v: Int) -> String {
    "---\ntitle: Album number \(n) version \(v)\nartist: Artist \(n % 997)\nsort_artist: Artist \(n % 997)\nreleased: \(1950 + n % 70)-0\(1 + n % 9)-1\(n % 10)\ntags:\n- rock\n- 19\(50 + n % 50)s\n---\n\n## Tracks\n\n1. First song of \(n)\n2. Second song\n3. Third song\n4. Fourth song\n\n## Notes\n\nSome notes about album \(n).\n"
  }
  /// mode: 0 none, 1 packIfNeeded (incremental + consolidation), 2 full repack each time
  func run(mode: Int, label: String, gcAfter: Bool = false, flat: Bool = false) throws {
    let fmt = flat ? "albums/album-%05d.md" : "albums/album-%05d/album.md"
    let scratch = try Scratch.repository()
    let repository = try GitRepository.open(containing: scratch.work)
    for n in 0..<10_000 { try scratch.write(String(format: fmt, n), album(n, 0)) }
    var t = now()
    _ = try repository.commit(paths: ["albums"], message: "Start")
    let initial = now() - t
    var packTime = 0.0, commitTime = 0.0, packs = 0, worst = 0.0
    for c in 0..<200 {
      let n = (c * 7919) % 10_000
      try scratch.write(String(format: fmt, n), album(n, c + 1))
      t = now()
      _ = try repository.commit(paths: [flat ? String(format: fmt, n) : String(format: "albums/album-%05d", n)], message: "Change \(c)")
      commitTime += now() - t
      t = now()
      var did = false
      if mode == 1 { did = try repository.packIfNeeded() }
      if mode == 2 { did = try repository.pack(looseObjectLimit: GitRepository.defaultLooseObjectLimit, looseByteLimit: GitRepository.defaultLooseByteLimit, maximumPacks: 1) }
      let d = now() - t
      packTime += d; if did { packs += 1; worst = max(worst, d) }
    }
    print("[\(label)] initial commit \(String(format: "%.2f", initial))s; 200 commits \(String(format: "%.2f", commitTime))s; packing \(String(format: "%.2f", packTime))s in \(packs) packs (slowest \(String(format: "%.2f", worst))s)")
    print("[\(label)] .git: \(try du(scratch.work + "/.git")); objects: \(try du(scratch.work + "/.git/objects"))")
    print("[\(label)] count-objects: \(try scratch.lines("count-objects", "-v").joined(separator: ", "))")
    let f = try scratch.run(["fsck", "--full"]); print("[\(label)] fsck status \(f.status)")
    if gcAfter {
      t = now()
      try scratch.git("gc", "-q")
      print("[\(label)+git gc] took \(String(format: "%.2f", now() - t))s; .git: \(try du(scratch.work + "/.git")); objects: \(try du(scratch.work + "/.git/objects"))")
      t = now()
      try scratch.git("gc", "-q", "--aggressive")
      print("[\(label)+git gc --aggressive] took \(String(format: "%.2f", now() - t))s; .git: \(try du(scratch.work + "/.git")); objects: \(try du(scratch.work + "/.git/objects"))")
    }
  }
  @Test func a_none() throws { try run(mode: 0, label: "no packing", gcAfter: true) }
  @Test func b_packIfNeeded() throws { try run(mode: 1, label: "packIfNeeded (incremental, fold at 8)") }
  @Test func c_fullRepack() throws { try run(mode: 2, label: "full repack each time") }
  @Test func d_flat() throws {
    try run(mode: 0, label: "FLAT no packing", gcAfter: true, flat: true)
    try run(mode: 1, label: "FLAT packIfNeeded", flat: true)
    try run(mode: 2, label: "FLAT full repack each time", flat: true)
  }
}
@Suite(.libgit2, .serialized, .enabled(if: ProcessInfo.processInfo.environment["RK_GIT_BENCH2"] != nil))
struct GitBench2Tests {
  @Test func commitProfile() throws {
    let scratch = try Scratch.repository()
    let repository = try GitRepository.open(containing: scratch.work)
    for n in 0..<10_000 { try scratch.write(String(format: "albums/album-%05d/album.md", n), "album \(n)\n") }
    _ = try repository.commit(paths: ["albums"], message: "Start")
    _ = try repository.packIfNeeded()
    let t = Date()
    for c in 0..<40 {
      let n = (c * 7919) % 10_000
      try scratch.write(String(format: "albums/album-%05d/album.md", n), "changed \(c)\n")
      _ = try repository.commit(paths: [String(format: "albums/album-%05d", n)], message: "Change \(c)")
    }
    print("40 commits: \(Date().timeIntervalSince(t))")
  }
}
