import Foundation
import TestSupport
import Testing

@testable import RecordKeeper

/// Issue 29 point 3 with two clones: `rk resolve --take theirs` on a
/// `tracks` conflict keeps every line neither side changed (docs/merging.md, "What the merge guarantees").
extension CollectionMergeTests {
  @Test(arguments: [MergeSide.theirs, .ours])
  func takingOneSidesTracksKeepsANoteNeitherSideEdited(side: MergeSide) throws {
    let noted = Self.fiveTracks.replacingOccurrences(
      of: "3. Subterranean Homesick Alien\n", with: "3. Subterranean Homesick Alien\n   pressed off-centre\n")
    let (c, outcome, store) = try scenario(
      albums: [Self.id: noted],
      alice: { try $0.edit($0.alice, Self.file, replacing: "1. Airbag\n2. Paranoid Android\n", with: "1. Paranoid Android\n2. Airbag\n") },
      bob: {
        try $0.edit(
          $0.bob, Self.file, replacing: "3. Subterranean Homesick Alien\n   pressed off-centre\n4. Exit Music\n5. Let Down\n",
          with: "3. Let Down\n4. Subterranean Homesick Alien\n   pressed off-centre\n5. Exit Music\n")
      })
    guard case .conflicts(let found) = outcome else {
      Issue.record("\(outcome)")
      return
    }
    #expect(found.map(\.field) == ["tracks"])
    let resolution = try store.resolve(Self.id, take: side)
    #expect(resolution.commit?.parentIDs.count == 2)
    let text = try c.read(c.alice, Self.file)
    #expect(text.contains("Subterranean Homesick Alien\n   pressed off-centre\n"), "\(text)")
    #expect(try c.album(c.alice, Self.id).tracks.count == 5)
    #expect(try git(["status", "--porcelain"], in: c.alice).isEmpty)
  }
}
