import RecordKeeper
import Testing

@Suite("rk check as a value")
struct CollectionCheckTests {
  let location = CollectionLocation(root: "/music")

  @Test func cleanCollection() {
    let check = CollectionCheck(RecordCollection(location: location, albums: [Album(id: "a", title: "T", artist: "A")]))
    #expect(check.isClean)
    #expect(check.summary == "1 album checked: no problems.")
  }

  @Test func problemsAreSortedCountedAndSummed() {
    let collection = RecordCollection(
      location: location, albums: [Album(id: "b", title: "T", artist: "A"), Album(id: "a", title: "T", artist: "A")],
      unreadable: [AlbumIssue(id: "c", line: 3, field: "front matter", message: "YAML syntax")],
      problems: [
        AlbumIssue(id: "b", line: 4, field: "released", message: "bad"), AlbumIssue(id: "a", line: 2, field: "title", message: "blank"),
        AlbumIssue(id: "b", line: 2, field: "title", message: "blank"),
      ])
    let check = CollectionCheck(collection)
    #expect(check.issues.map { "\($0.id):\($0.line)" } == ["a:2", "b:2", "b:4", "c:3"])
    #expect(check.albumCount == 3)
    #expect(check.albumsWithProblems == 3)
    #expect(check.summary == "3 albums checked: 4 problems in 3 albums.")
    #expect(check.json.serialized().contains("\"albums\": 3"))
  }
}
