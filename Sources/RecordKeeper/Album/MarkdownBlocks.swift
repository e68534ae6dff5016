/// The top-level blocks of a Markdown text, found with CommonMark's rules for
/// block structure (spec 0.31.2, "Appendix: A parsing strategy").
///
/// Only the block structure is read, never inline content: enough to tell
/// which lines are list items, which belong to an item as its continuation
/// (an indented paragraph, a nested list, a lazy line), and where headings,
/// thematic breaks, code and HTML blocks are. The algorithm follows the
/// reference implementation (cmark's `blocks.c`) step by step, so that `rk`
/// reads a track list exactly as any CommonMark renderer shows it; a test runs
/// a reference parser over thousands of sections to hold it to that.
struct MarkdownBlocks {
  /// A list item's marker as written.
  struct ListMarker: Hashable, Sendable {
    /// The bullet (`-`, `*`, `+`) or, for an ordered item, its delimiter (`.`, `)`).
    var character: UInt8
    /// The number of an ordered item; `nil` for a bullet.
    var number: Int?
    /// Columns of indentation before the marker (0…3).
    var indent: Int
    /// Columns from the marker's start to the item's content (the width of
    /// the marker plus the spaces after it, as CommonMark counts them).
    var padding: Int

    /// Whether an item with `other` as its marker continues a list that this
    /// marker's item is in.
    func continuesList(_ other: ListMarker) -> Bool {
      character == other.character && (number == nil) == (other.number == nil)
    }
  }

  /// What a top-level block is.
  enum Kind: Hashable, Sendable {
    /// An ATX (`## Title`) or setext (`Title` over `===` / `---`) heading.
    case heading(level: Int, setext: Bool)
    /// An item of a top-level list; `list` counts the lists from 0, so items
    /// with the same number are in one list.
    case listItem(ListMarker, list: Int, isEmpty: Bool)
    case thematicBreak, paragraph, code, html, blockQuote
  }

  /// A top-level block and the lines it covers.
  struct Block: Hashable, Sendable {
    var kind: Kind
    /// The 0-based index of its first line.
    var firstLine: Int
    /// The 0-based index of its last line that is not blank; blank lines
    /// after a block belong to no block.
    var lastLine: Int
  }

  /// The top-level blocks of `lines` (each without its line break), in order.
  static func scan(_ lines: [ArraySlice<UInt8>]) -> [Block] {
    scanCountingWork(lines).blocks
  }

  /// The blocks, and the steps taken to find them (blocks visited, bytes
  /// looked at), which grow linearly with the text: the test of growing
  /// inputs counts them rather than timing.
  static func scanCountingWork(_ lines: [ArraySlice<UInt8>]) -> (blocks: [Block], work: Int) {
    var parser = BlockParser()
    for (index, line) in lines.enumerated() { parser.process(line, index: index) }
    parser.closeAll()
    return (parser.blocks, parser.work)
  }

  /// The most blocks open inside one another. Deeper markers (a line of
  /// `- - - - …`, `> > > …`) are read as text of the innermost block, as
  /// markdown-it does past its own limit: without a limit every line would
  /// cost as many steps as the deepest line has markers, which is quadratic.
  /// Only the top-level blocks matter to rk, and 100 levels keep them exact
  /// for any text a person writes.
  static let maxNesting = 100
}

// MARK: - The parser

private let tabStop = 4

private struct BlockParser {
  enum Kind {
    case document, blockQuote, paragraph, thematicBreak, indentedCode
    case list(MarkdownBlocks.ListMarker)
    case item(MarkdownBlocks.ListMarker)
    case heading(level: Int, setext: Bool)
    case fencedCode(character: UInt8, length: Int, indent: Int)
    case html(type: Int)

    var isCodeOrHTML: Bool {
      switch self {
      case .fencedCode, .indentedCode, .html: true
      default: false
      }
    }

    var acceptsLines: Bool {
      switch self {
      case .paragraph, .heading, .fencedCode, .indentedCode: true
      default: false
      }
    }

