import Foundation
import TestSupport
import Testing

@Suite("Linked navigation on the command line")
struct NavigationCommandTests: CollectionCommands {
  let collection: TemporaryCollection

  init() throws {
    collection = try TemporaryCollection(albums: [
      "albums/miles-davis-kind-of-blue": albumText(
        title: "Kind of Blue", artist: "Miles Davis", released: "1959-08-17", tags: ["jazz", "modal"]),
      "albums/miles-davis-bitches-brew": albumText(title: "Bitches Brew", artist: "Miles Davis", released: "1970-03", tags: ["jazz"]),
      "albums/miles-davis-sketches": albumText(title: "Sketches of Spain", artist: "miles davis", released: "1960"),
      "albums/miles-davis-jack-johnson": albumText(title: "A Tribute to Jack Johnson", artist: "Miles Davis"),
      "albums/bjork-homogenic": albumText(title: "Homogenic", artist: "Björk", tags: ["electronic"]),
      "albums/beatles-abbey-road": albumText(
        title: "Abbey Road", artist: "The Beatles", sortArtist: "Beatles, The", tags: ["rock", "jazz"]),
    ])
  }

  @Test func showEndsWithTheArtistsOtherAlbums() throws {
    let result = try rk(["show", "albums/miles-davis-kind-of-blue"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout.hasSuffix(
        """

          Other albums by Miles Davis
            Sketches of Spain - 1960   albums/miles-davis-sketches
            Bitches Brew - 1970        albums/miles-davis-bitches-brew
            A Tribute to Jack Johnson  albums/miles-davis-jack-johnson

        """), "\(result.stdout)")
  }

  @Test func showSaysNothingWhenThereAreNoOtherAlbums() throws {
    let result = try rk(["show", "homogenic"])
    #expect(result.status == 0)
    #expect(!result.stdout.contains("Other albums"))
    let json = try JSONSerialization.jsonObject(with: Data(try rk(["show", "homogenic", "--json"]).stdout.utf8)) as? [String: Any]
    #expect(json?["other_albums"] as? [String] == [])
  }

  @Test func showJSONListsTheOtherAlbumsIds() throws {
    let result = try rk(["show", "bitches brew", "--json"])
    let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    #expect(json?["title"] as? String == "Bitches Brew")
    #expect(
      json?["other_albums"] as? [String] == [
        "albums/miles-davis-kind-of-blue", "albums/miles-davis-sketches", "albums/miles-davis-jack-johnson",
      ])
  }

  @Test func artistsJSONGivesEachNameWithItsAlbumCount() throws {
    let result = try rk(["artists", "--json"])
    #expect(result.status == 0)
    let objects = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
    #expect(objects.map { $0["name"] as? String } == ["Beatles, The", "Björk", "Miles Davis", "The Beatles"])
    #expect(objects.map { $0["albums"] as? Int } == [1, 1, 4, 1])
    #expect(try rk(["artists"]).stdout == "Beatles, The\nBjörk\nMiles Davis\nThe Beatles\n")
    let prefixed = try JSONSerialization.jsonObject(with: Data(try rk(["artists", "--json", "bjo"]).stdout.utf8)) as? [[String: Any]]
    #expect(prefixed?.map { $0["name"] as? String } == ["Björk"])
  }

  @Test func tagsGiveEachTagWithItsCount() throws {
    #expect(try rk(["tags"]).stdout == "1  electronic\n3  jazz\n1  modal\n1  rock\n")
    let objects = try JSONSerialization.jsonObject(with: Data(try rk(["tags", "--json"]).stdout.utf8)) as? [[String: Any]] ?? []
    #expect(objects.map { $0["tag"] as? String } == ["electronic", "jazz", "modal", "rock"])
    #expect(objects.map { $0["count"] as? Int } == [1, 3, 1, 1])
  }
}
