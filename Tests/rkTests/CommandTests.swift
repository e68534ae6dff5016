import Foundation
import TestSupport
import Testing

@Suite("rk show, artists, tags, sort, check")
struct CommandTests {
  let collection: TemporaryCollection

  init() throws {
    collection = try TemporaryCollection(albums: [
      // Sides and lengths left out: the show below lists the tracks plainly.
      "albums/miles-davis-kind-of-blue": ExampleAlbums.kindOfBlue(
        keys: ["title", "artist", "sort_artist", "released", "wikipedia", "tags", "label"],
        body: "\n## Tracks\n\n1. So What\n2. Freddie Freeloader\n\n## Notes\n\nSix-eye label.\n"),
      "albums/miles-davis-bitches-brew": albumText(title: "Bitches Brew", artist: "Miles Davis", released: "1970", tags: ["jazz"]),
      "albums/bjork-debut": albumText(title: "Debut", artist: "Björk", released: "1993-07-05"),
    ])
  }

  @Test func showPrintsTheDetails() throws {
    let result = try runRK(["-C", collection.path, "show", "miles-davis-k"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("Title           Kind of Blue\n"))
    #expect(result.stdout.contains("Sort Artist     Davis, Miles\n"))
    #expect(result.stdout.contains("Label           Columbia\n"))
    #expect(result.stdout.contains("\n    1. So What\n    2. Freddie Freeloader\n"))
    #expect(result.stdout.contains("Six-eye label."))
  }

  @Test func showJSON() throws {
    let result = try runRK(["-C", collection.path, "show", "--json", "albums/miles-davis-kind-of-blue"])
    let album = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(album["tracks"] as? [String] == ["So What", "Freddie Freeloader"])
    #expect(album["label"] as? String == "Columbia")
    #expect(album["extra"] as? [String: String] == [:])
    #expect(album["catalog_number"] is NSNull)
    #expect(album["notes"] as? String == "## Notes\n\nSix-eye label.", "the text outside the track list (docs/commands.md)")
    #expect(album["group"] == nil)
    let listed = try runRK(["-C", collection.path, "list", "--json", "kind of blue"])
    let albums = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
    #expect(albums.map { $0["notes"] as? String } == ["## Notes\n\nSix-eye label."])
  }

  @Test func ambiguousAndUnknownReferences() throws {
    let ambiguous = try runRK(["-C", collection.path, "show", "miles"])
    #expect(ambiguous.status == 1)
    #expect(ambiguous.stderr.contains("albums/miles-davis-bitches-brew"))
    #expect(ambiguous.stderr.contains("albums/miles-davis-kind-of-blue"))
    let unknown = try runRK(["-C", collection.path, "show", "nothing"])
    #expect(unknown.status == 1)
    #expect(unknown.stderr.contains("no album \"nothing\""))
  }

  @Test func referencesByArtistAndTitleWords() throws {
    let words = try runRK(["-C", collection.path, "show", "--json", "kind of blue"])
    #expect(words.status == 0, "\(words.stderr)")
    #expect(words.stdout.contains("\"id\": \"albums/miles-davis-kind-of-blue\""))
    let separate = try runRK(["-C", collection.path, "show", "--json", "bjork", "debut"])
    #expect(separate.stdout.contains("\"id\": \"albums/bjork-debut\""))
    let folded = try runRK(["-C", collection.path, "show", "--json", "Bjork"])
    #expect(folded.stdout.contains("\"id\": \"albums/bjork-debut\""))
  }

  @Test func referencesNeverLeadOutsideTheCollection() throws {
    let result = try runRK(["-C", collection.path, "show", "albums/../../x"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("leads outside the collection"))
  }

  @Test func artistsAndTags() throws {
    #expect(try runRK(["-C", collection.path, "artists"]).stdout == "Björk\nDavis, Miles\nMiles Davis\n")
    #expect(try runRK(["-C", collection.path, "artists", "BJO"]).stdout == "Björk\n")
    #expect(try runRK(["-C", collection.path, "tags"]).stdout == "2  jazz\n1  modal\n")
  }

  @Test func sortModePersistsPerClone() throws {
    #expect(try runRK(["-C", collection.path, "sort"]).stdout == "artist-year\n")
    #expect(try runRK(["-C", collection.path, "sort", "title"]).status == 0)
    #expect(try runRK(["-C", collection.path, "sort"]).stdout == "title\n")
    #expect(try collection.read(".recordkeeper/.gitignore") == "local.yaml\n")
    let titles = try runRK(["-C", collection.path, "list", "--format", "{title}"]).stdout
    #expect(titles == "Bitches Brew\nDebut\nKind of Blue\n")
    let once = try runRK(["-C", collection.path, "list", "--sort", "year", "--format", "{title}"]).stdout
    #expect(once == "Kind of Blue\nBitches Brew\nDebut\n")
    #expect(try runRK(["-C", collection.path, "sort"]).stdout == "title\n")
    #expect(try runRK(["-C", collection.path, "sort", "upside-down"]).status == 64)
  }

  @Test func randomOrderStaysUntilChosenAgain() throws {
    for index in 0..<30 { try collection.write("albums/extra-\(index)", albumText(title: "T\(index)", artist: "A\(index)")) }
    func order() throws -> String { try runRK(["-C", collection.path, "list", "--format", "{id}"]).stdout }
    var orders = Set<String>()
    for _ in 0..<3 {
      #expect(try runRK(["-C", collection.path, "sort", "random"]).status == 0)
      let first = try order()
      #expect(try order() == first)
      orders.insert(first)
    }
    #expect(orders.count == 3)
    let grouped = try runRK(["-C", collection.path, "list", "--json"]).stdout
    #expect(grouped.contains("\"group\": null"))
  }

  @Test func checkPassesAValidCollection() throws {
    let result = try runRK(["-C", collection.path, "check"])
    #expect(result.status == 0)
    #expect(result.stdout == "3 albums checked: no problems.\n")
  }

  @Test func checkReportsEveryProblemWithPathAndLine() throws {
    try collection.write(
      "albums/bad",
      """
      ---
      title: "  "
      artist: Someone
      released: 1997-02-29
      wikipedia: en.wikipedia.org/wiki/X
      tags:
      - jazz
      - jazz
      ---

      """)
    try collection.write("albums/no-front-matter", "# Just notes\n")
    let result = try runRK(["-C", collection.path, "check"])
    #expect(result.status == 1)
    let path = "\(collection.path)/albums/bad/album.md"
    #expect(
      result.stdout == """
        \(path):2: title: is required and must not be blank
        \(path):4: released: 1997-02 has no day 29
        \(path):5: wikipedia: "en.wikipedia.org/wiki/X" is not a web address; write it as https://…
        \(path):8: tags: "jazz" appears more than once; remove the repeat
        \(collection.path)/albums/no-front-matter/album.md:1: front matter: no front matter: the file must start with a line `---`, then `title:` and `artist:` lines, then `---`

        """)
    #expect(result.stderr.contains("5 albums checked: 5 problems in 2 albums."))
    let json = try runRK(["-C", collection.path, "check", "--json"])
    #expect(json.status == 1)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(object["albums"] as? Int == 5)
    #expect((object["problems"] as? [[String: Any]])?.first?["line"] as? Int == 2)
  }
}
