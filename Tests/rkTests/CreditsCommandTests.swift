import Foundation
import TestSupport
import Testing

/// Credited artists on the command line (docs/commands.md, "Credited artists"): `rk artists`,
/// `@artist:=`, "Other albums by" and completion see them.
@Suite("Credits on the command line")
struct CreditsCommandTests: CollectionCommands {
  let collection: TemporaryCollection

  init() throws {
    collection = try TemporaryCollection(albums: [
      "albums/santana-supernatural": albumText(title: "Supernatural", artist: "Santana feat. Rob Thomas", released: "1999"),
      "albums/rob-thomas-something": albumText(title: "…Something to Be", artist: "Rob Thomas", released: "2005"),
      "albums/santana-abraxas": albumText(title: "Abraxas", artist: "Santana", released: "1970"),
      "albums/csn": albumText(title: "Crosby, Stills & Nash", artist: "Crosby, Stills & Nash", released: "1969"),
      "albums/simon-garfunkel": albumText(title: "Bookends", artist: "Simon & Garfunkel", released: "1968"),
    ])
  }

  func ids(_ result: RKResult) throws -> [String] {
    let objects = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
    return objects.compactMap { $0["id"] as? String }
  }

  func configure(_ credits: String) throws {
    try "version: 1\n\(credits)\n".write(toFile: collection.path + "/.recordkeeper/config.yaml", atomically: true, encoding: .utf8)
  }

  @Test func artistsListsCreditedArtistsAndCountsTheirAlbums() throws {
    let result = try rk(["artists", "--json"])
    #expect(result.status == 0, "\(result.stderr)")
    let objects = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
    let counts = Dictionary(
      uniqueKeysWithValues: objects.compactMap { o in (o["name"] as? String).map { ($0, o["albums"] as? Int ?? -1) } })
    #expect(counts["Rob Thomas"] == 2)
    #expect(counts["Santana"] == 2)
    #expect(counts["Crosby"] == nil, "basic mode does not split A, B & C")
    #expect(counts["Simon"] == nil)
    #expect(try rk(["artists", "rob"]).stdout == "Rob Thomas\n")
  }

  @Test func artistEqualsFindsCreditedAlbums() throws {
    let result = try rk(["list", "@artist:=\"rob thomas\"", "--json"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try ids(result) == ["albums/rob-thomas-something", "albums/santana-supernatural"])
    #expect(try ids(rk(["list", "@artist:=crosby", "--json"])) == [])
  }

  @Test func aggressiveAlwaysAndNeverComeFromConfig() throws {
    try configure("credits: aggressive")
    #expect(try ids(rk(["list", "@artist:=crosby", "--json"])) == [], "Crosby has no album of his own")
    #expect(try rk(["artists", "simon"]).stdout == "Simon & Garfunkel\n", "a known act stays whole")
    for (folder, artist) in [("crosby", "Crosby"), ("stills", "Stills"), ("nash", "Nash"), ("simon", "Simon"), ("garfunkel", "Garfunkel")] {
      try collection.writeFile("albums/\(folder)/album.md", Array(albumText(title: "Solo", artist: artist).utf8))
    }
    #expect(try ids(rk(["list", "@artist:=crosby", "--json"])) == ["albums/crosby", "albums/csn"])
    #expect(try rk(["artists", "simon"]).stdout == "Simon\nSimon & Garfunkel\n", "the album's own artist, and the name split from it")
    #expect(try ids(rk(["list", "@artist:=garfunkel", "--json"])) == ["albums/garfunkel", "albums/simon-garfunkel"])
    try configure("credits:\n  mode: aggressive\n  never: [\"Simon & Garfunkel\"]")
    #expect(try ids(rk(["list", "@artist:=garfunkel", "--json"])) == ["albums/garfunkel"])
    try configure("credits:\n  always: [\"Crosby, Stills & Nash\"]")
    try FileManager.default.removeItem(atPath: collection.path + "/albums/stills")
    #expect(try rk(["artists", "stills"]).stdout == "Stills\n")
    #expect(try ids(rk(["list", "@artist:=simon", "--json"])) == ["albums/simon"])
  }

  @Test func aBadConfigValueNamesTheFileAndKey() throws {
    try configure("credits: loud")
    let result = try rk(["artists"])
    #expect(result.status == 1)
    #expect(result.stderr.contains(".recordkeeper/config.yaml:2: credits: write basic or aggressive"), "\(result.stderr)")
  }

  @Test func otherAlbumsByIncludeCreditedArtists() throws {
    let result = try rk(["show", "supernatural"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("Other albums by Santana and Rob Thomas"), "\(result.stdout)")
    #expect(result.stdout.contains("albums/santana-abraxas"))
    #expect(result.stdout.contains("albums/rob-thomas-something"))
    let json = try JSONSerialization.jsonObject(with: Data(try rk(["show", "something to be", "--json"]).stdout.utf8)) as? [String: Any]
    #expect(json?["other_albums"] as? [String] == ["albums/santana-supernatural"])
    #expect(json?["credits"] as? [String] == ["Rob Thomas"])
  }
}
