import Foundation
import TestSupport
import Testing

@Suite("Changing the collection")
struct ChangeCommandTests {
  let collection: TemporaryCollection
  let kindOfBlue = """
    ---
    title: Kind of Blue
    artist: Miles Davis
    sort_artist: Davis, Miles
    released: 1959-08-17
    tags:
    - jazz
    label: Columbia
    catalog: CL 1355
    ---

    ## Tracks

    1. So What
    2. Freddie Freeloader
    3. Blue in Green

    ## Notes

    Six-eye label, a little *surface noise* on side B.

    """

  init() throws {
    collection = try TemporaryCollection()
    try collection.write("albums/miles-davis-kind-of-blue", kindOfBlue)
    try collection.initializeGit()
  }

  func rk(_ arguments: [String], environment: [String: String] = [:]) throws -> RKResult {
    try runRK(["-C", collection.path] + arguments, environment: environment)
  }

  @Test func tagAddMakesOneCommitThatKeepsExtrasAndNotes() throws {
    let result = try rk(["tag", "add", "miles-davis-kind-of", "modal", "favourite"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try collection.commitSubjects().first == "Add tags \"modal\", \"favourite\" to Miles Davis – Kind of Blue")
    #expect(try collection.commitSubjects().count == 2)
    let text = try collection.read("albums/miles-davis-kind-of-blue/album.md")
    #expect(text == kindOfBlue.replacingOccurrences(of: "- jazz\n", with: "- jazz\n- modal\n- favourite\n"))
    let author = try git(["log", "-1", "--format=%an <%ae>%n%B"], in: collection.path)
    #expect(author.hasPrefix("Test Collector <collector@example.com>\n"))
    #expect(author.contains("Record-Keeper: tag-add"))
    #expect(try git(["show", "--name-only", "--format="], in: collection.path) == "albums/miles-davis-kind-of-blue/album.md\n")
    #expect(try collection.status().isEmpty)
  }

  @Test func tagRulesOfSeed37() throws {
    // Blank and existing (exact, case-sensitive) tags change nothing and make no commit.
    for tags in [["   "], ["jazz"], [""]] {
      let result = try rk(["tag", "add", "miles-davis-kind-of-blue"] + tags)
      #expect(result.status == 0)
      #expect(try collection.commitSubjects().count == 1)
    }
    #expect(try rk(["tag", "add", "miles-davis-kind-of-blue", "Jazz"]).status == 0)
    #expect(try collection.commitSubjects().first == "Add tag \"Jazz\" to Miles Davis – Kind of Blue")
    let tooLong = try rk(["tag", "add", "miles-davis-kind-of-blue", String(repeating: "x", count: 256)])
    #expect(tooLong.status == 1)
    #expect(tooLong.stderr.contains("tags"))
    #expect(try collection.commitSubjects().count == 2)
    #expect(try rk(["tag", "rm", "miles-davis-kind-of-blue", "jazz"]).status == 0)
    #expect(try collection.commitSubjects().first == "Remove tag \"jazz\" from Miles Davis – Kind of Blue")
  }

  @Test func trackRulesOfSeed39() throws {
    let before = try collection.read("albums/miles-davis-kind-of-blue/album.md")
    #expect(try rk(["track", "up", "miles-davis-kind", "1"]).status == 0)
    #expect(try rk(["track", "down", "miles-davis-kind", "3"]).status == 0)
    #expect(try rk(["track", "add", "miles-davis-kind", "   "]).status == 1)
    #expect(try rk(["track", "add", "miles-davis-kind", String(repeating: "a", count: 256)]).status == 1)
    #expect(try rk(["track", "rm", "miles-davis-kind", "9"]).status == 1)
    #expect(try collection.read("albums/miles-davis-kind-of-blue/album.md") == before)
    #expect(try collection.commitSubjects().count == 1)

    #expect(try rk(["track", "add", "miles-davis-kind", "  All Blues  "]).status == 0)
    #expect(try rk(["track", "add", "miles-davis-kind", "Flamenco Sketches", "--at", "4"]).status == 0)
    #expect(try rk(["track", "up", "miles-davis-kind", "2"]).status == 0)
    #expect(try rk(["track", "rename", "miles-davis-kind", "3", "Blue In Green"]).status == 0)
    #expect(try rk(["track", "rm", "miles-davis-kind", "5"]).status == 0)
    #expect(try rk(["track", "down", "miles-davis-kind", "1"]).status == 0)
    let json = try rk(["show", "--json", "miles-davis-kind"]).stdout
    let tracks = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])["tracks"] as? [String]
    #expect(tracks == ["So What", "Freddie Freeloader", "Blue In Green", "Flamenco Sketches"])
    #expect(
      try collection.commitSubjects().prefix(6) == [
        "Move track 1 \"Freddie Freeloader\" down in Miles Davis – Kind of Blue",
        "Remove track 5 \"All Blues\" from Miles Davis – Kind of Blue",
        "Rename track 3 \"Blue in Green\" to \"Blue In Green\" in Miles Davis – Kind of Blue",
        "Move track 2 \"Freddie Freeloader\" up in Miles Davis – Kind of Blue",
        "Add track \"Flamenco Sketches\" to Miles Davis – Kind of Blue",
        "Add track \"All Blues\" to Miles Davis – Kind of Blue",
      ])
  }

  @Test func addSetAndRemove() throws {
    let added = try rk([
      "add", "--title", "Ágætis byrjun", "--artist", "Sigur Rós", "--released", "1999-6-12", "--track", "Intro",
      "--track", "Svefn-g-englar", "--tag", "post-rock",
    ])
    #expect(added.status == 0, "\(added.stderr)")
    #expect(added.stdout == "albums/sigur-ros-agaetis-byrjun\n")
    #expect(
      try collection.read("albums/sigur-ros-agaetis-byrjun/album.md") == """
        ---
        title: Ágætis byrjun
        artist: Sigur Rós
        released: 1999-06-12
        tags:
        - post-rock
        ---

        ## Tracks

        1. Intro
        2. Svefn-g-englar

        """)
    let again = try rk(["add", "--title", "Ágætis byrjun", "--artist", "Sigur Rós"])
    #expect(again.stdout == "albums/sigur-ros-agaetis-byrjun-2\n")

    #expect(try rk(["set", "sigur-ros-agaetis-byrjun", "--released", "1999", "--sort-artist", "Sigur Ros"]).status == 0)
    #expect(try collection.commitSubjects().first == "Change sort artist and release date of Sigur Rós – Ágætis byrjun")
    let invalid = try rk(["set", "sigur-ros-agaetis-byrjun", "--released", "1999-02-29", "--title", " "])
    #expect(invalid.status == 1)
    #expect(invalid.stderr.contains("title: is required"))
    #expect(invalid.stderr.contains("released:"))
    #expect(try rk(["set", "sigur-ros-agaetis-byrjun", "--sort-artist", ""]).status == 0)
    #expect(try !collection.read("albums/sigur-ros-agaetis-byrjun/album.md").contains("sort_artist"))

    let refused = try rk(["rm", "sigur-ros-agaetis-byrjun-2"])
    #expect(refused.status == 64)
    #expect(try rk(["rm", "--yes", "sigur-ros-agaetis-byrjun-2"]).status == 0)
    #expect(!FileManager.default.fileExists(atPath: collection.path + "/albums/sigur-ros-agaetis-byrjun-2"))
    #expect(try collection.commitSubjects().first == "Remove Sigur Rós – Ágætis byrjun")
    #expect(try collection.status().isEmpty)
  }

  @Test func undoAfterRemoveBringsTheAlbumBack() throws {
    #expect(try rk(["rm", "--yes", "miles-davis-kind"]).status == 0)
    let undo = try rk(["undo"])
    #expect(undo.status == 0, "\(undo.stderr)")
    #expect(try collection.read("albums/miles-davis-kind-of-blue/album.md") == kindOfBlue)
    #expect(try collection.commitSubjects().first == "Undo \"Remove Miles Davis – Kind of Blue\"")
    #expect(try collection.status().isEmpty)
  }

  @Test func undoRefusesACommitRkDidNotMake() throws {
    let result = try rk(["undo"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("was not made by rk"))
    #expect(try collection.commitSubjects() == ["Start"])
  }

  @Test func handEditsElsewhereAreNeitherCommittedNorLost() throws {
    try collection.write("albums/hand-made", "---\ntitle: Hand\nartist: Made\n---\n")
    try git(["add", "albums/hand-made/album.md"], in: collection.path)
    try collection.writeFile("notes.txt", Array("mine\n".utf8))
    #expect(try rk(["tag", "add", "miles-davis-kind", "modal"]).status == 0)
    #expect(try git(["show", "--name-only", "--format="], in: collection.path) == "albums/miles-davis-kind-of-blue/album.md\n")
    #expect(try collection.status().sorted() == ["?? notes.txt", "A  albums/hand-made/album.md"])
  }

  @Test func aHandEditSinceLoadingIsKept() throws {
    // rk re-reads the album under the lock, so an edit made just before is kept.
    let path = "albums/miles-davis-kind-of-blue/album.md"
    try collection.write("albums/miles-davis-kind-of-blue", kindOfBlue.replacingOccurrences(of: "Six-eye", with: "Two-eye"))
    #expect(try rk(["tag", "add", "miles-davis-kind", "modal"]).status == 0)
    #expect(try collection.read(path).contains("Two-eye label"))
    #expect(try collection.read(path).contains("- modal\n"))
  }

  @Test func concurrentChangesAreAllKept() async throws {
    let tags = (1...8).map { "tag-\($0)" }
    try await withThrowingTaskGroup(of: Int32.self) { group in
      for tag in tags {
        group.addTask { try runRK(["-C", collection.path, "tag", "add", "miles-davis-kind", tag]).status }
      }
      for try await status in group { #expect(status == 0) }
    }
    let text = try collection.read("albums/miles-davis-kind-of-blue/album.md")
    for tag in tags { #expect(text.contains("- \(tag)\n")) }
    #expect(try collection.commitSubjects().count == 1 + tags.count)
  }

  @Test func editorSessionDrivenByAScript() throws {
    let script = collection.root.appendingPathComponent("editor.sh").path
    try "#!/bin/sh\nsed -i 's/^released: .*/released: 1959-08/' \"$1\"\n".write(toFile: script, atomically: false, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
    let result = try rk(["edit", "miles-davis-kind"], environment: ["EDITOR": script, "VISUAL": ""])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      try collection.read("albums/miles-davis-kind-of-blue/album.md") == kindOfBlue.replacingOccurrences(of: "1959-08-17", with: "1959-08"))
    #expect(try collection.commitSubjects().first == "Edit Miles Davis – Kind of Blue")
  }

  @Test func rejectedEditChangesNothingAndKeepsTheText() throws {
    let script = collection.root.appendingPathComponent("editor.sh").path
    try "#!/bin/sh\nsed -i 's/^released: .*/released: 1959-02-30/' \"$1\"\n".write(toFile: script, atomically: false, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
    let result = try rk(["edit", "miles-davis-kind"], environment: ["EDITOR": script, "VISUAL": ""])
    #expect(result.status == 1)
    #expect(result.stderr.contains("released: 1959-02 has no day 30"))
    let kept = try #require(result.stderr.firstMatch(of: /kept in (\S+\.md)/)).output.1
    defer { try? FileManager.default.removeItem(at: URL(fileURLWithPath: String(kept)).deletingLastPathComponent()) }
    #expect(try String(contentsOfFile: String(kept), encoding: .utf8).contains("released: 1959-02-30"))
    #expect(try collection.read("albums/miles-davis-kind-of-blue/album.md") == kindOfBlue)
    #expect(try collection.commitSubjects().count == 1)
  }

  @Test func anEditNeverRevertsAChangeMadeWhileTheEditorWasOpen() throws {
    // The editor runs another rk change on the album, then saves its own text:
    // the edit's commit used to put the album back as it was when opened.
    let script = collection.root.appendingPathComponent("editor.sh").path
    try """
    #!/bin/sh
    "$RK_TEST_BINARY" -C "$RK_TEST_COLLECTION" tag add miles-davis-kind during >/dev/null || exit 9
    sed -i 's/^released: .*/released: 1959-08/' "$1"

    """.write(toFile: script, atomically: false, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
    let result = try rk(
      ["edit", "miles-davis-kind"],
      environment: [
        "EDITOR": script, "VISUAL": "", "RK_TEST_BINARY": rkBinary.path, "RK_TEST_COLLECTION": collection.path,
      ])
    #expect(result.status == 1)
    #expect(result.stderr.contains("changed while you were editing it"), "\(result.stderr)")
    let kept = try #require(result.stderr.firstMatch(of: /kept in (\S+\.md)/)).output.1
    defer { try? FileManager.default.removeItem(at: URL(fileURLWithPath: String(kept)).deletingLastPathComponent()) }
    #expect(try String(contentsOfFile: String(kept), encoding: .utf8).contains("released: 1959-08\n"))
    let text = try collection.read("albums/miles-davis-kind-of-blue/album.md")
    #expect(text.contains("- during\n"))
    #expect(text.contains("released: 1959-08-17\n"))
    #expect(try collection.commitSubjects().first == "Add tag \"during\" to Miles Davis – Kind of Blue")
    #expect(try collection.status() == ["?? editor.sh"])
  }

  @Test func refusesDuringAMerge() throws {
    try git(["checkout", "-q", "-b", "other"], in: collection.path)
    try collection.write("albums/miles-davis-kind-of-blue", kindOfBlue.replacingOccurrences(of: "Columbia", with: "CBS"))
    try git(["commit", "-qam", "other"], in: collection.path)
    try git(["checkout", "-q", "main"], in: collection.path)
    try collection.write("albums/miles-davis-kind-of-blue", kindOfBlue.replacingOccurrences(of: "Columbia", with: "Sony"))
    try git(["commit", "-qam", "main"], in: collection.path)
    _ = try? git(["merge", "other"], in: collection.path)
    let result = try rk(["tag", "add", "miles-davis-kind", "x"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("merge"))
  }

  @Test func initAdoptsAFolderOfAlbums() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rk-init-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("albums/x"), withIntermediateDirectories: true)
    try "---\ntitle: X\nartist: Y\n---\n".write(to: folder.appendingPathComponent("albums/x/album.md"), atomically: false, encoding: .utf8)
    let result = try runRK(["init", folder.path], environment: ["GIT_CONFIG_NOSYSTEM": "1", "HOME": folder.path])
    #expect(result.status == 0, "\(result.stderr)")
    let log = try git(["log", "--format=%an <%ae>|%s"], in: folder.path)
    #expect(log == "Record Keeper <rk@localhost>|Start a Record Keeper collection of 1 album\n")
    #expect(
      try git(["ls-files"], in: folder.path) == ".gitattributes\n.recordkeeper/.gitignore\n.recordkeeper/config.yaml\nalbums/x/album.md\n")
    #expect(try runRK(["init", folder.path]).status == 1)
    #expect(try runRK(["-C", folder.path, "sort", "random"]).status == 0)
    #expect(try git(["status", "--porcelain"], in: folder.path).isEmpty)
  }
}
