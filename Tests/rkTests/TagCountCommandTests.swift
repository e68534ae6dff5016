import Foundation
import TestSupport
import Testing

/// Seed 003's `count(#instruments:) <= 2` on the command line: in `rk list`,
/// in a smart list, and in completion (docs/commands.md, "Rules and smart lists").
@Suite("Tag-count rules on the command line")
struct TagCountCommandTests: CollectionCommands {
  let collection: TemporaryCollection

  init() throws {
    collection = try TemporaryCollection()
    try collection.write("albums/solo", albumText(title: "Solo", artist: "A", tags: ["instruments:piano"]))
    try collection.write(
      "albums/trio", albumText(title: "Trio", artist: "B", tags: ["instruments:piano", "instruments:bass", "instruments:drums"]))
    try collection.write("albums/duo", albumText(title: "Duo", artist: "C", tags: ["instruments:guitar", "Instruments:voice", "jazz"]))
    try collection.write("albums/untagged", albumText(title: "Untagged", artist: "D"))
    try collection.initializeGit()
  }

  func titles(_ arguments: [String]) throws -> [String] {
    let result = try rk(["list", "--sort", "title", "--format", "{title}"] + arguments)
    #expect(result.status == 0, "\(result.stderr)")
    return result.stdout.split(separator: "\n").map(String.init)
  }

  @Test func theSeedsExampleFiltersAList() throws {
    #expect(try titles(["count(#instruments:) <= 2"]) == ["Duo", "Solo", "Untagged"])
    #expect(try titles(["count(#instruments:)>=2"]) == ["Trio"])
    #expect(try titles(["count(#instruments:) = 0", "-#jazz"]) == ["Untagged"])
    #expect(try titles(["+(#jazz, count(#instruments:) > 2)"]) == ["Duo", "Trio"])
  }

  @Test func aMalformedCountIsAUsageErrorNamingWhatToWrite() throws {
    let result = try rk(["list", "count(#instruments) <= 2"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("write count(#PREFIX:), as in count(#instruments:) <= 2"), "\(result.stderr)")
  }

  @Test func aSmartListKeepsTheRule() throws {
    let save = try rk(["lists", "save", "small-band", "count(#instruments:) <= 2"])
    #expect(save.status == 0, "\(save.stderr)")
    #expect(try collection.read(".recordkeeper/lists/small-band.yaml").hasSuffix("rules:\n- count(#instruments:) <= 2\n"))
    #expect(try titles(["@small-band"]) == ["Duo", "Solo", "Untagged"])
    #expect(try titles(["@small-band", "-count(#instruments:) = 0"]) == ["Duo", "Solo"])
    #expect(try rk(["check"]).status == 0)
  }

  @Test func completionOffersTheTagsPrefixes() throws {
    func complete(_ word: String) throws -> [String] {
      let words = ["rk", "list", word]
      let result = try runRK(
        ["---completion", "list", "--", "positional@0", String(words.count - 1), String(word.count)] + words,
        environment: ["RK_COLLECTION": collection.path])
      #expect(result.status == 0, "\(result.stderr)")
      return result.stdout.split(separator: "\n").map(String.init)
    }
    #expect(try complete("co") == ["count(#Instruments:)", "count(#instruments:)"])
    #expect(try complete("-count(#i") == ["-count(#instruments:)"])
    #expect(try complete("+(#jazz,count(") == ["+(#jazz,count(#Instruments:)", "+(#jazz,count(#instruments:)"])
    #expect(try complete("#in") == ["#instruments:bass", "#instruments:drums", "#instruments:guitar", "#instruments:piano"])
  }
}
