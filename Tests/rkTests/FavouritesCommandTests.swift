import Foundation
import TestSupport
import Testing

@Suite("rk track fav, rk track unfav, rk favourites")
struct FavouritesCommandTests: CollectionCommands {
  let collection: TemporaryCollection
  let kindOfBlue = """
    ---
    title: Kind of Blue
    artist: Miles Davis
    ---

    ## Tracks

    ### Side A

    1. So What (9:22)
    2. Freddie Freeloader (9:46)

    ### Side B

    1. Blue in Green (5:37)

    """

  init() throws {
    collection = try TemporaryCollection()
    try collection.write("albums/miles-davis-kind-of-blue", kindOfBlue)
    try collection.write(
      "albums/radiohead-ok-computer", "---\ntitle: OK Computer\nartist: Radiohead\n---\n\n## Tracks\n\n1. Airbag ★\n2. Lucky\n")
    try collection.initializeGit()
  }

  @Test func favMakesOneCommitOfOneLineAndUndoTakesItBack() throws {
    let result = try rk(["track", "fav", "kind of blue", "3"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try collection.commitSubjects().first == "Mark track 3 \"Blue in Green\" as a favourite in Miles Davis – Kind of Blue")
    #expect(try collection.commitSubjects().count == 2)
    let path = "albums/miles-davis-kind-of-blue/album.md"
    #expect(try collection.read(path) == kindOfBlue.replacingOccurrences(of: "Blue in Green (5:37)", with: "Blue in Green (5:37) ★"))
    let author = try git(["log", "-1", "--format=%B"], in: collection.path)
    #expect(author.contains("Record-Keeper: track-fav"))
    // Again: no change, no commit.
    let again = try rk(["track", "fav", "kind of blue", "3"])
    #expect(again.status == 0)
    #expect(again.stdout.contains("already a favourite") || again.stderr.contains("already a favourite"))
    #expect(try collection.commitSubjects().count == 2)
    let undo = try rk(["undo"])
    #expect(undo.status == 0, "\(undo.stderr)")
    #expect(try collection.read(path) == kindOfBlue)
  }

  @Test func unfavTakesTheStarOff() throws {
    let result = try rk(["track", "unfav", "radiohead", "1"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try collection.read("albums/radiohead-ok-computer/album.md").contains("1. Airbag\n2. Lucky\n"))
    #expect(try collection.commitSubjects().first == "Unmark track 1 \"Airbag\" as a favourite in Radiohead – OK Computer")
  }

  @Test func aBadTrackNumberSaysWhichExistAndWritesNothing() throws {
    let result = try rk(["track", "fav", "kind of blue", "4"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("there is no track 4: the tracks are numbered 1 to 3"))
    #expect(try collection.commitSubjects().count == 1)
  }

  @Test func favouritesListsEachStarredTrackWithItsAlbum() throws {
    #expect(try rk(["track", "fav", "kind of blue", "1"]).status == 0)
    let human = try rk(["favourites"])
    #expect(human.status == 0, "\(human.stderr)")
    #expect(
      human.stdout == """
        Miles Davis – Kind of Blue  (albums/miles-davis-kind-of-blue)
          1. So What  9:22  (track 1)
        Radiohead – OK Computer  (albums/radiohead-ok-computer)
          2. Airbag  (track 1)

        """)
    let json = try rk(["favourites", "--json"])
    #expect(json.status == 0, "\(json.stderr)")
    let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
    #expect(objects.map { $0["album"] as? String } == ["albums/miles-davis-kind-of-blue", "albums/radiohead-ok-computer"])
    #expect(objects.map { $0["name"] as? String } == ["So What", "Airbag"])
    #expect(objects.first?["position"] as? String == "A1")
    #expect(objects.first?["duration"] as? Int == 562)
    #expect(objects.first?["number"] as? Int == 1)
  }

  @Test func showAndJSONShowTheStar() throws {
    let show = try rk(["show", "radiohead"])
    #expect(show.stdout.contains("Airbag ★"))
    let json = try rk(["show", "radiohead", "--json"])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let tracks = try #require(object["track_list"] as? [[String: Any]])
    #expect(tracks.map { $0["favourite"] as? Bool } == [true, false])
  }
}

@Suite("rk suggest")
struct SuggestCommandTests {
  @Test func suggestsWithReasonsFromFavouritesAndPlays() throws {
    let collection = try TemporaryCollection()
    try collection.write(
      "albums/kind-of-blue",
      "---\ntitle: Kind of Blue\nartist: Miles Davis\nreleased: 1959\ntags:\n- modal\n---\n\n## Tracks\n\n1. So What ★\n")
    try collection.write(
      "albums/a-love-supreme", "---\ntitle: A Love Supreme\nartist: John Coltrane\nreleased: 1965\ntags:\n- modal\n---\n")
    try collection.write("albums/bitches-brew", "---\ntitle: Bitches Brew\nartist: Miles Davis\nstatus: wanted\n---\n")
    try collection.writeFile("plays/2025.md", Array("# Plays\n\n- 2025-03-02 20:15 · albums/a-love-supreme\n".utf8))
    let result = try runRK(["-C", collection.path, "suggest", "--json"])
    #expect(result.status == 0, "\(result.stderr)")
    let objects = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    // A played album is an anchor too; the never played one comes first (until 2030).
    #expect(objects.map { $0["id"] as? String } == ["albums/kind-of-blue", "albums/a-love-supreme"])
    #expect(
      objects.map { $0["reason"] as? String } == [
        "shares #modal with A Love Supreme; never played", "shares #modal with Kind of Blue; not played since 2025-03",
      ])
    let human = try runRK(["-C", collection.path, "suggest", "--count", "1"])
    #expect(human.stdout == "Miles Davis – Kind of Blue  (albums/kind-of-blue)\n    shares #modal with A Love Supreme; never played\n")
    #expect(try runRK(["-C", collection.path, "suggest", "--count", "0"]).status == 64)
  }
}
