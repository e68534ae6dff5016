import Testing

@testable import RecordKeeper

/// Reading and rewriting album.md costs work in proportion to its size
/// (issue 17: a notes line of `- - - …` made `rk list` take 101 s at 400 KB;
/// 60,000 tags made `rk tag add` run for minutes). Each test counts the
/// steps taken for an input and for one four times as large: linear work
/// grows about 4×, quadratic work 16×. Counting, not timing, so a busy
/// machine cannot make them flake.
@Suite("Parsing and rewriting are linear")
struct LinearParsingTests {
  func blockWork(_ text: String) -> Int {
    let bytes = Array(text.utf8)
    var scanner = LineScanner(bytes[...])
    var lines: [ArraySlice<UInt8>] = []
    while let line = scanner.next() { lines.append(bytes[line.content]) }
    return MarkdownBlocks.scanCountingWork(lines).work
  }

  /// Notes a hostile or careless hand might write, `size` markers long.
  func notes(_ size: Int) -> [String] {
    [
      "## Notes\n\n" + String(repeating: "- ", count: size) + "x\n",
      "## Notes\n\n" + String(repeating: "- - - - - - - - x\n", count: size / 8),
      "## Notes\n\n" + String(repeating: "> ", count: size) + "x\n" + String(repeating: "\n", count: size),
      // Blank lines continue every open list item: each would visit them all.
      "## Notes\n\n" + String(repeating: "- ", count: size) + "x\n" + String(repeating: "\n", count: size) + "y\n",
      "## Notes\n\n" + String(repeating: "1. ", count: size) + "x\n" + String(repeating: "  y\n", count: size),
      "## Tracks\n\n" + String(repeating: "- ", count: size) + String(repeating: " -", count: size) + "\n",
      "## Tracks\n\n" + (0..<size).map { "\($0 + 1). Track\n   - - - note\n" }.joined(),
    ]
  }

  @Test func markdownBlocksTakeStepsInProportionToTheText() {
    for (small, large) in zip(notes(2_000), notes(8_000)) {
      let (few, many) = (blockWork(small), blockWork(large))
      #expect(many <= 5 * few, "4× the text took \(many) steps against \(few): \(small.prefix(40).debugDescription)")
    }
  }

  @Test func aDeepLineOfListMarkersKeepsTheTopLevelBlocks() {
    let text = "\n## Tracks\n\n1. One\n2. Two\n\n## Notes\n\n" + String(repeating: "- ", count: 200_000) + "x\n\nAfter.\n"
    let body = AlbumBody(parsing: Array(text.utf8))
    #expect(body.trackItems.map(\.name) == ["One", "Two"])
    #expect(body.notes.hasSuffix("x\n\nAfter.\n"))
  }

  func tags(_ count: Int) -> [String] { (0..<count).map { "tag \($0)" } }

  @Test func addingARemovingOrRenamingATagComparesEachTagAFewTimes() {
    for change in [{ (tags: [String]) in tags + ["new"] }, { $0.filter { $0 != "tag 7" } }, { $0.map { $0 == "tag 9" ? "nine" : $0 } }] {
      let few = LongestCommonSubsequence(tags(2_000), change(tags(2_000))).work
      let many = LongestCommonSubsequence(tags(8_000), change(tags(8_000))).work
      #expect(many <= 5 * few, "4× the tags took \(many) steps against \(few)")
    }
    // A list rewritten wholesale is bounded too.
    let reversed = LongestCommonSubsequence(tags(60_000), tags(60_000).reversed()).work
    #expect(reversed <= 200_000)
  }

  @Test func sixtyThousandTagsGainOneLine() throws {
    let front = "---\ntitle: T\nartist: A\ntags:\n" + tags(60_000).map { "- \($0)\n" }.joined() + "---\n\n## Tracks\n\n1. One\n"
    var album = try AlbumFile.parse(Array(front.utf8), id: "a").album
    #expect(try album.addTag("new"))
    let output = String(decoding: try AlbumFile.rewrite(Array(front.utf8), to: album), as: UTF8.self)
    #expect(output == front.replacingOccurrences(of: "- tag 59999\n", with: "- tag 59999\n- new\n"))
    album.tags.removeFirst()
    album.tags.reverse()
    let reversed = try AlbumFile.parse(try AlbumFile.rewrite(Array(front.utf8), to: album), id: "a").album
    #expect(reversed.tags == album.tags)
  }
}
