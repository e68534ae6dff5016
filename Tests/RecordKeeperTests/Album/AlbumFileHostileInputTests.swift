import TestSupport
import Testing

@testable import RecordKeeper

private func parse(_ text: String) throws(AlbumFileError) -> AlbumFile.Parsed {
  try AlbumFile.parse(Array(text.utf8), id: "albums/test")
}

private func rewritten(_ text: String, _ change: (inout Album) throws -> Void) throws -> String {
  let bytes = Array(text.utf8)
  var album = try AlbumFile.parse(bytes, id: "albums/test").album
  try change(&album)
  return String(decoding: try AlbumFile.rewrite(bytes, to: album), as: UTF8.self)
}

/// Nine levels of nine aliases each: 9^9 "lol"s once expanded.
private let billionLaughs: String = {
  var text = "---\ntitle: T\nartist: A\na: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n"
  let names = ["a", "b", "c", "d", "e", "f", "g", "h", "i"]
  for (previous, name) in zip(names, names.dropFirst()) {
    text += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ",") + "]\n"
  }
  return text + "---\n"
}()

@Suite("album.md: line breaks, aliases, non-text values and conflict markers")
struct AlbumFileHostileInputTests {
  // MARK: Line breaks

  @Test("a CRLF or CR file that goes to Yams reads with the right lines", arguments: ["\r\n", "\r"])
  func crlfThroughYams(ending: String) throws {
    // The trailing comment sends the front matter to Yams.
    let text = [
      "---", "title: T  # a comment", "tags: [a, b]", "artist: A", "released: 1997-02-30", "---", "", "## Tracks", "", "1. One", "",
    ]
    .joined(separator: ending)
    let parsed = try parse(text)
    #expect(parsed.album.title == "T")
    #expect(parsed.album.artist == "A")
    #expect(parsed.album.tags == ["a", "b"])
    #expect(parsed.lines.keys == ["title": 2, "tags": 3, "artist": 4, "released": 5])
    #expect(parsed.lines.tracks == [10])
    #expect(parsed.problems.map(\.line) == [5])
    let output = try rewritten(text) { _ = try $0.addTag("c") }
    #expect(output == text.replacing("tags: [a, b]", with: "tags: [a, b, c]"))
  }

  @Test("U+2028, U+2029 and NEL in a value are characters, not line breaks, on both paths", arguments: ["\u{2028}", "\u{2029}", "\u{85}"])
  func unicodeLineSeparatorsAreText(separator: String) throws {
    let fast = "---\ntitle: a\(separator)b\nartist: A\nreleased: x\n---\n"
    let yams = "---\ntitle: a\(separator)b  # to Yams\nartist: A\nreleased: x\n---\n"
    #expect(FastScanner.scan(ArraySlice(Array(fast.utf8).dropFirst(4).dropLast(4)), firstLine: 2) != nil)
    for text in [fast, yams] {
      let parsed = try parse(text)
      #expect(parsed.album.title == "a\(separator)b")
      #expect(parsed.lines.keys == ["title": 2, "artist": 3, "released": 4])
      #expect(parsed.problems.first { $0.field == .released }?.line == 4)
      // An unrelated change leaves the title line alone and loses no key.
      let output = try rewritten(text) { _ = try $0.addTag("x") }
      #expect(output == text.replacing("released: x\n", with: "released: x\ntags:\n- x\n"))
    }
  }

  @Test func aChangedValueWithALineSeparatorIsEscaped() throws {
    let output = try rewritten("---\ntitle: T\nartist: A\n---\n") { $0.title = "a\u{2028}b" }
    #expect(output == "---\ntitle: \"a\\u2028b\"\nartist: A\n---\n")
    #expect(try parse(output).album.title == "a\u{2028}b")
  }

  @Test(
    "both readers read odd characters in a value alike",
    arguments: [
      "a\u{FEFF}b", "a\u{FFFD}b", "a\u{A0}b", "a\tb", "👩‍👩‍👧", "e\u{301}", "\u{E000}x", "a\u{85}", "ok'", "x\u{10FFFF}",
    ])
  func readersAgreeOnOddCharacters(value: String) throws {
    for line in ["title: \(value)", "title: '\(value)'", "title: \"\(value)\""] {
      let bytes = Array("\(line)\nartist: A\n".utf8)[...]
      let fast = FastScanner.scan(bytes, firstLine: 2)
      let yams = try? FrontMatter.parseWithYams(bytes, firstLine: 2)
      guard let fast else { continue }
      #expect(fast.entries.map(\.value) == yams?.entries.map(\.value), "\(line.debugDescription)")
    }
  }

  @Test func controlCharactersAreRefusedByBothPathsWithTheirLine() throws {
    for text in ["---\ntitle: T\nartist: a\u{7F}b\n---\n", "---\ntitle: T # c\nartist: a\u{9F}b\n---\n"] {
      #expect(throws: AlbumFileError.self) { try parse(text) }
    }
  }