    var isParagraph: Bool { if case .paragraph = self { true } else { false } }
    var isList: Bool { if case .list = self { true } else { false } }

    /// CommonMark's `can_contain`.
    func canContain(_ child: Kind) -> Bool {
      switch self {
      case .document, .blockQuote, .item: if case .item = child { false } else { true }
      case .list: if case .item = child { true } else { false }
      default: false
      }
    }
  }

  struct Open {
    var kind: Kind
    var firstLine: Int
    var lastLine: Int
    var hasChild = false
    /// For a top-level list: its number among the top-level lists.
    var listNumber = 0
  }

  var open: [Open] = [Open(kind: .document, firstLine: 0, lastLine: 0)]
  var blocks: [MarkdownBlocks.Block] = []
  var listCount = 0
  /// Steps taken (see ``MarkdownBlocks/scanCountingWork(_:)``).
  var work = 0
  /// Where the current line's thematic break could start: from `breakStart`
  /// on it holds only `breakCharacter`, spaces and tabs, and its third
  /// `breakCharacter` from the end is at `breakThird`. Found once per line,
  /// so that testing each nested block's start is not a scan of the rest.
  var breakCharacter: UInt8?
  var breakStart = 0
  var breakThird: Int?

  // The position within the current line, as cmark keeps it.
  var line: ArraySlice<UInt8> = []
  var lineIndex = 0
  var offset = 0
  var column = 0
  var partiallyConsumedTab = false
  var firstNonspace = 0
  var firstNonspaceColumn = 0
  var indent = 0
  var blank = false

  func byte(at position: Int) -> UInt8? {
    position < line.endIndex ? line[position] : nil
  }

  mutating func findFirstNonspace() {
    var charsToTab = tabStop - column % tabStop
    firstNonspace = offset
    firstNonspaceColumn = column
    while let byte = byte(at: firstNonspace) {
      work += 1
      if byte == UInt8(ascii: " ") {
        firstNonspace += 1
        firstNonspaceColumn += 1
        charsToTab -= 1
        if charsToTab == 0 { charsToTab = tabStop }
      } else if byte == UInt8(ascii: "\t") {
        firstNonspace += 1
        firstNonspaceColumn += charsToTab
        charsToTab = tabStop
      } else {
        break
      }
    }
    indent = firstNonspaceColumn - column
    blank = firstNonspace >= line.endIndex
  }

  /// cmark's `S_advance_offset`: by `count` columns (a tab may be consumed
  /// in part) or by `count` bytes.
  mutating func advance(_ count: Int, columns: Bool) {
    var count = count
    while count > 0, let byte = byte(at: offset) {
      if byte == UInt8(ascii: "\t") {
        let charsToTab = tabStop - column % tabStop
        if columns {
          partiallyConsumedTab = charsToTab > count
          let step = min(count, charsToTab)
          column += step
          offset += partiallyConsumedTab ? 0 : 1
          count -= step
        } else {
          partiallyConsumedTab = false
          column += charsToTab
          offset += 1
          count -= 1
        }
      } else {
        partiallyConsumedTab = false
        offset += 1
        column += 1
        count -= 1
      }
    }
  }

