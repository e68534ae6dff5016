import Foundation
import TestSupport
import Testing

/// A smart list's own order and the favourites' order on the command line
/// (issue 32): `rk lists sort`, `rk lists move` on a custom list, `rk list
/// @NAME`; `rk favourites`, `rk favourites move`, `rk favourites drop`.
@Suite("Smart lists and favourites in an order of their own, on the command line")
struct ListOrderCommandTests: CollectionCommands {
  let collection: TemporaryCollection
  let listPath = ".recordkeeper/lists/jazz.yaml"
  let handWritten = """
    # Jazz to play on Sundays.
    rules:
    - "#jazz"   # every jazz record

    # Sam: keep Blue Train near the top.

    """

  init() throws {
    collection = try TemporaryCollection()
    try collection.write(
      "albums/kind-of-blue",
      albumText(title: "Kind of Blue", artist: "Miles Davis", released: "1959", tags: ["jazz"], tracks: ["So What ★", "Blue in Green ★"]))
    try collection.write("albums/blue-train", albumText(title: "Blue Train", artist: "John Coltrane", released: "1960", tags: ["jazz"]))
    try collection.write(
      "albums/a-love-supreme",
      albumText(title: "A Love Supreme", artist: "John Coltrane", released: "1965", tracks: ["Acknowledgement ★", "Resolution"]))
    try collection.writeFile(listPath, Array(handWritten.utf8))
    try collection.initializeGit()
  }

  @discardableResult
  func succeed(_ arguments: [String]) throws -> RKResult {
    let result = try rk(arguments)
    #expect(result.status == 0, "\(arguments): \(result.stderr)")
    return result
  }

  func titles(_ query: String) throws -> [String] {
    try succeed(["list", query, "--format", "{title}"]).stdout.split(separator: "\n").map(String.init)
  }

  @Test func aSmartListsSortModeOrdersItWhateverTheCollectionsSortSays() throws {
    #expect(try titles("@jazz") == ["Blue Train", "Kind of Blue"])
    try succeed(["lists", "sort", "jazz", "year"])
    #expect(try collection.read(listPath) == handWritten + "sort: year\n")
    try succeed(["sort", "title"])
    #expect(try titles("@jazz") == ["Kind of Blue", "Blue Train"])
    // --sort still sorts this once; a query beyond @NAME is in the collection's order.
    #expect(try succeed(["list", "@jazz", "--sort", "title", "--format", "{title}"]).stdout == "Blue Train\nKind of Blue\n")
    #expect(try succeed(["list", "@jazz", "blue", "--format", "{title}"]).stdout == "Blue Train\nKind of Blue\n")
    let lists = try succeed(["lists", "--json"]).stdout
    #expect(lists.contains("\"year\""), "\(lists)")
    try succeed(["lists", "sort", "jazz", "default"])
    #expect(try collection.read(listPath) == handWritten)
    #expect(try titles("@jazz") == ["Blue Train", "Kind of Blue"])
  }

