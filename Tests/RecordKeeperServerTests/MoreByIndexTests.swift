import RecordKeeper
import TestSupport
import Testing

@testable import RecordKeeperServer

/// "More by" from the snapshot's artist index is what reading every album
/// gives (``Album/otherAlbumsByArtist(in:credits:)``), after adds, edits of
/// the artist, removals and changes of the credit rules: in aggressive mode
/// an album by Simon coming or going changes how Simon & Garfunkel splits.
@Suite struct MoreByIndexTests {
  /// Artists that credit one another in some modes, some folded alike.
  static let artists = [
    "Nash", "Crosby, Stills & Nash", "Stills", "Crosby", "A feat. B", "B", "b", "Á", "B with C", "C ft. A",
    "Simon & Garfunkel", "Simon", "Garfunkel", "Prince", "Prince and the Revolution", "", "  Nash ", "Björk", "Bjork",
  ]
  static let rules = [
    CreditRules(), CreditRules(mode: .aggressive), CreditRules(mode: .aggressive, never: ["Simon & Garfunkel"]),
    CreditRules(always: ["Crosby, Stills & Nash"]),
  ]

  static func album(_ number: Int, artist: String, generator: inout SeededGenerator) -> Album {
    // Few titles and years, so that ties in the order are common.
    Album(
      id: "albums/a\(number)", title: ["One", "Two"].randomElement(using: &generator) ?? "One", artist: artist,
      released: ["1969", "1970", nil].randomElement(using: &generator) ?? nil)
  }

  static func expectSameAsScan(_ snapshot: CollectionSnapshot, step: Int) {
    for album in snapshot.albums.values {
      let indexed = snapshot.otherAlbums(byArtistOf: album).map(\.id)
      let credits = ArtistCredits(snapshot.credits, albums: snapshot.albums.values)
      let scanned = album.otherAlbumsByArtist(in: snapshot.albums.values, credits: credits).map(\.id)
      #expect(indexed == scanned, "step \(step), \(album.id) by \(album.artist)")
    }
  }

  @Test(arguments: [1, 2, 3] as [UInt64]) func randomEditsKeepMoreByAsTheScanHasIt(seed: UInt64) {
    var generator = SeededGenerator(seed: seed)
    func artist() -> String { Self.artists.randomElement(using: &generator) ?? "" }
    var next = 0
    var albums: [Album] = []
    for _ in 0..<30 {
      albums.append(Self.album(next, artist: artist(), generator: &generator))
      next += 1
    }
    var snapshot = CollectionSnapshot(
      version: 0, location: CollectionLocation(root: "/nonexistent"), albums: AlbumTable(albums), preferences: Preferences(),
      credits: CreditRules(), plays: .empty)
    Self.expectSameAsScan(snapshot, step: 0)
    for step in 1...80 {
      var changed: [String: Album?] = [:]
      for _ in 0..<Int.random(in: 1...3, using: &generator) {
        let ids = Array(snapshot.albums.keys).sorted()
        switch Int.random(in: 0..<3, using: &generator) {
        case 0:
          changed["albums/a\(next)"] = Self.album(next, artist: artist(), generator: &generator)
          next += 1
        case 1:
          if let id = ids.randomElement(using: &generator), var album = snapshot.albums[id] {
            album.artist = artist()
            changed[id] = album
          }
        default:
          if let id = ids.randomElement(using: &generator) { changed[id] = .some(nil) }
        }
      }
      let rules = step % 10 == 0 ? Self.rules.randomElement(using: &generator) : nil
      snapshot = snapshot.applying(changed, credits: rules)
      Self.expectSameAsScan(snapshot, step: step)
    }
  }

  /// Through the service: the index made by a first details view follows a
  /// hand edit of an artist and a change of `config.yaml`'s credit rules;
  /// in aggressive mode, Crosby, Stills & Nash splits only while Crosby,
  /// Stills and Nash each have an album.
  @Test func theDetailsViewFollowsHandEditsAndTheCreditRules() async throws {
    let fixture = try await ServerFixture(albums: CreditRulesAPITests.albums)
    @Sendable func others(_ id: String) async throws -> [String]? {
      try await fixture.withClient { client in
        try await client.execute(uri: "/api/albums/" + encoded(id), method: .get) { response in
          response.object["other_albums"] as? [String]
        }
      }
    }
    func nashSongs(by artist: String) async throws {
      try fixture.collection.writeFile(
        "albums/nash-songs/album.md", Array(albumText(title: "Songs for Beginners", artist: artist, released: "1971").utf8))
      await fixture.service.apply(WatchBatch(folders: ["albums/nash-songs"]))
    }
    // Basic credits: "Crosby, Stills & Nash" is one act.
    #expect(try await others("albums/csn") == [])
    try fixture.collection.writeFile(".recordkeeper/config.yaml", Array(CreditRulesAPITests.aggressive.utf8))
    await fixture.service.apply(WatchBatch(preferences: true))
    #expect(try await others("albums/csn") == ["albums/stills", "albums/crosby", "albums/nash-songs"])
    try await nashSongs(by: "Stills")
    #expect(try await others("albums/nash-songs") == ["albums/stills"], "Nash has no album left: CSN is one act again")
    #expect(try await others("albums/csn") == [])
    try await nashSongs(by: "Nash")
    #expect(try await others("albums/csn") == ["albums/stills", "albums/crosby", "albums/nash-songs"])
  }
}