  mutating func process(_ text: ArraySlice<UInt8>, index: Int) {
    line = text
    lineIndex = index
    offset = text.startIndex
    column = 0
    partiallyConsumedTab = false
    let rawBlank = text.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    findThematicBreakTail()

    // 1. Which open blocks does this line continue?
    var lastMatched = 0
    var depth = 1
    matching: while depth < open.count {
      work += 1
      findFirstNonspace()
      switch open[depth].kind {
      case .blockQuote:
        guard indent <= 3, byte(at: firstNonspace) == UInt8(ascii: ">") else { break matching }
        advance(indent + 1, columns: true)
        if isSpaceOrTab(byte(at: offset)) { advance(1, columns: true) }
      case .item(let marker):
        if indent >= marker.indent + marker.padding {
          advance(marker.indent + marker.padding, columns: true)
        } else if blank && open[depth].hasChild {
          advance(firstNonspace - offset, columns: false)
        } else {
          break matching
        }
      case .fencedCode(let character, let length, let fenceIndent):
        if indent <= 3, byte(at: firstNonspace) == character, closingFenceLength(at: firstNonspace, character) >= length {
          // A closing fence ends the block and the line.
          markLine(rawBlank)
          close(downTo: depth)
          return
        }
        var skip = fenceIndent
        while skip > 0, isSpaceOrTab(byte(at: offset)) {
          advance(1, columns: true)
          skip -= 1
        }
      case .indentedCode:
        if indent >= tabStop {
          advance(tabStop, columns: true)
        } else if blank {
          advance(firstNonspace - offset, columns: false)
        } else {
          break matching
        }
      case .html(let type):
        if type >= 6 && blank { break matching }
      case .paragraph:
        if blank { break matching }
      case .heading, .thematicBreak:
        break matching
      case .document, .list:
        break
      }
      lastMatched = depth
      depth += 1
    }
    let allMatched = lastMatched == open.count - 1
    let tipIsParagraph = open[open.count - 1].kind.isParagraph

    // 2. Does the line open new blocks?
    var container = lastMatched
    var containerKind = open[container].kind
    var maybeLazy = tipIsParagraph
    var opened = false
    while !containerKind.isCodeOrHTML, open.count < MarkdownBlocks.maxNesting {
      work += 1
      findFirstNonspace()
      let indented = indent >= tabStop
      let first = byte(at: firstNonspace)
      var newKind: Kind
      if !indented && first == UInt8(ascii: ">") {
        advance(firstNonspace + 1 - offset, columns: false)
        if isSpaceOrTab(byte(at: offset)) { advance(1, columns: true) }
        newKind = .blockQuote
      } else if !indented, let (level, length) = atxHeadingStart(at: firstNonspace) {
        advance(firstNonspace + length - offset, columns: false)
        newKind = .heading(level: level, setext: false)
      } else if !indented, let (character, length) = openingFence(at: firstNonspace) {
        newKind = .fencedCode(character: character, length: length, indent: firstNonspace - offset)
        advance(firstNonspace + length - offset, columns: false)
      } else if !indented, let type = htmlBlockStart(at: firstNonspace, mayBeType7: !containerKind.isParagraph && !maybeLazy) {
        newKind = .html(type: type)
      } else if !indented, containerKind.isParagraph, let level = setextUnderline(at: firstNonspace) {
        // The paragraph becomes a heading; the underline is its last line.
        open[container].kind = .heading(level: level, setext: true)
        advance(line.endIndex - offset, columns: false)
        break
      } else if !indented, !(containerKind.isParagraph && !allMatched), isThematicBreak(at: firstNonspace) {
        advance(line.endIndex - offset, columns: false)
        newKind = .thematicBreak
      } else if !indented || containerKind.isList, indent < tabStop,
        var marker = listMarker(at: firstNonspace, interruptsParagraph: containerKind.isParagraph)
      {
        let markerLength = marker.padding
        advance(firstNonspace + markerLength - offset, columns: false)
        let saved = (offset, column, partiallyConsumedTab)
        while column - saved.1 <= 5, isSpaceOrTab(byte(at: offset)) { advance(1, columns: true) }
        let spaces = column - saved.1
        if spaces >= 5 || spaces < 1 || byte(at: offset) == nil {
          // Content that is indented code, or none on this line: the
          // content starts one column after the marker.
          marker.padding = markerLength + 1
          (offset, column, partiallyConsumedTab) = saved
          if spaces > 0 { advance(1, columns: true) }
        } else {
          marker.padding = markerLength + spaces
        }
        marker.indent = indent
        if case .list(let listMarker) = containerKind, listMarker.continuesList(marker) {
          // The item joins the list that is open.
        } else {
          container = push(.list(marker), under: container)
          opened = true
        }
        newKind = .item(marker)
      } else if indented && !maybeLazy && !blank {
        advance(tabStop, columns: true)
        newKind = .indentedCode
      } else {
        break
      }
      container = push(newKind, under: container)
      opened = true
      containerKind = open[container].kind
      maybeLazy = false
      // A block that takes lines holds no other blocks.
      if containerKind.acceptsLines { break }
    }

    // 3. Add the line to the block it belongs to.
    findFirstNonspace()
    if !opened && lastMatched != open.count - 1 && !blank && tipIsParagraph {
      // A lazy continuation line of the paragraph at the tip.
      markLine(rawBlank)
      return
    }
    if !opened { close(downTo: lastMatched + 1) }
    switch open[container].kind {
    case .fencedCode, .indentedCode:
      break
    case .html(let type):
      if type <= 5, htmlBlockEnds(type: type) {
        markLine(rawBlank)
        close(downTo: container)
        return
      }
    case .paragraph, .heading:
      break
    default:
      if !blank { push(.paragraph, under: container) }
    }
    markLine(rawBlank)
  }

