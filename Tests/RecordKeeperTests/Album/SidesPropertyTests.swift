import TestSupport
import Testing

@testable import RecordKeeper

/// Random track edits on random albums with sides: what is written reads
/// back as the album asked for, and every line that is not a track item
/// stays, in order.
@Suite struct SidesPropertyTests {
  /// An album.md with a few sides, lengths on some tracks, notes and text
  /// between the lists.
  static func body(_ random: inout SeededGenerator) -> String {
    var lines = ["---", "title: T", "artist: A", "---", "", "## Tracks", ""]
    let names = ["Airbag", "Lucky", "So What", "Étude", "Блюз", "A (Live)", "Karma Police", "1999"]
    if Bool.random(using: &random) { lines += ["1. Intro (0:59)", ""] }
    let sides = Int.random(in: 1...4, using: &random)
    for side in 0..<sides {
      lines += [["### Side A", "### Side B", "### side c", "### Disc 2"][side], ""]
      let bullet = Int.random(in: 0..<4, using: &random) == 0
      for number in 0..<Int.random(in: 0...3, using: &random) {
        var name = names.randomElement(using: &random) ?? "X"
        if Bool.random(using: &random) { name += " (\(Int.random(in: 0...12, using: &random)):\(Int.random(in: 10...59, using: &random)))" }
        lines.append((bullet ? "- " : "\(number + 1). ") + name)
        if Int.random(in: 0..<5, using: &random) == 0 { lines.append("   Recorded live.") }
      }
      if Int.random(in: 0..<4, using: &random) == 0 { lines += ["", "Bonus:"] }
      lines.append("")
    }
    lines += ["## Notes", "", "Bought in 1998."]
    return lines.joined(separator: "\n") + "\n"
  }

  @Test func randomEditsAcrossSides() throws {
    var random = SeededGenerator(seed: 1992)
    var runs = 0
    for _ in 0..<400 {
      let text = Self.body(&random)
      let original = try AlbumFile.parse(Array(text.utf8), id: "a").album
      var album = original
      let count = album.tracks.count
      let number = Int.random(in: 1...max(1, count), using: &random)
      switch Int.random(in: 0..<6, using: &random) {
      case 0 where count > 0: _ = try album.moveTrackUp(number)
      case 1 where count > 0: _ = try album.moveTrackDown(number)
      case 2 where count > 0: try album.removeTrack(number)
      case 3 where count > 0: _ = try album.renameTrack(number, to: Bool.random(using: &random) ? "New" : "New (3:33)")
      case 4: try album.addTrack("Added", side: ["a", "B", "Side C", "d", "Disc 2"].randomElement(using: &random), duration: 61)
      default: try album.addTrack("Added (1:01)")
      }
      runs += 1
      let output = try AlbumFile.rewrite(Array(text.utf8), to: album)
      let reread = try AlbumFile.parse(output, id: "a").album
      #expect(reread.trackList == album.trackList, "\(text)")
      // Every line that is not a track item is still there, in order.
      // The body starts after the 4 front-matter lines.
      let itemLines = Set(original.body.trackItems.flatMap { Array($0.lines) }.map { $0 + 4 })
      let kept = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        .filter { !itemLines.contains($0.offset) && !$0.element.isEmpty }.map(\.element)
      var rest = String(decoding: output, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)[...]
      for line in kept {
        guard let index = rest.firstIndex(of: line) else {
          Issue.record("lost \(line.debugDescription) from:\n\(text)\ngave:\n\(String(decoding: output, as: UTF8.self))")
          break
        }
        rest = rest[(index + 1)...]
      }
    }
    #expect(runs == 400)
  }
}
