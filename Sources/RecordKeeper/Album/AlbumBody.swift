import Synchronization

/// The Markdown after the front matter, with its track list (docs/album-format.md, "The track list").
///
/// The track list is the top-level list items of the section that starts at
/// the `## Tracks` heading and runs to the next `#` or `##` heading, read on
/// across `###` side headings and across whatever else a person wrote between
/// the lists. What is a list item, and which lines belong to it, follows
/// CommonMark (``MarkdownBlocks``), so an indented paragraph or `- a note`
/// under an item is that track's note, and `* * *` is a thematic break.
///
/// The body keeps its original bytes: ``rendered(_:)`` gives them back
/// unchanged when the tracks did not change, and otherwise rewrites only the
/// lines of the items that changed.
public struct AlbumBody: Hashable, Sendable {
  /// A track item as read from the body.
  public struct TrackItem: Hashable, Sendable {
    /// The track's name: the item's first line of text, trimmed, without
    /// the length at its end.
    public var name: String
    /// The length in seconds written at the end of the name, `(4:44)`.
    public var duration: Int?
    /// Whether the item ends in ` ★` (``FavouriteStar``).
    public var favourite: Bool
    /// The text of the `###` heading above the item in the track list (a
    /// side or disc, docs/album-format.md, "Sides and durations"), or `nil` before any such heading.
    public var side: String?
    /// The 1-based line of the item's marker within the body.
    public var line: Int

    /// The 0-based lines the item covers: its marker line to its last line
    /// that is not blank (continuation lines are its per-track note).
    var lines: ClosedRange<Int>
    /// The item's marker as CommonMark reads it.
    var marker: MarkdownBlocks.ListMarker
    /// Which top-level list of the body the item is in.
    var list: Int
    /// Which side it is on: 0 before the first `###` heading, 1 after it…
    var sideIndex: Int
    /// Where the name is written: line index and byte range in the body.
    var nameLine: Int
    var nameRange: Range<Int>
    /// Where the item's text ends on `nameLine`: after its length, when it
    /// has one; else at the end of the name. The star, if any, comes after.
    var textEnd: Int
    /// Where the item's text ends on `nameLine`, its star included.
    var starEnd: Int
  }

  /// Where the `## Tracks` section is.
  struct Section: Hashable, Sendable {
    /// The 0-based first line of the `## Tracks` heading (a setext
    /// heading's text) …
    var headingStart: Int
    /// … and its last (a setext heading's underline; the same line for `## Tracks`).
    var headingLine: Int
    /// The first line after the section (the next `#`/`##` heading, or the
    /// number of lines).
    var endLine: Int
    /// The lines of the `###` headings in the section.
    var sideHeadingLines: [Int]
    /// Lines of top-level list items in the section that hold no text: kept
    /// as written, not tracks.
    var emptyItemLines: [Int]
  }

  /// A line of the body: where it starts, where its text ends, where the
  /// next line starts.
  struct Line: Hashable, Sendable {
    var start: Int
    var contentEnd: Int
    var end: Int
  }

  /// The body as written.
  let source: [UInt8]
  /// Where the lines, the track section and the items are: worked out from
  /// ``source`` when first asked for. A loaded collection keeps only the
  /// text (``compacted``): the structure was two thirds of an album's memory.
  private let structure: LazyStructure

  var lines: [Line] { structure.value(source).lines }
  var section: Section? { structure.value(source).section }
  /// The track items as read, in order.
  public var trackItems: [TrackItem] { structure.value(source).trackItems }

  /// The same body, keeping only its text until its structure is asked for.
  var compacted: AlbumBody { AlbumBody(unparsed: source) }

  /// A body of this text, parsed when its structure is first asked for.
  init(unparsed source: [UInt8]) {
    self.init(source: source, structure: LazyStructure(nil))
  }

  private init(source: [UInt8], structure: LazyStructure) {
    self.source = source
    self.structure = structure
  }

  // The structure follows from the text, so the text alone says whether two bodies are equal.
  public static func == (a: AlbumBody, b: AlbumBody) -> Bool { a.source == b.source }
  public func hash(into hasher: inout Hasher) { hasher.combine(source) }

  /// An empty body (a new album).
  public init() {
    self.init(parsing: [])
  }

  /// The texts of the `###` headings in the track list, in order; heading
  /// `k` is side `k` of ``Album/Track/sideIndex``.
  public var sideHeadings: [String] {
    guard let section else { return [] }
    return section.sideHeadingLines.map { string(Self.headingContent(source[lines[$0].start..<lines[$0].contentEnd])[...]) }
  }

