import TestSupport
import Testing

@testable import RecordKeeper

/// A star is merged on its own (docs/merging.md, "Track lines"): one collector
/// marking a favourite never conflicts with another renaming, retiming or
/// moving that track, or starring another.
@Suite("Favourite stars merge")
struct FavouriteMergeTests {
  static let base = """
    ---
    title: OK Computer
    artist: Radiohead
    ---

    ## Tracks

    1. Airbag (4:44)
    2. Paranoid Android (6:23)
    3. Subterranean Homesick Alien (4:27) ★

    ## Notes

    First pressing.
    """

  func merge(_ ours: String, _ theirs: String) throws -> AlbumMerge.Result {
    try AlbumMerge.merge(base: Array(Self.base.utf8), ours: Array(ours.utf8), theirs: Array(theirs.utf8), id: "albums/ok", prefer: [:])
  }

  func tracks(_ result: AlbumMerge.Result) throws -> [String] {
    try AlbumFile.parse(result.bytes, id: "albums/ok").album.trackList.map(\.text)
  }

  @Test func aStarOnOneSideAndARenameOnTheOtherGiveTheRenamedTrackStarred() throws {
    let starred = Self.base.replacingOccurrences(of: "2. Paranoid Android (6:23)", with: "2. Paranoid Android (6:23) ★")
    let renamed = Self.base.replacingOccurrences(of: "2. Paranoid Android (6:23)", with: "2. Paranoid Android (Edit) (6:23)")
    let expected = ["Airbag (4:44)", "Paranoid Android (Edit) (6:23) ★", "Subterranean Homesick Alien (4:27) ★"]
    for (ours, theirs) in [(starred, renamed), (renamed, starred)] {
      let result = try merge(ours, theirs)
      #expect(result.conflicts.isEmpty)
      #expect(try tracks(result) == expected)
      #expect(
        String(decoding: result.bytes, as: UTF8.self)
          == Self.base.replacingOccurrences(
            of: "2. Paranoid Android (6:23)", with: "2. Paranoid Android (Edit) (6:23) ★"))
    }
  }

  @Test func aStarTakenOffOnOneSideAndALengthChangedOnTheOther() throws {
    let unstarred = Self.base.replacingOccurrences(of: "(4:27) ★", with: "(4:27)")
    let retimed = Self.base.replacingOccurrences(of: "(4:27) ★", with: "(4:28) ★")
    for (ours, theirs) in [(unstarred, retimed), (retimed, unstarred)] {
      let result = try merge(ours, theirs)
      #expect(result.conflicts.isEmpty)
      #expect(try tracks(result) == ["Airbag (4:44)", "Paranoid Android (6:23)", "Subterranean Homesick Alien (4:28)"])
    }
  }

  @Test func starsOnDifferentTracksAndAMoveAllSurvive() throws {
    let ours = Self.base.replacingOccurrences(of: "1. Airbag (4:44)", with: "1. Airbag (4:44) ★")
    let theirs = Self.base.replacingOccurrences(
      of: "2. Paranoid Android (6:23)\n3. Subterranean Homesick Alien (4:27) ★",
      with: "2. Subterranean Homesick Alien (4:27) ★\n3. Paranoid Android (6:23) ★")
    for (a, b) in [(ours, theirs), (theirs, ours)] {
      let result = try merge(a, b)
      #expect(result.conflicts.isEmpty)
      #expect(try tracks(result) == ["Airbag (4:44) ★", "Subterranean Homesick Alien (4:27) ★", "Paranoid Android (6:23) ★"])
    }
  }

  @Test func theSameStarOnBothSidesIsNoConflict() throws {
    let both = Self.base.replacingOccurrences(of: "1. Airbag (4:44)", with: "1. Airbag (4:44) ★")
    let result = try merge(both, both)
    #expect(result.conflicts.isEmpty)
    #expect(String(decoding: result.bytes, as: UTF8.self) == both)
  }
}
