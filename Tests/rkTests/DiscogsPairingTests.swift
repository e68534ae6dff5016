import Foundation
import TestSupport
import Testing

/// A Discogs import meeting albums a person typed in by hand (docs/commands.md,
/// "Discogs"): rows paired with them instead of `-2` copies, lines written in the
/// `### Discogs` part kept, two true copies marked for `rk check`.
@Suite("rk import discogs with albums typed in by hand")
struct DiscogsPairingTests: CollectionCommands {
  let collection: TemporaryCollection
  static let id = "albums/kind-of-blue"
  static let header =
    "Catalog#,Artist,Title,Label,Format,Rating,Released,release_id,CollectionFolder,Date Added,Collection Media Condition,Collection Sleeve Condition,Collection Notes,Barcode"

  init() throws {
    collection = try TemporaryCollection()
    try collection.initializeGit()
  }

  /// The album as a person typed it, with `keys` as its pairing key.
  func typeIn(_ keys: String) throws {
    try collection.write(
      Self.id,
      """
      ---
      title: Kind of Blue
      artist: Miles Davis
      \(keys)
      rating: 5
      ---

      ## Notes

      My father's copy.

      """)
    try git(["add", "-A"], in: collection.path)
    try git(["commit", "-qm", "Type in Kind of Blue"], in: collection.path)
  }

  func importCSV(_ rows: [String]) throws -> RKResult {
    let path = try collection.outsidePath("\(UUID().uuidString).csv")
    try ([Self.header] + rows).joined(separator: "\n").appending("\n").write(toFile: path, atomically: true, encoding: .utf8)
    return try rk(["import", "discogs", path])
  }

  static func row(artist: String = "Miles Davis (2)", title: String = "Kind Of Blue", barcode: String = "", notes: String = "Seam split.")
    -> String
  {
    "CL 1355,\(artist),\(title),Columbia,\"LP, Album, Mono\",3,1959-08-17,1234,Jazz,2020-01-10 10:11:12,Very Good Plus (VG+),Good (G),\(notes),\(barcode)"
  }

  @Test(arguments: [
    ("barcode: 0 74646 93522 6", row(title: "Kind Of Blue (Mono)", barcode: "074646935226"), "barcode"),
    ("catalog_number: CL-1355", row(title: "Kind Of Blue (Mono)"), "catalog number"),
    ("label: Columbia", row(), "artist and title"),
  ])
  func aRowWithoutAMatchingDiscogsIdIsPairedWithTheAlbumTypedInByHand(keys: String, row: String, by: String) throws {
    try typeIn(keys)
    let imported = try importCSV([row])
    #expect(imported.status == 0, "\(imported.stderr)")
    let title = row.contains("(Mono)") ? "Kind Of Blue (Mono)" : "Kind Of Blue"
    #expect(imported.stdout.hasPrefix("Paired line 2 (Miles Davis – \(title)) with \(Self.id) by \(by).\n"), "\(imported.stdout)")
    #expect(imported.stdout.hasSuffix("1 updated\n"), "\(imported.stdout)")

    let ids = try rk(["list", "--format", "{id}"]).stdout
    #expect(ids == Self.id + "\n")
    let text = try collection.read(Self.id + "/album.md")
    // What the person wrote stays; what the album lacked is filled.
    #expect(text.contains("title: Kind of Blue\n") && text.contains("rating: 5\n") && text.contains(keys + "\n"), "\(text)")
    #expect(text.contains("discogs: \"1234\"\n") || text.contains("discogs: 1234\n"), "\(text)")
    #expect(text.contains("media_condition: VG+\n") && text.contains("released: 1959-08-17\n"), "\(text)")
    #expect(text.contains("My father's copy.\n\n### Discogs\n\nSeam split.\n"), "\(text)")
    #expect(try rk(["check"]).status == 0)

    // The next import finds it by its Discogs id: nothing to pair, still one album.
    let again = try importCSV([row])
    #expect(again.status == 0 && !again.stdout.contains("Paired"), "\(again.stdout)")
    #expect(try rk(["list", "--format", "{id}"]).stdout == Self.id + "\n")
  }

  @Test func anAlbumThatAlreadyHasADiscogsIdIsNeverPaired() throws {
    try typeIn("discogs: 999")
    let imported = try importCSV([Self.row()])
    #expect(!imported.stdout.contains("Paired"), "\(imported.stdout)")
    #expect(try rk(["list", "--format", "{id}"]).stdout.split(separator: "\n").count == 2)
  }

  @Test func linesWrittenInsideTheDiscogsPartStayWhenTheSameRowIsImportedAgain() throws {
    #expect(try importCSV([Self.row(notes: "\"Seam split.\nInner sleeve torn.\"")]).status == 0)
    let id = try rk(["list", "--format", "{id}"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    let file = id + "/album.md"
    var text = try collection.read(file)
    #expect(text.contains("### Discogs\n\nSeam split.\nInner sleeve torn.\n"), "\(text)")
    text = text.replacingOccurrences(of: "Seam split.\n", with: "Seam split.\nSplit mended with tape, 2024.\n")
    try collection.writeFile(file, Array(text.utf8))
    try git(["commit", "-qam", "A note of my own"], in: collection.path)

    let again = try importCSV([Self.row(notes: "\"Seam split.\nInner sleeve torn.\"")])
    #expect(again.status == 0, "\(again.stderr)")
    #expect(again.stderr.contains("No change"), "\(again.stderr)")
    #expect(try collection.read(file) == text)
  }

  @Test func twoCopiesOfOneReleaseNumberedApartPassCheck() throws {
    let second = Self.row().replacingOccurrences(of: "2020-01-10 10:11:12", with: "2023-05-06 07:08:09")
    #expect(try importCSV([Self.row(), second]).status == 0)
    let ids = try rk(["list", "--format", "{id}"]).stdout.split(separator: "\n").map(String.init)
    #expect(ids.count == 2)
    let duplicated = try rk(["check"])
    #expect(duplicated.status == 1)
    #expect(duplicated.stdout.contains("or if you own it twice number the copies (copy: 2)"), "\(duplicated.stdout)")

    let file = try #require(ids.last) + "/album.md"
    let text = try collection.read(file).replacingOccurrences(of: "discogs_added:", with: "copy: 2\ndiscogs_added:")
    try collection.writeFile(file, Array(text.utf8))
    let check = try rk(["check"])
    #expect(check.status == 0, "\(check.stdout)")
  }
}
