import CoverTestSupport
import Foundation
import RecordKeeperCovers
import TestSupport
import Testing

/// `rk list` draws the albums' real cover thumbnails on a colour terminal (a
/// pseudo-terminal made by script(1)), decoded by one run of rk-cover, and
/// nowhere else.
@Suite("rk list thumbnails")
struct ListThumbnailTests {
  let collection: TemporaryCollection
  /// Each run of the helper adds a line here (see `countingHelper`).
  let helperLog: URL
  let countingHelper: URL

  init() throws {
    collection = try TemporaryCollection(albums: [
      "albums/red-album": albumText(title: "Red", artist: "A"),
      "albums/teal-album": albumText(title: "Teal", artist: "B"),
      "albums/plain-album": albumText(title: "Plain", artist: "C"),
    ])
    helperLog = collection.root.appendingPathComponent("helper.log")
    countingHelper = collection.root.appendingPathComponent("counting-rk-cover")
    let real = rkBinary.deletingLastPathComponent().appendingPathComponent("rk-cover").path
    try Data("#!/bin/sh\necho \"$1\" >> '\(helperLog.path)'\nexec '\(real)' \"$@\"\n".utf8).write(to: countingHelper)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: countingHelper.path)
    try writeCover(of: "albums/red-album", color: (200, 30, 60))
    try writeCover(of: "albums/teal-album", color: (20, 160, 150))
  }

  /// Gives `album` covers made from a photo of one colour.
  func writeCover(of album: String, color: (UInt8, UInt8, UInt8)) throws {
    let photo = try CoverMaker.testImage(width: 300, height: 300, suffix: ".png") { _, _ in color }
    let images = try CoverMaker.make(from: photo)
    try collection.writeFile(album + "/cover.webp", images.cover)
    try collection.writeFile(album + "/cover-thumb.webp", images.thumbnail)
  }

  /// The helper runs so far, by subcommand.
  func helperRuns() -> [String] {
    ((try? String(contentsOf: helperLog, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
  }

  /// Runs `rk` on a 100×200 pseudo-terminal that takes colour, through the
  /// counting helper; standard error is mixed into the output.
  func runOnTerminal(_ arguments: [String], noColor: Bool = false, term: String = "xterm-256color") throws -> String {
    var environment = ["COLUMNS": "100", "LINES": "200", "TERM": term, "PAGER": "cat"]
    environment["NO_COLOR"] = noColor ? "1" : nil
    environment["RK_COVER"] = countingHelper.path
    return try runRKOnTerminal(["-C", collection.path] + arguments, environment: environment)
  }

  /// The pixels of the three cover lines before the item whose title is
  /// `title`: six columns of (top, bottom) colours each.
  func coverCells(beside title: String, in output: String) throws -> [[(top: [Int], bottom: [Int])]] {
    let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let first = try #require(lines.firstIndex { $0.contains(title) })
    try #require(first + 3 <= lines.count)
    return lines[first..<first + 3].map { line in
      let cells = line.matches(of: #/\x1B\[38;2;(\d+);(\d+);(\d+);48;2;(\d+);(\d+);(\d+)m▀/#)
        .map { match in
          ([match.1, match.2, match.3].compactMap { Int($0) }, [match.4, match.5, match.6].compactMap { Int($0) })
        }
      #expect(cells.count == 6, "\(line.debugDescription)")
      return cells.map { (top: $0.0, bottom: $0.1) }
    }
  }

  func isClose(_ pixel: [Int], to color: [Int]) -> Bool {
    pixel.count == 3 && zip(pixel, color).allSatisfy { abs($0 - $1) <= 8 }
  }

  @Test func aColourTerminalShowsTheRealThumbnailsFromOneHelperRun() throws {
    let output = try runOnTerminal(["list"])
    for (title, color) in [("Red", [200, 30, 60]), ("Teal", [20, 160, 150])] {
      let cells = try coverCells(beside: title, in: output).joined()
      #expect(cells.count == 18)
      #expect(cells.allSatisfy { isClose($0.top, to: color) && isClose($0.bottom, to: color) }, "\(title): \(cells)")
    }
    // No cover: the seed's gradient, #b7b7b7 over #afafaf at its top left.
    let plain = try coverCells(beside: "Plain", in: output)
    #expect(plain.first?.first.map { $0.top == [183, 183, 183] && $0.bottom == [175, 175, 175] } == true)
    #expect(helperRuns() == ["pixels-of"])
    #expect(!output.contains("warning"))
  }

  @Test func noHelperRunsWhenNoListedAlbumHasAThumbnail() throws {
    let output = try runOnTerminal(["list", "plain"])
    #expect(output.contains("Plain") && !output.contains("Red"))
    #expect(helperRuns().isEmpty)
  }

  @Test func aListLongerThanTheLimitKeepsThePlaceholders() throws {
    for number in 0..<200 {
      try collection.write("albums/extra-\(number)", albumText(title: "Extra \(number)", artist: "D"))
    }
    let output = try runOnTerminal(["list"])
    #expect(output.contains("Red") && output.contains("Extra 199"))
    #expect(helperRuns().isEmpty)
    let red = try coverCells(beside: "Red", in: output)
    #expect(red.first?.first.map { $0.top == [183, 183, 183] && $0.bottom == [175, 175, 175] } == true)
  }

  @Test func damagedThumbnailsFallBackToTheGradientWithOneWarning() throws {
    try collection.writeFile("albums/red-album/cover-thumb.webp", Array("not an image".utf8))
    try collection.writeFile("albums/plain-album/cover-thumb.webp", Array("RIFF....WEBPVP8 broken".utf8))
    let output = try runOnTerminal(["list"])
    #expect(output.components(separatedBy: "rk: warning:").count == 2, "\(output)")
    #expect(output.contains("albums/red-album and 1 more"))
    let red = try coverCells(beside: "Red", in: output)
    #expect(red.first?.first.map { $0.top == [183, 183, 183] && $0.bottom == [175, 175, 175] } == true)
    // The good one is still drawn.
    #expect(try coverCells(beside: "Teal", in: output).joined().allSatisfy { isClose($0.top, to: [20, 160, 150]) })
    #expect(helperRuns() == ["pixels-of"])
  }

  @Test func noThumbnailsWithNoColour() throws {
    let output = try runOnTerminal(["list"], noColor: true)
    #expect(output.contains("Red"))
    #expect(!output.contains("\u{1B}"))
    #expect(helperRuns().isEmpty)
  }

  /// Issue 20.7: a terminal that says it takes no escape codes gets none.
  @Test(arguments: [["list"], ["list", "--short"], ["show", "red-album"]])
  func noColourNorThumbnailsOnADumbTerminal(_ arguments: [String]) throws {
    let output = try runOnTerminal(arguments, term: "dumb")
    #expect(output.contains("Red"))
    #expect(!output.contains("\u{1B}"), "\(output)")
    #expect(helperRuns().isEmpty)
  }

  @Test(arguments: [["list", "--json"], ["list", "--short"], ["list", "--count"], ["list", "--format", "{title}"]])
  func noThumbnailsInOtherOutputs(_ arguments: [String]) throws {
    let output = try runOnTerminal(arguments)
    #expect(!output.contains("▀"))
    #expect(helperRuns().isEmpty)
  }

  @Test func noThumbnailsWithoutATerminal() throws {
    let result = try runRK(["-C", collection.path, "list"], environment: ["RK_COVER": countingHelper.path])
    #expect(result.status == 0)
    #expect(result.stdout.contains("Red"))
    #expect(!result.stdout.contains("\u{1B}"))
    #expect(helperRuns().isEmpty)
  }
}
