import Foundation
import TestSupport
import Testing

@testable import RecordKeeper

/// The example album with track 3 a favourite.
private let okComputer = ExampleAlbums.okComputer.replacingOccurrences(of: "1. Karma Police (4:21)\n", with: "1. Karma Police (4:21) ★\n")

private func parse(_ text: String) throws -> Album {
  try AlbumFile.parse(Array(text.utf8), id: "albums/radiohead-ok-computer").album
}

/// The file after `change`, written the way `rk` writes a change.
private func edited(_ text: String = okComputer, _ change: (inout Album) throws -> Void) throws -> String {
  var album = try parse(text)
  try change(&album)
  let output = String(decoding: try AlbumFile.rewrite(Array(text.utf8), to: album), as: UTF8.self)
  #expect(try parse(output).trackList == album.trackList)
  return output
}

@Suite("Favourite tracks (docs/album-format.md)")
struct FavouriteTracksTests {
  @Test(
    "a track line ending in ★ is a favourite, however the star is spaced",
    arguments: [
      ("Airbag (4:44) ★", "Airbag", 284, true),
      ("Airbag (4:44)★", "Airbag", 284, true),
      ("Airbag (4:44)    ★", "Airbag", 284, true),
      ("Airbag (4:44)\t★  ", "Airbag", 284, true),
      ("Airbag ★", "Airbag", nil, true),
      ("Airbag", "Airbag", nil, false),
    ] as [(String, String, Int?, Bool)])
  func starAtTheEnd(line: String, name: String, seconds: Int?, favourite: Bool) throws {
    let album = try parse("---\ntitle: T\nartist: A\n---\n\n## Tracks\n\n1. \(line)\n")
    #expect(album.trackList.map(\.name) == [name])
    #expect(album.trackList.first?.duration == seconds)
    #expect(album.trackList.first?.favourite == favourite)
  }

  @Test(
    "a star that does not end the line, or is the whole name, stays in the name",
    arguments: [
      ("Dark ★ Star (23:18)", "Dark ★ Star", 1398),
      ("★ Wars", "★ Wars", nil),
      ("★", "★", nil),
      ("★ (9:57)", "★", 597),
    ] as [(String, String, Int?)])
  func starInTheName(line: String, name: String, seconds: Int?) throws {
    let album = try parse("---\ntitle: T\nartist: A\n---\n\n## Tracks\n\n1. \(line)\n")
    #expect(album.trackList.map(\.name) == [name])
    #expect(album.trackList.first?.duration == seconds)
    #expect(album.trackList.first?.favourite == false)
  }

  @Test func favouriteAddsTheStarAfterTheLengthOnThatLineAlone() throws {
    let output = try edited { try $0.setFavourite(2, true) }
    #expect(output == okComputer.replacingOccurrences(of: "2. Paranoid Android (6:23)\n", with: "2. Paranoid Android (6:23) ★\n"))
    let back = try edited(output) { try $0.setFavourite(2, false) }
    #expect(back == okComputer)
  }

  @Test func unfavouriteTakesOffAHandWrittenStarWithItsSpacing() throws {
    let text = okComputer.replacingOccurrences(of: "(4:21) ★", with: "(4:21)   ★")
    #expect(try edited(text) { try $0.setFavourite(3, false) } == okComputer.replacingOccurrences(of: "(4:21) ★", with: "(4:21)"))
  }

  @Test func markingTwiceChangesNothingAndABadNumberSaysWhichExist() throws {
    var album = try parse(okComputer)
    #expect(try album.setFavourite(3, true) == false)
    #expect(try album.setFavourite(1, false) == false)
    #expect(throws: AlbumEditError.noSuchTrack(9, count: 4)) { try album.setFavourite(9, true) }
    #expect(AlbumEditError.noSuchTrack(9, count: 4).description == "there is no track 9: the tracks are numbered 1 to 4")
    #expect(throws: AlbumEditError.noSuchTrack(0, count: 4)) { try album.setFavourite(0, true) }
  }

