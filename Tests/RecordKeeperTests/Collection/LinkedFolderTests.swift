import Foundation
import TestSupport
import Testing

@testable import RecordKeeper

/// An album folder that is a link out of the collection is not followed,
/// and not passed over in silence either: loading names it, so `rk list`
/// warns and `rk check` reports it.
@Suite("Links to album folders outside the collection")
struct LinkedFolderTests {
  /// Another folder, outside the collection, holding an album folder.
  let outside: TemporaryCollection
  let collection: TemporaryCollection

  init() throws {
    outside = try TemporaryCollection(albums: ["away": albumText(title: "Away", artist: "Elsewhere")])
    collection = try TemporaryCollection(albums: ["albums/home": albumText(title: "Home", artist: "Here")])
    try FileManager.default.createSymbolicLink(atPath: collection.path + "/albums/away", withDestinationPath: outside.path + "/away")
    // A link inside the tree (loaded where it really is) and one to a folder with no album say nothing.
    try FileManager.default.createSymbolicLink(atPath: collection.path + "/albums/alias", withDestinationPath: "home")
    try FileManager.default.createSymbolicLink(atPath: collection.path + "/albums/tmp", withDestinationPath: outside.path)
  }

  @Test func loadingNamesTheLinkAndWhereItLeads() throws {
    let loaded = try RecordCollection.load(CollectionLocation(root: collection.path))
    #expect(loaded.albums.map(\.id) == ["albums/home"])
    #expect(loaded.unreadable.map(\.id) == ["albums/away"])
    let issue = try #require(loaded.unreadable.first)
    #expect(issue.field == "folder")
    #expect(issue.message.contains("is a link to \(try FileSystem.realPath(outside.path + "/away")), outside the collection"))
    #expect(issue.formatted(in: loaded.location).hasPrefix(collection.path + "/albums/away: folder: "))
    #expect(CollectionCheck(loaded).issues.map(\.id) == ["albums/away"])
  }

  @Test func aQueryServedFromTheLoadCacheStillNamesIt() throws {
    try collection.initializeGit()
    for _ in 0..<2 {
      let loaded = try RecordCollection.load(CollectionLocation(root: collection.path), validating: false)
      #expect(loaded.unreadable.map(\.id) == ["albums/away"])
    }
  }
}
