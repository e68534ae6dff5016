import Foundation
import TestSupport
import Testing

@testable import RecordKeeper

/// Favourites in the order a person chooses (issue 32, seed 004): the stars
/// say what is a favourite, the ordered list `favourites` in which order.
@Suite("Favourites in the collector's order")
struct FavouritesOrderTests {
  let collection: TemporaryCollection
  let path = ".recordkeeper/lists/favourites.md"

  init() throws {
    collection = try TemporaryCollection()
    try collection.write(
      "albums/kind-of-blue",
      "---\ntitle: Kind of Blue\nartist: Miles Davis\n---\n\n## Tracks\n\n### Side A\n\n1. So What ★\n2. Freddie Freeloader ★\n\n### Side B\n\n1. Blue in Green ★\n"
    )
    try collection.write("albums/ok-computer", "---\ntitle: OK Computer\nartist: Radiohead\n---\n\n## Tracks\n\n1. Airbag ★\n2. Lucky\n")
    try collection.initializeGit()
  }

  func favourites() throws -> [FavouriteTrack] {
    try RecordCollection.load(CollectionLocation(root: collection.path)).favouriteTracks()
  }

  func ordered() throws -> [String] {
    try RecordCollection.load(CollectionLocation(root: collection.path)).orderedFavouriteTracks().map(\.reference)
  }

  @Test func withoutTheListTheCollectionsOrderIsKept() throws {
    #expect(try ordered() == ["albums/kind-of-blue#A1", "albums/kind-of-blue#A2", "albums/kind-of-blue#B1", "albums/ok-computer#1"])
  }

  @Test func theListsEntriesComeFirstThenStarsItDoesNotNameAndUnstarredEntriesArePassedOver() throws {
    try collection.writeFile(
      path,
      Array(
        "# Mine\n\n1. albums/ok-computer#2 no star\n2. albums/kind-of-blue#3\n3. albums/ok-computer#1\n4. albums/kind-of-blue#B1\n".utf8))
    // #3 and #B1 are one track, named twice: it comes once, where first named.
    #expect(try ordered() == ["albums/kind-of-blue#B1", "albums/ok-computer#1", "albums/kind-of-blue#A1", "albums/kind-of-blue#A2"])
  }

