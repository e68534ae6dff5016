import Foundation
import TestSupport
import Testing

@testable import RecordKeeper

/// Importing a Discogs export into an album whose notes a person wrote:
/// their notes stay byte for byte, the row's Collection Notes go into a
/// `### Discogs` part of `## Notes` (docs/commands.md, "Discogs").
@Suite("Discogs notes beside hand-written notes")
struct DiscogsImportNotesTests {
  let collection: TemporaryCollection
  let store: CollectionStore
  let handWritten = """
    ---
    title: Kind of Blue
    artist: Miles Davis
    discogs: 1557012
    ---

    ## Tracks

    1. So What

    ## Notes

    Found at a flea market, 2019.

    ### Pressing

    Six-eye label, deep groove on side A.

    """

  init() throws {
    collection = try TemporaryCollection()
    try collection.write("albums/miles-davis-kind-of-blue", handWritten)
    try collection.initializeGit()
    store = try CollectionStore(location: CollectionLocation(root: collection.path))
  }

  func row(notes: String) -> String {
    "CL 1355,Miles Davis,Kind of Blue,Columbia,,,,1557012,,,,,\"\(notes)\"\n"
  }

  @discardableResult
  func importing(_ rows: String) throws(DiscogsImportError) -> (plan: DiscogsImportPlan, commit: GitCommit?) {
    try store.importDiscogs(Array((DiscogsExport.header + rows).utf8), file: "collection.csv")
  }

  var text: String { get throws { try collection.read("albums/miles-davis-kind-of-blue/album.md") } }

  @Test func theRowsNotesGoBesideThePersonsAndReimportingChangesNothing() throws {
    try importing(row(notes: "Signed by\nJimmy Cobb."))
    let expected =
      handWritten.replacingOccurrences(of: "discogs: 1557012\n", with: "label: Columbia\ncatalog_number: CL 1355\ndiscogs: 1557012\n")
      + "\n### Discogs\n\nSigned by\nJimmy Cobb.\n"
    #expect(try text == expected)
    let again = try importing(row(notes: "Signed by\nJimmy Cobb."))
    #expect(again.commit == nil && again.plan.unchanged.count == 1)
    #expect(try text == expected)
  }

  @Test func aChangedRowUpdatesOnlyTheDiscogsPart() throws {
    try collection.write("albums/miles-davis-kind-of-blue", handWritten + "\n### Discogs\n\nOld.\n\n### Sleeve\n\nRing wear.\n")
    try git(["commit", "-qam", "Discogs part in the middle"], in: collection.path)
    let before = try text
    let result = try importing(row(notes: "New."))
    #expect(result.plan.updated.first?.keys.contains("notes") == true)
    #expect(
      try text
        == before.replacingOccurrences(of: "discogs: 1557012\n", with: "label: Columbia\ncatalog_number: CL 1355\ndiscogs: 1557012\n")
        .replacingOccurrences(of: "### Discogs\n\nOld.\n", with: "### Discogs\n\nNew.\n"))
  }
}
