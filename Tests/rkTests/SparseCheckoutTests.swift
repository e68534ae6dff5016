import Foundation
import TestSupport
import Testing

/// In a sparse checkout, files git left out of the work tree are not on
/// disk but still committed: rk never takes "not checked out" for "deleted",
/// and never writes where the checkout does not reach.
@Suite("rk in a sparse checkout")
struct SparseCheckoutTests {
  let album: OneAlbumCollection
  let other = "albums/john-coltrane-blue-train"

  init() throws {
    album = try OneAlbumCollection()
    try album.collection.write(other, albumText(title: "Blue Train", artist: "John Coltrane"))
    for id in [OneAlbumCollection.id, other] {
      try album.collection.writeFile(id + "/cover.webp", [1, 2, 3])
      try album.collection.writeFile(id + "/cover-thumb.webp", [4, 5])
    }
    try git(["add", "-A"], in: album.path)
    try git(["commit", "-q", "-m", "Covers"], in: album.path)
  }

  /// `rk import discogs` of an export whose one row is Blue Train.
  func importBlueTrain() throws -> RKResult {
    let export = album.path + "/../" + UUID().uuidString + "-discogs.csv"
    let row =
      "BLP 1577,John Coltrane,Blue Train,Blue Note,\"LP, Album\",,1957,1234567,Uncategorized,2020-01-10 10:10:00,Mint (M),Mint (M),,Jazz"
    try (DiscogsCommandTests.header + "\n" + row + "\n").write(toFile: export, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: export) }
    return try album.rk(["import", "discogs", export])
  }

  func tree(_ id: String) throws -> String { try git(["ls-tree", "-r", "--name-only", "HEAD", id], in: album.path) }

  @Test func coversLeftOutOfTheCheckoutAreNotCommittedAsDeleted() throws {
    try git(["sparse-checkout", "set", "--no-cone", "/*", "!*.webp"], in: album.path)
    #expect(!FileManager.default.fileExists(atPath: album.path + "/" + OneAlbumCollection.id + "/cover.webp"))
    let result = try album.rk(["tag", "add", "miles", "modal"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try album.files(of: "HEAD") == ["M\t\(OneAlbumCollection.file)"])
    #expect(try tree(OneAlbumCollection.id).contains("cover.webp"))
    #expect(try tree(OneAlbumCollection.id).contains("cover-thumb.webp"))
    #expect(try git(["ls-files", "-t", OneAlbumCollection.id + "/cover.webp"], in: album.path).hasPrefix("S "))
  }

  @Test func addingAnAlbumWhoseFolderIsNotCheckedOutIsRefused() throws {
    try git(["sparse-checkout", "set", ".recordkeeper", OneAlbumCollection.id], in: album.path)
    #expect(!FileManager.default.fileExists(atPath: album.path + "/" + other))
    let before = try git(["rev-parse", "HEAD"], in: album.path)
    let result = try album.rk(["add", "--title", "Blue Train", "--artist", "John Coltrane"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("outside this clone's sparse checkout"), "\(result.stderr)")
    #expect(result.stderr.contains("git sparse-checkout"))
    #expect(try git(["rev-parse", "HEAD"], in: album.path) == before)
    #expect(try tree(other) == "\(other)/album.md\n\(other)/cover-thumb.webp\n\(other)/cover.webp\n")
    #expect(try album.collection.status().isEmpty)
  }

  /// An import takes new ids by the same rule as rk add: a folder the
  /// sparse checkout left out is taken, so the new album is `-2`.
  @Test func anImportSkipsAFolderThatIsNotCheckedOut() throws {
    try git(["sparse-checkout", "set", ".recordkeeper", OneAlbumCollection.id, other + "-2"], in: album.path)
    #expect(!FileManager.default.fileExists(atPath: album.path + "/" + other))
    let result = try importBlueTrain()
    #expect(result.status == 0, "\(result.stderr)")
    #expect(FileManager.default.fileExists(atPath: album.path + "/" + other + "-2/album.md"))
    #expect(try tree(other) == "\(other)/album.md\n\(other)/cover-thumb.webp\n\(other)/cover.webp\n")
    #expect(try album.collection.status().isEmpty)
  }

  /// An import whose new album would land where the checkout does not reach
  /// is refused whole, as rk add is.
  @Test func anImportIntoAFolderOutsideTheConeIsRefused() throws {
    try git(["sparse-checkout", "set", ".recordkeeper", OneAlbumCollection.id], in: album.path)
    let before = try git(["rev-parse", "HEAD"], in: album.path)
    let result = try importBlueTrain()
    #expect(result.status == 1)
    #expect(result.stderr.contains("outside this clone's sparse checkout"), "\(result.stderr)")
    #expect(try git(["rev-parse", "HEAD"], in: album.path) == before)
    #expect(try album.collection.status().isEmpty)
  }

  @Test func addingInsideTheConeStillWorks() throws {
    try git(["sparse-checkout", "set", ".recordkeeper", "albums"], in: album.path)
    let result = try album.rk(["add", "--title", "Blue Train", "--artist", "John Coltrane"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("\(other)-2"), "\(result.stdout)")
    #expect(try tree(other).contains("cover.webp"))
  }
}
