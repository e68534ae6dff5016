import Foundation
import TestSupport
import Testing

@testable import RecordKeeper

@Suite("Ordered list files (.recordkeeper/lists/NAME.md)")
struct OrderedListFileTests {
  let handWritten = """
    # Saturday's set
    <!-- keep it short -->

    1. albums/kind-of-blue#A2 to open
    2. albums/blue-train
       (the long one; skip it if we're late)
    3. albums/moanin#3

    Bring the sleeves too.

    """

  func file(_ text: String) -> OrderedListFile { OrderedListFile(name: "set", bytes: Array(text.utf8)) }

  @Test func entriesAreReadWithTheirTracksAndNotes() {
    let list = file(handWritten)
    #expect(
      list.entries == [
        OrderedListEntry(album: "albums/kind-of-blue", track: "A2", note: "to open"), OrderedListEntry(album: "albums/blue-train"),
        OrderedListEntry(album: "albums/moanin", track: "3"),
      ])
    #expect(list.items.map(\.line) == [4, 5, 7])
    #expect(list.problems.isEmpty)
  }

  @Test func addingChangesOnlyTheNewLineAndTheNumbersAfterIt() {
    var list = file(handWritten)
    list.insert(OrderedListEntry(album: "albums/so-what", note: "warm up"), at: 1)
    #expect(
      String(decoding: list.bytes, as: UTF8.self) == """
        # Saturday's set
        <!-- keep it short -->

        1. albums/kind-of-blue#A2 to open
        2. albums/so-what warm up
        3. albums/blue-train
           (the long one; skip it if we're late)
        4. albums/moanin#3

        Bring the sleeves too.

        """)
    list.insert(OrderedListEntry(album: "albums/last"), at: 4)
    #expect(list.entries.last == OrderedListEntry(album: "albums/last"))
    #expect(String(decoding: list.bytes, as: UTF8.self).contains("4. albums/moanin#3\n5. albums/last\n\nBring"))
  }

  @Test func movingTakesAnEntrysContinuationLinesWithIt() {
    var list = file(handWritten)
    list.move(from: 1, to: 2)
    #expect(
      String(decoding: list.bytes, as: UTF8.self) == """
        # Saturday's set
        <!-- keep it short -->

        1. albums/kind-of-blue#A2 to open
        2. albums/moanin#3
        3. albums/blue-train
           (the long one; skip it if we're late)

        Bring the sleeves too.

        """)
    list.move(from: 2, to: 0)
    #expect(list.entries.map(\.album) == ["albums/blue-train", "albums/kind-of-blue", "albums/moanin"])
  }

  @Test func droppingRemovesOnlyThatEntrysLines() {
    var list = file(handWritten)
    let removed = list.remove(at: 1)
    #expect(removed == OrderedListEntry(album: "albums/blue-train"))
    #expect(
      String(decoding: list.bytes, as: UTF8.self) == """
        # Saturday's set
        <!-- keep it short -->

        1. albums/kind-of-blue#A2 to open
        2. albums/moanin#3

        Bring the sleeves too.

        """)
  }

  @Test func aNewListStartsWithAHelpingCommentAndTakesEntriesAfterIt() {
    var list = OrderedListFile(newNamed: "queue")
    list.insert(OrderedListEntry(album: "albums/a"), at: 0)
    list.insert(OrderedListEntry(album: "albums/b"), at: 0)
    let text = String(decoding: list.bytes, as: UTF8.self)
    #expect(text.hasPrefix("<!-- rk list @queue"))
    #expect(text.hasSuffix("-->\n1. albums/b\n2. albums/a\n"))
  }

  @Test func renamingAnAlbumChangesOnlyItsReferences() {
    var list = file("1. albums/kind-of-blue#2 note albums/kind-of-blue\n2. albums/other\n")
    let renamed = list.renameAlbum("albums/kind-of-blue", to: "jazz/kind-of-blue")
    #expect(renamed)
    #expect(String(decoding: list.bytes, as: UTF8.self) == "1. jazz/kind-of-blue#2 note albums/kind-of-blue\n2. albums/other\n")
    let missing = list.renameAlbum("albums/missing", to: "x")
    #expect(!missing)
  }

  @Test func unreadableEntriesAreReportedByLine() {
    let list = file("1. albums/a#side-b\n2. /etc/passwd\n3.\n- a bullet is the person's own\n")
    #expect(list.problems.map(\.line) == [1, 2, 3])
    #expect(list.entries.isEmpty)
  }
}