  /// Records that the line belongs to every open block.
  mutating func markLine(_ rawBlank: Bool) {
    guard !rawBlank else { return }
    work += open.count
    for index in open.indices { open[index].lastLine = lineIndex }
  }

  /// Adds a block as the last child of `parent`, closing blocks that cannot
  /// hold it (and everything open below `parent`); returns its depth.
  @discardableResult
  mutating func push(_ kind: Kind, under parent: Int) -> Int {
    close(downTo: parent + 1)
    var parent = parent
    while !open[parent].kind.canContain(kind) {
      close(downTo: parent)
      parent -= 1
    }
    open[parent].hasChild = true
    var block = Open(kind: kind, firstLine: lineIndex, lastLine: lineIndex)
    if case .list = kind, parent == 0 {
      block.listNumber = listCount
      listCount += 1
    }
    open.append(block)
    return open.count - 1
  }

  /// Closes the open blocks at `depth` and deeper, recording top-level ones.
  mutating func close(downTo depth: Int) {
    while open.count > max(depth, 1) {
      let block = open.removeLast()
      let depth = open.count
      let kind: MarkdownBlocks.Kind
      switch block.kind {
      case .item(let marker) where depth == 2:
        kind = .listItem(marker, list: open[1].listNumber, isEmpty: !block.hasChild)
      case _ where depth != 1: continue
      case .heading(let level, let setext): kind = .heading(level: level, setext: setext)
      case .thematicBreak: kind = .thematicBreak
      case .paragraph: kind = .paragraph
      case .fencedCode, .indentedCode: kind = .code
      case .html: kind = .html
      case .blockQuote: kind = .blockQuote
      case .list, .item, .document: continue
      }
      blocks.append(MarkdownBlocks.Block(kind: kind, firstLine: block.firstLine, lastLine: block.lastLine))
    }
  }

  mutating func closeAll() { close(downTo: 1) }

  // MARK: Block starts (cmark's scanners)

