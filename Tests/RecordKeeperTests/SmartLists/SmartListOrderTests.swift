import Foundation
import TestSupport
import Testing

@testable import RecordKeeper

/// A smart list's own order (issue 32; seed 003: "configured both globally
/// and on a per list basis"): `sort:` and the kept `order:` of a custom list.
@Suite("Smart lists in an order of their own")
struct SmartListOrderTests {
  /// A list file as a person writes it: comments, a blank line, a rule.
  let handWritten = """
    # Records for Sunday mornings.
    description: Quiet ones
    rules:
    - "#jazz"  # only jazz for now

    # Ask Sam before changing this.

    """

  func list(_ text: String) throws -> SmartList {
    try SmartListFile.parse(Array(text.utf8), name: "sunday").get()
  }

  @Test func theFileNamesASortModeOrCustomWithTheAlbumsInOrder() throws {
    let read = try list(handWritten + "sort: custom\norder:\n- albums/blue-train\n- albums/kind-of-blue\n")
    #expect(read.sort == .custom)
    #expect(read.order == ["albums/blue-train", "albums/kind-of-blue"])
    #expect(try list(handWritten + "sort: title\n").sort == .mode(.title))
    #expect(try list(handWritten).sort == nil)
    let rendered = SmartListFile.render(read)
    #expect(rendered.hasSuffix("sort: custom\norder:\n- albums/blue-train\n- albums/kind-of-blue\n"), "\(rendered)")
    #expect(try list(rendered) == read)
  }

  @Test func aWrongOrderIsNamedByLine() {
    guard case .failure(let issue) = SmartListFile.parse(Array((handWritten + "sort: sideways\n").utf8), name: "sunday") else {
      Issue.record("sort: sideways was read")
      return
    }
    #expect(issue.line == 7)
    #expect(issue.field == "sort")
    #expect(issue.message.hasPrefix("\"sideways\" is not an order; write custom or one of artist-year"))
    guard case .failure(let id) = SmartListFile.parse(Array((handWritten + "order:\n- albums/../x\n").utf8), name: "sunday") else {
      Issue.record("order: albums/../x was read")
      return
    }
    #expect(id.line == 8)
    #expect(id.field == "order")
  }

  @Test func keptOrderPutsNewMatchesLastAndLeavesOutAlbumsThatNoLongerMatch() {
    let list = SmartList(name: "l", clauses: [], sort: .custom, order: ["c", "gone", "a", "c"])
    #expect(list.kept(["a", "b", "c", "d"]) { $0 } == ["c", "a", "b", "d"])
    #expect(list.kept([String]()) { $0 } == [])
  }

  @Test func onlyAListAloneIsShownInItsOwnOrder() throws {
    #expect(SmartLists.listAlone(in: try SearchQuery(parsing: "@sunday")) == "sunday")
    #expect(SmartLists.listAlone(in: try SearchQuery(parsing: "@sunday blue")) == nil)
    #expect(SmartLists.listAlone(in: try SearchQuery(parsing: "@sunday #jazz")) == nil)
    #expect(SmartLists.listAlone(in: try SearchQuery(parsing: "-@sunday")) == nil)
    let titled = SmartList(name: "l", clauses: [], sort: .mode(.title))
    #expect(titled.order(from: AlbumOrder(mode: .year, seed: 7)).mode == .title)
    #expect(SmartList(name: "l", clauses: []).order(from: AlbumOrder(mode: .year)).mode == .year)
  }

