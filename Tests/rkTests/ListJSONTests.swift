import Foundation
import RecordKeeper
import TestSupport
import Testing

/// `rk list --json` writes albums straight to bytes in chunks: its output must
/// be exactly the JSONValue tree of every album in the line layout, one
/// album a line, whatever the text.
@Suite("rk list --json")
struct ListJSONTests {
  static let awkward = [
    "plain", "\"Heroes\"", #"back\slash"#, "tab\there", "\u{1}", "\u{7F}", "\u{9B}", "\u{2028}", "\u{202E}",
    "£ € ‘q’", "😀", "e\u{301}", "東京", "Björk",
  ]

  @Test(arguments: [SortMode.artistYear, .title, .year, .random])
  func sameBytesAsTheJSONValueTree(mode: SortMode) throws {
    // More albums than one chunk of the writer holds (256).
    var albums: [String: String] = [:]
    for index in 0..<600 {
      let piece = { (offset: Int) in Self.awkward[(index * 7 + offset) % Self.awkward.count] }
      albums["albums/a\(index)"] = albumText(
        title: piece(0) + " \(index)", artist: piece(3) + piece(5), released: index % 3 == 0 ? nil : "\(1950 + index % 70)",
        tags: index % 2 == 0 ? [piece(1)] : [], tracks: index % 4 == 0 ? [] : [piece(2) + " (3:1\(index % 10))", piece(4)])
    }
    let collection = try TemporaryCollection(albums: albums)
    let result = try runRK(["-C", collection.path, "list", "--json", "--sort", mode.rawValue])
    #expect(result.status == 0, "\(result.stderr)")

    let loaded = try RecordCollection.load(CollectionLocation(root: collection.path))
    #expect(loaded.albums.count == 600)
    let objects = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    let ids = objects.compactMap { $0["id"] as? String }
    #expect(ids.count == 600)
    // Random order is drawn afresh by each run: the reference follows rk's order.
    let order = mode == .random ? nil : AlbumOrder(mode: mode)
    let byID = Dictionary(uniqueKeysWithValues: loaded.albums.map { ($0.id, $0) })
    let sorted = order.map { $0.sorted(loaded.albums) } ?? ids.compactMap { byID[$0] }
    // One album object a line, in the layout of Python's json.dumps.
    let lines = sorted.map { $0.json(group: .some(order?.group(of: $0))).serialized(layout: .line) }
    #expect(result.stdout == "[\n" + lines.joined(separator: ",\n") + "\n]\n")
    let stdoutLines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(stdoutLines.count == 600 + 3)
    #expect(stdoutLines.dropFirst().prefix(600).allSatisfy { $0.hasPrefix(#"{"id": "albums/a"#) })
  }

  @Test func noAlbumsIsAnEmptyArray() throws {
    let collection = try TemporaryCollection()
    let result = try runRK(["-C", collection.path, "list", "--json"])
    #expect(result.status == 0)
    #expect(result.stdout == "[]\n")
  }
}
