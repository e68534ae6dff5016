import Foundation
import TestSupport
import Testing

/// `rk log` shows, under each change, the old and new value of each field
/// it changed; `--json` gives them as `changes`.
@Suite("rk log old → new values")
struct LogValuesTests {
  let collection: TemporaryCollection
  let kind = "albums/miles-davis-kind-of-blue"

  init() throws {
    collection = try TemporaryCollection()
    try collection.write(
      kind,
      albumText(title: "Kind of Blue", artist: "Miles Davis", tags: ["jazz"], tracks: ["So What", "Freddie Freeloader", "Blue in Green"]))
    try collection.write("albums/bjork-homogenic", albumText(title: "Homogenic", artist: "Björk"))
    try collection.initializeGit()
  }

  func rk(_ arguments: [String]) throws -> RKResult {
    let result = try runRK(["-C", collection.path] + arguments)
    #expect(result.status == 0, "rk \(arguments): \(result.stderr)")
    return result
  }

  /// The indented lines under the newest change of `rk log`.
  func newestChangeLines(_ arguments: [String] = []) throws -> [String] {
    let lines = try rk(["log"] + arguments).stdout.split(separator: "\n").map(String.init)
    return Array(lines.dropFirst().prefix { $0.hasPrefix("    ") }.map { $0.trimmingCharacters(in: .whitespaces) })
  }

  /// `[album, field, old, new]` of each change of the newest commit, from `--json`.
  func newestChanges(_ arguments: [String] = []) throws -> [[String?]] {
    let json = try rk(["log", "--json", "-n", "1"] + arguments)
    let commits = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
    let changes = try #require(commits.first?["changes"] as? [[String: Any]])
    return changes.map { change in ["album", "field", "old", "new"].map { change[$0] as? String } }
  }

  func commitByHand(_ message: String) throws {
    try git(["add", "-A"], in: collection.path)
    try git(["commit", "-q", "-m", message], in: collection.path)
  }

  @Test func fieldsSetChangedAndCleared() throws {
    _ = try rk(["set", "kind", "--released", "1959", "--sort-artist", "Davis, Miles"])
    #expect(try newestChangeLines() == ["\(kind)  sort_artist set: Davis, Miles", "\(kind)  released set: 1959"])
    #expect(try newestChanges() == [[kind, "sort_artist", nil, "Davis, Miles"], [kind, "released", nil, "1959"]])
    _ = try rk(["set", "kind", "--title", "Kind of Blue (Legacy)", "--released", ""])
    #expect(try newestChangeLines() == ["\(kind)  title: Kind of Blue → Kind of Blue (Legacy)", "\(kind)  released cleared (was 1959)"])
    _ = try rk(["set", "kind", "--wikipedia", "https://en.wikipedia.org/wiki/Kind_of_Blue", "--artist", "Miles Davis Sextet"])
    #expect(
      try newestChanges() == [
        [kind, "artist", "Miles Davis", "Miles Davis Sextet"], [kind, "wikipedia", nil, "https://en.wikipedia.org/wiki/Kind_of_Blue"],
      ])
  }

  @Test func severalAlbumsInOneChange() throws {
    _ = try rk(["set", "kind", "homogenic", "--released", "1997"])
    #expect(try newestChanges() == [["albums/bjork-homogenic", "released", nil, "1997"], [kind, "released", nil, "1997"]])
  }

  @Test func tagsAddedAndRemoved() throws {
    _ = try rk(["tag", "add", "kind", "modal", "1950s"])
    #expect(try newestChangeLines() == ["\(kind)  tag added: modal", "\(kind)  tag added: 1950s"])
    _ = try rk(["tag", "rm", "kind", "jazz"])
    #expect(try newestChanges() == [[kind, "tags", "jazz", nil]])
  }

  @Test func tracksAddedRemovedRenamedMoved() throws {
    _ = try rk(["track", "add", "kind", "All Blues"])
    #expect(try newestChangeLines() == ["\(kind)  track added: 4. All Blues"])
    _ = try rk(["track", "rm", "kind", "2"])
    #expect(try newestChangeLines() == ["\(kind)  track removed: 2. Freddie Freeloader"])
    _ = try rk(["track", "rename", "kind", "1", "So What (take 3)"])
    #expect(try newestChanges() == [[kind, "tracks", "1. So What", "1. So What (take 3)"]])
    _ = try rk(["track", "up", "kind", "3"])
    #expect(try newestChangeLines() == ["\(kind)  track: 3. All Blues → 2. All Blues"])
  }

  @Test func extraKeysAndCoversCommittedByHand() throws {
    let file = collection.root.appendingPathComponent(kind + "/album.md")
    let text = try String(contentsOf: file, encoding: .utf8)
    try text.replacingOccurrences(of: "artist: Miles Davis\n", with: "artist: Miles Davis\nlabel: Columbia\n")
      .write(to: file, atomically: false, encoding: .utf8)
    try collection.writeFile(kind + "/cover.webp", [1, 2, 3])
    try commitByHand("Label and cover")
    #expect(try newestChanges() == [[kind, "label", nil, "Columbia"], [kind, "cover", nil, "set"]])
    try collection.writeFile(kind + "/cover.webp", [4, 5, 6])
    try commitByHand("New cover")
    #expect(try newestChangeLines() == ["\(kind)  cover replaced"])
    try FileManager.default.removeItem(at: collection.root.appendingPathComponent(kind + "/cover.webp"))
    try commitByHand("No cover")
    #expect(try newestChanges() == [[kind, "cover", "set", nil]])
  }

  @Test func albumsAddedRemovedAndMoved() throws {
    _ = try rk(["add", "--title", "OK Computer", "--artist", "Radiohead"])
    #expect(try newestChanges() == [["albums/radiohead-ok-computer", "album", nil, "albums/radiohead-ok-computer"]])
    try collection.writeFile("albums/bjork-homogenic/cover.webp", [1, 2, 3])
    try commitByHand("Cover for Homogenic")
    try git(["mv", "albums/bjork-homogenic", "albums/bjork-homogenic-1997"], in: collection.path)
    try commitByHand("Move Homogenic")
    // The cover moved with the album: no cover line.
    #expect(try newestChangeLines() == ["albums/bjork-homogenic-1997  album moved from albums/bjork-homogenic"])
    _ = try rk(["rm", "--yes", "ok computer"])
    #expect(try newestChangeLines() == ["albums/radiohead-ok-computer  album removed"])
  }

  @Test func oneAlbumsLogShowsOnlyItsChanges() throws {
    _ = try rk(["set", "kind", "homogenic", "--released", "1997"])
    #expect(try newestChangeLines(["homogenic"]) == ["albums/bjork-homogenic  released set: 1997"])
  }

  @Test func controlCharactersAreShownVisibly() throws {
    _ = try rk(["tag", "add", "kind", "a\u{1B}[31mred"])
    let lines = try newestChangeLines()
    #expect(lines.count == 1)
    #expect(!lines.joined().contains("\u{1B}"), "\(lines)")
  }
}
