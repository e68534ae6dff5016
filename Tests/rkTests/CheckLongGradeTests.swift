import Foundation
import TestSupport
import Testing

/// Issue 20.14: `rk check` reads Discogs' long grade names written by hand
/// as `rk set` does.
@Suite("rk check and Discogs' long grade names")
struct CheckLongGradeTests {
  @Test func aLongGradeWrittenByHandIsNoError() throws {
    let collection = try TemporaryCollection(albums: [
      "albums/nevermind":
        "---\ntitle: Nevermind\nartist: Nirvana\nmedia_condition: Near Mint (NM or M-)\nsleeve_condition: Very Good Plus (VG+)\n---\n"
    ])
    let result = try runRK(["-C", collection.path, "check"])
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    // A grade that is none still is one.
    try collection.write("albums/nevermind", "---\ntitle: Nevermind\nartist: Nirvana\nmedia_condition: Nearly Mint\n---\n")
    let bad = try runRK(["-C", collection.path, "check"])
    #expect(bad.status != 0)
    #expect((bad.stdout + bad.stderr).contains("not a Goldmine grade"))
  }
}
