import Foundation
import TestSupport
import Testing

/// Album references and history on a collection in git: references by
/// artist and title, never outside the collection; rk log --since and --json.
@Suite("References and history")
struct ReferenceAndLogTests: CollectionCommands {
  let collection: TemporaryCollection

  init() throws {
    collection = try TemporaryCollection()
    try collection.write("albums/miles-davis-kind-of-blue", albumText(title: "Kind of Blue", artist: "Miles Davis", tags: ["jazz"]))
    try collection.initializeGit()
  }

  @Test func aReferenceOutsideTheCollectionWritesNothing() throws {
    // albums/../../x names a folder beside the collection; make it look like an album.
    let outside = collection.root.deletingLastPathComponent().appendingPathComponent("x-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: outside) }
    let original = "---\ntitle: Outside\nartist: Nobody\n---\n"
    try original.write(to: outside.appendingPathComponent("album.md"), atomically: false, encoding: .utf8)
    let commits = try collection.commitSubjects()
    for reference in ["albums/../../\(outside.lastPathComponent)", outside.path] {
      let result = try rk(["set", reference, "--title", "Written"])
      #expect(result.status == 1)
      #expect(result.stderr.contains("leads outside the collection"), "\(result.stderr)")
      #expect(try String(contentsOf: outside.appendingPathComponent("album.md"), encoding: .utf8) == original)
    }
    #expect(try collection.commitSubjects() == commits)
  }

  @Test func logSinceAndJSON() throws {
    #expect(try rk(["tag", "add", "kind", "modal"]).status == 0)
    let json = try rk(["log", "--json"])
    #expect(json.status == 0, "\(json.stderr)")
    let changes = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
    #expect(changes.map { $0["summary"] as? String } == ["Add tag \"modal\" to Miles Davis – Kind of Blue", "Start"])
    #expect(changes.first?["action"] as? String == "tag-add")
    #expect(changes.last?["action"] is NSNull)
    #expect((changes.first?["time"] as? String)?.hasSuffix("Z") == true)
    #expect(try rk(["log", "--since", "1 hour ago", "--json"]).stdout.contains("modal"))
    let future = try rk(["log", "--since", "2999-01-01"])
    #expect(future.status == 0)
    #expect(future.stdout.isEmpty)
    let bad = try rk(["log", "--since", "soon"])
    #expect(bad.status == 64)
    #expect(bad.stderr.contains("cannot read \"soon\" as a time"))
  }

  @Test func changesFindAlbumsByArtistAndTitle() throws {
    let result = try rk(["tag", "add", "kind of blue", "modal"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try collection.commitSubjects().first == "Add tag \"modal\" to Miles Davis – Kind of Blue")
  }
}
