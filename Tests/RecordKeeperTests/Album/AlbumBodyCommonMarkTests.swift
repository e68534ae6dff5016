import TestSupport
import Testing

@testable import RecordKeeper

/// Lines that make up generated `## Tracks` sections: every kind of list
/// marker, indentation, continuation, and every block that can stand
/// between, inside or after list items.
enum MarkdownPieces {
  static let names = ["Airbag", "Paranoid Android", "Karma Police", "Lucky", "No Surprises (3:48)", "Étude n°1", "A*B", "1999"]

  static func item(_ random: inout SeededGenerator) -> String {
    let indent = String(repeating: " ", count: [0, 0, 0, 1, 2, 3].randomElement(using: &random)!)
    let marker = ["1.", "2.", "1)", "3)", "10.", "123456789.", "0.", "-", "-", "*", "+"].randomElement(using: &random)!
    let spacing = [" ", " ", " ", "  ", "   ", "    ", "     ", "\t"].randomElement(using: &random)!
    let text = [names.randomElement(using: &random)!, "", "`code`", "***", "# heading", "> quote"].randomElement(using: &random)!
    return indent + marker + (text.isEmpty ? ["", " "].randomElement(using: &random)! : spacing + text)
  }

  static func line(_ random: inout SeededGenerator) -> String {
    switch Int.random(in: 0..<10, using: &random) {
    case 0...3: return item(&random)
    case 4: return ""
    case 5:
      // A continuation line at some indentation.
      let indent = [" ", "  ", "   ", "    ", "     ", "      ", "        ", "\t", "\t\t", " \t"].randomElement(using: &random)!
      let text = ["a note", "- a note", "* a note", "1. a note", "2. a note", "```", "~~~", "> a quote", "<!-- note -->", "---", "***"]
      return indent + text.randomElement(using: &random)!
    case 6:
      return [
        "* * *", "---", "___", "- - -", "***", "===", "Side A", "lazy text", "### Side A", "### Side B", "#### Disc 1",
        "# Other", "## Notes", "Notes\n---", "Players:\n\n- Miles Davis, trumpet\n- Bill Evans, piano",
      ].randomElement(using: &random)!
    case 7:
      return [
        "<!-- a comment -->", "<!--", "-->", "<div>", "</div>", "<br>", "<span>x</span>", "<a href=\"x\">", "<?php ?>",
        "<!DOCTYPE html>", "<script>", "</script>", "<![CDATA[", "]]>",
      ].randomElement(using: &random)!
    case 8:
      return ["```", "~~~", "````", "``` swift", "    indented code", "\tindented code"].randomElement(using: &random)!
    default:
      return ["> a quote", ">", "> - quoted item", ">1. quoted", "   > quote"].randomElement(using: &random)!
    }
  }

  /// A body with a `## Tracks` section of generated lines.
  static func body(_ random: inout SeededGenerator) -> String {
    var lines: [String] = []
    if Bool.random(using: &random) { lines += ["Bought in 1998.", ""] }
    lines += [["## Tracks"], ["## tracks ##"], ["  ## Tracks"], ["Tracks", "------"], [" tracks", "--"]].randomElement(using: &random)!
    if Bool.random(using: &random) { lines.append("") }
    for _ in 0..<Int.random(in: 1...16, using: &random) { lines.append(line(&random)) }
    if Bool.random(using: &random) { lines += ["", "## Notes", "", "- not a track"] }
    let ending = ["\n", "\n", "\n", "\r\n", "\r"].randomElement(using: &random)!
    return lines.joined(separator: ending) + (Bool.random(using: &random) ? ending : "")
  }
}

