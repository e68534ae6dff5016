import Foundation
import TestSupport
import Testing

@testable import RecordKeeper

/// The `.gitattributes` lines a collection's merges need: named when
/// missing, and put back (docs/merging.md, "The merge driver"; issue 31's crash probe).
@Suite("Merge settings in .gitattributes")
struct MergeAttributesTests {
  let collection: TemporaryCollection

  init() throws {
    collection = try TemporaryCollection(albums: ["albums/a": albumText(title: "A", artist: "B")])
    try collection.initializeGit()
  }

  private var location: CollectionLocation { CollectionLocation(root: collection.path) }

  @Test func nothingIsExpectedOfACloneWithoutTheDriverOrPlays() {
    #expect(MergeAttributes.issues(in: location).isEmpty)
  }

  @Test func aCloneWithTheDriverSetUpNeedsItsLineAndPlaysNeedTheirs() throws {
    try git(["config", "merge.rk.driver", "rk merge-file %O %A %B %P"], in: collection.path)
    try collection.writeFile("plays/2026.md", Array("- 2026-01-02 · albums/a\n".utf8))
    let issues = MergeAttributes.issues(in: location)
    #expect(
      issues.map(\.message).map { $0.prefix(40) } == [
        "the line \"album.md merge=rk\" is missing,", "the line \"plays/*.md merge=union\" is mis",
      ])
    #expect(issues.allSatisfy { $0.formatted(in: location).hasPrefix(collection.path + "/.gitattributes: merge: ") })

    let store = try CollectionStore(location: location)
    let restored = try store.restoreMergeAttributes()
    #expect(restored.lines == ["album.md merge=rk", "plays/*.md merge=union"])
    #expect(try collection.read(".gitattributes") == "album.md merge=rk\nplays/*.md merge=union\n")
    #expect(restored.commit?.summary == "Restore the merge settings in .gitattributes")
    #expect(MergeAttributes.issues(in: location).isEmpty)
    #expect(try store.restoreMergeAttributes().lines.isEmpty)
  }

  @Test func makingAnOrderedListSendsListFilesToTheDriverInTheSameCommit() throws {
    try git(["config", "merge.rk.driver", "rk merge-file %O %A %B %P"], in: collection.path)
    let store = try CollectionStore(location: location)
    _ = try store.restoreMergeAttributes()
    let made = try store.makeOrderedList(named: "set")
    #expect(try collection.read(".gitattributes").hasSuffix("\n.recordkeeper/lists/*.md merge=rk\n"))
    let files = try git(["show", "--name-only", "--format=", made?.id ?? "HEAD"], in: collection.path)
    #expect(files == ".gitattributes\n.recordkeeper/lists/set.md\n", "\(files)")
    #expect(MergeAttributes.issues(in: location).isEmpty)

    // Lost, it is named and put back like the others.
    try collection.writeFile(".gitattributes", Array("album.md merge=rk\n".utf8))
    #expect(
      MergeAttributes.issues(in: location).map(\.message) == [
        "the line \".recordkeeper/lists/*.md merge=rk\" is missing, so git pull merges ordered lists line by line instead of entry by entry: the next change rk makes puts it back (rk fmt does, for one)"
      ])
    #expect(try store.restoreMergeAttributes().lines == [OrderedListFile.attributesLine])
  }
}
