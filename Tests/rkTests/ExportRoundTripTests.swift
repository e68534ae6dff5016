import Foundation
import TestSupport
import Testing

/// Issue 20.11: `rk export csv` imported into an empty collection gives back
/// every album with its tags and its track list, sides and lengths
/// (docs/commands.md, "Exporting").
@Suite("rk export csv, then rk import discogs into an empty collection")
struct ExportRoundTripTests {
  let source: TemporaryCollection
  let target: TemporaryCollection

  init() throws {
    source = try TemporaryCollection(albums: [
      "albums/radiohead-ok-computer": """
      ---
      title: OK Computer
      artist: Radiohead
      released: 1997-05-21
      tags:
      - alternative
      - "rock, art"
      - 'say "hi"'
      ---

      ## Tracks

      ### Side A

      1. Airbag (4:44)
      2. Paranoid Android (6:23)

      ### Side B

      1. Karma Police (4:21)

      ## Notes

      First pressing.

      """,
      "albums/sigur-ros-agaetis-byrjun": """
      ---
      title: Ágætis byrjun
      artist: Sigur Rós
      tags:
      - post-rock
      - ísland
      ---

      ## Tracks

      1. Intro
      2. Svefn-g-englar (10:04)

      ### Disc 2

      1. Starálfur (6:47)

      """,
      "albums/fela-kuti-zombie": albumText(title: "Zombie", artist: "Fela Kuti", released: "1976"),
      "albums/prince-1999": albumText(title: "1999", artist: "Prince", tags: ["funk"], tracks: ["1999", "Little Red Corvette (4:58)"]),
    ])
    target = try TemporaryCollection()
    try target.initializeGit()
  }

  /// Each album's title, tags and track list as `rk list --json` gives them.
  func summary(of collection: TemporaryCollection) throws -> [String] {
    let listed = try runRK(["-C", collection.path, "list", "--json", "--sort", "title"])
    let albums = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
    return albums.map { album in
      let tracks = (album["track_list"] as? [[String: Any]] ?? []).map { track in
        "\(track["position"] ?? "") \(track["name"] ?? "") \(track["side"] ?? "-") \(track["duration"] ?? "-")"
      }
      return "\(album["title"] ?? "") | \(album["artist"] ?? "") | \(album["tags"] ?? "") | \(tracks)"
    }
  }

  @Test func everyAlbumComesBackWithItsTagsAndTracks() throws {
    let file = source.root.appendingPathComponent("export.csv").path
    let exported = try runRK(["-C", source.path, "export", "csv", "--output", file])
    #expect(exported.status == 0, "\(exported.stderr)")
    let header = try String(contentsOfFile: file, encoding: .utf8).prefix { $0 != "\n" }
    #expect(header.contains("Collection Notes,Tags,Tracks"), "\(header)")
    let imported = try runRK(["-C", target.path, "import", "discogs", file])
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(try summary(of: target) == summary(of: source))
    #expect(try summary(of: target).count == 4)
    let ok = try target.read("albums/radiohead-ok-computer/album.md")
    #expect(ok.contains("### Side A\n\n1. Airbag (4:44)\n2. Paranoid Android (6:23)\n\n### Side B\n\n1. Karma Police (4:21)\n"), "\(ok)")
    let again = try runRK(["-C", target.path, "import", "discogs", file])
    #expect(again.stderr.contains("No change"), "importing the same file again changes nothing: \(again.stderr)")
  }
}
