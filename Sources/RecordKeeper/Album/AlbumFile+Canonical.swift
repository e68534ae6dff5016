/// The canonical form of an `album.md` (docs/album-format.md, "Canonical form"), for `rk fmt`: what
/// ``AlbumFile/render(_:)`` writes for a new album, reached from what a person
/// wrote without losing any of it.
///
/// - Front matter: `title`, `artist`, `sort_artist`, `released`, `wikipedia`,
///   `tags`, then the collector's fields in their order, then every other key
///   in the order written. Known text values are written as `render` writes
///   them (plain unless YAML needs quotes; dates zero-padded); tags as a
///   block list. Every other key keeps its lines as written.
/// - Comments: a comment on its own line stays above the key it preceded;
///   one at the end of a one-line `key: value` stays at the end of that line;
///   any other comment inside a known key's value (in a tag list, after a
///   list item, in a value over several lines) moves above that key. Comments
///   after the last key stay at the end of the front matter. Nothing inside
///   another key's lines moves.
/// - Body: every byte as written, except that track items are numbered
///   `1.` … `N.` on each side (restarting after each `###` heading), their
///   per-track notes indented to match the new marker.
/// - LF line ends, no byte-order mark, a final newline.
extension AlbumFile {
  /// The canonical form of `original`.
  ///
  /// Throws what ``parse(_:id:covers:)`` throws for a file that cannot be
  /// read whole (merge conflicts, YAML errors, aliases), and
  /// ``AlbumFileError/notRewritable(line:problem:)`` when the canonical text
  /// would not read back as the same album with the same comments; in both
  /// cases nothing should be written.
  public static func canonical(_ original: [UInt8]) throws(AlbumFileError) -> [UInt8] {
    let (parsed, layout) = try read(original, id: "", covers: CoverFiles())
    let album = parsed.album
    let output = candidate(layout, album)

    // Nothing may be lost or changed in meaning: the new text must read back
    // as the same album, with every comment of the old front matter.
    let again: (parsed: Parsed, layout: Layout)
    do {
      again = try read(output, id: "", covers: CoverFiles())
    } catch {
      throw notFormattable(line: error.line, "(the result would not read: \(error.description))")
    }
    if let difference = Self.meaningDifference(album, again.parsed.album) {
      throw notFormattable(line: parsed.lines.line(of: difference.field), "without changing \(difference.name)")
    }
    var comments = CommentScanner.comments(in: layout.frontMatter.lines.map { layout.text[$0.content] })
    for comment in CommentScanner.comments(in: again.layout.frontMatter.lines.map { again.layout.text[$0.content] }) {
      if let index = comments.firstIndex(of: comment) { comments.remove(at: index) }
    }
    if let lost = comments.first {
      throw notFormattable(line: layout.firstLine, "without losing the comment `\(lost)`")
    }
    return output
  }

  private static func notFormattable(line: Int, _ why: String) -> AlbumFileError {
    .notRewritable(
      line: line,
      problem:
        "rk could not put this file into canonical form \(why); rk reads it as it is, so leave it, or write it in canonical form by hand")
  }

  /// The canonical text, before the check that nothing was lost.
  static func candidate(_ layout: Layout, _ album: Album) -> [UInt8] {
    var output = Array("---\n".utf8)
    output += CanonicalFrontMatter(layout: layout, album: album).text.utf8
    output += Array("---\n".utf8)
    output += CanonicalBody(album.body).text
    if output.last != UInt8(ascii: "\n") { output.append(UInt8(ascii: "\n")) }
    return output
  }

