import Foundation
import TestSupport
import Testing

@testable import RecordKeeper

/// `.` and other paths name an album from the working directory when that
/// is inside the collection (docs/album-format.md, "The collection on disk"), never an album whose title
/// happens to hold a dot.
@Suite("Album references from the working directory")
struct WorkingDirectoryReferenceTests {
  let collection: TemporaryCollection
  let location: CollectionLocation
  static let kind = "albums/miles-davis-kind-of-blue"
  static let dotted = "albums/various-vol-2"

  init() throws {
    collection = try TemporaryCollection()
    try collection.write(Self.kind, albumText(title: "Kind of Blue", artist: "Miles Davis"))
    try collection.write(Self.dotted, albumText(title: "Vol. 2", artist: "Various"))
    try collection.writeFile(Self.kind + "/photos/back.txt", [])
    location = CollectionLocation(root: collection.path)
  }

  private func key(_ reference: String, from folder: String) throws -> String? {
    try AlbumReference.pathKey(reference, from: collection.path + "/" + folder, in: location)
  }

  @Test func dotInsideAnAlbumsFolderOrBelowItNamesThatAlbum() throws {
    #expect(try key(".", from: Self.kind) == Self.kind)
    #expect(try key("./", from: Self.kind) == Self.kind)
    #expect(try key("./album.md", from: Self.kind) == Self.kind)
    #expect(try key(".", from: Self.kind + "/photos") == Self.kind)
    #expect(try key("..", from: Self.kind + "/photos") == Self.kind)
  }

  @Test func aPathFromHereNamesANeighbour() throws {
    #expect(try key("../various-vol-2", from: Self.kind) == Self.dotted)
    #expect(try key("miles-davis-kind-of-blue", from: "albums") == Self.kind)
  }

  @Test func aDotWhereNoAlbumIsIsNoAlbumAndAPathOutIsRefused() throws {
    #expect(throws: CollectionError.noSuchAlbum(".")) { try key(".", from: "albums") }
    #expect(throws: CollectionError.outsideCollection("../../..")) { try key("../../..", from: Self.kind) }
  }

  @Test func outsideTheCollectionOrForAnIdTheRootDecidesAsBefore() throws {
    #expect(try AlbumReference.pathKey(".", from: "/", in: location) == nil)
    #expect(try key("kind", from: Self.kind) == nil)
    #expect(try key(Self.kind, from: "") == Self.kind)
  }

  @Test func aDotNeverFallsToTheWordsOfATitle() throws {
    #expect(throws: CollectionError.noSuchAlbum(".")) {
      try AlbumReference.resolve(".", among: [Self.kind, Self.dotted], in: CollectionLocation(root: "/nowhere")) {
        [Album(id: Self.dotted, title: "Vol. 2", artist: "Various")]
      }
    }
  }
}
