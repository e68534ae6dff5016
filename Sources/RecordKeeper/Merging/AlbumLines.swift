/// The lines of one version of an `album.md`, each with the part of the
/// album it belongs to, so that a stretch both sides changed can be merged
/// part by part (docs/merging.md, "album.md, step by step", step 2) and the merge can prove it kept every line
/// (step 5).
///
/// Read by lines, not by YAML, so that any text gets its parts, even a
/// version that does not parse (the common lines of two versions with no
/// ancestor): a front-matter line at column 0 with a colon starts a key,
/// indented and `-` lines continue it; the body's track items and side
/// headings are read as ``AlbumBody`` reads them.
struct AlbumLines {
  /// The part of the album a line belongs to.
  enum Part: Hashable {
    /// A front-matter key's lines (its key line, its items, a folded value).
    case key(String)
    /// Comment and blank lines in the front matter, before the named key
    /// (`nil`: before the closing `---`).
    case before(String?)
    /// A track item (by its text, `#2` for the second of that text) with
    /// its note lines and the blank lines after it.
    case track(String)
    /// A `###` side heading in the track list, with the blank lines after it.
    case heading(String)
  }

  /// Each line with its line break.
  let lines: [ArraySlice<UInt8>]
  /// The part of each line; `nil` for the front matter's `---` lines and
  /// the body outside the track list (notes, other headings).
  let parts: [Part?]
  /// The field each line holds a value of (`title`, `tags`, an extra key,
  /// `tracks` for a track's name line and a side heading), or `nil` for a
  /// line whose text must survive as written (comments, notes, track notes).
  let fields: [String?]

  init(_ bytes: [UInt8]) {
    self.init(lines: LineMerge.split(bytes[...]))
  }

  init(lines: [ArraySlice<UInt8>]) {
    self.lines = lines
    var parts = [Part?](repeating: nil, count: lines.count)
    var fields = [String?](repeating: nil, count: lines.count)
    let contents = lines.map(LineMerge.content)
    func isMarker(_ line: ArraySlice<UInt8>, _ marker: String) -> Bool {
      var line = line
      if line.starts(with: [0xEF, 0xBB, 0xBF]) { line = line.dropFirst(3) }
      return line.starts(with: marker.utf8) && line.dropFirst(3).allSatisfy(isBlank)
    }
    let closing =
      contents.first.map { isMarker($0, "---") } == true
      ? contents.indices.dropFirst().first { isMarker(contents[$0], "---") || isMarker(contents[$0], "...") } : nil
    if let closing {
      // Front matter: keys, and what lies between them.
      var key: String?
      var pending: [Int] = []
      for index in 1..<closing {
        let content = contents[index]
        let first = content.first
        if first == UInt8(ascii: "#") || content.allSatisfy(isBlank) {
          pending.append(index)
        } else if first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") || first == UInt8(ascii: "-"), let key {
          // Comments and blank lines inside a value belong to it.
          for line in pending { parts[line] = .key(key) }
          pending = []
          parts[index] = .key(key)
          if !Self.isComment(content) { fields[index] = key }
        } else {
          let name = Self.keyName(content)
          for line in pending { parts[line] = .before(name) }
          pending = []
          key = name
          parts[index] = .key(name)
          fields[index] = name
        }
      }
      for line in pending { parts[line] = .before(nil) }
      // The body: track items and side headings.
      let start = closing + 1
      let body = AlbumBody(parsing: lines[start...].reduce(into: []) { $0 += $1 })
      var seen: [String: Int] = [:]
      var owned = [Part?](repeating: nil, count: body.lines.count)
      for item in body.trackItems {
        let text = Album.Track(name: item.name, duration: item.duration).text
        seen[text, default: 0] += 1
        let part = Part.track(seen[text] == 1 ? text : "\(text)#\(seen[text] ?? 0)")
        for line in item.lines where line < owned.count { owned[line] = part }
        for line in item.lines.lowerBound...min(item.nameLine, item.lines.upperBound) where start + line < fields.count {
          fields[start + line] = "tracks"
        }
      }
      for line in body.section?.sideHeadingLines ?? [] where line < owned.count {
        owned[line] = .heading(string(LineMerge.content(lines[start + line])))
        fields[start + line] = "tracks"
      }
      // Blank lines after an item or heading go with it.
      for line in owned.indices where owned[line] == nil && line > 0 && body.isBlankLine(line) {
        if let previous = owned[line - 1], case .track = previous { owned[line] = previous }
        if let previous = owned[line - 1], case .heading = previous { owned[line] = previous }
      }
      for (line, part) in owned.enumerated() where start + line < parts.count { parts[start + line] = part }
    }
    self.parts = parts
    self.fields = fields
  }

  /// The key of a `key: value` line, unquoted.
  static func keyName(_ content: ArraySlice<UInt8>) -> String {
    let key = content.prefix { $0 != UInt8(ascii: ":") }
    var text = string(key).trimmed
    if text.count >= 2, let first = text.first, first == "\"" || first == "'", text.last == first {
      text = String(text.dropFirst().dropLast())
    }
    return text
  }

  /// Whether a line holds only a comment.
  static func isComment(_ content: ArraySlice<UInt8>) -> Bool {
    content.drop(while: isBlank).first == UInt8(ascii: "#")
  }

  /// The trailing comment of a YAML line (`# two` in `tags: [a, b]  # two`),
  /// outside quotes; `nil` when there is none.
  static func trailingComment(_ content: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
    var quote: UInt8?
    var previous: UInt8 = UInt8(ascii: " ")
    for index in content.indices {
      let byte = content[index]
      if let open = quote {
        if byte == open { quote = nil }
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        if isBlank(previous) || previous == UInt8(ascii: ":") || previous == UInt8(ascii: "[") || previous == UInt8(ascii: ",")
          || previous == UInt8(ascii: "-")
        {
          quote = byte
        }
      } else if byte == UInt8(ascii: "#"), isBlank(previous), index != content.startIndex {
        return content[index...]
      }
      previous = byte
    }
    return nil
  }
}
