import TestSupport
import Testing

@testable import RecordKeeper

/// Which list is the track list (docs/album-format.md, "The track list"): the numbered list under the
/// Tracks heading, written `## Tracks` or as a setext heading; every other
/// list is notes, and a change to the tracks leaves it where it was.
@Suite("The numbered list under the Tracks heading is the track list")
struct TrackListRulesTests {
  static let header = ExampleAlbums.kindOfBlue(keys: ["title", "artist"], body: "\n")

  func rewritten(_ text: String, _ change: (inout Album) throws -> Void) throws -> (text: String, album: Album) {
    var album = try AlbumFile.parse(Array(text.utf8), id: "a").album
    try change(&album)
    let output = String(decoding: try AlbumFile.rewrite(Array(text.utf8), to: album), as: UTF8.self)
    let reread = try AlbumFile.parse(Array(output.utf8), id: "a").album
    #expect(reread.trackList.map(\.text) == album.trackList.map(\.text))
    return (output, reread)
  }

  @Test func aBulletListAfterTheTracksIsNotesAndAnAddedTrackJoinsTheNumberedList() throws {
    let text = Self.header + "## Tracks\n\n1. So What\n2. Freddie Freeloader\n\n- Miles Davis, trumpet\n- Bill Evans, piano\n"
    let album = try AlbumFile.parse(Array(text.utf8), id: "a").album
    #expect(album.tracks == ["So What", "Freddie Freeloader"])
    #expect(album.body.notes.contains("- Miles Davis, trumpet\n- Bill Evans, piano\n"))
    let (output, after) = try rewritten(text) { try $0.addTrack("Blue in Green") }
    #expect(output == text.replacingOccurrences(of: "2. Freddie Freeloader\n", with: "2. Freddie Freeloader\n3. Blue in Green\n"))
    #expect(after.tracks == ["So What", "Freddie Freeloader", "Blue in Green"])
  }

  @Test func aBulletListRightUnderTheTracksIsNotesToo() throws {
    let text = Self.header + "## Tracks\n\n- recorded in two sessions\n\n1. So What\n"
    let (output, after) = try rewritten(text) { try $0.addTrack("All Blues") }
    #expect(output == text + "2. All Blues\n")
    #expect(after.tracks == ["So What", "All Blues"])
  }

  @Test func aSetextTracksHeadingIsTheTracksHeading() throws {
    let text = Self.header + "Tracks\n------\n\n1. So What\n\nNotes\n-----\n\n1. not a track\n"
    let album = try AlbumFile.parse(Array(text.utf8), id: "a").album
    #expect(album.tracks == ["So What"])
    #expect(album.body.hasTrackSection)
    let (output, _) = try rewritten(text) { try $0.addTrack("All Blues") }
    #expect(output == text.replacingOccurrences(of: "1. So What\n", with: "1. So What\n2. All Blues\n"))
    // A setext Tracks heading with no list yet takes the first tracks under it.
    let empty = Self.header + "Tracks\n------\n\nTo do.\n"
    let (first, _) = try rewritten(empty) { try $0.addTrack("So What") }
    #expect(first.components(separatedBy: "Tracks").count == 2)
    #expect(first.hasPrefix(Self.header + "Tracks\n------\n\n"))
  }

  @Test func removingTheLastTrackUnderASetextHeadingDropsTheWholeHeading() throws {
    let text = Self.header + "Intro.\n\nTracks\n------\n\n1. So What\n\n## Notes\n\nMine.\n"
    let (output, _) = try rewritten(text) { try $0.removeTrack(1) }
    #expect(output == Self.header + "Intro.\n\n## Notes\n\nMine.\n")
  }

  @Test func replacingEveryTrackKeepsTheParagraphAfterTheList() throws {
    let text = Self.header + "## Tracks\n\n1. So What\n2. Blue in Green\n\nSide B skips at the start.\n\n## Notes\n\nMine.\n"
    var release = Album(id: "", title: "Kind of Blue", artist: "Miles Davis")
    release.trackList = [
      Album.Track(name: "So What", duration: 562, side: "Side A", sideIndex: 1),
      Album.Track(name: "All Blues", duration: 693, side: "Side B", sideIndex: 2),
    ]
    let (output, after) = try rewritten(text) { _ = try $0.fill(from: release, replacing: true) }
    #expect(after.tracks == ["So What", "All Blues"])
    // The paragraph stays after the list, where the person wrote it.
    let list = try #require(output.range(of: "All Blues"))
    let paragraph = try #require(output.range(of: "Side B skips at the start."))
    #expect(list.upperBound < paragraph.lowerBound, "\(output)")
    #expect(output.hasSuffix("\nSide B skips at the start.\n\n## Notes\n\nMine.\n"))
    // Without sides, too.
    release.trackList = [Album.Track(name: "Flamenco Sketches"), Album.Track(name: "All Blues")]
    let (plain, _) = try rewritten(text) { _ = try $0.fill(from: release, replacing: true) }
    #expect(plain == Self.header + "## Tracks\n\n1. Flamenco Sketches\n2. All Blues\n\nSide B skips at the start.\n\n## Notes\n\nMine.\n")
  }
}
