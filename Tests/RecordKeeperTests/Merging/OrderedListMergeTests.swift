import Foundation
import TestSupport
import Testing

@testable import RecordKeeper

/// Issue 32: an ordered list's file merges entry by entry, like a track list.
@Suite("Ordered list merge")
struct OrderedListMergeTests {
  static let base = """
    # Saturday's set
    <!-- keep it short -->

    1. albums/kind-of-blue#A2 to open
    2. albums/blue-train
       (the long one; skip it if we're late)
    3. albums/moanin#3

    Bring the sleeves too.

    """

  func merge(_ base: String?, _ ours: String, _ theirs: String) -> OrderedListMerge {
    OrderedListMerge(name: "set", base: base.map { Array($0.utf8) }, ours: Array(ours.utf8), theirs: Array(theirs.utf8))
  }

  func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  func edited(_ edit: (inout OrderedListFile) -> Void) -> String {
    var list = OrderedListFile(name: "set", bytes: Array(Self.base.utf8))
    edit(&list)
    return text(list.bytes)
  }

  @Test func entriesBothSidesAddAtTheEndAreAllKeptOursFirstAndNumberedAgain() {
    let ours = edited { $0.insert(OrderedListEntry(album: "albums/giant-steps"), at: 3) }
    let theirs = edited { $0.insert(OrderedListEntry(album: "albums/so-what", note: "warm up"), at: 3) }
    let merged = merge(Self.base, ours, theirs)
    #expect(merged.conflicts.isEmpty)
    #expect(
      text(merged.bytes) == """
        # Saturday's set
        <!-- keep it short -->

        1. albums/kind-of-blue#A2 to open
        2. albums/blue-train
           (the long one; skip it if we're late)
        3. albums/moanin#3
        4. albums/giant-steps
        5. albums/so-what warm up

        Bring the sleeves too.

        """)
  }

  @Test func entriesAddedNextToEachOtherAtTheTopRenumberEveryEntryAfterThem() {
    let ours = edited { $0.insert(OrderedListEntry(album: "albums/giant-steps"), at: 0) }
    let theirs = edited { $0.insert(OrderedListEntry(album: "albums/so-what"), at: 1) }
    let merged = merge(Self.base, ours, theirs)
    #expect(merged.conflicts.isEmpty)
    let list = OrderedListFile(name: "set", bytes: merged.bytes)
    #expect(
      list.entries.map(\.album) == ["albums/giant-steps", "albums/kind-of-blue", "albums/so-what", "albums/blue-train", "albums/moanin"])
    #expect(list.items.enumerated().allSatisfy { index, item in text(Array(merged.bytes[item.numberRange])) == String(index + 1) })
    #expect(text(merged.bytes).hasPrefix("# Saturday's set\n<!-- keep it short -->\n\n"))
    #expect(text(merged.bytes).contains("   (the long one; skip it if we're late)\n"))
  }

  @Test func aMoveOnOneSideAndAnAdditionOnTheOtherAreBothKept() {
    let ours = edited { $0.move(from: 2, to: 0) }
    let theirs = edited { $0.insert(OrderedListEntry(album: "albums/so-what"), at: 3) }
    let merged = merge(Self.base, ours, theirs)
    #expect(merged.conflicts.isEmpty)
    #expect(
      OrderedListFile(name: "set", bytes: merged.bytes).entries.map(\.album) == [
        "albums/moanin", "albums/kind-of-blue", "albums/blue-train", "albums/so-what",
      ])
  }

  @Test func anEntryOneSideMovesAndTheOtherRemovesIsAConflictWithOursInPlace() {
    let ours = edited { $0.move(from: 0, to: 2) }
    let theirs = edited { $0.remove(at: 0) }
    let merged = merge(Self.base, ours, theirs)
    #expect(merged.conflicts == [.init(ours: "moves albums/kind-of-blue#A2 to 3", theirs: "removes albums/kind-of-blue#A2")])
    #expect(
      OrderedListFile(name: "set", bytes: merged.bytes).entries.map(\.album) == [
        "albums/blue-train", "albums/moanin", "albums/kind-of-blue",
      ])
    #expect(OrderedListFile(name: "set", bytes: merged.theirBytes).entries.map(\.album) == ["albums/blue-train", "albums/moanin"])

    // The other way round: ours removed it, so it stays out.
    let swapped = merge(Self.base, theirs, ours)
    #expect(swapped.conflicts == [.init(ours: "removes albums/kind-of-blue#A2", theirs: "moves albums/kind-of-blue#A2 to 3")])
    #expect(OrderedListFile(name: "set", bytes: swapped.bytes).entries.map(\.album) == ["albums/blue-train", "albums/moanin"])
    #expect(
      OrderedListFile(name: "set", bytes: swapped.theirBytes).entries.map(\.album) == [
        "albums/blue-train", "albums/moanin", "albums/kind-of-blue",
      ])
    #expect(text(swapped.bytes).contains("1. albums/blue-train\n   (the long one"))
  }

  @Test func anEntryBothSidesMoveToDifferentPlacesIsAConflictNeverTwoCopies() {
    let ours = edited { $0.move(from: 0, to: 1) }
    let theirs = edited { $0.move(from: 0, to: 2) }
    let merged = merge(Self.base, ours, theirs)
    #expect(merged.conflicts.count == 1)
    #expect(
      OrderedListFile(name: "set", bytes: merged.bytes).entries.map(\.album) == [
        "albums/blue-train", "albums/kind-of-blue", "albums/moanin",
      ])
    #expect(
      OrderedListFile(name: "set", bytes: merged.theirBytes).entries.map(\.album) == [
        "albums/blue-train", "albums/moanin", "albums/kind-of-blue",
      ])
  }

  @Test func anEntryBothSidesMoveToTheSamePlaceIsNoConflict() {
    let moved = edited { $0.move(from: 0, to: 2) }
    let merged = merge(Self.base, moved, moved)
    #expect(merged.conflicts.isEmpty)
    #expect(text(merged.bytes) == moved)
  }

  @Test func removalsOnBothSidesAndAMoveOfAnotherEntryMergeCleanly() {
    let ours = edited { $0.remove(at: 1) }
    let theirs = edited { $0.move(from: 2, to: 0) }
    let merged = merge(Self.base, ours, theirs)
    #expect(merged.conflicts.isEmpty)
    #expect(OrderedListFile(name: "set", bytes: merged.bytes).entries.map(\.album) == ["albums/moanin", "albums/kind-of-blue"])
    #expect(!text(merged.bytes).contains("the long one"))
  }

  @Test func handWrittenLinesEitherSideAddsAreKeptByteForByte() {
    let ours = Self.base.replacingOccurrences(of: "# Saturday's set\n", with: "# Saturday's set\n<!-- doors at nine -->\n")
    let theirs = edited { $0.insert(OrderedListEntry(album: "albums/so-what"), at: 0) }
      .replacingOccurrences(of: "Bring the sleeves too.\n", with: "Bring the sleeves too.\nAnd the slipmats.\n")
    let merged = merge(Self.base, ours, theirs)
    #expect(merged.conflicts.isEmpty)
    #expect(text(merged.bytes).contains("# Saturday's set\n<!-- doors at nine -->\n<!-- keep it short -->\n"))
    #expect(text(merged.bytes).contains("Bring the sleeves too.\nAnd the slipmats.\n"))
    #expect(text(merged.bytes).contains("1. albums/so-what\n2. albums/kind-of-blue#A2 to open\n"))
  }

  @Test func aHandWrittenLineBothSidesRewriteDifferentlyIsAConflict() {
    let ours = Self.base.replacingOccurrences(of: "Bring the sleeves too.", with: "Bring the sleeves.")
    let theirs = Self.base.replacingOccurrences(of: "Bring the sleeves too.", with: "Leave the sleeves.")
    let merged = merge(Self.base, ours, theirs)
    #expect(merged.conflicts == [.init(ours: "Bring the sleeves.", theirs: "Leave the sleeves.")])
    #expect(text(merged.bytes) == ours)
    #expect(text(merged.theirBytes) == theirs)
  }

  @Test func anEntryTheOtherSideAddsForAnAlbumOneSideRenamedNamesTheNewID() {
    // rk mv renamed the album, in every list too; the other side added it again and moved the first.
    let ours = edited { _ = $0.renameAlbum("albums/kind-of-blue", to: "albums/miles-davis-kind-of-blue") }
    let theirs = edited {
      $0.move(from: 0, to: 2)
      $0.insert(OrderedListEntry(album: "albums/kind-of-blue", track: "B1"), at: 0)
    }
    let merged = OrderedListMerge(
      name: "set", base: Array(Self.base.utf8), ours: Array(ours.utf8), theirs: Array(theirs.utf8),
      renames: ["albums/kind-of-blue": "albums/miles-davis-kind-of-blue"])
    #expect(merged.conflicts.isEmpty)
    #expect(
      OrderedListFile(name: "set", bytes: merged.bytes).entries.map(\.reference) == [
        "albums/miles-davis-kind-of-blue#B1", "albums/blue-train", "albums/moanin#3", "albums/miles-davis-kind-of-blue#A2",
      ])
  }

  @Test func twoListsMadeOnBothSidesMergeTheirCommonLinesOnce() {
    var ours = OrderedListFile(newNamed: "set")
    ours.insert(OrderedListEntry(album: "albums/a"), at: 0)
    var theirs = OrderedListFile(newNamed: "set")
    theirs.insert(OrderedListEntry(album: "albums/b"), at: 0)
    let merged = OrderedListMerge(name: "set", base: nil, ours: ours.bytes, theirs: theirs.bytes)
    #expect(merged.conflicts.isEmpty)
    #expect(text(merged.bytes) == text(OrderedListFile(newNamed: "set").bytes) + "1. albums/a\n2. albums/b\n")
  }

  @Test func aListFilesPathGivesItsName() {
    #expect(OrderedListFile.name(atPath: ".recordkeeper/lists/set.md") == "set")
    #expect(OrderedListFile.name(atPath: "vinyl/.recordkeeper/lists/set.md") == "set")
    #expect(OrderedListFile.name(atPath: ".recordkeeper/lists/set.theirs.md") == nil)
    #expect(OrderedListFile.name(atPath: ".recordkeeper/lists/jazz.yaml") == nil)
    #expect(OrderedListFile.name(atPath: "albums/set.md") == nil)
  }
}
