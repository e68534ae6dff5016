/// Where an album keeps Discogs' `Collection Notes`: a `### Discogs` part of
/// the body's `## Notes` section (docs/commands.md, "Discogs"), so that what a person
/// wrote in the notes, and everywhere else in the body, is never touched.
///
/// Sections are found with CommonMark's block structure (``MarkdownBlocks``):
/// `## Notes` (ATX or setext) runs to the next heading of level 1 or 2, the
/// `### Discogs` part in it to the next heading of level 1 to 3; a heading
/// inside a code block or a list is no boundary. Lines of the Discogs notes
/// that could end the part or swallow what follows (a `#` heading, a setext
/// underline, a code fence, an HTML block) are written with a `\` before
/// them (Markdown's escape, which shows the same text); reading takes it off.
public enum DiscogsNotes {
  /// The title of the part, as written.
  static let partTitle = "Discogs"

  /// The Discogs notes of `body`: the `### Discogs` part's text, trimmed.
  /// An album written before notes had their own part holds them as the
  /// whole `## Notes` section, and one without a section as the text outside
  /// the track list: those are read when there is no part, so that
  /// importing the same file again changes nothing.
  public static func text(of body: AlbumBody) -> String {
    let layout = Layout(body)
    if let part = layout.part {
      return layout.text(of: (part.heading + 1)..<part.end).map(unescaped).joined(separator: "\n").trimmed
    }
    if let section = layout.section {
      return layout.text(of: (section.heading + 1)..<section.end).map(unescaped).joined(separator: "\n").trimmed
    }
    return body.notes.replacing("\r\n", with: "\n").replacing("\r", with: "\n").trimmed
  }

  /// Whether `body` holds `notes` already: each of its lines, in order, in
  /// the `### Discogs` part (as ``text(of:)`` reads it), so that lines a
  /// person wrote among them stay when the same row is imported again.
  public static func holds(_ notes: String, in body: AlbumBody) -> Bool {
    var written = text(of: body).split(separator: "\n", omittingEmptySubsequences: false)[...]
    for line in notes.split(separator: "\n", omittingEmptySubsequences: false) {
      guard let found = written.firstIndex(of: line) else { return false }
      written = written[(found + 1)...]
    }
    return true
  }

  /// `body` with `notes` (non-empty, `\n` line breaks) as the text of its
  /// `### Discogs` part: replaced in place when there is one; else a new
  /// part at the end of the `## Notes` section, or a new section at the end
  /// of the body. Every other byte stays; new lines take the body's line ending.
  public static func setting(_ notes: String, in body: AlbumBody) -> AlbumBody {
    let written = setting(notes, in: body, closing: nil)
    if text(of: written) == notes { return written }
    // The person's text ends in a block never closed (a code fence, an HTML
    // comment) that would swallow the part: a line that closes it goes
    // first, so that the part reads back and a second import finds it.
    for closer in closers(in: body) {
      let closed = setting(notes, in: body, closing: closer)
      if text(of: closed) == notes { return closed }
    }
    return written
  }

  /// Lines that may close a block left open at the end of `body`: a fence
  /// as long as its longest, the ends of HTML blocks.
  private static func closers(in body: AlbumBody) -> [String] {
    var fences = ["```", "~~~"]
    for line in body.lines {
      let text = body.source[line.start..<line.contentEnd].drop { $0 == UInt8(ascii: " ") }
      for (index, fence) in fences.enumerated() {
        let run = text.prefix { $0 == fence.utf8.first }.count
        if run > fence.utf8.count { fences[index] = String(repeating: fence.first.map(String.init) ?? "", count: run) }
      }
    }
    return fences + ["-->", "?>", "]]>", ">", "</script>", "</pre>", "</style>", "</textarea>"]
  }

