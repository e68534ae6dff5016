import RecordKeeper
import Testing

@Suite("Album changes for rk log")
struct AlbumChangeTests {
  func album(_ edit: (inout Album) -> Void = { _ in }) -> Album {
    var album = Album(id: "albums/a", title: "Kind of Blue", artist: "Miles Davis", tracks: ["So What", "Blue in Green"], tags: ["jazz"])
    edit(&album)
    return album
  }

  func changes(_ edit: (inout Album) -> Void) -> [[String?]] {
    AlbumChange.between(album(), album(edit), id: "albums/a").map { [$0.field, $0.old, $0.new] }
  }

  @Test func sameAlbumHasNoChanges() {
    #expect(AlbumChange.between(album(), album(), id: "albums/a").isEmpty)
  }

  @Test func fieldsOldAndNew() {
    let result = changes {
      $0.title = "Kind of Blue (Legacy)"
      $0.artist = "Miles Davis Sextet"
      $0.sortArtist = "Davis, Miles"
      $0.released = "1959-08-17"
      $0.wikipedia = "https://en.wikipedia.org/wiki/Kind_of_Blue"
    }
    #expect(
      result == [
        ["title", "Kind of Blue", "Kind of Blue (Legacy)"], ["artist", "Miles Davis", "Miles Davis Sextet"],
        ["sort_artist", nil, "Davis, Miles"], ["released", nil, "1959-08-17"],
        ["wikipedia", nil, "https://en.wikipedia.org/wiki/Kind_of_Blue"],
      ])
    #expect(AlbumChange.between(album { $0.released = "1959" }, album(), id: "albums/a").map(\.new) == [nil])
  }

  @Test func tagsAddedAndRemoved() {
    #expect(changes { $0.tags = ["modal", "1950s"] } == [["tags", nil, "modal"], ["tags", nil, "1950s"], ["tags", "jazz", nil]])
  }

  @Test func extraKeys() {
    let before = album { $0.extra = [ExtraField(key: "label", yaml: "label: Columbia\n", value: .string("Columbia"))] }
    let after = album {
      $0.extra = [
        ExtraField(key: "label", yaml: "label: CBS\n", value: .string("CBS")),
        ExtraField(key: "formats", yaml: "formats: [LP, CD]\n", value: .array([.string("LP"), .string("CD")])),
      ]
    }
    #expect(
      AlbumChange.between(before, after, id: "albums/a").map { [$0.field, $0.old, $0.new] } == [
        ["label", "Columbia", "CBS"], ["formats", nil, "LP, CD"],
      ])
    #expect(AlbumChange.between(before, album(), id: "albums/a").map { [$0.field, $0.old, $0.new] } == [["label", "Columbia", nil]])
  }

  @Test(
    arguments: [
      (["A", "B", "C"], ["A", "B", "C", "D"], [[nil, "4. D"]]),
      (["A", "B", "C"], ["A", "C"], [["2. B", nil]]),
      (["A", "B", "C"], ["A", "X", "C"], [["2. B", "2. X"]]),
      (["A", "B", "C"], ["A", "C", "B"], [["3. C", "2. C"]]),
      (["A", "B", "C"], ["C", "A", "B"], [["3. C", "1. C"]]),
      (["A", "B"], ["X", "Y", "A", "B"], [[nil, "1. X"], [nil, "2. Y"]]),
      (["A", "B"], [], [["1. A", nil], ["2. B", nil]]),
    ] as [([String], [String], [[String?]])])
  func tracks(old: [String], new: [String], expected: [[String?]]) {
    let result = AlbumChange.between(album { $0.tracks = old }, album { $0.tracks = new }, id: "albums/a")
    #expect(result.allSatisfy { $0.field == "tracks" && $0.album == "albums/a" })
    #expect(result.map { [$0.old, $0.new] } == expected)
  }

  @Test func json() {
    let change = AlbumChange(album: "albums/a", field: "released", old: nil, new: "1959")
    #expect(
      change.json.serialized()
        == JSONValue.object([("album", .string("albums/a")), ("field", .string("released")), ("old", .null), ("new", .string("1959"))])
        .serialized())
  }
}
