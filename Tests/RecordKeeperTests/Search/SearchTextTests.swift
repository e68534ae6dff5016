import RecordKeeper
import Testing

/// Text folded beforehand matches exactly as the album itself does.
@Suite("SearchText")
struct SearchTextTests {
  static let albums: [Album] = {
    var first = Album(
      id: "albums/a", title: "Ágætis byrjun", artist: "Sigur Rós", sortArtist: "Sigur Ros", released: "1999-06-12",
      tracks: ["Svefn-g-englar", "Starálfur (6:47)"], tags: ["post-rock", "iceland"])
    first.label = "Smekkleysa"
    first.catalogNumber = "SM 79 CD"
    first.barcode = "5016958033823"
    let second = Album(id: "albums/b", title: "OK Computer", artist: "Radiohead", released: "1997", tracks: ["Airbag"], tags: ["rock"])
    let third = Album(id: "albums/c", title: "ΟΔΥΣΣΕΑΣ", artist: "Ｆｕｌｌ Width", tracks: [], tags: [])
    return [first, second, third]
  }()

  static let queries = [
    "rock", "+rock -post", "ros", "sigur \"ok computer\"", "1997", "1999-06", "smekk", "sm 79", "5016958", "airbag", "6:47",
    "οδυσσεας", "full", "-iceland", "englar -rock", "r", "\"ros sigur\"", "ágætis", "agaetis", "+ok +airbag", "zzz",
    "#rock", "@year:>1998", "-#iceland r", "+(#rock, #iceland) -#post-rock", "@label", "-(@tags) full",
  ]

  static let scopes: [Set<SearchField>] = [
    SearchField.defaults, [.title], [.artist, .sortArtist], [.tracks], [.tags, .released], [.label],
  ]

  @Test(arguments: queries)
  func matchesAsTheAlbumDoes(query: String) throws {
    for scope in Self.scopes {
      let matcher = try SearchMatcher(query: SearchQuery(parsing: query), fields: scope)
      for album in Self.albums {
        var scratch: [UInt8] = []
        #expect(
          matcher.matches(SearchText(album), of: album, scratch: &scratch) == matcher.matches(album),
          "\(query) in \(scope) on \(album.title)")
      }
    }
  }

  /// The terms alone, on the text or on its bytes kept elsewhere, match as
  /// the album does whenever the query has no clauses.
  @Test(arguments: queries)
  func termsAloneMatchAsTheAlbumDoes(query: String) throws {
    for scope in Self.scopes {
      let matcher = try SearchMatcher(query: SearchQuery(parsing: query), fields: scope)
      #expect(matcher.hasClauses == query.contains(where: { $0 == "#" || $0 == "@" }), "\(query)")
      #expect(matcher.searchesEveryField == (scope == SearchField.defaults))
      guard !matcher.hasClauses else { continue }
      for album in Self.albums {
        var scratch: [UInt8] = []
        let text = SearchText(album)
        #expect(matcher.matchesTerms(text, scratch: &scratch) == matcher.matches(album), "\(query) in \(scope) on \(album.title)")
        if matcher.searchesEveryField {
          let copy = [UInt8](text.bytes)
          #expect(copy.withUnsafeBufferPointer(matcher.matchesTerms(folded:)) == matcher.matches(album), "\(query) on \(album.title)")
        }
      }
    }
  }
}
