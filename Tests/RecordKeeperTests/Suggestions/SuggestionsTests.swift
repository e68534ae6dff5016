import Testing

@testable import RecordKeeper

private func album(
  _ id: String, _ artist: String, _ title: String, _ released: String, tags: [String] = [], favourites: Int = 0, wanted: Bool = false
) -> Album {
  var album = Album(id: "albums/" + id, title: title, artist: artist, released: released, tracks: ["One", "Two", "Three"], tags: tags)
  for index in 0..<favourites { album.trackList[index].favourite = true }
  if wanted { album.status = "wanted" }
  return album
}

private func plays(_ lines: [(String, String)]) throws -> PlayHistory {
  PlayHistory(plays: try lines.map { try Play(time: PlayTime(parsing: $0.1), album: "albums/" + $0.0) })
}

private func today() throws -> ReleaseDate { try ReleaseDate(year: 2026, month: 11, day: 26) }

/// A small collection, its plays, and the suggestions expected: `id: reason`, best first.
private struct Case: Sendable, CustomTestStringConvertible {
  var name: String
  var albums: [Album]
  var plays: [(String, String)]
  var count = 10
  var expected: [String]
  var testDescription: String { name }
}

private let kindOfBlue = album("kind-of-blue", "Miles Davis", "Kind of Blue", "1959", tags: ["modal", "jazz"], favourites: 1)
private let loveSupreme = album("a-love-supreme", "John Coltrane", "A Love Supreme", "1965", tags: ["modal", "jazz"])
private let sketches = album("sketches-of-spain", "Miles Davis", "Sketches of Spain", "1960")
private let pinkMoon = album("pink-moon", "Nick Drake", "Pink Moon", "1972", tags: ["folk"])
private let bitchesBrew = album("bitches-brew", "Miles Davis", "Bitches Brew", "1970", tags: ["jazz"], wanted: true)
private let okComputer = album("ok-computer", "Radiohead", "OK Computer", "1997", tags: ["rock"])
private let kidA = album("kid-a", "Radiohead", "Kid A", "2000", tags: ["electronic"])
private let theBends = album("the-bends", "Radiohead", "The Bends", "1995", tags: ["rock"])

private let cases: [Case] = [
  Case(
    name: "a favourite's tags and artist, never played; the rest in the seed's order",
    albums: [pinkMoon, sketches, kindOfBlue, loveSupreme, bitchesBrew], plays: [],
    expected: [
      "a-love-supreme: shares #modal with Kind of Blue; never played",
      "sketches-of-spain: also by Miles Davis, like Kind of Blue; never played",
      "kind-of-blue: never played",
      "pink-moon: never played",
    ]),
  Case(
    name: "the most played albums, the longest unplayed first",
    albums: [okComputer, kidA, theBends, pinkMoon],
    plays: [
      ("ok-computer", "2026-10-01"), ("ok-computer", "2026-10-02"), ("ok-computer", "2026-10-03"), ("ok-computer", "2026-10-04"),
      ("ok-computer", "2026-11-01"), ("kid-a", "2025-03-10"), ("the-bends", "2026-11-20"),
    ],
    expected: [
      "kid-a: also by Radiohead, like OK Computer; not played since 2025-03",
      "the-bends: also by Radiohead, like OK Computer; not played since 2026-11",
      "ok-computer: also by Radiohead, like The Bends; not played since 2026-11",
      "pink-moon: never played",
    ]),
  Case(
    name: "--count keeps the best",
    albums: [pinkMoon, sketches, kindOfBlue, loveSupreme], plays: [], count: 1,
    expected: ["a-love-supreme: shares #modal with Kind of Blue; never played"]),
  Case(
    name: "a wanted album is never suggested, and a wanted favourite is no anchor",
    albums: [
      album("bitches-brew", "Miles Davis", "Bitches Brew", "1970", tags: ["jazz"], favourites: 2, wanted: true), sketches, pinkMoon,
    ],
    plays: [("bitches-brew", "2020-01-01")],
    expected: ["sketches-of-spain: never played", "pink-moon: never played"]),
  Case(
    name: "the same decade alone is a link",
    albums: [album("blue-train", "John Coltrane", "Blue Train", "1957"), kindOfBlue, pinkMoon],
    plays: [("pink-moon", "2024-06-01")],
    expected: [
      "blue-train: from the 1950s, like Kind of Blue; never played",
      "kind-of-blue: never played",
      "pink-moon: not played since 2024-06",
    ]),
  Case(name: "an empty collection", albums: [], plays: [], expected: []),
]

@Suite("Suggestions (docs/commands.md)")
struct SuggestionsTests {
  @Test(arguments: cases)
  fileprivate func suggestions(_ example: Case) throws {
    let result = Suggestions(albums: example.albums, plays: try plays(example.plays), today: try today(), count: example.count).suggestions
    #expect(result.map { "\($0.album.id.dropFirst("albums/".count)): \($0.reason)" } == example.expected)
  }

  /// A collection nobody played yet ties everywhere: the count asked for,
  /// in the seed's order (artist, then year), even when the ties are more
  /// than are ordered in one part.
  @Test func tiesInALargeCollectionGoInTheSeedsOrder() throws {
    let artists = ["Nick Drake", "Björk", "ABBA", "Miles Davis", "Radiohead"]
    let albums = (0..<3_000).map { album("a\($0)", artists[$0 % artists.count], "Album \($0)", String(1960 + $0 % 50)) }
    let result = Suggestions(albums: albums, plays: .empty, today: try today(), count: 3).suggestions
    let expected = AlbumOrder(mode: .default).sorted(albums).prefix(3).map(\.id)
    #expect(result.map(\.album.id) == expected)
    #expect(result.map(\.album.artist) == ["ABBA", "ABBA", "ABBA"])
    #expect(result.map(\.reason) == ["never played", "never played", "never played"])
  }

  @Test func theOrderDoesNotDependOnTheOrderAlbumsWereLoaded() throws {
    let albums = [pinkMoon, sketches, kindOfBlue, loveSupreme, okComputer, kidA, theBends]
    let history = try plays([("kid-a", "2025-03-10"), ("ok-computer", "2026-01-01")])
    let first = Suggestions(albums: albums, plays: history, today: try today(), count: 10).suggestions.map(\.album.id)
    let reversed = Suggestions(albums: albums.reversed(), plays: history, today: try today(), count: 10).suggestions.map(\.album.id)
    #expect(first == reversed)
    #expect(first.count == albums.count)
  }

  @Test func jsonIsTheAlbumObjectWithItsReason() throws {
    let suggestion = try #require(
      Suggestions(albums: [kindOfBlue, loveSupreme], plays: .empty, today: try today(), count: 1).suggestions.first)
    guard case .object(let fields) = suggestion.json else {
      Issue.record("not an object")
      return
    }
    #expect(fields.first?.0 == "id")
    #expect(fields.last?.0 == "reason")
    #expect(fields.last?.1 == .string("shares #modal with Kind of Blue; never played"))
  }
}