/// `rk` reads a track list as the reference CommonMark parser does: the
/// items of the top-level ordered lists of the `## Tracks` section (ATX or
/// setext), with the same lines; bullet lists there are notes.
@Suite struct AlbumBodyCommonMarkTests {
  static let handWritten = [
    "## Tracks\n\n1. Airbag\n   Recorded in a mansion.\n2. Paranoid Android\n",
    "## Tracks\n\n1. Airbag\n   - a note\n2. Paranoid Android\n",
    "## Tracks\n\n1. Airbag\n\n   Second paragraph.\n\n2. Paranoid Android\n",
    "## Tracks\n\n- Airbag\n  * first take\n- Paranoid Android\n",
    "## Tracks\n\n1. Airbag\nlazy line\n2. Paranoid Android\n",
    "## Tracks\n\n1. One\n\n* * *\n\n2. Two\n",
    "## Tracks\n\n1. One\n2.\n3. Three\n",
    "## Tracks\n\n1.\n   One\n2. Two\n",
    "## Tracks\n\n1.\n\n   not in the item\n2. Two\n",
    "## Tracks\n\n<!-- c -->\n\n### Side A\n\n1. A\n2. B\n\nSide B later\n\n### Side B\n\n- C\n* D\n+ E\n",
    "## Tracks\n\n    indented code\n\n1. One\n",
    "## Tracks\n\n```\n1. code\n```\n1. One\n",
    "## Tracks\n\n1. One\n   ```\n   2. in code\n\n   ```\n2. Two\n",
    "## Tracks\n\n1. One\n   ```\n2. Two\n",
    "## Tracks\nIntro\n2. not a list\n1. a list\n",
    "## Tracks\nIntro\n-\n- item\n",
    "## Tracks\n\n-    code in an item\n- B\n",
    "## Tracks\n\n1.     code\n   not code\n2. B\n",
    "## Tracks\n\n10. Ten\n    note\n11. Eleven\n   lazy\n",
    "## Tracks\n\n - A\n  - B\n   - C\n    - D\n",
    "## Tracks\n\n1. A\n 2. B\n  3. C\n   4. D\n",
    "## Tracks\n\n- A\n\n\n- B\n",
    "## Tracks\n\n1. A\nSide\n---\n2. B\n",
    "## Tracks\n\n1. A\n\nSide\n---\n2. B\n",
    "## Tracks\n\n1. A\n\nSide\n===\n2. B\n",
    "## Tracks\n\n> 1. quoted\n1. One\n",
    "## Tracks\n\n<div>\n1. html\n\n1. One\n",
    "## Tracks\n\n<span>\n1. html\n\n1. One\n",
    "## Tracks\n\nText\n<span>\n1. One\n",
    "## Tracks\n\n1.\tOne\n\tnote\n2.\tTwo\n",
    "## Tracks\n\n-\tOne\n\t- nested\n-\tTwo\n",
    "## Tracks\r\n\r\n1. One\r\n   note\r\n2. Two\r\n",
    "## Tracks\r\r1. One\r   note\r2. Two\r",
    "```\n## Tracks\n1. code\n```\n\n## Tracks\n\n1. One\n",
    "## Tracks\n\n1. One\n# End\n1. not a track\n",
    "## Tracks\n\n1. So What\n2. All Blues\n\n- Miles Davis, trumpet\n- Bill Evans, piano\n",
    "## Tracks\n\n1. So What\n- Miles Davis, trumpet\n2. All Blues\n",
    "Tracks\n------\n\n1. So What\n\nNotes\n-----\n\n1. not a track\n",
    "Tracks\n======\n\n1. not a track\n",
  ]

  /// Where the two references agree, `rk` must read exactly what they do.
  /// They disagree only on lazy continuation lines: markdown-it-py ends an
  /// item's paragraph at a line that starts a block relative to the item
  /// (`    ```` under `10.    text`) although at the document's level that
  /// line is indented code, which cannot interrupt a paragraph (so it is a
  /// lazy line, as in commonmark.js and cmark). `rk` must then read what
  /// one of them does.
  @Test func readsTheItemsTheReferencesFind() throws {
    var random = SeededGenerator(seed: 7)
    let generated = (0..<3000).map { _ in MarkdownPieces.body(&random) }
    // Hand-written looking bodies, and what rk writes when a track is added
    // to them, moved up or removed: rk's own output must read the same way.
    var bodies = BodyGenerator(random: SeededGenerator(seed: 11))
    var written: [String] = []
    for _ in 0..<300 {
      let body = bodies.body()
      let parsed = AlbumBody.parse(ArraySlice(Array(body.utf8)))
      var tracks = parsed.tracks
      written.append(body)
      tracks.insert("New", at: Int.random(in: 0...tracks.count, using: &random))
      written.append(parsed.body.rendered(tracks: tracks))
      if tracks.count > 2 {
        tracks.swapAt(1, 2)
        tracks.remove(at: 0)
        written.append(parsed.body.rendered(tracks: tracks))
      }
    }
    let documents = Self.handWritten + generated + written
    let references = try CommonMarkReference.trackItems(in: documents)
    var disagreements = 0
    var referencesDisagree = 0
    for (document, byParser) in zip(documents, references) {
      let body = AlbumBody.parse(ArraySlice(Array(document.utf8))).body
      var read = body.trackItems.map {
        CommonMarkReference.Item(firstLine: $0.lines.lowerBound, lastLine: $0.lines.upperBound, isEmpty: false)
      }
      for line in body.section?.emptyItemLines ?? [] {
        read.append(CommonMarkReference.Item(firstLine: line, lastLine: line, isEmpty: true))
      }
      read.sort { $0.firstLine < $1.firstLine }
      let candidates = Set(
        byParser.values.map { items in
          items.flatMap { item in
            item.isEmpty
              ? (item.firstLine...item.lastLine).map { CommonMarkReference.Item(firstLine: $0, lastLine: $0, isEmpty: true) } : [item]
          }
        })
      if candidates.count > 1 { referencesDisagree += 1 }
      if !candidates.contains(read) {
        disagreements += 1
        if disagreements <= 10 {
          Issue.record("rk reads \(read), the references \(byParser) in:\n\(document.debugDescription)")
        }
      }
    }
    #expect(disagreements == 0, "\(disagreements) of \(documents.count) sections read differently")
    // The references disagree on a few generated sections, not on most.
    #expect(referencesDisagree < documents.count / 20)
  }
}
