import RecordKeeper
import Testing

private func album(_ id: String, _ title: String, _ artist: String, sortArtist: String? = nil, released: String? = nil) -> Album {
  Album(id: id, title: title, artist: artist, sortArtist: sortArtist, released: released)
}

@Suite("Linked navigation: other albums and counts")
struct RecordCollectionNavigationTests {
  let collection = RecordCollection(
    location: CollectionLocation(root: "/music"),
    albums: [
      album("kob", "Kind of Blue", "Miles Davis", sortArtist: "Davis, Miles", released: "1959-08-17"),
      album("bb", "Bitches Brew", "Miles Davis", sortArtist: "Davis, Miles", released: "1970-03"),
      album("sketches", "Sketches of Spain", "MILES DAVIS", released: "1960"),
      album("undated", "A Tribute to Jack Johnson", "Miles Davis"),
      album("cookin", "Cookin'", "Miles Davis Quintet", released: "1957"),
      album("homogenic", "Homogenic", "Björk", released: "1997-09"),
      album("debut", "Debut", "bjork", released: "1993"),
      album("1999", "1999", "Prince", released: "1982"),
      album("purple", "Purple Rain", "Prince and the Revolution", sortArtist: "Prince", released: "1984"),
    ])

  func others(_ id: String) throws -> [String] {
    let album = try #require(collection.albums.first { $0.id == id })
    return collection.otherAlbums(byArtistOf: album).map(\.id)
  }

  @Test func otherAlbumsByTheSameArtistOldestFirstUndatedLast() throws {
    #expect(try others("kob") == ["sketches", "bb", "undated"])
    #expect(try others("undated") == ["kob", "sketches", "bb"])
  }

  @Test func theArtistMatchesWhenFoldedAndOnlyAsAWhole() throws {
    #expect(try others("homogenic") == ["debut"])
    #expect(try others("1999") == [])
    #expect(try others("cookin") == [])
  }

  @Test func artistCountsFollowTheArtistList() {
    let counts = collection.artistCounts()
    #expect(counts.map(\.name) == collection.artists())
    let byName = Dictionary(uniqueKeysWithValues: counts.map { ($0.name, $0.albums) })
    // Case differs, so "MILES DAVIS" counts with Miles Davis; "bjork" has no
    // diacritic, so it is a name of its own, as in the artist list.
    #expect(byName["Miles Davis"] == 4)
    #expect(byName["Davis, Miles"] == 2)
    #expect(byName["Björk"] == 1)
    #expect(byName["bjork"] == 1)
    // The sort artist of Purple Rain counts for Prince.
    #expect(byName["Prince"] == 2)
    #expect(byName["Prince and the Revolution"] == 1)
    #expect(collection.artistCounts(prefix: "pri").map(\.name) == ["Prince", "Prince and the Revolution"])
  }

  @Test func anAlbumWhoseSortArtistIsItsArtistCountsOnce() {
    let one = RecordCollection(location: CollectionLocation(root: "/m"), albums: [album("a", "T", "Adele", sortArtist: "adele")])
    #expect(one.artistCounts().map(\.albums) == [1])
  }

  @Test func detailsJSONEndsWithTheCreditsAndTheOtherAlbumsIds() throws {
    let album = try #require(collection.albums.first { $0.id == "bb" })
    guard case .object(let pairs) = collection.detailsJSON(of: album), case .object(let plain) = album.json() else {
      Issue.record("not an object")
      return
    }
    #expect(pairs.last?.0 == "other_albums")
    #expect(pairs.last?.1 == .array([.string("kob"), .string("sketches"), .string("undated")]))
    #expect(pairs.dropLast().last?.0 == "credits")
    #expect(pairs.dropLast().last?.1 == .array([.string("Miles Davis")]))
    // Everything else is the album object as rk list prints it.
    #expect(JSONValue.object(Array(pairs.dropLast(2))) == .object(plain))
  }
}