  /// What differs in meaning between two readings of a file, if anything.
  private static func meaningDifference(_ old: Album, _ new: Album) -> (field: AlbumField, name: String)? {
    if old.title != new.title { return (.title, "the title") }
    if old.artist != new.artist { return (.artist, "the artist") }
    if old.sortArtist != new.sortArtist { return (.sortArtist, "the sort artist") }
    if (old.releaseDate?.text ?? old.released) != (new.releaseDate?.text ?? new.released) { return (.released, "the release date") }
    if old.wikipedia != new.wikipedia { return (.wikipedia, "the Wikipedia link") }
    if old.tags != new.tags { return (.tag(0), "the tags") }
    for field in CollectorField.allCases where old[keyPath: field.keyPath] != new[keyPath: field.keyPath] {
      return (.collector(field), "the \(field.key)")
    }
    // The collector's fields move into their canonical order: compare keys, not their order.
    let extra = { (album: Album) in album.extra.map { [$0.key: $0.value] }.sorted { $0.keys.first ?? "" < $1.keys.first ?? "" } }
    if extra(old) != extra(new) { return (.title, "the other keys") }
    // Names, lengths and sides.
    if old.trackList != new.trackList { return (.track(0), "the track list") }
    if old.body.trackItems.map(old.body.noteText) != new.body.trackItems.map(new.body.noteText) { return (.track(0), "a per-track note") }
    if withFinalNewline(unifiedLineEnds(old.body.notes)) != withFinalNewline(new.body.notes) { return (.title, "the notes") }
    return nil
  }

  private static func withFinalNewline(_ text: String) -> String {
    text.isEmpty || text.hasSuffix("\n") ? text : text + "\n"
  }

  private static func unifiedLineEnds(_ text: String) -> String {
    text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
  }
}

extension AlbumBody {
  /// The item's lines with its marker written `N.`, by line of the body
  /// and without line breaks: the marker line, and its note lines moved as
  /// far as its text moved (so they stay in the item). Empty when the
  /// marker line is indented with tabs, which stays as written.
  func renumberedLines(_ item: TrackItem, _ number: Int) -> [Int: [UInt8]] {
    guard let (markerLine, shift) = renumbered(item, number) else { return [:] }
    var replaced = [item.lines.lowerBound: markerLine]
    for index in item.lines.dropFirst() where !isBlankLine(index) {
      let content = source[lines[index].start..<lines[index].contentEnd]
      if shift >= 0 {
        replaced[index] = Array(repeating: UInt8(ascii: " "), count: shift) + content
      } else {
        replaced[index] = Array(content.dropFirst(min(-shift, content.prefix { $0 == UInt8(ascii: " ") }.count)))
      }
    }
    return replaced
  }

  /// The item's marker line as `N. name`, and the columns its content
  /// moved by; `nil` when the marker line is indented with tabs.
  private func renumbered(_ item: TrackItem, _ number: Int) -> ([UInt8], Int)? {
    let line = lines[item.lines.lowerBound]
    let content = source[line.start..<line.contentEnd]
    let indent = content.prefix { $0 == UInt8(ascii: " ") }.count
    guard indent == item.marker.indent else { return nil }
    let markerStart = content.startIndex + indent
    let markerEnd =
      item.marker.number == nil
      ? markerStart + 1
      : (content[markerStart...].firstIndex { !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } ?? content.endIndex) + 1
    guard markerEnd <= content.endIndex else { return nil }
    let spaces = content[markerEnd...].prefix { $0 == UInt8(ascii: " ") }.count
    let rest = content[(markerEnd + spaces)...]
    guard rest.first != UInt8(ascii: "\t") else { return nil }
    let newMarker = Array("\(number).".utf8)
    let oldColumn = indent + item.marker.padding
    if rest.isEmpty { return (newMarker, newMarker.count + 1 - oldColumn) }
    if spaces <= 4 { return (newMarker + [UInt8(ascii: " ")] + rest, newMarker.count + 1 - oldColumn) }
    return (newMarker + content[markerEnd...], newMarker.count + 1 - oldColumn)
  }

  /// The lines of an item after its marker line, without their indentation:
  /// its per-track note, to compare across re-indenting.
  func noteText(_ item: TrackItem) -> [String] {
    item.lines.dropFirst().map { string(source[lines[$0].start..<lines[$0].contentEnd].drop(while: isBlank)) }
  }
}

/// The canonical front matter, each line ending in `\n`.
private struct CanonicalFrontMatter {
  /// Known keys in canonical order (docs/album-format.md, "Canonical form").
  static let order = Field.frontMatterKeys
  static let textKeys = Set(Field.frontMatterText.map(\.rawValue))

  let text: String