  /// The track items as the album's tracks.
  var trackList: [Album.Track] {
    var list = trackItems.map {
      Album.Track(name: $0.name, duration: $0.duration, side: $0.side, sideIndex: $0.sideIndex, favourite: $0.favourite)
    }
    Album.number(&list)
    return list
  }

  /// Whether the body has a `## Tracks` heading.
  public var hasTrackSection: Bool { section != nil }

  /// The text before the first track item (through the `## Tracks` heading
  /// when there is none; the whole body when there is no heading).
  public var beforeTracks: String {
    guard let section else { return string(source[...]) }
    let end = trackItems.first.map { lines[$0.lines.lowerBound].start } ?? lines[section.headingLine].end
    return string(source[..<end])
  }

  /// The text after the last track item (after the `## Tracks` heading when
  /// there is none; empty when there is no heading).
  public var afterTracks: String {
    guard let section else { return "" }
    let start = trackItems.last.map { lines[$0.lines.upperBound].end } ?? lines[section.headingLine].end
    return string(source[start...])
  }

  /// The body outside the track list, for the `notes` search scope and JSON:
  /// everything but the `## Tracks` heading, the side headings and the list
  /// items, with the blank lines around what was left out merged.
  public var notes: String {
    // Worked out without being kept when the body is compacted: the server shows every
    // album's notes, and keeping each structure would undo what compacting saved.
    let structure = self.structure.known ?? Structure(parsing: source)
    guard let section = structure.section else { return string(source[...]) }
    let lines = structure.lines
    // A flag a line rather than a set: `rk list --json` asks for every album's notes.
    var left = [Bool](repeating: false, count: lines.count)
    for line in section.headingStart...section.headingLine { left[line] = true }
    for line in section.sideHeadingLines { left[line] = true }
    for line in section.emptyItemLines { left[line] = true }
    for item in structure.trackItems { for line in item.lines { left[line] = true } }
    var text: [UInt8] = []
    var lastWasBlank = false
    var skippingBlank = false
    for (index, line) in lines.enumerated() {
      if left[index] {
        skippingBlank = lastWasBlank
        continue
      }
      let blank = source[line.start..<line.contentEnd].allSatisfy(isBlank)
      if blank && skippingBlank { continue }
      skippingBlank = false
      lastWasBlank = blank
      text += source[line.start..<line.end]
    }
    return string(text[...])
  }

  /// Splits a body into its track items and the text around them.
  ///
  /// The track lines are 1-based within the body.
  static func parse(_ bytes: ArraySlice<UInt8>) -> (body: AlbumBody, tracks: [String], trackLines: [Int]) {
    let body = AlbumBody(parsing: Array(bytes))
    return (body, body.trackItems.map(\.name), body.trackItems.map(\.line))
  }

  init(parsing source: [UInt8]) {
    self.init(source: source, structure: LazyStructure(Structure(parsing: source)))
  }

  func isBlankLine(_ index: Int) -> Bool {
    let line = lines[index]
    return source[line.start..<line.contentEnd].allSatisfy(isBlank)
  }
}

extension AlbumBody {
  /// What parsing the text found.
  struct Structure: Sendable {
    let lines: [Line]
    let section: Section?
    let trackItems: [TrackItem]
  }

  /// The structure, worked out once and then shared by every copy of the body.
  final class LazyStructure: Sendable {
    private let state: Mutex<Structure?>

    init(_ structure: Structure?) { state = Mutex(structure) }

    /// The structure when it has been worked out, without working it out.
    var known: Structure? { state.withLock { $0 } }

    func value(_ source: [UInt8]) -> Structure {
      if let known = state.withLock({ $0 }) { return known }
      // Parsed outside the lock: two threads may both parse, to the same result.
      let parsed = Structure(parsing: source)
      state.withLock { $0 = parsed }
      return parsed
    }
  }
}

extension AlbumBody.Structure {
  typealias Line = AlbumBody.Line
  typealias Section = AlbumBody.Section
  typealias TrackItem = AlbumBody.TrackItem