  @Test func aMoveBringsTheListInLineWithTheStarsAndKeepsAPersonsLinesByteForByte() throws {
    let handWritten =
      "# My favourites\n<!-- in the order I play them -->\n\n1. albums/ok-computer#2 not starred any more\n2. albums/kind-of-blue#B1 the best\n\nThe rest later.\n"
    try collection.writeFile(path, Array(handWritten.utf8))
    let store = try CollectionStore(location: CollectionLocation(root: collection.path))
    // In order now: B1, A1, A2, Airbag; Airbag to the top.
    try store.moveFavourite(from: 4, to: 1, favourites: try favourites())
    #expect(
      try collection.read(path) == """
        # My favourites
        <!-- in the order I play them -->

        1. albums/ok-computer#1
        2. albums/kind-of-blue#B1 the best
        3. albums/kind-of-blue#A1
        4. albums/kind-of-blue#A2

        The rest later.

        """)
    #expect(
      try collection.commitSubjects().prefix(2) == ["Move favourite albums/ok-computer#1 from 4 to 1", "Edit list favourites by hand"])
    #expect(try ordered() == ["albums/ok-computer#1", "albums/kind-of-blue#B1", "albums/kind-of-blue#A1", "albums/kind-of-blue#A2"])
    #expect(throws: OrderedListError.outOfRange(name: "favourites", place: 5, count: 4)) {
      try store.moveFavourite(from: 5, to: 1, favourites: try favourites())
    }
  }

  @Test func theFirstMoveMakesTheList() throws {
    let store = try CollectionStore(location: CollectionLocation(root: collection.path))
    try store.moveFavourite(from: 1, to: 2, favourites: try favourites())
    let text = try collection.read(path)
    #expect(
      text.hasSuffix("-->\n1. albums/kind-of-blue#A2\n2. albums/kind-of-blue#A1\n3. albums/kind-of-blue#B1\n4. albums/ok-computer#1\n"),
      "\(text)")
    #expect(try collection.status().isEmpty)
  }

  /// The files the last commit changed.
  func lastCommitFiles() throws -> Set<String> {
    Set(try git(["show", "--name-only", "--format=", "HEAD"], in: collection.path).split(separator: "\n").map(String.init))
  }

  @Test func unstarringATrackTakesItsEntryOutInTheSameCommitAndAStarPutBackComesLast() throws {
    let store = try CollectionStore(location: CollectionLocation(root: collection.path))
    try store.moveFavourite(from: 4, to: 1, favourites: try favourites())
    #expect(try ordered() == ["albums/ok-computer#1", "albums/kind-of-blue#A1", "albums/kind-of-blue#A2", "albums/kind-of-blue#B1"])
    try store.apply(.setFavourite(1, false), to: "albums/ok-computer")
    #expect(try lastCommitFiles() == ["albums/ok-computer/album.md", path])
    #expect(!(try collection.read(path)).contains("ok-computer"))
    try store.apply(.setFavourite(1, true), to: "albums/ok-computer")
    #expect(try ordered().last == "albums/ok-computer#1")
    #expect(try collection.status().isEmpty)
  }

  @Test func aChangeToSeveralAlbumsTakesOutTheirUnstarredEntriesInItsOneCommit() throws {
    let store = try CollectionStore(location: CollectionLocation(root: collection.path))
    try store.moveFavourite(from: 1, to: 4, favourites: try favourites())
    try store.apply(.setFavourite(1, false), toAll: ["albums/ok-computer", "albums/kind-of-blue"])
    #expect(try lastCommitFiles() == ["albums/kind-of-blue/album.md", "albums/ok-computer/album.md", path])
    #expect(try ordered() == ["albums/kind-of-blue#A2", "albums/kind-of-blue#B1"])
  }

  @Test func aSavedEditThatRemovesAStarKeepsAHandWrittenListsOtherLinesByteForByte() throws {
    let handWritten =
      "# My favourites\n<!-- in the order I play them -->\n\n1. albums/kind-of-blue#B1 the best\n2. albums/ok-computer#1 loud\n3. albums/kind-of-blue#A1\n\nThe rest later.\n"
    try collection.writeFile(path, Array(handWritten.utf8))
    let store = try CollectionStore(location: CollectionLocation(root: collection.path))
    try store.replace(
      "albums/ok-computer", with: "---\ntitle: OK Computer\nartist: Radiohead\n---\n\n## Tracks\n\n1. Airbag\n2. Lucky\n")
    #expect(
      try collection.read(path)
        == "# My favourites\n<!-- in the order I play them -->\n\n1. albums/kind-of-blue#B1 the best\n2. albums/kind-of-blue#A1\n\nThe rest later.\n"
    )
    #expect(try collection.commitSubjects().prefix(2) == ["Edit Radiohead – OK Computer", "Edit list favourites by hand"])
    #expect(try lastCommitFiles() == ["albums/ok-computer/album.md", path])
  }

  @Test func aChangeThatLeavesTheStarsAloneDoesNotTouchTheList() throws {
    let handWritten = "1. albums/ok-computer#2 not starred, by hand\n"
    try collection.writeFile(path, Array(handWritten.utf8))
    try git(["add", "-A"], in: collection.path)
    try git(["commit", "-qm", "by hand"], in: collection.path)
    let store = try CollectionStore(location: CollectionLocation(root: collection.path))
    try store.apply(.setFavourite(2, false), to: "albums/kind-of-blue")
    // The entry of another album is passed over until rk writes the list.
    #expect(try collection.read(path) == handWritten)
    #expect(try lastCommitFiles() == ["albums/kind-of-blue/album.md"])
  }
}
