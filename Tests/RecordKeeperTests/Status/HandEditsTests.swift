import Foundation
import RecordKeeper
import TestSupport
import Testing

/// Which uncommitted files are hand edits, and what recording them commits.
@Suite("Hand edits found and recorded")
struct HandEditsTests {
  let collection: TemporaryCollection
  let store: CollectionStore

  init() throws {
    collection = try TemporaryCollection(albums: [
      "albums/jazz/miles-davis-kind-of-blue": albumText(title: "Kind of Blue", artist: "Miles Davis"),
      "albums/nick-drake-pink-moon": albumText(title: "Pink Moon", artist: "Nick Drake"),
    ])
    try collection.initializeGit()
    store = try CollectionStore(location: CollectionLocation(root: collection.path))
  }

  @Test func anyFileOfAnAlbumsFolderIsAnEditOfThatAlbumAndOtherFilesAreNone() throws {
    try collection.writeFile("albums/jazz/miles-davis-kind-of-blue/photos/back.jpg", Array("jpeg".utf8))
    try collection.writeFile("NOTES.txt", Array("mine\n".utf8))
    try collection.writeFile(".recordkeeper/local.yaml", Array("sort: year\n".utf8))
    try collection.writeFile("albums/jazz/README.md", Array("jazz shelf\n".utf8))
    let edits = try store.unrecordedChanges()
    #expect(
      edits == [
        HandEdit(kind: .album, change: .edited, id: "albums/jazz/miles-davis-kind-of-blue", name: "Miles Davis – Kind of Blue")
      ])
  }

  @Test func aRemovedAlbumIsNamedAsItWasCommittedAndRecordingRemovesItAlone() throws {
    try FileManager.default.removeItem(atPath: collection.path + "/albums/nick-drake-pink-moon")
    try collection.writeFile("NOTES.txt", Array("mine\n".utf8))
    let record = try store.recordHandEdits()
    #expect(record.recorded.map(\.summary) == ["Remove Nick Drake – Pink Moon by hand"])
    #expect(record.stayedHome.isEmpty)
    #expect(try collection.status() == ["?? NOTES.txt"])
    #expect(ChangeMessage.action(of: record.recorded[0].message) == nil, "rk undo treats it as the person's own")
  }

  @Test func aBrokenAlbumStaysHomeWithItsProblemsAndTheRestIsRecorded() throws {
    try collection.write("albums/nick-drake-pink-moon", albumText(title: "Pink Moon", artist: "Nick Drake", released: "1972-02-30"))
    try collection.write("albums/kraftwerk-trans-europe-express", albumText(title: "Trans-Europe Express", artist: "Kraftwerk"))
    let record = try store.recordHandEdits()
    #expect(record.recorded.map(\.summary) == ["Add Kraftwerk – Trans-Europe Express by hand"])
    #expect(record.stayedHome.map(\.id) == ["albums/nick-drake-pink-moon"])
    #expect(record.stayedHome.first?.problems.map(\.field) == ["released"])
    #expect(try collection.status() == [" M albums/nick-drake-pink-moon/album.md"])
  }
}