  init(layout: AlbumFile.Layout, album: Album) {
    let frontMatter = layout.frontMatter
    let line = { (index: Int) in layout.text[frontMatter.lines[index].content] }
    // Each entry: the comments above it, and its lines.
    var pieces: [(key: String, text: String)] = []
    var previousEnd = 0
    for entry in frontMatter.entries {
      var above: [String] = []
      if !frontMatter.isFlowMapping {
        above = (previousEnd..<entry.lines.lowerBound).flatMap { index in Self.standalone(line(index)) }
        previousEnd = max(previousEnd, entry.lines.upperBound)
      }
      let (comments, lines) = Self.render(entry, album: album, line: line)
      pieces.append((entry.key, (above + comments).map { $0 + "\n" }.joined() + lines))
    }
    // After the last key, or everything for a `{…}` front matter, whose
    // entries have no lines of their own.
    let trailing =
      frontMatter.isFlowMapping
      ? CommentScanner.comments(in: frontMatter.lines.indices.map(line))
      : (previousEnd..<frontMatter.lines.count).flatMap { Self.standalone(line($0)) }
    let known = Self.order.compactMap { key in pieces.first { $0.key == key } }
    let others = pieces.filter { !Self.order.contains($0.key) }
    let head = frontMatter.isFlowMapping ? trailing.map { $0 + "\n" }.joined() : ""
    let tail = frontMatter.isFlowMapping ? "" : trailing.map { $0 + "\n" }.joined()
    text = head + (known + others).map(\.text).joined() + tail
  }

  /// What a line outside every entry holds: its comment, or the line itself
  /// when it is something else (left for the check to judge); nothing when blank.
  private static func standalone(_ line: ArraySlice<UInt8>) -> [String] {
    guard !line.allSatisfy(isBlank) else { return [] }
    return [string(line.drop(while: isBlank).reversed().drop(while: isBlank).reversed()[...])]
  }

  /// The comments to go above an entry, and its canonical lines.
  private static func render(_ entry: FrontMatter.Entry, album: Album, line: (Int) -> ArraySlice<UInt8>) -> (
    comments: [String], lines: String
  ) {
    let lines = entry.lines.map(line)
    let asWritten = { () -> String in
      if lines.isEmpty { return entry.yaml }
      let indent = lines.first?.prefix { $0 == UInt8(ascii: " ") }.count ?? 0
      return lines.map { string($0.dropFirst(min(indent, $0.prefix { $0 == UInt8(ascii: " ") }.count))) + "\n" }.joined()
    }
    switch entry.value {
    case .text where textKeys.contains(entry.key):
      let value: String? =
        switch entry.key {
        case Field.title.rawValue: album.title
        case Field.artist.rawValue: album.artist
        case Field.sortArtist.rawValue: album.sortArtist
        case Field.released.rawValue: album.released.map { album.releaseDate?.text ?? $0 }
        default: album.wikipedia
        }
      let rendered = value.map { "\(entry.key): \(YAMLScalar.quoted($0))" }
      if lines.count == 1, let keyLine = lines.first, let comment = trailingComment(keyLine) {
        guard let rendered else { return ([comment], "") }
        return ([], rendered + " " + comment + "\n")
      }
      let comments = isBlockScalar(lines.first) ? CommentScanner.comments(in: Array(lines.prefix(1))) : CommentScanner.comments(in: lines)
      return (comments, rendered.map { $0 + "\n" } ?? "")
    case .list where entry.key == "tags", .text where entry.key == "tags":
      let comments = CommentScanner.comments(in: lines)
      guard !album.tags.isEmpty else { return (comments, "") }
      return (comments, "tags:\n" + album.tags.map { "- \(YAMLScalar.quoted($0))\n" }.joined())
    default:
      return ([], asWritten())
    }
  }

  /// The comment at the end of a `key: scalar` line, if it has one.
  private static func trailingComment(_ line: ArraySlice<UInt8>) -> String? {
    guard let start = YAMLLine.valueStart(ofKeyLine: line),
      let token = YAMLLine.scalar(in: line, from: YAMLLine.afterProperties(in: line, from: start))
    else { return nil }
    let rest = line[token.range.upperBound...].drop(while: isBlank)
    guard rest.first == UInt8(ascii: "#") else { return nil }
    return string(rest.reversed().drop(while: isBlank).reversed()[...])
  }