  @Test func aCustomOrderIsKeptInTheFileAndNewMatchesGoLastWhileTheOtherLinesStayByteForByte() throws {
    try succeed(["lists", "sort", "jazz", "custom"])
    try succeed(["lists", "move", "jazz", "2", "1"])
    #expect(try collection.read(listPath) == handWritten + "sort: custom\norder:\n- albums/kind-of-blue\n- albums/blue-train\n")
    #expect(try titles("@jazz") == ["Kind of Blue", "Blue Train"])
    #expect(try collection.status().isEmpty)
    #expect(
      try collection.commitSubjects().prefix(2) == [
        "Move albums/kind-of-blue from 2 to 1 in smart list jazz", "Keep smart list jazz in an order of its own",
      ])
    // A new match goes to the end; an album no longer matching drops out.
    try succeed(["tag", "add", "a-love-supreme", "jazz"])
    try succeed(["tag", "rm", "kind-of-blue", "jazz"])
    #expect(try titles("@jazz") == ["Blue Train", "A Love Supreme"])
    let json = try succeed(["list", "@jazz", "--json"]).stdout
    let ids = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]).map { $0["id"] as? String }
    #expect(ids == ["albums/blue-train", "albums/a-love-supreme"])
    let lists = try succeed(["lists"]).stdout
    #expect(lists.contains("@jazz  2 albums  in your order"), "\(lists)")
    try succeed(["lists", "move", "jazz", "2", "1"])
    #expect(try collection.read(listPath) == handWritten + "sort: custom\norder:\n- albums/a-love-supreme\n- albums/blue-train\n")
  }

  @Test func rkMvRenamesTheAlbumInAKeptOrderInItsOwnCommit() throws {
    try succeed(["lists", "sort", "jazz", "custom"])
    try succeed(["mv", "albums/kind-of-blue", "jazz/kind-of-blue"])
    #expect(try collection.read(listPath) == handWritten + "sort: custom\norder:\n- albums/blue-train\n- jazz/kind-of-blue\n")
    #expect(try collection.status().isEmpty)
    #expect(try collection.commitSubjects().first == "Move Miles Davis – Kind of Blue to jazz/kind-of-blue")
    try succeed(["lists", "move", "jazz", "2", "1"])
    #expect(try titles("@jazz") == ["Kind of Blue", "Blue Train"])
  }

  @Test func movingInAListNotInACustomOrderOrAWrongModeIsRefused() throws {
    let move = try rk(["lists", "move", "jazz", "1", "2"])
    #expect(move.status == 1)
    #expect(move.stderr.contains("rk lists sort jazz custom keeps an order of your own"), "\(move.stderr)")
    #expect(try rk(["lists", "sort", "jazz", "sideways"]).status == 64)
    let unknown = try rk(["lists", "sort", "jaz", "custom"])
    #expect(unknown.status == 1)
    #expect(unknown.stderr.contains("did you mean jazz?"), "\(unknown.stderr)")
    #expect(try collection.commitSubjects().count == 1)
  }

  @Test func favouritesFollowTheirOrderAndMoveAndDropAreOneCommitEach() throws {
    #expect(
      try succeed(["favourites"]).stdout == """
        John Coltrane – A Love Supreme  (albums/a-love-supreme)
          1. Acknowledgement  (track 1)
        Miles Davis – Kind of Blue  (albums/kind-of-blue)
          2. So What  (track 1)
          3. Blue in Green  (track 2)

        """)
    try succeed(["favourites", "move", "3", "1"])
    #expect(
      try collection.read(".recordkeeper/lists/favourites.md").hasSuffix(
        "1. albums/kind-of-blue#2\n2. albums/a-love-supreme#1\n3. albums/kind-of-blue#1\n"))
    #expect(try collection.commitSubjects().first == "Move favourite albums/kind-of-blue#2 from 3 to 1")
    let json = try succeed(["favourites", "--json"]).stdout
    let names = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]).map { $0["name"] as? String }
    #expect(names == ["Blue in Green", "Acknowledgement", "So What"])
    // Not on a terminal, drop needs --yes; it takes the star off, and the track leaves the order.
    #expect(try rk(["favourites", "drop", "2"]).status == 64)
    try succeed(["favourites", "drop", "2", "--yes"])
    #expect(try collection.commitSubjects().first == "Unmark track 1 \"Acknowledgement\" as a favourite in John Coltrane – A Love Supreme")
    #expect(try succeed(["favourites", "--json"]).stdout.contains("Acknowledgement") == false)
    #expect(try rk(["favourites", "drop", "3", "--yes"]).stderr.contains("There is no favourite 3: give a number from 1 to 2"))
    // A new star goes last.
    try succeed(["track", "fav", "a-love-supreme", "2"])
    let last = try succeed(["favourites"]).stdout
    #expect(last.hasSuffix("  3. Resolution  (track 2)\n"), "\(last)")
  }

  @Test func unstarringAFavouriteTakesItOutOfTheOrderInItsCommitSoAStarPutBackGoesLast() throws {
    try succeed(["favourites", "move", "3", "1"])
    // Blue in Green, Acknowledgement, So What; Blue in Green unstarred and starred again.
    try succeed(["track", "unfav", "kind-of-blue", "2"])
    let files = try git(["show", "--name-only", "--format=", "HEAD"], in: collection.path)
    #expect(files == ".recordkeeper/lists/favourites.md\nalbums/kind-of-blue/album.md\n")
    #expect(try collection.read(".recordkeeper/lists/favourites.md").hasSuffix("\n1. albums/a-love-supreme#1\n2. albums/kind-of-blue#1\n"))
    try succeed(["track", "fav", "kind-of-blue", "2"])
    let names = try #require(
      try JSONSerialization.jsonObject(with: Data(try succeed(["favourites", "--json"]).stdout.utf8)) as? [[String: Any]]
    ).map { $0["name"] as? String }
    #expect(names == ["Acknowledgement", "So What", "Blue in Green"])
    #expect(try collection.status().isEmpty)
  }
}