  @Test func theStarIsKeptThroughOtherChanges() throws {
    // A hand-written star with odd spacing stays as written when another track changes.
    let text = okComputer.replacingOccurrences(of: "(4:21) ★", with: "(4:21)★")
    let renamedOther = try edited(text) { try $0.renameTrack(4, to: "Lucky (remastered)") }
    #expect(renamedOther.contains("1. Karma Police (4:21)★\n"))
    // Renaming, retiming and moving the favourite keep its star.
    #expect(try edited { try $0.renameTrack(3, to: "Karma Police (Live)") }.contains("1. Karma Police (Live) (4:21) ★\n"))
    #expect(try edited { try $0.renameTrack(3, to: "Karma Police (4:22)") }.contains("1. Karma Police (4:22) ★\n"))
    let moved = try edited { _ = try $0.moveTrackDown(3) }
    #expect(moved.contains("1. Lucky (4:19)\n2. Karma Police (4:21) ★\n"))
    // Adding a track, and a new favourite typed with its star.
    let added = try edited { try $0.addTrack("No Surprises (3:48) ★") }
    #expect(added.contains("3. No Surprises (3:48) ★\n"))
    #expect(try parse(added).trackList.map(\.favourite) == [false, false, true, false, true])
  }

  @Test func formatWritesTheStarCanonically() throws {
    let text = okComputer.replacingOccurrences(of: "(4:21) ★", with: "(4:21)\t ★  ")
    let output = String(decoding: try AlbumFile.canonical(Array(text.utf8)), as: UTF8.self)
    #expect(output.contains("1. Karma Police (4:21) ★\n"))
    #expect(try parse(output).trackList.map(\.favourite) == [false, false, true, false])
  }

  @Test func trackListItemsCarryFavourite() throws {
    let album = try parse(okComputer)
    guard case .object(let fields) = album.json(), case .array(let items)? = fields.first(where: { $0.0 == "track_list" })?.1 else {
      Issue.record("no track_list")
      return
    }
    let favourites = items.map { item -> JSONValue? in
      guard case .object(let members) = item else { return nil }
      return members.first { $0.0 == "favourite" }?.1
    }
    #expect(favourites == [.bool(false), .bool(false), .bool(true), .bool(false)])
    // The streamed writer gives the same bytes as the tree.
    var output = JSONOutput()
    album.writeJSON(to: &output)
    var tree = JSONOutput()
    album.json().write(to: &tree, indent: 0, layout: .pretty)
    #expect(output.bytes == tree.bytes)
  }