  func isSpaceOrTab(_ byte: UInt8?) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
  }

  func restIsBlank(from position: Int) -> Bool {
    line[min(position, line.endIndex)...].allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
  }

  func run(of byte: UInt8, from position: Int) -> Int {
    var end = position
    while self.byte(at: end) == byte { end += 1 }
    return end - position
  }

  /// `#`…`######` followed by a space, a tab or the end of the line.
  func atxHeadingStart(at position: Int) -> (level: Int, length: Int)? {
    let level = run(of: UInt8(ascii: "#"), from: position)
    guard (1...6).contains(level) else { return nil }
    let next = byte(at: position + level)
    guard next == nil || isSpaceOrTab(next) else { return nil }
    return (level, level)
  }

  func openingFence(at position: Int) -> (character: UInt8, length: Int)? {
    guard let character = byte(at: position), character == UInt8(ascii: "`") || character == UInt8(ascii: "~") else { return nil }
    let length = run(of: character, from: position)
    guard length >= 3 else { return nil }
    if character == UInt8(ascii: "`"), line[(position + length)...].contains(UInt8(ascii: "`")) { return nil }
    return (character, length)
  }

  func closingFenceLength(at position: Int, _ character: UInt8) -> Int {
    let length = run(of: character, from: position)
    return length >= 3 && restIsBlank(from: position + length) ? length : 0
  }

  func setextUnderline(at position: Int) -> Int? {
    guard let character = byte(at: position), character == UInt8(ascii: "=") || character == UInt8(ascii: "-") else { return nil }
    guard restIsBlank(from: position + run(of: character, from: position)) else { return nil }
    return character == UInt8(ascii: "=") ? 1 : 2
  }

  func isThematicBreak(at position: Int) -> Bool {
    guard let character = byte(at: position), character == breakCharacter, position >= breakStart, let breakThird else { return false }
    return position <= breakThird
  }

  /// Finds the line's tail that may be a thematic break (see `breakStart`).
  mutating func findThematicBreakTail() {
    breakCharacter = nil
    breakStart = line.endIndex
    breakThird = nil
    var count = 0
    var index = line.endIndex
    while index > line.startIndex {
      work += 1
      let byte = line[index - 1]
      if !isSpaceOrTab(byte) {
        if breakCharacter == nil {
          guard byte == UInt8(ascii: "*") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") else { break }
          breakCharacter = byte
        }
        guard byte == breakCharacter else { break }
        count += 1
        if count == 3 { breakThird = index - 1 }
      }
      index -= 1
      breakStart = index
    }
  }

  /// cmark's `parse_list_marker`; `padding` is the marker's length here.
  func listMarker(at position: Int, interruptsParagraph: Bool) -> MarkdownBlocks.ListMarker? {
    guard let first = byte(at: position) else { return nil }
    if first == UInt8(ascii: "-") || first == UInt8(ascii: "*") || first == UInt8(ascii: "+") {
      let next = byte(at: position + 1)
      guard next == nil || isSpaceOrTab(next) else { return nil }
      if interruptsParagraph && restIsBlank(from: position + 1) { return nil }
      return MarkdownBlocks.ListMarker(character: first, number: nil, indent: 0, padding: 1)
    }
    var end = position
    var number = 0
    while let byte = byte(at: end), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), end - position < 9 {
      number = number * 10 + Int(byte - UInt8(ascii: "0"))
      end += 1
    }
    guard end > position, let delimiter = byte(at: end), delimiter == UInt8(ascii: ".") || delimiter == UInt8(ascii: ")") else {
      return nil
    }
    let next = byte(at: end + 1)
    guard next == nil || isSpaceOrTab(next) else { return nil }
    if interruptsParagraph && (number != 1 || restIsBlank(from: end + 1)) { return nil }
    return MarkdownBlocks.ListMarker(character: delimiter, number: number, indent: 0, padding: end + 1 - position)
  }

  // MARK: HTML blocks

  static let type1Tags = ["script", "pre", "style", "textarea"]
  static let type6Tags: Set<String> = [
    "address", "article", "aside", "base", "basefont", "blockquote", "body", "caption", "center", "col", "colgroup",
    "dd", "details", "dialog", "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "frame",
    "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hr", "html", "iframe", "legend", "li", "link",
    "main", "menu", "menuitem", "nav", "noframes", "ol", "optgroup", "option", "p", "param", "search", "section",
    "summary", "table", "tbody", "td", "tfoot", "th", "thead", "title", "tr", "track", "ul",
  ]

  /// The HTML block type (1–7) that starts at `position`, if any.
  func htmlBlockStart(at position: Int, mayBeType7: Bool) -> Int? {
    guard byte(at: position) == UInt8(ascii: "<") else { return nil }
    let rest = line[(position + 1)...]
    if rest.starts(with: "!--".utf8) { return 2 }
    if rest.starts(with: "?".utf8) { return 3 }
    if rest.starts(with: "![CDATA[".utf8) { return 5 }
    if rest.first == UInt8(ascii: "!"), let letter = rest.dropFirst().first, isASCIILetter(letter) { return 4 }
    let closing = rest.first == UInt8(ascii: "/")
    let nameStart = rest.startIndex + (closing ? 1 : 0)
    let name = lowercased(line[nameStart...].prefix { isASCIILetter($0) || isDigit($0) || $0 == UInt8(ascii: "-") })
    let after = byte(at: nameStart + name.utf8.count)
    if !closing, Self.type1Tags.contains(name), after == nil || isSpaceOrTab(after) || after == UInt8(ascii: ">") { return 1 }
    if Self.type6Tags.contains(name),
      after == nil || isSpaceOrTab(after) || after == UInt8(ascii: ">")
        || (after == UInt8(ascii: "/") && byte(at: nameStart + name.utf8.count + 1) == UInt8(ascii: ">"))
    {
      return 6
    }
    if mayBeType7, let end = completeTagEnd(from: position), restIsBlank(from: end) { return 7 }
    return nil
  }

  /// Where a complete open or closing tag starting at `position` ends.
  func completeTagEnd(from position: Int) -> Int? {
    var index = position + 1
    let closing = byte(at: index) == UInt8(ascii: "/")
    if closing { index += 1 }
    guard let first = byte(at: index), isASCIILetter(first) else { return nil }
    while let byte = byte(at: index), isASCIILetter(byte) || isDigit(byte) || byte == UInt8(ascii: "-") { index += 1 }
    if closing {
      while isSpaceOrTab(byte(at: index)) { index += 1 }
      return byte(at: index) == UInt8(ascii: ">") ? index + 1 : nil
    }
    while true {
      let spaceStart = index
      while isSpaceOrTab(byte(at: index)) { index += 1 }
      if byte(at: index) == UInt8(ascii: ">") { return index + 1 }
      if byte(at: index) == UInt8(ascii: "/") { return byte(at: index + 1) == UInt8(ascii: ">") ? index + 2 : nil }
      // An attribute needs white space before it.
      guard index > spaceStart, let start = byte(at: index),
        isASCIILetter(start) || start == UInt8(ascii: "_") || start == UInt8(ascii: ":")
      else { return nil }
      while let byte = byte(at: index),
        isASCIILetter(byte) || isDigit(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
          || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "-")
      {
        index += 1
      }
      var lookahead = index
      while isSpaceOrTab(byte(at: lookahead)) { lookahead += 1 }
      guard byte(at: lookahead) == UInt8(ascii: "=") else { continue }
      index = lookahead + 1
      while isSpaceOrTab(byte(at: index)) { index += 1 }
      guard let quote = byte(at: index) else { return nil }
      if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
        guard let close = line[(index + 1)...].firstIndex(of: quote) else { return nil }
        index = close + 1
      } else {
        let unquotedEnd =
          line[index...].firstIndex { byte in
            isSpaceOrTab(byte) || "\"'=<>`".utf8.contains(byte)
          } ?? line.endIndex
        guard unquotedEnd > index else { return nil }
        index = unquotedEnd
      }
    }
  }

  /// Whether the current line, from the current position, holds the end of
  /// an HTML block of `type` 1–5.
  func htmlBlockEnds(type: Int) -> Bool {
    let rest = line[offset...]
    switch type {
    case 1: return Self.type1Tags.contains { lowercased(rest).contains("</\($0)>") }
    case 2: return contains(rest, "-->")
    case 3: return contains(rest, "?>")
    case 4: return rest.contains(UInt8(ascii: ">"))
    default: return contains(rest, "]]>")
    }
  }

  func contains(_ bytes: ArraySlice<UInt8>, _ needle: String) -> Bool {
    let needle = Array(needle.utf8)
    guard bytes.count >= needle.count else { return false }
    for start in bytes.startIndex...(bytes.endIndex - needle.count) where bytes[start..<(start + needle.count)].elementsEqual(needle) {
      return true
    }
    return false
  }

  func lowercased(_ bytes: ArraySlice<UInt8>) -> String {
    String(decoding: bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
  }

  func isASCIILetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
  func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