  /// Whether the key line's value is a `|` or `>` block scalar, whose lines
  /// are text, not comments.
  private static func isBlockScalar(_ line: ArraySlice<UInt8>?) -> Bool {
    guard let line, let start = YAMLLine.valueStart(ofKeyLine: line) else { return false }
    let value = YAMLLine.afterProperties(in: line, from: start)
    return value < line.endIndex && (line[value] == UInt8(ascii: "|") || line[value] == UInt8(ascii: ">"))
  }
}

/// Finds YAML comments in lines: a `#` at a line's start or after a blank,
/// outside quotes (a quote may run on over several lines) and outside the
/// text of `|` and `>` block scalars.
enum CommentScanner {
  /// Each comment, from its `#` to the end of its line, trailing blanks removed.
  static func comments(in lines: [ArraySlice<UInt8>]) -> [String] {
    var found: [String] = []
    var quote: UInt8?
    var blockIndent: Int?  // the indentation of the line that opened a block scalar
    for line in lines {
      let indent = line.prefix { $0 == UInt8(ascii: " ") }.count
      if let open = blockIndent {
        if line.allSatisfy(isBlank) || indent > open { continue }
        blockIndent = nil
      }
      var index = line.startIndex
      var previous: UInt8?  // the last byte that is not blank, on this line
      var end = line.endIndex  // where the line's YAML ends (at a comment)
      while index < line.endIndex {
        let byte = line[index]
        if let open = quote {
          // The quote may run on past this line.
          guard let after = YAMLLine.closingQuote(open, in: line, from: index) else { break }
          quote = nil
          previous = open
          index = after
          continue
        } else if byte == UInt8(ascii: "#"), index == line.startIndex || isBlank(line[index - 1]) {
          found.append(string(line[index...].reversed().drop(while: isBlank).reversed()[...]))
          end = index
          break
        } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'"), previous.map({ ":-[{,?".utf8.contains($0) }) ?? true {
          quote = byte
        }
        if !isBlank(byte) { previous = byte }
        index += 1
      }
      if quote == nil, isBlockIndicator(line[..<end]) { blockIndent = indent }
    }
    return found
  }

  /// Whether the line ends in a block scalar's indicator (`|`, `>-`, `|2` …).
  private static func isBlockIndicator(_ line: ArraySlice<UInt8>) -> Bool {
    var text = line
    while let last = text.last, isBlank(last) { text = text.dropLast() }
    let token = text.reversed().prefix { !isBlank($0) }.reversed()
    guard let first = token.first, first == UInt8(ascii: "|") || first == UInt8(ascii: ">") else { return false }
    let indicators = Set("-+123456789".utf8)
    guard token.dropFirst().allSatisfy(indicators.contains) else { return false }
    let before = text.dropLast(token.count)
    return before.isEmpty || before.last.map(isBlank) == true
  }
}

/// The body with its track items numbered 1…N on each side, LF line ends.
private struct CanonicalBody {
  let text: [UInt8]

  init(_ body: AlbumBody) {
    var replaced: [Int: [UInt8]] = [:]
    var numbers: [Int: Int] = [:]  // side → last number
    for item in body.trackItems {
      let number = (numbers[item.sideIndex] ?? 0) + 1
      numbers[item.sideIndex] = number
      replaced.merge(body.renumberedLines(item, number)) { $1 }
    }
    // A favourite's star, typed with other spacing, is written ` ★` (docs/album-format.md, "Favourite tracks").
    for item in body.trackItems where item.favourite {
      let line = body.lines[item.nameLine]
      var content = replaced[item.nameLine] ?? Array(body.source[line.start..<line.contentEnd])
      while let last = content.last, isBlank(last) { content.removeLast() }
      guard let end = FavouriteStar.textEnd(of: content[...]) else { continue }
      replaced[item.nameLine] = Array(content[..<end]) + Array(FavouriteStar.suffix.utf8)
    }
    var text: [UInt8] = []
    for (index, line) in body.lines.enumerated() {
      text += replaced[index] ?? Array(body.source[line.start..<line.contentEnd])
      text.append(UInt8(ascii: "\n"))
    }
    self.text = text
  }
}
