import Foundation
import RecordKeeper
import Testing

/// docs/album-format.md, "The collection on disk": references by artist and title words, and never outside the root.
@Suite("Album references")
struct AlbumReferenceTests {
  private static let location = CollectionLocation(root: "/music")
  private static let albums = [
    Album(id: "albums/miles-davis-kind-of-blue", title: "Kind of Blue", artist: "Miles Davis"),
    Album(id: "albums/miles-davis-bitches-brew", title: "Bitches Brew", artist: "Miles Davis"),
    Album(id: "albums/bjork-homogenic", title: "Homogenic", artist: "Björk"),
    Album(id: "albums/sigur-ros", title: "Ágætis byrjun", artist: "Sigur Rós"),
    Album(id: "albums/kind", title: "Kind", artist: "Someone"),
  ]

  private func resolve(_ reference: String) throws(CollectionError) -> String {
    try AlbumReference.resolve(reference, among: Self.albums.map(\.id), in: Self.location) { Self.albums }
  }

  @Test(arguments: [
    ("kind of blue", "albums/miles-davis-kind-of-blue"),
    ("Bjork", "albums/bjork-homogenic"),
    ("bjork homogenic", "albums/bjork-homogenic"),
    ("BJÖRK", "albums/bjork-homogenic"),
    ("davis brew", "albums/miles-davis-bitches-brew"),
    ("agaetis", "albums/sigur-ros"),
    // A folder name or prefix wins over words.
    ("kind", "albums/kind"),
  ])
  func wordsOfArtistAndTitle(reference: String, id: String) throws {
    #expect(try resolve(reference) == id)
  }

  @Test func wordsMatchingSeveralAlbumsAreAmbiguous() {
    #expect(throws: CollectionError.ambiguous("miles", candidates: ["albums/miles-davis-bitches-brew", "albums/miles-davis-kind-of-blue"]))
    {
      try resolve("miles")
    }
    #expect(throws: CollectionError.noSuchAlbum("bjork blue")) { try resolve("bjork blue") }
  }

  @Test(
    "references that lead outside the collection",
    arguments: [
      "albums/../../x", "../x", "..", "albums/..", "/elsewhere/albums/abba", "/music/../etc", "albums/../albums/kind",
    ])
  func outside(reference: String) {
    #expect(throws: CollectionError.outsideCollection(reference)) { try resolve(reference) }
    #expect(CollectionError.outsideCollection(reference).description.contains("outside the collection"))
  }

  @Test func linksOutOfTheTreeAreRefused() throws {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("rk-ref-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: base) }
    let root = base.appendingPathComponent("records")
    let outside = base.appendingPathComponent("outside")
    try FileManager.default.createDirectory(at: root.appendingPathComponent("albums/real"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
    try Data("---\ntitle: X\nartist: Y\n---\n".utf8).write(to: outside.appendingPathComponent("album.md"))
    try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("albums/away"), withDestinationURL: outside)
    try FileManager.default.createSymbolicLink(
      at: root.appendingPathComponent("albums/alias"), withDestinationURL: root.appendingPathComponent("albums/real"))
    let location = CollectionLocation(root: root.path)
    #expect(throws: CollectionError.outsideCollection("albums/away")) {
      try AlbumReference.resolve("albums/away", among: ["albums/away"], in: location) { [] }
    }
    // A link that stays inside the tree is fine.
    #expect(try AlbumReference.resolve("albums/alias", among: ["albums/alias"], in: location) { [] } == "albums/alias")
  }
}
