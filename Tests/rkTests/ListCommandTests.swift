import Foundation
import TestSupport
import Testing

@Suite("rk list")
struct ListCommandTests {
  let collection: TemporaryCollection

  init() throws {
    collection = try TemporaryCollection(albums: [
      "albums/radiohead-ok-computer": albumText(
        title: "OK Computer", artist: "Radiohead", released: "1997-05-21", tags: ["alternative", "1990s"],
        tracks: ["Airbag", "Paranoid Android"]),
      "albums/bjork-homogenic": albumText(title: "Homogenic", artist: "Björk", released: "1997-09", tags: ["electronic"]),
      "albums/beatles-abbey-road": albumText(
        title: "Abbey Road", artist: "The Beatles", sortArtist: "Beatles, The", released: "1969", tags: ["rock", "live"]),
      "albums/miles-davis-kind-of-blue": albumText(title: "Kind of Blue", artist: "Miles Davis", released: "1959-08-17", tags: ["jazz"]),
      "albums/prince-1999": albumText(title: "1999", artist: "Prince", tags: ["funk", "-live"]),
    ])
  }

  func ids(_ arguments: [String]) throws -> [String] {
    let result = try runRK(["-C", collection.path, "list", "--format", "{id}"] + arguments)
    #expect(result.status == 0, "\(result.stderr)")
    return result.stdout.split(separator: "\n").map(String.init)
  }

  @Test func defaultOrderIsSortArtistThenDate() throws {
    #expect(
      try ids([]) == [
        "albums/beatles-abbey-road", "albums/bjork-homogenic", "albums/miles-davis-kind-of-blue",
        "albums/prince-1999", "albums/radiohead-ok-computer",
      ])
  }

  @Test func humanOutputWithoutTerminalHasHeadingsAndNoColour() throws {
    let result = try runRK(["-C", collection.path, "list", "--sort", "year"])
    #expect(result.status == 0)
    #expect(!result.stdout.contains("\u{1B}"))
    #expect(result.stdout.hasPrefix("== 1959 ==\nKind of Blue\nMiles Davis - 1959\n[jazz]\n\n== 1969 ==\n"))
    #expect(result.stdout.hasSuffix("== Undated ==\n1999\nPrince\n[funk] [-live]\n\n"))
  }

  @Test(arguments: [
    (["bjork"], ["albums/bjork-homogenic"]),
    (["BJÖRK"], ["albums/bjork-homogenic"]),
    (["1997"], ["albums/bjork-homogenic", "albums/radiohead-ok-computer"]),
    (["1997", "-electronic"], ["albums/radiohead-ok-computer"]),
    (["--", "-live"], ["albums/bjork-homogenic", "albums/miles-davis-kind-of-blue", "albums/radiohead-ok-computer"]),
    (["jazz", "--", "--sort"], ["albums/miles-davis-kind-of-blue"]),
    (["\"-live\""], ["albums/prince-1999"]),
    (["+rock", "+live"], ["albums/beatles-abbey-road"]),
    (["\"kind of\" airbag"], ["albums/miles-davis-kind-of-blue", "albums/radiohead-ok-computer"]),
    (["--in", "tracks", "android"], ["albums/radiohead-ok-computer"]),
    (["--in", "artist,title", "android"], []),
    (["--in", "sort-artist", "beatles,"], ["albums/beatles-abbey-road"]),
  ])
  func queries(arguments: [String], expected: [String]) throws {
    #expect(try ids(arguments) == expected)
  }

  @Test func wordsStartingWithDashAreTermsUnlessTheyAreOptions() throws {
    #expect(try ids(["rock", "-live"]) == [])
    #expect(try ids(["jazz", "--sort", "title"]) == ["albums/miles-davis-kind-of-blue"])
  }

  @Test func searchFoldsCaseAndUnicodeForms() throws {
    try collection.write("albums/odysseas", albumText(title: "ΟΔΥΣΣΕΑΣ", artist: "Ελύτης"))
    // Stored decomposed, as macOS pastes it: ガンダム and 한국.
    try collection.write(
      "albums/gundam",
      albumText(title: "\u{30AB}\u{3099}\u{30F3}\u{30BF}\u{3099}\u{30E0}", artist: "\u{1112}\u{1161}\u{11AB}\u{1100}\u{116E}\u{11A8}"))
    try collection.write("albums/fine", albumText(title: "\u{FB01}ne", artist: "X"))
    #expect(try ids(["οδυσσεας"]) == ["albums/odysseas"])
    #expect(try ids(["\u{30AC}\u{30F3}\u{30C0}\u{30E0}"]) == ["albums/gundam"])
    #expect(try ids(["\u{D55C}\u{AD6D}"]) == ["albums/gundam"])
    #expect(try ids(["fine"]) == ["albums/fine"])
  }

  @Test func countAndJSON() throws {
    let count = try runRK(["-C", collection.path, "list", "--count", "1997"])
    #expect(count.stdout == "2\n")
    let json = try runRK(["-C", collection.path, "list", "--json", "abbey"])
    let array = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
    #expect(array.count == 1)
    let album = array[0]
    // One album a line, separated as Python's json.dumps separates.
    #expect(json.stdout.hasPrefix("[\n{\"id\": \"albums/beatles-abbey-road\", \"title\": \"Abbey Road\", "))
    #expect(json.stdout.hasSuffix("}\n]\n"))
    #expect(album["sort_artist"] as? String == "Beatles, The")
    #expect(album["released"] as? String == "1969")
    #expect(album["wikipedia"] is NSNull)
    #expect(album["cover"] is NSNull)
    #expect(album["group"] as? String == "B")
    #expect(album["tags"] as? [String] == ["rock", "live"])
    #expect((album["extra"] as? [String: Any])?.isEmpty == true)
  }

  @Test func formatPlaceholders() throws {
    let result = try runRK(["-C", collection.path, "list", "--format", "{year}\\t{artist}|{sort_artist}|{tags}|{tracks}|{{x}}", "ok"])
    #expect(result.stdout == "1997\tRadiohead||alternative, 1990s|Airbag; Paranoid Android|{x}\n")
  }

  @Test(arguments: [
    ["--in", "bogus"], ["--in", ","], ["--format", "{nope}"], ["--sort", "sideways"], ["--json", "--count"],
  ])
  func badUsageExits64(arguments: [String]) throws {
    let result = try runRK(["-C", collection.path, "list"] + arguments)
    #expect(result.status == 64)
    #expect(!result.stderr.isEmpty)
  }

  @Test func brokenAlbumIsLeftOutWithAWarning() throws {
    try collection.write("albums/broken", "---\ntitle: [unclosed\nartist: X\n---\n")
    let result = try runRK(["-C", collection.path, "list", "--count"])
    #expect(result.status == 0)
    #expect(result.stdout == "5\n")
    #expect(result.stderr.contains("albums/broken/album.md:3: front matter: YAML syntax"))
  }

  @Test func findsTheCollectionFromEnvironmentAndFromSubfolders() throws {
    let fromEnvironment = try runRK(["list", "--count"], environment: ["RK_COLLECTION": collection.path])
    #expect(fromEnvironment.stdout == "5\n")
    let fromSubfolder = try runRK(["list", "--count"], in: collection.path + "/albums/prince-1999")
    #expect(fromSubfolder.stdout == "5\n")
    let nowhere = try runRK(["list"], in: "/")
    #expect(nowhere.status == 1)
    #expect(nowhere.stderr.contains("no collection found"))
  }
}
