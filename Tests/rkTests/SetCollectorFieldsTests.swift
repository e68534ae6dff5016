import Foundation
import TestSupport
import Testing

@Suite("rk set: the collector's fields")
struct SetCollectorFieldsTests: CollectionCommands {
  let collection: TemporaryCollection

  init() throws {
    collection = try TemporaryCollection()
    try collection.write(
      "albums/miles-davis-kind-of-blue",
      "---\ntitle: Kind of Blue\nartist: Miles Davis\n# the pressing\nlabel: Columbia  # six-eye\ntags:\n- jazz\n---\n\n## Tracks\n\n1. So What\n"
    )
    try collection.initializeGit()
  }

  @Test func setsFieldsInPlaceAndNamesThemInTheCommit() throws {
    let result = try rk([
      "set", "miles-davis-kind", "--catalog-number", "CL 1355", "--media-condition", "Very Good Plus (VG+)", "--rating", "5",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let text = try collection.read("albums/miles-davis-kind-of-blue/album.md")
    #expect(
      text.hasPrefix(
        "---\ntitle: Kind of Blue\nartist: Miles Davis\n# the pressing\nlabel: Columbia  # six-eye\ntags:\n- jazz\ncatalog_number: CL 1355\nmedia_condition: VG+\nrating: 5\n---\n"
      ))
    #expect(try collection.commitSubjects().first == "Change catalog number, media condition and rating of Miles Davis – Kind of Blue")
  }

  @Test func emptyValueClearsAField() throws {
    #expect(try rk(["set", "miles-davis-kind", "--label", ""]).status == 0)
    let text = try collection.read("albums/miles-davis-kind-of-blue/album.md")
    #expect(!text.contains("label:"))
    #expect(try collection.commitSubjects().first == "Change label of Miles Davis – Kind of Blue")
  }

  @Test func aValueBreakingItsRuleIsRefusedAndNothingChanges() throws {
    let before = try collection.read("albums/miles-davis-kind-of-blue/album.md")
    let result = try rk(["set", "miles-davis-kind", "--barcode", "12-34", "--status", "sold"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("barcode: \"12-34\" is not a barcode"))
    #expect(result.stderr.contains("status: \"sold\" is not a status"))
    #expect(try collection.read("albums/miles-davis-kind-of-blue/album.md") == before)
  }
}
