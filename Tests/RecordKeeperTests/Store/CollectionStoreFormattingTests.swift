import Foundation
import TestSupport
import Testing

@testable import RecordKeeper

/// `CollectionStore.format`: one journal for every file, so a format cut
/// short leaves all albums formatted and committed, or none.
@Suite("Formatting albums in the store")
struct CollectionStoreFormattingTests {
  let collection: TemporaryCollection
  let ids = ["albums/a", "albums/b", "albums/c"]
  let texts = [
    "---\nartist: A\ntitle: One\n---\n",
    "---\r\ntitle: Two\r\nartist: B\r\n---\r\n",
    "---\ntitle: Three\nartist: C\n---\n",
  ]
  let store: CollectionStore

  init() throws {
    collection = try TemporaryCollection()
    for (id, text) in zip(ids, texts) { try collection.write(id, text) }
    try collection.initializeGit()
    store = try CollectionStore(location: CollectionLocation(root: collection.path))
  }

  @Test func reportsWhatItDid() throws {
    let report = try store.format([])
    #expect(report.formatted == ["albums/a", "albums/b"])
    #expect(report.alreadyCanonical == 1)
    #expect(report.skipped.isEmpty)
    #expect(report.commit?.summary == "Format 2 albums")
    #expect(try collection.read("albums/a/album.md") == "---\ntitle: One\nartist: A\n---\n")
    #expect(try collection.read("albums/b/album.md") == "---\ntitle: Two\nartist: B\n---\n")
    #expect(try store.format([]).commit == nil)
  }

  @Test func aKillPartWayPutsBackEveryFile() throws {
    let files = ["albums/a/album.md", "albums/b/album.md"]
    let journal = ChangeJournal(message: ChangeMessage.make("Format 2 albums", action: "format"), paths: files)
    try store.prepare(journal, saving: files).write(to: store.journalPath)
    // Killed after writing the first file.
    try collection.write("albums/a", "---\ntitle: One\nartist: A\n---\n")
    var outcomes: [InterruptedChange.Outcome] = []
    store.onInterruptedChange = { outcomes.append($0.outcome) }
    try store.finishInterruptedChange()
    #expect(outcomes == [.rolledBack])
    #expect(try collection.read("albums/a/album.md") == texts[0])
    #expect(try collection.read("albums/b/album.md") == texts[1])
    #expect(try collection.status().isEmpty)
  }
}
