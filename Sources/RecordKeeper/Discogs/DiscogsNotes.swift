/// Where an album keeps Discogs' `Collection Notes`: the `## Notes` section
/// of its body (PRODUCT.md §1's example), so the rest of what a person wrote
/// around it (the track list, other sections) is never touched.
///
/// The section runs from its `## Notes` heading to the next `#` or `##`
/// heading outside a code fence. Lines of the notes that begin with `#`
/// are written with a `\` before it (Markdown's escape, which shows the
/// same text), so they cannot end the section; reading takes it off again.
public enum DiscogsNotes {
  /// The notes of `body`: the `## Notes` section's text, trimmed; when the
  /// body has no such section, everything outside the track list, trimmed.
  public static func text(of body: AlbumBody) -> String {
    let lines = Self.lines(of: body)
    guard let (heading, end) = section(in: lines) else {
      return body.notes.replacing("\r\n", with: "\n").replacing("\r", with: "\n").trimmed
    }
    return lines[(heading + 1)..<end].map(unescaped).joined(separator: "\n").trimmed
  }

  /// `body` with `notes` (non-empty, `\n` line breaks) as the text of its
  /// `## Notes` section, which is added at the end when there is none.
  /// Everything else stays byte for byte; new lines take the body's line ending.
  public static func setting(_ notes: String, in body: AlbumBody) -> AlbumBody {
    let ending = String(decoding: body.lineEnding, as: UTF8.self)
    let source = string(body.source[...])
    let content = notes.split(separator: "\n", omittingEmptySubsequences: false).map(escaped)
    let lines = Self.lines(of: body)
    var output: String
    if let (heading, end) = section(in: lines) {
      let rawLines = Self.rawLines(source)
      output = rawLines[...heading].joined()
      if !endsWithLineBreak(output) { output += ending }
      output += ending + content.joined(separator: ending) + ending
      if end < rawLines.count { output += ending + rawLines[end...].joined() }
    } else {
      output = source
      if !output.isEmpty && !endsWithLineBreak(output) { output += ending }
      // A blank line before the heading (after the front matter, in a new
      // album), unless the body ends in one.
      if lines.last?.isBlank != true { output += ending }
      output += "## Notes" + ending + ending + content.joined(separator: ending) + ending
    }
    return AlbumBody(parsing: Array(output.utf8))
  }

  /// Whether `text` ends in `\n` or `\r` (a `\r\n` is one Character, so
  /// `hasSuffix("\n")` would miss it).
  private static func endsWithLineBreak(_ text: String) -> Bool {
    text.unicodeScalars.last == "\n" || text.unicodeScalars.last == "\r"
  }

  /// The lines of the body without their line endings.
  private static func lines(of body: AlbumBody) -> [String] {
    rawLines(string(body.source[...])).map { line in
      var line = Substring(line)
      while let last = line.unicodeScalars.last, last == "\n" || last == "\r" { line = Substring(line.unicodeScalars.dropLast()) }
      return String(line)
    }
  }

  /// The lines of `text`, each with its line ending (`\n`, `\r\n` or `\r`).
  private static func rawLines(_ text: String) -> [String] {
    var lines: [String] = []
    var current = String.UnicodeScalarView()
    var scalars = text.unicodeScalars.makeIterator()
    var pending = scalars.next()
    while let scalar = pending {
      pending = scalars.next()
      current.append(scalar)
      if scalar == "\n" || (scalar == "\r" && pending != "\n") {
        lines.append(String(current))
        current = String.UnicodeScalarView()
      }
    }
    if !current.isEmpty { lines.append(String(current)) }
    return lines
  }

  /// The line of the `## Notes` heading and the line after the section.
  private static func section(in lines: [String]) -> (heading: Int, end: Int)? {
    var fence: String?
    var heading: Int?
    for (index, line) in lines.enumerated() {
      let text = line.drop { $0 == " " }
      let indent = line.count - text.count
      if indent <= 3, let marker = ["```", "~~~"].first(where: { text.hasPrefix($0) }) {
        if fence == nil {
          fence = marker
        } else if fence == marker {
          fence = nil
        }
        continue
      }
      guard fence == nil, indent <= 3, let level = headingLevel(text) else { continue }
      if let heading, level <= 2 { return (heading, index) }
      if heading == nil, level == 2, AlbumBody.headingText(Array(line.utf8)[...]) == "notes" { heading = index }
    }
    return heading.map { ($0, lines.count) }
  }

  /// The level of an ATX heading (`## x` is 2), or `nil` for other lines.
  private static func headingLevel(_ text: Substring) -> Int? {
    let hashes = text.prefix { $0 == "#" }.count
    guard (1...6).contains(hashes) else { return nil }
    let rest = text.dropFirst(hashes)
    return rest.isEmpty || rest.first == " " || rest.first == "\t" ? hashes : nil
  }

  private static func escaped(_ line: Substring) -> String {
    let text = line.drop { $0 == " " }
    return text.hasPrefix("#") ? line[..<text.startIndex] + "\\" + text : String(line)
  }

  private static func unescaped(_ line: String) -> String {
    let text = line.drop { $0 == " " }
    return text.hasPrefix("\\#") ? String(line[..<text.startIndex]) + text.dropFirst() : line
  }
}