  init(parsing source: [UInt8]) {
    var scanner = LineScanner(source[...])
    var lines: [Line] = []
    while let line = scanner.next() {
      lines.append(Line(start: line.start, contentEnd: line.content.upperBound, end: line.end))
    }
    self.lines = lines
    let blocks = MarkdownBlocks.scan(lines.map { source[$0.start..<$0.contentEnd] })
    guard
      let headingIndex = blocks.firstIndex(where: { block in
        if case .heading(2, _) = block.kind { AlbumBody.headingTitle(block, source: source, lines: lines) == "tracks" } else { false }
      })
    else {
      section = nil
      trackItems = []
      return
    }
    var section = Section(
      headingStart: blocks[headingIndex].firstLine, headingLine: blocks[headingIndex].lastLine, endLine: lines.count, sideHeadingLines: [],
      emptyItemLines: [])
    var items: [TrackItem] = []
    var side: String?
    for block in blocks[(headingIndex + 1)...] {
      switch block.kind {
      case .heading(let level, _) where level <= 2:
        section.endLine = block.firstLine
      case .heading(3, false):
        section.sideHeadingLines.append(block.firstLine)
        let line = lines[block.firstLine]
        side = string(AlbumBody.headingContent(source[line.start..<line.contentEnd])[...])
      case .listItem(let marker, let list, let isEmpty):
        // Only a numbered list is the track list: a bullet list (the
        // players, credits) is notes, kept as written.
        guard marker.number != nil else { continue }
        guard !isEmpty, let (nameLine, textRange) = AlbumBody.nameRange(of: block, in: source, lines: lines) else {
          section.emptyItemLines.append(contentsOf: block.firstLine...block.lastLine)
          continue
        }
        let starEnd = textRange.upperBound
        let favouriteEnd = FavouriteStar.textEnd(of: source[textRange])
        let textEnd = favouriteEnd ?? starEnd
        var nameRange = textRange.lowerBound..<textEnd
        var duration: Int?
        if case .valid(let seconds, let nameEnd) = TrackDuration.tail(of: source[nameRange]) {
          nameRange = textRange.lowerBound..<nameEnd
          duration = seconds
        }
        items.append(
          TrackItem(
            name: string(source[nameRange]), duration: duration, favourite: favouriteEnd != nil, side: side, line: block.firstLine + 1,
            lines: block.firstLine...block.lastLine, marker: marker, list: list,
            sideIndex: section.sideHeadingLines.count, nameLine: nameLine, nameRange: nameRange, textEnd: textEnd, starEnd: starEnd))
      default:
        break
      }
      if section.endLine != lines.count { break }
    }
    self.section = section
    trackItems = items
  }
}

extension AlbumBody {

  /// The name of an item: the text after its marker, or on its first line
  /// of text when the marker stands alone; trimmed.
  fileprivate static func nameRange(of block: MarkdownBlocks.Block, in source: [UInt8], lines: [Line]) -> (Int, Range<Int>)? {
    for index in block.firstLine...block.lastLine {
      let line = lines[index]
      var text = source[line.start..<line.contentEnd].drop(while: isBlank)
      if index == block.firstLine { text = text.drop { !isBlank($0) }.drop(while: isBlank) }
      while let last = text.last, isBlank(last) { text = text.dropLast() }
      if !text.isEmpty { return (index, text.startIndex..<text.endIndex) }
    }
    return nil
  }

  /// The text of an ATX heading line without its `#`s, trimmed.
  static func headingContent(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    var text: ArraySlice<UInt8> = line.drop(while: isBlank)
    text = text.drop(while: { $0 == UInt8(ascii: "#") })
    text = text.drop(while: isBlank)
    while let last = text.last, isBlank(last) { text = text.dropLast() }
    // A closing sequence of #s counts when a space comes before it (or it is all there is).
    let hashes = text.reversed().prefix { $0 == UInt8(ascii: "#") }.count
    let beforeHashes = text.dropLast(hashes)
    if hashes > 0, beforeHashes.isEmpty || isBlank(beforeHashes.last ?? 0) {
      text = beforeHashes
      while let last = text.last, isBlank(last) { text = text.dropLast() }
    }
    return text
  }

  /// The text of a heading block, ATX or setext, lowercased (ASCII), for
  /// recognising `## Tracks` and `## Notes`.
  static func headingTitle(_ block: MarkdownBlocks.Block, source: [UInt8], lines: [Line]) -> String {
    guard case .heading(_, true) = block.kind else {
      return headingText(source[lines[block.firstLine].start..<lines[block.firstLine].contentEnd])
    }
    // A setext heading's text is its lines before the underline.
    let text = (block.firstLine..<block.lastLine).map { string(source[lines[$0].start..<lines[$0].contentEnd]).trimmed }.joined(
      separator: " ")
    return String(decoding: Array(text.utf8).map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
  }

  /// The text of a heading block of this body, as ``headingTitle(_:source:lines:)``.
  func headingTitle(_ block: MarkdownBlocks.Block) -> String {
    Self.headingTitle(block, source: source, lines: lines)
  }

  /// The heading's text, lowercased (ASCII), for recognising `## Tracks`.
  static func headingText(_ line: ArraySlice<UInt8>) -> String {
    String(decoding: headingContent(line).map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
  }
}