  @Test func theCommitMessageNamesTheTrack() throws {
    var album = try parse(okComputer)
    let before = album
    try AlbumEdit.setFavourite(2, true).apply(to: &album)
    #expect(
      AlbumEdit.setFavourite(2, true).summary(before: before, after: album)
        == "Mark track 2 \"Paranoid Android\" as a favourite in Radiohead – OK Computer")
    #expect(
      AlbumEdit.setFavourite(3, false).summary(before: before, after: album)
        == "Unmark track 3 \"Karma Police\" as a favourite in Radiohead – OK Computer")
    #expect(AlbumEdit.setFavourite(2, true).action == "track-fav")
    #expect(AlbumEdit.setFavourite(2, false).unchanged == "No change: track 2 is not a favourite.")
  }

  @Test func anEditorSaveThatKnowsNothingOfStarsKeepsThem() throws {
    var album = try parse(okComputer)
    let names = album.trackList.map { AlbumSave.Track(name: $0.name, duration: $0.duration, side: $0.side) }
    var renamed = names
    renamed[3].name = "Lucky (remastered)"
    try AlbumSave(trackList: renamed).apply(to: &album)
    #expect(album.trackList.map(\.favourite) == [false, false, true, false])
    var unstarred = names
    unstarred[2].favourite = false
    try AlbumSave(trackList: unstarred).apply(to: &album)
    #expect(album.trackList.map(\.favourite) == [false, false, false, false])
    // The names-only save takes the star from the text.
    try AlbumSave(tracks: ["Airbag (4:44) ★", "Paranoid Android", "Karma Police", "Lucky"]).apply(to: &album)
    #expect(album.trackList.map(\.favourite) == [true, false, false, false])
  }

  @Test func favouriteTracksListsEachWithItsAlbumInOrder() throws {
    let kindOfBlue = try AlbumFile.parse(
      Array(
        "---\ntitle: Kind of Blue\nartist: Miles Davis\n---\n\n## Tracks\n\n1. So What ★\n2. Freddie Freeloader\n3. Blue in Green ★\n".utf8),
      id: "albums/kind-of-blue"
    ).album
    let plain = try AlbumFile.parse(Array("---\ntitle: Nothing\nartist: Aaa\n---\n\n## Tracks\n\n1. One\n".utf8), id: "albums/aaa").album
    let collection = RecordCollection(
      location: CollectionLocation(root: "/nowhere"), albums: [try parse(okComputer), kindOfBlue, plain])
    let listed = collection.favouriteTracks().map { "\($0.album.id) \($0.number) \($0.track.name)" }
    #expect(
      listed == ["albums/kind-of-blue 1 So What", "albums/kind-of-blue 3 Blue in Green", "albums/radiohead-ok-computer 3 Karma Police"])
  }

  @Test func aCachedLoadKeepsTheStars() throws {
    let collection = try TemporaryCollection(albums: ["albums/ok": okComputer])
    try FileManager.default.createDirectory(atPath: collection.path + "/.git", withIntermediateDirectories: true)
    // A file changed in the last two seconds is never cached.
    Thread.sleep(forTimeInterval: 2.2)
    for _ in 0..<2 {
      let loaded = try RecordCollection.load(CollectionLocation(root: collection.path), validating: false)
      #expect(loaded.albums.first?.trackList.map(\.favourite) == [false, false, true, false])
    }
    #expect(FileManager.default.fileExists(atPath: collection.path + "/.git/" + LoadCache.fileName))
  }

  @Test func starringAHandWrittenCRLFFileChangesOneLineAndUnstarringGivesItsBytesBack() throws {
    // As a Windows editor saves it: CRLF, a YAML comment, side headings, a track's note.
    let handWritten = [
      "---", "# Typed by hand.", "title: OK Computer", "artist: Radiohead  # the 1997 pressing", "---", "", "## Tracks", "", "### Side A",
      "",
      "1. Airbag (4:44)", "2. Paranoid Android (6:23)", "   Recorded in a mansion.", "", "### Side B", "",
      "1. Karma Police (4:21)", "2. Lucky (4:19)", "",
    ].joined(separator: "\r\n")
    let collection = try TemporaryCollection()
    try collection.writeFile("albums/ok/album.md", Array(handWritten.utf8))
    try collection.initializeGit()
    let store = try CollectionStore(location: CollectionLocation(root: collection.path))
    let file = { () throws -> String in try collection.read("albums/ok/album.md") }

    #expect(try store.apply(.setFavourite(2, true), to: "albums/ok") != nil)
    let starred = try file()
    let before = handWritten.components(separatedBy: "\r\n")
    let after = starred.components(separatedBy: "\r\n")
    #expect(after.count == before.count)
    #expect(zip(before, after).filter { $0 != $1 }.map(\.1) == ["2. Paranoid Android (6:23) ★"])
    let bytes = Array(starred.utf8)
    #expect(bytes.filter { $0 == UInt8(ascii: "\n") }.count == bytes.filter { $0 == UInt8(ascii: "\r") }.count)

    #expect(try store.apply(.setFavourite(2, false), to: "albums/ok") != nil)
    #expect(Array(try file().utf8) == Array(handWritten.utf8))
    #expect(try collection.commitSubjects().count == 3)
  }
}