  @Test func settingTheOrderChangesOnlyItsOwnLinesOfAHandWrittenFile() {
    let bytes = Array(handWritten.utf8)
    let sorted = SmartListFile.setting(.mode(.year), in: bytes)
    #expect(String(decoding: sorted, as: UTF8.self) == handWritten + "sort: year\n")
    let custom = SmartListFile.setting(order: ["albums/b", "albums/a"], in: SmartListFile.setting(.custom, in: sorted))
    #expect(String(decoding: custom, as: UTF8.self) == handWritten + "sort: custom\norder:\n- albums/b\n- albums/a\n")
    let moved = SmartListFile.setting(order: ["albums/a", "albums/b"], in: custom)
    #expect(String(decoding: moved, as: UTF8.self) == handWritten + "sort: custom\norder:\n- albums/a\n- albums/b\n")
    // Back to the collection's order: the sort line goes, the kept order stays for a later custom.
    let plain = SmartListFile.setting(nil, in: moved)
    #expect(String(decoding: plain, as: UTF8.self) == handWritten + "order:\n- albums/a\n- albums/b\n")
    // A sort line added to a file with an order goes before it; CRLF files get CRLF lines.
    let crlf = Array(String(decoding: plain, as: UTF8.self).replacingOccurrences(of: "\n", with: "\r\n").utf8)
    let again = SmartListFile.setting(.custom, in: crlf)
    #expect(
      String(decoding: again, as: UTF8.self)
        == (handWritten + "sort: custom\norder:\n- albums/a\n- albums/b\n").replacingOccurrences(of: "\n", with: "\r\n"))
  }
}

@Suite("Smart list order changes in the store")
struct SmartListOrderStoreTests {
  let collection: TemporaryCollection
  let store: CollectionStore
  let path = ".recordkeeper/lists/sunday.yaml"
  let handWritten = "# Records for Sunday mornings.\nrules:\n- \"#jazz\"  # only jazz for now\n\n# Ask Sam before changing this.\n"

  init() throws {
    collection = try TemporaryCollection()
    try collection.write("albums/a", albumText(title: "A", artist: "A", tags: ["jazz"]))
    try collection.writeFile(path, Array(handWritten.utf8))
    try collection.initializeGit()
    store = try CollectionStore(location: CollectionLocation(root: collection.path))
  }

  @Test func customKeepsTheOrderShownAndMovesAreOneCommitEachKeepingTheOtherLines() throws {
    try store.sortSmartList("sunday", by: .custom, matches: ["albums/a", "albums/b", "albums/c"])
    #expect(try collection.read(path) == handWritten + "sort: custom\norder:\n- albums/a\n- albums/b\n- albums/c\n")
    // A new match (d) goes last; b no longer matches and drops out.
    try store.moveInSmartList("sunday", from: 3, to: 1, matches: ["albums/a", "albums/c", "albums/d"])
    #expect(try collection.read(path) == handWritten + "sort: custom\norder:\n- albums/d\n- albums/a\n- albums/c\n")
    #expect(
      try collection.commitSubjects().prefix(2) == [
        "Move albums/d from 3 to 1 in smart list sunday", "Keep smart list sunday in an order of its own",
      ])
    #expect(try store.sortSmartList("sunday", by: .custom, matches: ["albums/d", "albums/a", "albums/c"]) == nil)
    #expect(throws: SmartListError.outOfRange(name: "sunday", place: 4, count: 3)) {
      try store.moveInSmartList("sunday", from: 4, to: 1, matches: ["albums/a", "albums/c", "albums/d"])
    }
  }

  @Test func onlyACustomListHasAlbumsToMove() throws {
    try store.sortSmartList("sunday", by: .mode(.title), matches: [])
    #expect(throws: SmartListError.notCustom(name: "sunday", sort: .mode(.title))) {
      try store.moveInSmartList("sunday", from: 1, to: 1, matches: ["albums/a"])
    }
    #expect(throws: SmartListError.unknown(name: "sundae", suggestion: "sunday")) {
      try store.sortSmartList("sundae", by: .custom, matches: [])
    }
  }

  @Test func savingNewRulesKeepsTheListsOrder() throws {
    try store.sortSmartList("sunday", by: .custom, matches: ["albums/a"])
    try store.saveSmartList(try SmartList(name: "sunday", rules: ["#jazz", "#modal"]))
    let saved = try SmartListFile.parse(Array(try collection.read(path).utf8), name: "sunday").get()
    #expect(saved.sort == .custom)
    #expect(saved.order == ["albums/a"])
    try store.saveSmartList(try SmartList(name: "sunday", rules: ["#jazz"]), keepingSort: false)
    #expect(try SmartListFile.parse(Array(try collection.read(path).utf8), name: "sunday").get().sort == nil)
  }
}
