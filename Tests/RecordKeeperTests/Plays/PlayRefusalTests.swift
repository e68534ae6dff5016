import Foundation
import TestSupport
import Testing

@testable import RecordKeeper

/// A play is refused, with nothing written, for a side the album does not
/// have and for a time that has not come yet (docs/commands.md, "Exit status and errors").
@Suite("Plays that are refused")
struct PlayRefusalTests {
  let collection: TemporaryCollection
  let store: CollectionStore
  static let sided = "albums/radiohead-ok-computer"
  static let plain = "albums/miles-davis-kind-of-blue"

  init() throws {
    collection = try TemporaryCollection()
    try collection.write(
      Self.sided,
      albumText(title: "OK Computer", artist: "Radiohead")
        + "\n## Tracks\n\n### Side A\n\n1. Airbag\n\n### Side B\n\n1. Karma Police\n")
    try collection.write(Self.plain, albumText(title: "Kind of Blue", artist: "Miles Davis"))
    try collection.initializeGit()
    store = try CollectionStore(location: CollectionLocation(root: collection.path))
  }

  private var playsFileExists: Bool {
    FileManager.default.fileExists(atPath: collection.path + "/" + PlayHistory.folder)
  }

  @Test func aSideTheTrackListDoesNotNameIsRefusedNamingTheSidesItHas() throws {
    #expect(throws: StoreError.playRefused(album: "Radiohead – OK Computer", .noSuchSide("Z", sides: ["A", "B"]))) {
      try store.play(Self.sided, sides: ["A", "Z"], at: try PlayTime(parsing: "2026-01-02 20:00"))
    }
    #expect(!playsFileExists)
    #expect(PlayRefusal.noSuchSide("Z", sides: ["A", "B"]).description.contains("names sides A and B"))
  }

  @Test func aSideIsTakenInAnyCaseAndWithOrWithoutTheWordSideAndStoredAsTheAlbumWritesIt() throws {
    let play = try store.play(Self.sided, sides: ["b", "Side A"], at: try PlayTime(parsing: "2026-01-02 20:00")).play
    #expect(play.sides == ["B", "A"])
  }

  @Test func anAlbumWhoseTrackListNamesNoSidesTakesAnySide() throws {
    let play = try store.play(Self.plain, sides: ["C"], at: try PlayTime(parsing: "2026-01-02 20:00")).play
    #expect(play.sides == ["C"])
  }

  @Test func aTimeLaterThanNowIsRefused() throws {
    let future = try PlayTime(parsing: "\(PlayTime.now.date.year + 1)-01-01 10:00")
    #expect {
      try store.play(Self.plain, at: future)
    } throws: { error in
      guard case StoreError.playRefused(_, .future(let time, _)) = error else { return false }
      return time == future
    }
    #expect(!playsFileExists)
  }

  @Test func todayWithoutATimeIsNoFutureButTomorrowIs() throws {
    let now = try PlayTime(parsing: "2026-11-29 00:10")
    let today = try PlayTime(parsing: "2026-11-29")
    #expect(try today.refusingFuture(now: now) == today)
    #expect(throws: PlayRefusal.future(try PlayTime(parsing: "2026-11-30"), now: now)) {
      try PlayTime(parsing: "2026-11-30").refusingFuture(now: now)
    }
    #expect(throws: PlayRefusal.self) { try PlayTime(parsing: "2026-11-29 00:11").refusingFuture(now: now) }
    #expect(try PlayTime(parsing: "2026-11-29 00:10").refusingFuture(now: now).minutes == 10)
  }

  @Test func aTimeThatIsNoTimeShowsTheOptionsFormatNotAPlaysFileLine() {
    #expect(throws: PlayRefusal.notATime("yesterday")) { try PlayTime(given: "yesterday") }
    let message = PlayRefusal.notATime("yesterday").description
    #expect(message.contains("\"YYYY-MM-DD HH:MM\" or YYYY-MM-DD"))
    #expect(!message.contains("- 2026") && !message.contains("albums/"))
  }
}
