import Foundation
import TestSupport
import Testing

@testable import RecordKeeper

/// A fetch writes its pack aside and renames it into `objects/pack` only
/// once complete, so a sync killed at any instant leaves no `pack_git2_*`
/// temporary file or `.lock` there (docs/sharing.md, "Interrupted syncs, locks and partial clones").
@Suite("A fetch keeps the pack folder clean", .libgit2)
struct FetchPackFolderTests {
  /// What Bob's pack folder held at each moment the fetch reported progress.
  final class PackFolderWatch {
    let folder: String
    var looks = 0
    var unfinished: Set<String> = []

    init(folder: String) { self.folder = folder }

    func look() {
      looks += 1
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
      unfinished.formUnion(names.filter { $0.hasPrefix("pack_git2_") || $0.hasSuffix(".lock") })
    }
  }

  @Test func whileASyncReceivesAnotherCollectorsCommitsThePackFolderHoldsOnlyFinishedPacks() throws {
    let collectors = try TwoCollectors(albums: ["albums/radiohead-ok-computer": sharedAlbum()])
    var generator = SeededGenerator(seed: 29)
    try FileManager.default.createDirectory(atPath: collectors.alice + "/scans", withIntermediateDirectories: true)
    for number in 0..<12 {
      let bytes = (0..<40_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
      try Data(bytes).write(to: URL(fileURLWithPath: collectors.alice + "/scans/scan-\(number).bin"))
    }
    try collectors.commitAll(collectors.alice, "Add scans")
    try collectors.push(collectors.alice)

    let watch = PackFolderWatch(folder: collectors.bob + "/.git/objects/pack")
    let store = try CollectionStore(location: CollectionLocation(root: collectors.bob))
    _ = try store.synchronize(push: false) { progress in
      if progress.stage != .sending { watch.look() }
    }

    #expect(watch.looks > 0)
    #expect(watch.unfinished.isEmpty)
    #expect(try collectors.head(collectors.bob) == collectors.head(collectors.alice))
    let objects = try FileManager.default.contentsOfDirectory(atPath: collectors.bob + "/.git/objects")
    #expect(!objects.contains { $0.hasPrefix(GitRepository.incomingPrefix) })
    _ = try git(["fsck", "--strict", "--no-progress"], in: collectors.bob)
  }

  /// The folder of a fetch that was killed goes at the next one; a living
  /// fetch's stays.
  @Test func theIncomingFolderOfAKilledFetchIsRemovedAndALivingOnesKept() throws {
    let objects = try makeTemporaryFolder("incoming")
    defer { try? FileManager.default.removeItem(atPath: objects) }
    let dead = objects + "/" + GitRepository.incomingPrefix + "999999999-1"
    let living = objects + "/" + GitRepository.incomingPrefix + "\(getpid())-2"
    for folder in [dead, living] { try FileManager.default.createDirectory(atPath: folder + "/pack", withIntermediateDirectories: true) }
    GitRepository.removeAbandonedIncomingFolders(in: objects)
    #expect(!FileManager.default.fileExists(atPath: dead))
    #expect(FileManager.default.fileExists(atPath: living))
  }
}
