import Foundation
import TestSupport
import Testing

/// `rk list --short` and the pager, on a terminal (a pseudo-terminal made by
/// script(1)) and off one.
@Suite("rk list --short and the pager")
struct ShortListTests {
  let collection: TemporaryCollection

  init() throws {
    collection = try TemporaryCollection(albums: [
      "albums/radiohead-ok-computer": albumText(
        title: "OK Computer", artist: "Radiohead", released: "1997-05-21", tags: ["alternative", "1990s", "favourite"]),
      "albums/beatles-abbey-road": albumText(
        title: "Abbey Road", artist: "The Beatles", sortArtist: "Beatles, The", released: "1969", tags: ["rock"]),
      "albums/prince-1999": albumText(title: "1999", artist: "Prince"),
    ])
  }

  /// Runs `rk` on a pseudo-terminal of `columns` × `lines`, without colour.
  func runOnTerminal(_ arguments: [String], columns: Int, lines: Int, pager: String? = nil) throws -> String {
    var environment = ["COLUMNS": String(columns), "LINES": String(lines), "NO_COLOR": "1", "TERM": "dumb"]
    environment["PAGER"] = pager
    return try runRKOnTerminal(["-C", collection.path] + arguments, environment: environment)
  }

  @Test func withoutATerminalColumnsAreAsWideAsTheirText() throws {
    let result = try runRK(["-C", collection.path, "list", "--short"])
    #expect(result.status == 0)
    #expect(
      result.stdout == """
        Abbey Road   The Beatles  1969  rock
        1999         Prince
        OK Computer  Radiohead    1997  alternative, 1990s, favourite

        """)
  }

  @Test func onATerminalTheTableFitsTheWidth() throws {
    let output = try runOnTerminal(["list", "--short"], columns: 40, lines: 50)
    let lines = output.split(separator: "\n")
    #expect(lines.count == 3)
    for line in lines { #expect(line.count <= 40, "\(line)") }
    // The widest columns give way first, evenly.
    #expect(lines.last == "OK Comput…  Radiohead   1997  alternati…")
  }

  @Test func aNarrowTerminalDropsTheTags() throws {
    let output = try runOnTerminal(["list", "--short"], columns: 30, lines: 50)
    #expect(output.split(separator: "\n").last == "OK Comp…  Radiohe…  1997")
  }

  @Test func longOutputGoesThroughThePager() throws {
    let paged = try runOnTerminal(["list", "--short"], columns: 80, lines: 2, pager: "sed s/^/paged:/")
    #expect(paged.split(separator: "\n").allSatisfy { $0.hasPrefix("paged:") })
    #expect(paged.contains("paged:Abbey Road"))
    let short = try runOnTerminal(["list", "--short"], columns: 80, lines: 10, pager: "sed s/^/paged:/")
    #expect(!short.contains("paged:"))
    #expect(short.contains("Abbey Road"))
  }

  @Test func shortIsOneOfTheOutputs() throws {
    #expect(try runRK(["-C", collection.path, "list", "--short", "--json"]).status == 64)
  }
}
