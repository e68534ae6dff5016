import Foundation
import TestSupport
import Testing

@testable import RecordKeeper

/// The app's moves and removals name the version of the list they were
/// made on (issue 32): a list changed since is never changed at the wrong place.
@Suite("Ordered lists changed at a version")
struct OrderedListVersionTests {
  let collection: TemporaryCollection
  let store: CollectionStore
  let path = ".recordkeeper/lists/set.md"

  init() throws {
    collection = try TemporaryCollection(albums: [
      "albums/kind-of-blue": albumText(title: "Kind of Blue", artist: "Miles Davis", tracks: ["So What", "Freddie Freeloader"]),
      "albums/blue-train": albumText(title: "Blue Train", artist: "John Coltrane"),
      "albums/moanin": albumText(title: "Moanin'", artist: "Art Blakey"),
    ])
    try collection.initializeGit()
    store = try CollectionStore(location: CollectionLocation(root: collection.path))
    try store.makeOrderedList(named: "set")
    for album in ["albums/kind-of-blue", "albums/blue-train"] { try store.addToOrderedList("set", album: album) }
  }

  func shown() throws -> OrderedListFile {
    try #require(try OrderedLists.load("set", in: store.location))
  }

  @Test func aMoveOrDropAtTheVersionShownIsMade() throws {
    let version = try shown().version
    #expect(version.count == 40)
    try store.moveInOrderedList("set", from: 2, to: 1, version: version)
    #expect(try shown().entries.map(\.album) == ["albums/blue-train", "albums/kind-of-blue"])
    try store.dropFromOrderedList("set", at: 1, version: try shown().version.uppercased())
    #expect(try shown().entries.map(\.album) == ["albums/kind-of-blue"])
  }

  @Test func aMoveOrDropAtAnOlderVersionIsRefusedAndWritesNothing() throws {
    let version = try shown().version
    try store.addToOrderedList("set", album: "albums/moanin", at: 1)
    let before = try collection.read(path)
    #expect(throws: OrderedListError.changedMeanwhile(name: "set")) {
      try store.moveInOrderedList("set", from: 1, to: 2, version: version)
    }
    #expect(throws: OrderedListError.changedMeanwhile(name: "set")) {
      try store.dropFromOrderedList("set", at: 1, version: version)
    }
    #expect(try collection.read(path) == before)
    #expect(OrderedListError.changedMeanwhile(name: "set").description.contains("look at it again"))
  }

  @Test func aMoveOnAListEditedByHandSinceItWasShownCommitsNothing() throws {
    let version = try shown().version
    let edited = try collection.read(path).replacingOccurrences(of: "1. albums/kind-of-blue\n", with: "")
    try collection.writeFile(path, Array(edited.utf8))
    let commits = try git(["rev-list", "--count", "HEAD"], in: collection.path)
    #expect(throws: OrderedListError.changedMeanwhile(name: "set")) {
      try store.moveInOrderedList("set", from: 1, to: 1, version: version)
    }
    #expect(try git(["rev-list", "--count", "HEAD"], in: collection.path) == commits)
    #expect(try collection.read(path) == edited)
  }

  @Test func aNameThatIsNoFileNameIsRefusedBeforeAnythingIsRead() {
    #expect(throws: OrderedListError.name(.badName("../set"))) { try store.dropFromOrderedList("../set", at: 1) }
  }

  @Test func anEntrysTrackIsFoundByNumberOrSidePosition() throws {
    let album = try store.read("albums/kind-of-blue").album
    #expect(OrderedListEntry(album: album.id, track: "2").track(in: album)?.name == "Freddie Freeloader")
    #expect(OrderedListEntry(album: album.id, track: "3").track(in: album) == nil)
    #expect(OrderedListEntry(album: album.id, track: "0").track(in: album) == nil)
    #expect(OrderedListEntry(album: album.id).track(in: album) == nil)
    var sided = Album(id: "albums/x", title: "X", artist: "Y")
    sided.trackList = [Album.Track(name: "One", side: "Side A", sideIndex: 1), Album.Track(name: "Two", side: "Side B", sideIndex: 2)]
    #expect(OrderedListEntry(album: "albums/x", track: "b1").track(in: sided)?.name == "Two")
    #expect(OrderedListEntry(album: "albums/x", track: "1").track(in: Album(id: "albums/x", title: "X", artist: "Y")) == nil)
  }
}
