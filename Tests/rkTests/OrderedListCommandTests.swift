import Foundation
import TestSupport
import Testing

/// Ordered lists on the command line (issue 32): `rk lists new --ordered`,
/// `add`, `move`, `drop`, `rk list @NAME`, `rk lists`, `rk mv`, `rk check`.
@Suite("Ordered lists on the command line")
struct OrderedListCommandTests: CollectionCommands {
  let collection: TemporaryCollection

  init() throws {
    collection = try TemporaryCollection()
    try collection.write(
      "albums/kind-of-blue", albumText(title: "Kind of Blue", artist: "Miles Davis", tracks: ["So What", "Freddie Freeloader"]))
    try collection.write("albums/blue-train", albumText(title: "Blue Train", artist: "John Coltrane"))
    try collection.initializeGit()
  }

  @discardableResult
  func succeed(_ arguments: [String]) throws -> RKResult {
    let result = try rk(arguments)
    #expect(result.status == 0, "\(arguments): \(result.stderr)")
    return result
  }

  @Test func eachCommandIsOneCommitAndListPrintsTheListsOwnOrder() throws {
    try succeed(["lists", "new", "set", "--ordered"])
    try succeed(["lists", "add", "set", "albums/blue-train"])
    try succeed(["lists", "add", "set", "kind-of-blue", "2", "--at", "1", "--note", "to open"])
    try succeed(["lists", "add", "set", "albums/kind-of-blue"])
    try succeed(["lists", "move", "set", "3", "2"])
    try succeed(["lists", "drop", "set", "3"])
    #expect(
      try collection.commitSubjects() == [
        "Remove albums/blue-train from list set", "Move albums/kind-of-blue from 3 to 2 in list set",
        "Add Miles Davis – Kind of Blue to list set", "Add Miles Davis – Kind of Blue track 2 to list set",
        "Add John Coltrane – Blue Train to list set", "Make list set", "Start",
      ])
    #expect(try collection.status().isEmpty)
    #expect(try collection.read(".recordkeeper/lists/set.md").hasSuffix("-->\n1. albums/kind-of-blue#2 to open\n2. albums/kind-of-blue\n"))
    let listed = try succeed(["list", "@set"]).stdout
    #expect(listed == "1. Miles Davis – Kind of Blue #2 Freddie Freeloader  to open\n2. Miles Davis – Kind of Blue\n", "\(listed)")
    let lists = try succeed(["lists"]).stdout
    #expect(lists.contains("@set  ordered, 2 entries"), "\(lists)")
  }

  @Test func badInputIsRefusedWithAClearMessage() throws {
    try succeed(["lists", "save", "jazz", "#jazz"])
    let taken = try rk(["lists", "new", "jazz", "--ordered"])
    #expect(taken.status == 1)
    #expect(taken.stderr.contains("there is already a smart list jazz"), "\(taken.stderr)")
    #expect(try rk(["lists", "new", "queue"]).status == 64)
    try succeed(["lists", "new", "queue", "--ordered"])
    let smartTaken = try rk(["lists", "save", "queue", "#jazz"])
    #expect(smartTaken.stderr.contains("there is already an ordered list queue"), "\(smartTaken.stderr)")
    let album = try rk(["lists", "add", "queue", "albums/nothing-here"])
    #expect(album.status == 1)
    #expect(album.stderr.contains("nothing-here"), "\(album.stderr)")
    let track = try rk(["lists", "add", "queue", "albums/kind-of-blue", "B7"])
    #expect(track.stderr.contains("Miles Davis – Kind of Blue has no track B7: give a number from 1 to 2"), "\(track.stderr)")
    let range = try rk(["lists", "drop", "queue", "1"])
    #expect(range.stderr.contains("the list queue is empty"), "\(range.stderr)")
    try succeed(["lists", "add", "queue", "albums/blue-train"])
    let move = try rk(["lists", "move", "queue", "1", "4"])
    #expect(move.stderr.contains("the list queue has no entry 4: give a number from 1 to 1"), "\(move.stderr)")
    let unknown = try rk(["lists", "add", "queu", "albums/blue-train"])
    #expect(unknown.stderr.contains("there is no ordered list \"queu\"; did you mean queue?"), "\(unknown.stderr)")
    #expect(try collection.commitSubjects().count == 4)
  }

  @Test func handWrittenLinesAreKeptByteForByte() throws {
    let text =
      "# Weekend\r\n\r\nSome words.\r\n\r\n1. albums/blue-train   first, loud\r\n   still the first\r\n1. albums/kind-of-blue\r\n\r\n<!-- end -->\r\n"
    try collection.writeFile(".recordkeeper/lists/weekend.md", Array(text.utf8))
    try succeed(["lists", "add", "weekend", "albums/kind-of-blue", "1", "--at", "2"])
    #expect(
      try collection.read(".recordkeeper/lists/weekend.md")
        == "# Weekend\r\n\r\nSome words.\r\n\r\n1. albums/blue-train   first, loud\r\n   still the first\r\n2. albums/kind-of-blue#1\r\n3. albums/kind-of-blue\r\n\r\n<!-- end -->\r\n"
    )
    #expect(
      try collection.commitSubjects().prefix(2) == ["Add Miles Davis – Kind of Blue track 1 to list weekend", "Edit list weekend by hand"])
  }

  @Test func movingAnAlbumRenamesItInEveryListInTheSameCommit() throws {
    try succeed(["lists", "new", "set", "--ordered"])
    try succeed(["lists", "add", "set", "albums/kind-of-blue", "1"])
    try succeed(["mv", "albums/kind-of-blue", "jazz/kind-of-blue"])
    #expect(try collection.read(".recordkeeper/lists/set.md").hasSuffix("1. jazz/kind-of-blue#1\n"))
    #expect(try collection.status().isEmpty)
    let changed = try git(["show", "--name-only", "--format=", "HEAD"], in: collection.path)
    #expect(changed.contains(".recordkeeper/lists/set.md"), "\(changed)")
    #expect(try succeed(["check"]).status == 0)
  }

  @Test func checkNamesAnEntryWhoseAlbumIsGoneAndAnUnreadableLine() throws {
    try collection.writeFile(
      ".recordkeeper/lists/set.md", Array("1. albums/blue-train\n2. albums/gone\n3. albums/blue-train#side-b\n".utf8))
    let check = try rk(["check"])
    #expect(check.status == 1)
    #expect(check.stdout.contains(".recordkeeper/lists/set.md:2: entry: there is no album albums/gone"), "\(check.stdout)")
    #expect(check.stdout.contains(".recordkeeper/lists/set.md:3: entry: \"#side-b\" is not a track"), "\(check.stdout)")
  }
}
