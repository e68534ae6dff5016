import Foundation
import TestSupport
import Testing

@Suite("rk add: the collector's fields")
struct AddCollectorFieldsTests: CollectionCommands {
  let collection: TemporaryCollection

  init() throws {
    collection = try TemporaryCollection()
    try collection.write("albums/prince-1999", albumText(title: "1999", artist: "Prince"))
    try collection.initializeGit()
  }

  @Test func everyFieldIsWrittenInCanonicalOrder() throws {
    let result = try rk([
      "add", "--title", "Kind of Blue", "--artist", "Miles Davis",
      "--musicbrainz", "8f2a5b0c-3d4e-4f5a-9b6c-7d8e9f0a1b2c", "--discogs", "1234", "--status", "owned", "--price", "12.50 EUR",
      "--purchased", "2019-5-4", "--location", "Shelf A", "--rating", "5", "--sleeve-condition", "Very Good (VG)",
      "--media-condition", "VG+", "--country", "US", "--barcode", "0 74646 93522 6", "--catalog-number", "CL 1355",
      "--label", "Columbia", "--format", "LP",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "albums/miles-davis-kind-of-blue\n")
    let text = try collection.read("albums/miles-davis-kind-of-blue/album.md")
    #expect(
      text.hasPrefix(
        """
        ---
        title: Kind of Blue
        artist: Miles Davis
        format: LP
        label: Columbia
        catalog_number: CL 1355
        barcode: 0 74646 93522 6
        country: US
        media_condition: VG+
        sleeve_condition: VG
        rating: 5
        location: Shelf A
        purchased: 2019-5-4
        price: 12.50 EUR
        status: owned
        discogs: 1234
        musicbrainz: 8f2a5b0c-3d4e-4f5a-9b6c-7d8e9f0a1b2c
        ---

        """), "\(text)")
    #expect(try collection.commitSubjects().first == "Add Miles Davis – Kind of Blue")
    let shown = try rk(["show", "kind of blue", "--json"]).stdout
    #expect(shown.contains("\"catalog_number\": \"CL 1355\""))
  }

  @Test func aWantedAlbumWithoutTracks() throws {
    let result = try rk(["add", "--title", "Zombie", "--artist", "Fela Kuti", "--status", "wanted"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try collection.read("albums/fela-kuti-zombie/album.md").contains("\nstatus: wanted\n"))
  }

  /// The same bad values give `rk add` and `rk set` the same messages, and
  /// `rk add` writes nothing and commits nothing.
  @Test func badValuesAreRefusedWithTheMessagesOfRkSet() throws {
    let bad = [
      "--barcode", "12-34", "--rating", "6", "--media-condition", "mint-ish", "--status", "sold", "--purchased", "2019-02-30",
      "--discogs", "r123", "--musicbrainz", "not-a-uuid",
    ]
    let commits = try collection.commitSubjects()
    let added = try rk(["add", "--title", "Kind of Blue", "--artist", "Miles Davis"] + bad)
    #expect(added.status == 1)
    #expect(!FileManager.default.fileExists(atPath: collection.path + "/albums/miles-davis-kind-of-blue"))
    #expect(try collection.commitSubjects() == commits)
    let set = try rk(["set", "prince-1999"] + bad)
    #expect(set.status == 1)
    func problems(_ stderr: String) -> [String] { stderr.split(separator: "\n").filter { $0.hasPrefix("  ") }.map(String.init) }
    #expect(problems(added.stderr).count == 7, "\(added.stderr)")
    #expect(problems(added.stderr) == problems(set.stderr))
    #expect(added.stderr.contains("barcode: \"12-34\" is not a barcode"))
    #expect(added.stderr.contains("rating: \"6\" is not a rating"))
  }

  @Test func theOptionsAreTheOnesOfRkSet() throws {
    let add = try rk(["add", "--help"]).stdout
    for option in [
      "--format <format>", "--label <label>", "--catalog-number <catalog-number>", "--media-condition <grade>",
      "--sleeve-condition <grade>", "--purchased <date>", "--discogs <id>", "--musicbrainz <id>",
    ] {
      #expect(add.contains(option), "rk add --help lacks \(option)")
      #expect(try rk(["set", "--help"]).stdout.contains(option))
    }
  }
}
