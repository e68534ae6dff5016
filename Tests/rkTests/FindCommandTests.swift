import Foundation
import TestSupport
import Testing

@Suite("rk find and --sort relevance")
struct FindCommandTests: CollectionCommands {
  let collection: TemporaryCollection

  init() throws {
    collection = try TemporaryCollection(albums: [
      "albums/joni-blue": albumText(title: "Blue", artist: "Joni Mitchell", released: "1971"),
      "albums/coltrane-blue-train": albumText(title: "Blue Train", artist: "John Coltrane", released: "1957"),
      "albums/aaron-evening": albumText(title: "Evening", artist: "Aaron Alpha"),
    ])
    try collection.write("albums/aaron-evening", albumText(title: "Evening", artist: "Aaron Alpha") + "\n## Notes\n\nFeels blue.\n")
  }

  func ids(_ result: RKResult) throws -> [String] {
    let objects = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
    return objects.compactMap { $0["id"] as? String }
  }

  @Test func findSearchesNotesTooAndPutsTheBestMatchFirst() throws {
    let result = try rk(["find", "blue", "--json"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try ids(result) == ["albums/joni-blue", "albums/coltrane-blue-train", "albums/aaron-evening"])
    #expect(try rk(["find", "blue", "--count"]).stdout == "3\n")
    #expect(try rk(["find", "blue", "--format", "{title}"]).stdout == "Blue\nBlue Train\nEvening\n")
  }

  @Test func findTakesMinusWordsAsTerms() throws {
    let result = try rk(["find", "blue", "-train", "--json"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try ids(result) == ["albums/joni-blue", "albums/aaron-evening"])
  }

  @Test func listSortsByRelevanceOnlyWhenAskedAndHasNoHeadingsThen() throws {
    let ranked = try rk(["list", "blue", "--sort", "relevance", "--json"])
    #expect(try ids(ranked) == ["albums/joni-blue", "albums/coltrane-blue-train"])
    let objects = try JSONSerialization.jsonObject(with: Data(ranked.stdout.utf8)) as? [[String: Any]] ?? []
    #expect(objects.allSatisfy { $0["group"] is NSNull })
    #expect(try ids(rk(["list", "blue", "--json"])) == ["albums/coltrane-blue-train", "albums/joni-blue"])
    // Without words, relevance is the default order, headings and all.
    let plain = try rk(["list", "--sort", "relevance", "--json"])
    #expect(try ids(plain) == ["albums/aaron-evening", "albums/coltrane-blue-train", "albums/joni-blue"])
  }

  /// Issue 31: a one-word hit no longer ties with every other title.
  @Test func findPutsAShortTitleAndAWholeWordFirst() throws {
    try collection.write("albums/aa-long", albumText(title: "The Long Kind of Blue Evening Song Collection", artist: "Aa Long"))
    try collection.write("albums/mbv-loveless", albumText(title: "Loveless", artist: "My Bloody Valentine", released: "1991"))
    try collection.write("albums/zz-love-supreme", albumText(title: "A Love Supreme", artist: "Zz Coltrane", released: "1965"))
    let blue = try rk(["find", "blue", "--format", "{title}"]).stdout.split(separator: "\n")
    #expect(blue.firstIndex(of: "Blue Train") ?? .max < blue.firstIndex(of: "The Long Kind of Blue Evening Song Collection") ?? .max)
    #expect(try rk(["find", "love", "--format", "{title}"]).stdout == "A Love Supreme\nLoveless\n")
  }

  @Test func findRefusesAnUnknownOption() throws {
    let result = try rk(["find", "blue", "--jsn"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("--json"), "\(result.stderr)")
  }
}
