import Testing

@testable import RecordKeeper

/// `rk stats` (docs/commands.md, "Plays and statistics", issue 31): breakdowns count
/// owned albums, wanted ones apart; plays of removed albums are not this
/// year's.
@Suite("Statistics")
struct CollectionStatsTests {
  static let albums: [Album] = {
    var owned = Album(id: "albums/owned", title: "Kind of Blue", artist: "Miles Davis", released: "1959", tags: ["jazz"])
    owned.format = "LP"
    owned.label = "Columbia"
    owned.rating = "5"
    owned.purchased = "2024-03-01"
    var wanted = Album(id: "albums/wanted", title: "Blue Train", artist: "John Coltrane", released: "1957", tags: ["jazz", "hard bop"])
    wanted.status = "wanted"
    wanted.format = "CD"
    wanted.label = "Blue Note"
    wanted.rating = "4"
    wanted.purchased = "2025-01-01"
    return [owned, wanted]
  }()

  static func play(_ album: String, on date: String) throws -> Play {
    Play(time: try PlayTime(parsing: date), album: album)
  }

  @Test func breakdownsCountOwnedAlbumsOnly() {
    let stats = CollectionStats(albums: Self.albums, history: .empty, year: 2026)
    #expect((stats.owned, stats.wanted) == (1, 1))
    #expect(stats.formats == [.init(label: "LP", count: 1)])
    #expect(stats.decades == [.init(label: "1950s", count: 1)])
    #expect(stats.tags == [.init(label: "jazz", count: 1)])
    #expect(stats.labels == [.init(label: "Columbia", count: 1)])
    #expect(stats.addedPerYear == [.init(label: "2024", count: 1)])
    #expect(stats.ratings.first { $0.label == "★★★★" }?.count == 0)
    #expect(stats.ratings.reduce(0) { $0 + $1.count } == 1)
  }

  @Test func playsOfRemovedAlbumsAreNotThisYears() throws {
    let history = PlayHistory(plays: [
      try Self.play("albums/owned", on: "2026-01-02 20:00"),
      try Self.play("albums/removed", on: "2026-01-03 20:00"),
      try Self.play("albums/removed", on: "2026-01-04 20:00"),
      try Self.play("albums/owned", on: "2025-12-31 20:00"),
    ])
    let stats = CollectionStats(albums: Self.albums, history: history, year: 2026)
    #expect((stats.playsThisYear, stats.albumsPlayedThisYear) == (1, 1))
    #expect(stats.mostPlayed.map(\.id) == ["albums/owned"])
  }
}
