import Foundation
import RecordKeeper
import TestSupport
import Testing

@Suite("rk fmt puts albums into canonical form as one commit")
struct FormatCommandTests {
  static let handWritten = [
    "---",
    "# bought at Rough Trade",
    "tags: [modal, cool]",
    "artist: Miles Davis",
    "title: Kind of Blue  # the sleeve says so",
    "---",
    "",
    "## Tracks",
    "",
    "### Side A",
    "",
    "1. So What",
    "1. Freddie Freeloader",
    "",
    "### Side B",
    "",
    "1. All Blues",
    "1. Flamenco Sketches",
    "   The take with the false start.",
    "",
    "## Notes",
    "",
    "Six-eye label.",
  ].joined(separator: "\r\n")

  static let canonical = """
    ---
    title: Kind of Blue # the sleeve says so
    artist: Miles Davis
    # bought at Rough Trade
    tags:
    - modal
    - cool
    ---

    ## Tracks

    ### Side A

    1. So What
    2. Freddie Freeloader

    ### Side B

    1. All Blues
    2. Flamenco Sketches
       The take with the false start.

    ## Notes

    Six-eye label.

    """

  static let evans = "albums/bill-evans-portrait-in-jazz"
  static let evansText = "---\nartist: Bill Evans\ntitle: Portrait in Jazz\n---\n"
  static let broken = "albums/broken"
  static let brokenText = "---\ntitle: Broken\nartist: Someone\n<<<<<<< HEAD\ntags: [a]\n=======\ntags: [b]\n>>>>>>> theirs\n---\n"

  let album: OneAlbumCollection
  init() throws {
    album = try OneAlbumCollection()
    try album.collection.write(OneAlbumCollection.id, Self.handWritten)
    try album.collection.write(Self.evans, Self.evansText)
    try git(["add", "-A"], in: album.path)
    try git(["commit", "-qm", "By hand"], in: album.path)
  }

  @Test func formatsEveryAlbumAsOneCommitWithNothingLost() throws {
    let result = try album.rk(["fmt"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("Format 2 albums"))
    #expect(try album.read() == Self.canonical)
    #expect(try album.read(Self.evans + "/album.md") == "---\ntitle: Portrait in Jazz\nartist: Bill Evans\n---\n")
    #expect(try album.collection.commitSubjects().prefix(2) == ["Format 2 albums", "By hand"])
    #expect(try album.files(of: "HEAD") == ["M\t\(Self.evans)/album.md", "M\t\(OneAlbumCollection.file)"])
    #expect(try album.collection.status().isEmpty)
  }

  @Test func theExampleCollectionIsAlreadyCanonical() throws {
    let albums = repositoryRoot().appendingPathComponent("example-collection/albums")
    for folder in try FileManager.default.contentsOfDirectory(atPath: albums.path) {
      let bytes = Array(try Data(contentsOf: albums.appendingPathComponent(folder + "/album.md")))
      #expect(try AlbumFile.canonical(bytes) == bytes, "\(folder)")
    }
  }

  @Test func isIdempotent() throws {
    #expect(try album.rk(["fmt"]).status == 0)
    let commits = try album.collection.commitSubjects()
    let again = try album.rk(["fmt"])
    #expect(again.status == 0)
    #expect(again.stderr.contains("All 2 albums are already in canonical form."))
    #expect(try album.collection.commitSubjects() == commits)
    #expect(try album.read() == Self.canonical)
  }

  @Test func formatsOnlyTheNamedAlbum() throws {
    let result = try album.rk(["fmt", "miles"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("Format Miles Davis – Kind of Blue"))
    #expect(try album.read(Self.evans + "/album.md") == Self.evansText)
  }

  @Test func skipsAnAlbumItCannotReadAndFormatsTheRest() throws {
    try album.collection.write(Self.broken, Self.brokenText)
    try git(["add", "-A"], in: album.path)
    try git(["commit", "-qm", "Conflict kept by mistake"], in: album.path)
    let result = try album.rk(["fmt"])
    #expect(result.status == 1)
    #expect(
      result.stderr.contains("rk: not formatted: ") && result.stderr.contains("albums/broken/album.md:4: unresolved git merge conflict"),
      "\(result.stderr)")
    #expect(result.stdout.contains("Format 2 albums"))
    #expect(try album.read(Self.broken + "/album.md") == Self.brokenText)
    #expect(try album.read() == Self.canonical)
  }

  @Test func commitsHandEditsFirst() throws {
    try album.collection.write(OneAlbumCollection.id, Self.handWritten + "\r\nMy words.")
    let result = try album.rk(["fmt", "miles"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      try album.collection.commitSubjects().prefix(2) == [
        "Format Miles Davis – Kind of Blue", "Edit Miles Davis – Kind of Blue by hand",
      ])
    #expect(try album.read() == Self.canonical + "My words.\n")
    // Undo takes back the formatting only, never the person's words.
    #expect(try album.rk(["undo"]).status == 0)
    #expect(try album.read() == Self.handWritten + "\r\nMy words.")
  }

  @Test func undoTakesTheWholeFormatBack() throws {
    #expect(try album.rk(["fmt"]).status == 0)
    let undo = try album.rk(["undo"])
    #expect(undo.status == 0, "\(undo.stderr)")
    #expect(try album.read() == Self.handWritten)
    #expect(try album.read(Self.evans + "/album.md") == Self.evansText)
  }

  @Test(arguments: ["mv", "fmt"])
  func completesAlbumReferences(command: String) throws {
    let result = try runRK(
      ["---completion", command, "--", "positional@0", "2", "3", "rk", command, "mil"], environment: ["RK_COLLECTION": album.path])
    #expect(result.stdout.contains("miles-davis-kind-of-blue"), "\(result.stdout)\(result.stderr)")
    #expect(!result.stdout.contains("bill-evans"))
  }
}
