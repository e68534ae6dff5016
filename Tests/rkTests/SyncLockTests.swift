import Foundation
import TestSupport
import Testing

/// A fetch or push killed part way leaves a reference's lock file, here or
/// in the shared bare repository; the next `rk sync` removes it once it can
/// prove no one holds it, says so, and never blames the network for it.
@Suite("rk sync recovers the lock files a killed fetch or push left")
struct SyncLockTests {
  let shared: SharedCollection
  let alice: String
  let bob: String

  init() throws {
    shared = try SharedCollection()
    alice = try shared.clone("alice")
    bob = try shared.clone("bob")
  }

  /// The branch the clones are on (`rk init` takes git's default).
  var branch: String {
    get throws { try git(["symbolic-ref", "--short", "HEAD"], in: alice).trimmingCharacters(in: .whitespacesAndNewlines) }
  }

  /// Writes a lock file as a killed writer leaves it, a minute old.
  func leaveLock(_ path: String, _ contents: String) throws {
    try contents.write(toFile: path, atomically: false, encoding: .utf8)
    var past = [timeval(tv_sec: time(nil) - 60, tv_usec: 0), timeval(tv_sec: time(nil) - 60, tv_usec: 0)]
    #expect(utimes(path, &past) == 0)
  }

  /// Bob adds a tag and syncs, so Alice's next fetch has something to update.
  func bobChangesSomething() throws {
    try expectSuccess(shared.rk(["-C", bob, "tag", "add", shared.album, "bop"]))
    try expectSuccess(shared.rk(["-C", bob, "sync"]))
  }

  @Test func aKilledFetchsLockIsRemovedAndSaid() throws {
    try bobChangesSomething()
    let lock = alice + "/.git/refs/remotes/origin/\(try branch).lock"
    try leaveLock(lock, try shared.revision("HEAD", in: alice) + "\n")
    let result = try shared.rk(["-C", alice, "sync"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("removed \(lock), left by a fetch from origin that was killed"), "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: lock))
    #expect(try shared.albumText(in: alice).contains("- bop\n"))
  }

  @Test func aKilledPushsLockInTheSharedRemoteIsRemovedAndSaid() throws {
    let lock = shared.origin + "/refs/heads/\(try branch).lock"
    try leaveLock(lock, try shared.revision("HEAD", in: alice) + "\n")
    try expectSuccess(shared.rk(["-C", alice, "tag", "add", shared.album, "cool"]))
    let result = try shared.rk(["-C", alice, "sync"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("removed \(lock), left by a push to remote origin that was killed"), "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: lock))
    #expect(try shared.revision(try branch, in: shared.origin) == shared.revision("HEAD", in: alice))
  }

  @Test func theTemporaryPackFilesAKilledPushLeftInTheSharedRemoteAreRemovedByTheNextSync() throws {
    let folder = shared.origin + "/objects/pack"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let left = [folder + "/pack_git2_0123456789abcdef", folder + "/pack_git2_0123456789abidx.lock"]
    for path in left { try leaveLock(path, "partial pack") }
    try expectSuccess(shared.rk(["-C", alice, "tag", "add", shared.album, "cool"]))
    try expectSuccess(shared.rk(["-C", alice, "sync"]))
    #expect(left.allSatisfy { !FileManager.default.fileExists(atPath: $0) })
    #expect(try shared.revision(try branch, in: shared.origin) == shared.revision("HEAD", in: alice))
  }

  @Test func aLockALivingProcessHoldsStaysAndIsNotBlamedOnTheNetwork() throws {
    try bobChangesSomething()
    let lock = alice + "/.git/refs/remotes/origin/\(try branch).lock"
    // Holds the lock open, as a living fetch does.
    let holder = Process()
    holder.executableURL = URL(fileURLWithPath: "/bin/sh")
    holder.arguments = ["-c", "set -C; exec 3>\"$0\"; exec sleep 20", lock]
    holder.environment = hermeticEnvironment
    try holder.run()
    defer {
      kill(holder.processIdentifier, SIGKILL)
      holder.waitUntilExit()
      try? FileManager.default.removeItem(atPath: lock)
    }
    for _ in 0..<200 where !FileManager.default.fileExists(atPath: lock) { usleep(50_000) }
    var past = [timeval(tv_sec: time(nil) - 60, tv_usec: 0), timeval(tv_sec: time(nil) - 60, tv_usec: 0)]
    #expect(utimes(lock, &past) == 0)
    let result = try shared.rk(["-C", alice, "sync"])
    #expect(result.status != 0)
    #expect(!result.stderr.contains("your network"), "\(result.stderr)")
    #expect(result.stderr.contains("stopped at the lock file \(lock)"), "\(result.stderr)")
    #expect(result.stderr.contains("(pid \(holder.processIdentifier))"), "\(result.stderr)")
    #expect(FileManager.default.fileExists(atPath: lock))
  }
}