  /// Random damage to a file never crashes the reader or the rewriter: it
  /// reads, or it throws.
  @Test func damagedFilesNeverCrash() {
    var random = SeededGenerator(seed: 7)
    let pieces: [[UInt8]] = [
      "\r", "\n", "\r\n", "#", ":", " ", "-", "[", "]", "{", "&a ", "*a", "'", "\"", "\u{2028}", "\u{85}", "---", "\t", "|",
    ]
    .map { Array($0.utf8) }
    let base = Array("---\ntitle: T\nartist: A\ntags:\n- a\n- b\nlabel: L\n---\n\n## Tracks\n\n1. One\n".utf8)
    for _ in 0..<1500 {
      var bytes = base
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        let at = Int.random(in: 4..<bytes.count, using: &random)
        if Bool.random(using: &random) {
          bytes.insert(contentsOf: pieces.randomElement(using: &random) ?? [], at: at)
        } else {
          bytes.remove(at: at)
        }
      }
      guard var album = try? AlbumFile.parse(bytes, id: "a").album else { continue }
      _ = try? album.addTag("new")
      _ = try? AlbumFile.rewrite(bytes, to: album)
    }
  }

  @Test func aListWithItemsIndentedDifferentlyIsRefused() {
    // yaml-test-suite 4HVU: the fast scanner used to read all three items.
    let text = "---\ntitle: T\nartist: A\ntags:\n   - ok\n   - also ok\n  - wrong\n---\n"
    #expect(throws: AlbumFileError.self) { try parse(text) }
  }

  @Test func deeplyNestedValuesAreReadOrRefusedWithoutCrashing() throws {
    func nested(_ depth: Int) -> String {
      "---\ntitle: T\nartist: A\nx: " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "\n---\n"
    }
    #expect(try parse(nested(900)).album.extra.map(\.key) == ["x"])
    #expect(throws: AlbumFileError.yaml(line: 4, problem: "lists and mappings nested more than 1,000 deep")) { try parse(nested(100_000)) }
  }

  // MARK: Aliases

  @Test func billionLaughsIsRefusedAtOnceNamingTheLine() {
    #expect(billionLaughs.utf8.count < 400)
    #expect(throws: AlbumFileError.alias(line: 5, name: "a")) { try parse(billionLaughs) }
    #expect(AlbumFileError.alias(line: 5, name: "a").description.contains("write the value out in full instead of `*a`"))
  }

  @Test func anAliasOfAnAnchoredListIsRefusedAndNeverRewritten() throws {
    let text = "---\ntitle: T\nartist: A\ntags: &t [a, b]\nother: *t\n---\n"
    #expect(throws: AlbumFileError.alias(line: 5, name: "t")) { try parse(text) }
    var album = Album(id: "albums/test", title: "T", artist: "A", tags: ["a", "b", "c"])
    album.extra = [ExtraField(key: "other", yaml: "other: *t\n", value: .string("*t"))]
    #expect(throws: AlbumFileError.alias(line: 5, name: "t")) { try AlbumFile.rewrite(Array(text.utf8), to: album) }
  }

  @Test func anAnchorWithoutAnAliasIsRead() throws {
    let album = try parse("---\ntitle: &t T\nartist: A\n---\n").album
    #expect(album.title == "T")
  }

  // MARK: Values that are not text

  @Test(
    "a value that is not text is a problem, and an unrelated change leaves it as written",
    arguments: [
      "---\ntitle: {a: 1}\nartist: A\n---\n",
      "---\ntitle: T\nartist: [x, y]\n---\n",
      "---\ntitle: T\nartist: A\nsort_artist:\n  b: 2\nwikipedia: [w]\n---\n",
    ])
  func nonTextValuesSurviveUnrelatedChanges(text: String) throws {
    let parsed = try parse(text)
    #expect(parsed.problems.contains { $0.message.contains("must be text") })
    // One problem per field: not also "is required" for the blank stand-in.
    #expect(Set(parsed.problems.map(\.field)).count == parsed.problems.count, "\(parsed.problems)")
    let output = try rewritten(text) { _ = try $0.addTag("jazz") }
    #expect(output == String(text.dropLast(4)) + "tags:\n- jazz\n---\n")
  }

  @Test func tagsThatAreNotTextAreNotRewritten() {
    let text = "---\ntitle: T\nartist: A\ntags: {a: 1}\n---\n"
    #expect(throws: AlbumFileError.self) { try rewritten(text) { _ = try $0.addTag("jazz") } }
  }

  // MARK: Merge conflicts

  @Test(
    "unresolved merge-conflict markers are named with their line",
    arguments: [
      ("---\ntitle: T\n<<<<<<< HEAD\nartist: A\n=======\nartist: B\n>>>>>>> theirs\n---\n", 3),
      ("<<<<<<< HEAD\n---\ntitle: T\nartist: A\n---\n=======\n---\ntitle: U\nartist: A\n---\n>>>>>>> origin/main\n", 1),
      ("---\ntitle: T\nartist: A\n---\n\nNotes.\n<<<<<<< ours\nmine\n|||||||\nbase\n=======\ntheirs\n>>>>>>> theirs\n", 7),
      ("---\r\ntitle: T\r\nartist: A\r\n=======\r\n---\r\n", 4),
      ("---\ntitle: T\nartist: A\n---\n\nText\n>>>>>>>\n", 7),
    ])
  func mergeConflict(text: String, line: Int) {
    #expect(throws: AlbumFileError.mergeConflict(line: line)) { try parse(text) }
    #expect(throws: AlbumFileError.mergeConflict(line: line)) {
      try AlbumFile.rewrite(Array(text.utf8), to: Album(id: "a", title: "T", artist: "A"))
    }
  }

  @Test func theConflictMessageSaysWhatToDo() {
    let message = AlbumFileError.mergeConflict(line: 3).description
    #expect(message.contains("merge conflict"))
    #expect(message.contains("git add"))
    #expect(message.contains("git commit"))
  }

  @Test(
    "lines that only look like markers are not conflicts",
    arguments: [
      "---\ntitle: T\nartist: A\n---\n\nSide A\n=======\n",
      "---\ntitle: T\nartist: A\n---\n\n<<<<<<<<< long arrow\n",
      "---\ntitle: T\nartist: A\n---\n\n>>>>>>>quoted\n",
    ])
  func notConflicts(text: String) throws {
    #expect(try parse(text).album.title == "T")
  }
}
