import Testing

@testable import RecordKeeper

@Suite("The word Side, read in one place")
struct SideNameTests {
  @Test(arguments: [
    ("Side B", "B"), ("side b", "b"), ("SIDE  AA ", "AA"), ("Side Disc 2", "Disc 2"),
  ])
  func theNameAfterTheWordIsTrimmed(_ text: String, _ expected: String) {
    #expect(SideName.afterWord(text) == expected)
  }

  @Test(arguments: ["B", "Side", "Sideways", " Side B", "Disc 2", ""])
  func textNotStartingWithTheWordHasNothingAfterIt(_ text: String) {
    #expect(SideName.afterWord(text) == nil)
  }

  @Test func everyWayOfNamingASideHasOneBareName() {
    #expect(["B", "Side B", " side B ", "SIDE   B"].map { SideName.bare($0) } == ["B", "B", "B", "B"])
    #expect(SideName.bare("  Disc 2 ") == "Disc 2")
    #expect(SideName.bare("side") == "side")
  }

  @Test func aSideHeadingGivesItsTracksALetterOfOneWord() {
    #expect(Album.Track.sideLetter("Side AA") == "AA")
    #expect(Album.Track.sideLetter("Side Disc 2") == nil)
    #expect(Album.Track.sideLetter("Bonus") == nil)
  }
}
