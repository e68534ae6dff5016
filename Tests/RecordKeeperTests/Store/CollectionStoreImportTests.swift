import Foundation
import TestSupport
import Testing

@testable import RecordKeeper

/// `CollectionStore.importDiscogs`: one commit for the whole file, minimal
/// rewrites of the albums it updates, nothing written on any problem.
@Suite("Importing a Discogs export into the collection")
struct CollectionStoreImportTests {
  let collection: TemporaryCollection
  let store: CollectionStore
  let handWritten = """
    ---
    title: Kind of Blue
    artist: Miles Davis
    # pressed in 1959
    label: 'Columbia'
    discogs: 1557012
    ---

    ## Tracks

    1. So What

    ## Notes

    Mine.

    """

  init() throws {
    collection = try TemporaryCollection()
    try collection.write("albums/miles-davis-kind-of-blue", handWritten)
    try collection.initializeGit()
    store = try CollectionStore(location: CollectionLocation(root: collection.path))
  }

  func importing(_ rows: String, dryRun: Bool = false) throws(DiscogsImportError) -> (plan: DiscogsImportPlan, commit: GitCommit?) {
    try store.importDiscogs(Array((DiscogsExport.header + rows).utf8), file: "/tmp/my collection.csv", dryRun: dryRun)
  }

  let kindOfBlue = "CL 1355,Miles Davis,Kind of Blue,Columbia,,,,1557012,,,,,\n"
  let nevermind = "DGC-24425,Nirvana (2),Nevermind,DGC,\"LP, Album\",5,1991,367084,Rock,2019-03-04 12:13:14,,,\"Signed.\nTwice.\"\n"

  @Test func addsAndUpdatesInOneCommitRewritingOnlyWhatChanged() throws {
    let result = try importing(kindOfBlue + nevermind)
    #expect(result.plan.added.map(\.album.id) == ["albums/nirvana-nevermind"])
    #expect(result.plan.updated.map(\.keys) == [["catalog_number"]])
    #expect(try collection.commitSubjects() == ["Import 2 albums from Discogs (my collection.csv): 1 added, 1 updated", "Start"])
    #expect(try collection.status().isEmpty)
    // Only the catalog number's line is new; the comment and the quoting stay.
    #expect(
      try collection.read("albums/miles-davis-kind-of-blue/album.md")
        == handWritten.replacingOccurrences(of: "discogs: 1557012\n", with: "catalog_number: CL 1355\ndiscogs: 1557012\n"))
    let added = try store.read("albums/nirvana-nevermind").album
    #expect(added.artist == "Nirvana" && added.format == "LP, Album" && added.released == "1991")
    #expect(DiscogsNotes.text(of: added.body) == "Signed.\nTwice.")
  }

  @Test func importingTheSameRowsAgainChangesNothing() throws {
    _ = try importing(kindOfBlue + nevermind)
    let again = try importing(kindOfBlue + nevermind)
    #expect(again.commit == nil)
    #expect(again.plan.unchanged.map(\.id) == ["albums/miles-davis-kind-of-blue", "albums/nirvana-nevermind"])
    #expect(try collection.commitSubjects().count == 2)
  }

  @Test func aBlankCellNeverRemovesAValue() throws {
    _ = try importing("CL 1355,Miles Davis,Kind of Blue,,,,,1557012,,,,,\n")
    let album = try store.read("albums/miles-davis-kind-of-blue").album
    #expect(album.label == "Columbia" && DiscogsNotes.text(of: album.body) == "Mine.")
  }

  @Test func notesGoIntoTheirOwnPartOfTheNotesSection() throws {
    _ = try importing("CL 1355,Miles Davis,Kind of Blue,Columbia,,,,1557012,,,,,Theirs.\n")
    let text = try collection.read("albums/miles-davis-kind-of-blue/album.md")
    #expect(text.hasSuffix("## Tracks\n\n1. So What\n\n## Notes\n\nMine.\n\n### Discogs\n\nTheirs.\n"))
  }

  @Test func aDryRunPlansAndWritesNothing() throws {
    let result = try importing(kindOfBlue + nevermind, dryRun: true)
    #expect(result.commit == nil)
    #expect(result.plan.added.count == 1 && result.plan.updated.count == 1)
    #expect(try collection.commitSubjects() == ["Start"])
    #expect(!FileManager.default.fileExists(atPath: collection.path + "/albums/nirvana-nevermind"))
  }

  @Test func aBadRowWritesNothing() throws {
    #expect(throws: DiscogsImportError.self) { try importing(nevermind + "X,A,B,L,LP,9,1999,5,,,,,\n") }
    #expect(try collection.commitSubjects() == ["Start"])
    #expect(try collection.status().isEmpty)
    #expect(!FileManager.default.fileExists(atPath: collection.path + "/albums/nirvana-nevermind"))
  }

  @Test func anAlbumThatCannotBeRewrittenIsReportedByRow() throws {
    try collection.write("albums/miles-davis-kind-of-blue", "---\n{title: Kind of Blue, artist: Miles Davis, discogs: '1557012'}\n---\n")
    try git(["commit", "-qam", "One mapping"], in: collection.path)
    do {
      _ = try importing(nevermind + kindOfBlue)
      Issue.record("the import should have been refused")
    } catch {
      guard case .problems(_, let problems) = error else { throw error }
      #expect(problems.map(\.line) == [4])
      #expect(problems.first?.message.contains("albums/miles-davis-kind-of-blue/album.md") == true)
    }
    #expect(!FileManager.default.fileExists(atPath: collection.path + "/albums/nirvana-nevermind"))
  }

  @Test func handEditsToAnUpdatedAlbumAreCommittedFirst() throws {
    try collection.write("albums/miles-davis-kind-of-blue", handWritten + "More of mine.\n")
    _ = try importing(kindOfBlue)
    #expect(
      try collection.commitSubjects() == [
        "Import 1 album from Discogs (my collection.csv): 1 updated", "Edit Miles Davis – Kind of Blue by hand", "Start",
      ])
  }

  @Test func anImportIsUndoneAsOne() throws {
    _ = try importing(kindOfBlue + nevermind)
    _ = try store.undo()
    #expect(try collection.read("albums/miles-davis-kind-of-blue/album.md") == handWritten)
    #expect(!FileManager.default.fileExists(atPath: collection.path + "/albums/nirvana-nevermind"))
  }

  @Test func copiesOfOneReleaseGetFoldersInRowOrderAndAreUpdatedOneByOne() throws {
    let copy = "X,Various,Nuggets,Elektra,\"2xLP, Comp\",,1972-00-00,42,,"
    _ = try importing(copy + "2019-01-01,Mint (M),,\n" + copy + "2020-01-01,Poor (P),,\n")
    #expect(try store.read("albums/various-nuggets").album.mediaCondition == "M")
    #expect(try store.read("albums/various-nuggets-2").album.mediaCondition == "P")
    let result = try importing(copy + "2019-01-01,Mint (M),,\n" + copy + "2020-01-01,Fair (F),,\n")
    #expect(result.plan.updated.map(\.before.id) == ["albums/various-nuggets-2"])
    #expect(result.plan.updated.map(\.keys) == [["media_condition"]])
  }

  @Test func anUnreadableAlbumStopsTheImport() throws {
    try collection.write("albums/broken", "no front matter\n")
    #expect(throws: DiscogsImportError.self) { try importing(nevermind) }
    #expect(try collection.commitSubjects() == ["Start"])
  }
}