  private static func setting(_ notes: String, in body: AlbumBody, closing closer: String?) -> AlbumBody {
    let ending = body.lineEnding
    let content = notes.split(separator: "\n", omittingEmptySubsequences: false).map(escaped).joined(
      separator: String(decoding: ending, as: UTF8.self))
    let opening = (closer.map { Array($0.utf8) + ending + ending } ?? []) + Array("### \(partTitle)".utf8)
    let layout = Layout(body)
    let lines = body.lines
    var output: [UInt8]
    if let part = layout.part {
      output = Array(body.bytes(ofLines: 0..<(part.heading + 1)))
      if lines[part.heading].end == lines[part.heading].contentEnd { output += ending }
      output += ending + Array(content.utf8) + ending
      if part.end < lines.count { output += ending + body.bytes(ofLines: part.end..<lines.count) }
    } else if let section = layout.section {
      let last = (section.heading..<section.end).last { !body.isBlankLine($0) } ?? section.heading
      output = Array(body.bytes(ofLines: 0..<(last + 1)))
      if lines[last].end == lines[last].contentEnd { output += ending }
      output += ending + opening + ending + ending + Array(content.utf8) + ending
      if last + 1 < lines.count {
        if !body.isBlankLine(last + 1) { output += ending }
        output += body.bytes(ofLines: (last + 1)..<lines.count)
      }
    } else {
      output = body.source
      if let last = lines.last, last.end == last.contentEnd { output += ending }
      // A blank line before the heading (after the front matter, in a new
      // album), unless the body ends in one.
      if lines.isEmpty || !body.isBlankLine(lines.count - 1) { output += ending }
      let heading = (closer.map { Array($0.utf8) + ending + ending } ?? []) + Array("## Notes".utf8)
      output += heading + ending + ending + Array("### \(partTitle)".utf8) + ending + ending + Array(content.utf8) + ending
    }
    return AlbumBody(parsing: output)
  }

  /// Where the `## Notes` section and its `### Discogs` part are: the line
  /// of each heading and the line after each.
  private struct Layout {
    let body: AlbumBody
    var section: (heading: Int, end: Int)?
    var part: (heading: Int, end: Int)?

    init(_ body: AlbumBody) {
      self.body = body
      let blocks = MarkdownBlocks.scan(body.lines.map { body.source[$0.start..<$0.contentEnd] })
      var sectionHeading: Int?
      var sectionEnd: Int?
      var partHeading: Int?
      var partEnd: Int?
      for block in blocks {
        guard case .heading(let level, let setext) = block.kind else { continue }
        guard sectionHeading != nil else {
          if level == 2, body.headingTitle(block) == "notes" { sectionHeading = block.lastLine }
          continue
        }
        if level <= 2 {
          sectionEnd = block.firstLine
          break
        }
        if partHeading != nil, partEnd == nil, level <= 3 { partEnd = block.firstLine }
        if partHeading == nil, level == 3, !setext, body.headingTitle(block) == DiscogsNotes.partTitle.lowercased() {
          partHeading = block.lastLine
        }
      }
      let end = sectionEnd ?? body.lines.count
      section = sectionHeading.map { ($0, end) }
      part = partHeading.map { ($0, partEnd ?? end) }
    }

    /// The lines in `range`, without their line endings.
    func text(of range: Range<Int>) -> [String] {
      range.map { string(body.source[body.lines[$0].start..<body.lines[$0].contentEnd]) }
    }
  }

  /// Whether a line of notes needs a `\` to stay plain text in the part.
  private static func needsEscape(_ text: Substring) -> Bool {
    guard let first = text.first else { return false }
    // A `\` first is escaped too, so that reading takes off only what was added.
    if "#`~<\\".contains(first) { return true }
    // A setext underline would make the line before it a heading.
    let bare = text.prefix { $0 != " " && $0 != "\t" }
    return (first == "=" || first == "-") && bare.allSatisfy { $0 == first }
      && text.dropFirst(bare.count).allSatisfy { $0 == " " || $0 == "\t" }
  }

  private static func escaped(_ line: Substring) -> String {
    let text = line.drop { $0 == " " }
    guard line.count - text.count <= 3, needsEscape(text) else { return String(line) }
    return line[..<text.startIndex] + "\\" + text
  }

  private static func unescaped(_ line: String) -> String {
    let text = line.drop { $0 == " " }
    guard text.first == "\\", needsEscape(text.dropFirst()) else { return line }
    return String(line[..<text.startIndex]) + text.dropFirst()
  }
}
