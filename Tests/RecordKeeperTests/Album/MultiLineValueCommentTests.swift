import Testing

@testable import RecordKeeper

/// A comment written on or among the lines of a value over several lines
/// stays when rk changes that value (docs/album-format.md, "What rk keeps byte for byte": nothing a person wrote
/// is lost), and the value keeps its style where the new value allows.
@Suite("Comments on values over several lines survive a change")
struct MultiLineValueCommentTests {
  func rewritten(_ front: String, body: String = "\n## Tracks\n\n1. One\n", _ change: (inout Album) throws -> Void) throws -> String {
    let text = "---\n" + front + "---\n" + body
    var album = try AlbumFile.parse(Array(text.utf8), id: "a").album
    try change(&album)
    let output = String(decoding: try AlbumFile.rewrite(Array(text.utf8), to: album), as: UTF8.self)
    #expect(output.hasSuffix("---\n" + body), "the body changed: \(output)")
    return String(output.dropFirst(4).dropLast(4 + body.count))
  }

  @Test func aFlowListOverTwoLinesKeepsItsComment() throws {
    let front = "title: T\nartist: A\ntags: [a,\n   b]  # two\nlabel: L\n"
    let output = try rewritten(front) { _ = try $0.addTag("x") }
    #expect(output == "title: T\nartist: A\ntags: [a, b, x]  # two\nlabel: L\n")
  }

  @Test func everyCommentAmongTheLinesIsKeptTheLastOnTheLine() throws {
    let front = "title: T\nartist: A\ntags: [a,  # first\n  # on its own\n  b]  # two\n"
    let output = try rewritten(front) { _ = try $0.addTag("x") }
    #expect(output == "title: T\nartist: A\n# first\n# on its own\ntags: [a, b, x]  # two\n")
  }

  @Test func aTitleFoldedOverTwoLinesKeepsItsComment() throws {
    let front = "title: Kind of\n  Blue  # as on the sleeve\nartist: Miles Davis\n"
    let output = try rewritten(front) { $0.title = "Kind of Blue (Legacy Edition)" }
    #expect(output == "title: Kind of Blue (Legacy Edition)  # as on the sleeve\nartist: Miles Davis\n")
  }

  @Test func aFoldedBlockKeepsItsStyleAndComment() throws {
    let front = "title: >-  # folded by hand\n    Kind of\n    Blue\nartist: Miles Davis\n"
    let output = try rewritten(front) { $0.title = "Kind of Blue: Legacy #1" }
    #expect(output == "title: >-  # folded by hand\n    Kind of Blue: Legacy #1\nartist: Miles Davis\n")
    let literal = try rewritten("title: |-  # mine\n  Kind\nartist: A\n") { $0.title = "Blue" }
    #expect(literal == "title: |-  # mine\n  Blue\nartist: A\n")
  }

  @Test func aBlockThatCannotHoldTheValueAsWrittenBecomesOneLineWithTheComment() throws {
    let front = "title: >  # keeps a final line break\n  Kind of\n  Blue\nartist: Miles Davis\n"
    let output = try rewritten(front) { $0.title = "Blue" }
    #expect(output == "title: Blue  # keeps a final line break\nartist: Miles Davis\n")
  }

  @Test func aHashInsideQuotesOrABlockIsTextNotAComment() throws {
    let quoted = try rewritten("title: \"Kind of\n  # Blue\"\nartist: it's\n  me  # mine\n") {
      $0.title = "T"
      $0.artist = "B"
    }
    #expect(quoted == "title: T\nartist: B  # mine\n")
    let block = try rewritten("title: >-\n  Kind # of\n  Blue\nartist: A\n") { $0.title = "T" }
    #expect(block == "title: >-\n  T\nartist: A\n")
  }

  @Test func oneTagWrittenAsTextBecomesAListWithItsComment() throws {
    let output = try rewritten("title: T\nartist: A\ntags: rock  # just one\n") { _ = try $0.addTag("x") }
    #expect(output == "title: T\nartist: A\ntags:  # just one\n- rock\n- x\n")
  }

  @Test func aRemovedTagTakesOnlyItsOwnLine() throws {
    let front = "title: T\nartist: A\ntags:\n  - a  # first\n  # about b\n  -   b # second\n"
    let output = try rewritten(front) { $0.tags = ["b", "c"] }
    #expect(output == "title: T\nartist: A\ntags:\n  # about b\n  -   b # second\n  -   c\n")
  }
}
