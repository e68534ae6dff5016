import Foundation
import TestSupport
import Testing

/// `.gitattributes` deleted or stripped by hand (issue 31's crash probe):
/// `rk check` names the missing merge line, and the next change rk makes
/// puts it back, so `git pull` goes on merging albums by field.
@Suite(".gitattributes kept")
struct MergeAttributesCommandTests {
  let collection: TemporaryCollection

  init() throws {
    collection = try TemporaryCollection(albums: ["albums/kind-of-blue": albumText(title: "Kind of Blue", artist: "Miles Davis")])
    let made = try runRK(["init", collection.path])
    #expect(made.status == 0, "\(made.stderr)")
    try git(["config", "user.name", "Test Collector"], in: collection.path)
    try git(["config", "user.email", "collector@example.com"], in: collection.path)
  }

  private var attributes: String { (try? collection.read(".gitattributes")) ?? "" }

  @Test func aDeletedFileIsReportedAndPutBackByTheNextChange() throws {
    try FileManager.default.removeItem(atPath: collection.path + "/.gitattributes")
    let check = try runRK(["-C", collection.path, "check"])
    #expect(check.status == 1)
    #expect(check.stdout.contains(".gitattributes: merge: the line \"album.md merge=rk\" is missing"), "\(check.stdout)")
    #expect((check.stdout + check.stderr).contains("1 problem in .gitattributes."), "\(check.stderr)")

    let tag = try runRK(["-C", collection.path, "tag", "add", "kind", "modal"])
    #expect(tag.status == 0, "\(tag.stderr)")
    #expect(tag.stderr.contains(".gitattributes had lost \"album.md merge=rk\""), "\(tag.stderr)")
    #expect(attributes.contains("album.md merge=rk\n"))
    // The file is as committed again: no commit of its own was needed.
    #expect(try collection.status().isEmpty)
    #expect(try collection.commitSubjects().first == "Add tag \"modal\" to Miles Davis – Kind of Blue")
    #expect(try runRK(["-C", collection.path, "check"]).status == 0)
  }

  @Test func aLineRemovedInACommitIsCommittedBackAndUndoPassesOverThat() throws {
    try Data("*.txt text\n".utf8).write(to: URL(fileURLWithPath: collection.path + "/.gitattributes"))
    try git(["commit", "-qam", "My own attributes"], in: collection.path)
    let tag = try runRK(["-C", collection.path, "tag", "add", "kind", "modal"])
    #expect(tag.status == 0, "\(tag.stderr)")
    #expect(attributes == "*.txt text\nalbum.md merge=rk\n")
    #expect(
      try collection.commitSubjects().prefix(2) == [
        "Add tag \"modal\" to Miles Davis – Kind of Blue", "Restore the merge settings in .gitattributes",
      ])
    #expect(try runRK(["-C", collection.path, "undo"]).status == 0)
    // The next undo would reach the person's commit, not take the line away again.
    let again = try runRK(["-C", collection.path, "undo"])
    #expect(again.status == 1)
    #expect(again.stderr.contains("My own attributes"), "\(again.stderr)")
    #expect(attributes.contains("album.md merge=rk\n"))
  }
}
