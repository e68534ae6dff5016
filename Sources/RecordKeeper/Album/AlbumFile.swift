/// Reading and writing `album.md` (docs/album-format.md, "album.md").
public enum AlbumFile {
  public static let name = "album.md"

  /// An album as read from its file, with where each field was written and
  /// what is wrong with it.
  public struct Parsed: Sendable {
    public var album: Album
    public var lines: SourceLines
    /// Every rule the album breaks; empty for a valid album.
    public var problems: [AlbumProblem]
  }

  /// Parses the bytes of an `album.md`.
  ///
  /// Throws only when the file cannot be understood at all (no front matter,
  /// YAML syntax, not UTF-8, merge-conflict markers, YAML aliases); broken
  /// rules are reported in `problems`; with `validating` false, only a
  /// value of the wrong kind (a list for a title) is.
  public static func parse(
    _ bytes: [UInt8], id: String, covers: CoverFiles = CoverFiles(), validating: Bool = true
  ) throws(AlbumFileError) -> Parsed {
    try read(bytes, id: id, covers: covers, validating: validating).parsed
  }

  /// Where the parts of a file are, for rewriting it in place. Indices are
  /// into the file's bytes.
  struct Layout {
    /// The file without its byte-order mark.
    var text: ArraySlice<UInt8>
    /// The opening `---` line and the closing `---` or `...` line.
    var opening: LineScanner.Line
    var closing: LineScanner.Line
    var frontMatter: FrontMatter
    /// The file line of the first front-matter line.
    var firstLine: Int { opening.number + 1 }
  }

  static func read(
    _ bytes: [UInt8], id: String, covers: CoverFiles, validating: Bool = true
  ) throws(AlbumFileError) -> (parsed: Parsed, layout: Layout) {
    var all = bytes[...]
    if all.starts(with: [0xEF, 0xBB, 0xBF]) { all = all.dropFirst(3) }
    guard isValidUTF8(all) else { throw .notUTF8 }
    // NUL is valid UTF-8 but no text: what a crash or a full disk leaves in a half-written file.
    if let nul = all.firstIndex(of: 0) { throw .nulBytes(line: all[..<nul].count { $0 == UInt8(ascii: "\n") } + 1) }
    let markers = ConflictMarkers(all)
    if let line = markers.first { throw .mergeConflict(line: line) }
    var lines = LineScanner(all)
    guard let opening = lines.next(), isMarker(all[opening.content], "---") else { throw .missingFrontMatter }
    var closing: LineScanner.Line?
    while let line = lines.next() {
      if isMarker(all[line.content], "---") || isMarker(all[line.content], "...") {
        closing = line
        break
      }
    }
    guard let closing else { throw .unclosedFrontMatter }
    // A lone `=======` is also a Markdown heading underline, so it counts as
    // a conflict marker only where Markdown cannot be: in the front matter.
    if let line = markers.divider, line < closing.number { throw .mergeConflict(line: line) }
    let frontMatter = try FrontMatter.parse(all[opening.end..<closing.start], firstLine: opening.number + 1)
    let (body, _, trackLines) = AlbumBody.parse(all[closing.end...])
    var parsed = Parsed(
      album: Album(id: id, title: "", artist: "", body: body, covers: covers),
      lines: SourceLines(tracks: trackLines.map { $0 + closing.number }),
      problems: [])
    parsed.album.trackList = body.trackList
    parsed.apply(frontMatter)
    guard validating else { return (parsed, Layout(text: all, opening: opening, closing: closing, frontMatter: frontMatter)) }
    // A field that is not text already has its problem; its blank stand-in
    // would only add "is required" for the same line.
    let notText = Set(parsed.problems.map(\.field))
    parsed.problems += parsed.album.problems().filter { !notText.contains($0.field) }.map { problem in
      var located = problem
      located.line = parsed.lines.line(of: problem.field)
      return located
    }
    parsed.problems.sort { $0.line < $1.line }
    return (parsed, Layout(text: all, opening: opening, closing: closing, frontMatter: frontMatter))
  }

  /// The canonical text of an album: known keys in order, then extra keys as
  /// written, then the body with the track list renumbered.
  public static func render(_ album: Album) -> String {
    var text = "---\n"
    text += "title: \(YAMLScalar.quoted(album.title))\n"
    text += "artist: \(YAMLScalar.quoted(album.artist))\n"
    if let sortArtist = album.sortArtist { text += "sort_artist: \(YAMLScalar.quoted(sortArtist))\n" }
    if let released = album.released {
      text += "released: \(YAMLScalar.quoted(album.releaseDate?.text ?? released))\n"
    }
    if let wikipedia = album.wikipedia { text += "wikipedia: \(YAMLScalar.quoted(wikipedia))\n" }
    if !album.tags.isEmpty {
      text += "tags:\n"
      for tag in album.tags { text += "- \(YAMLScalar.quoted(tag))\n" }
    }
    for field in CollectorField.allCases {
      if let value = album[keyPath: field.keyPath] { text += "\(field.key): \(YAMLScalar.quoted(value))\n" }
    }
    for field in album.extra { text += field.yaml }
    text += "---\n"
    return text + album.body.rendered(album.trackList)
  }

  private static func isMarker(_ line: ArraySlice<UInt8>, _ marker: String) -> Bool {
    line.starts(with: marker.utf8) && line.dropFirst(3).allSatisfy(isBlank)
  }

  private static func isValidUTF8(_ bytes: ArraySlice<UInt8>) -> Bool {
    if bytes.allSatisfy({ $0 < 0x80 }) { return true }
    return String(validating: bytes, as: UTF8.self) != nil
  }
}

/// Where each field of an album was written in its file, for `PATH:LINE`.
public struct SourceLines: Hashable, Sendable {
  /// The line of each front-matter key.
  public var keys: [String: Int] = [:]
  /// The line of each tag item, in order.
  public var tags: [Int] = []
  /// The line of each track, in order.
  public var tracks: [Int] = []

  /// The line to point at for a problem with `field` (1 when unknown).
  public func line(of field: AlbumField) -> Int {
    switch field {
    case .track(let index) where index < tracks.count: tracks[index]
    case .tag(let index) where index < tags.count: tags[index]
    case .tag: keys["tags"] ?? 1
    default: keys[field.key] ?? 1
    }
  }
}

extension AlbumFile.Parsed {
  fileprivate mutating func apply(_ frontMatter: FrontMatter) {
    for entry in frontMatter.entries {
      lines.keys[entry.key] = entry.line
      guard let field = AlbumField(key: entry.key) else {
        album.extra.append(ExtraField(key: entry.key, yaml: entry.yaml, value: entry.value.json))
        continue
      }
      if field == .tag(0) {
        applyTags(entry)
        continue
      }
      guard case .text(let raw) = entry.value else {
        problems.append(AlbumProblem(field: field, line: entry.line, message: "must be text, not a list or mapping"))
        continue
      }
      let text = raw.trimmed
      let value = text.isEmpty ? nil : text
      switch field {
      case .title: album.title = text
      case .artist: album.artist = text
      case .sortArtist: album.sortArtist = value
      case .released: album.released = value
      case .wikipedia: album.wikipedia = value
      case .collector(let field): album[keyPath: field.keyPath] = value
      case .track, .tag: break
      }
    }
  }

  private mutating func applyTags(_ entry: FrontMatter.Entry) {
    let items: [String]
    switch entry.value {
    case .list(let list): items = list
    case .text(let text):
      items = [text]
      if !text.isBlank {
        problems.append(AlbumProblem(field: .tag(0), line: entry.line, message: "must be a list, one `- tag` line per tag"))
      }
    case .other:
      problems.append(AlbumProblem(field: .tag(0), line: entry.line, message: "must be a list of text, one `- tag` line per tag"))
      items = []
    }
    for (offset, item) in items.enumerated() {
      let tag = item.trimmed
      guard !tag.isEmpty else { continue }
      album.tags.append(tag)
      lines.tags.append(offset < entry.itemLines.count ? entry.itemLines[offset] : entry.line)
    }
  }
}

extension StringProtocol {
  /// The text without leading and trailing white space (seed §3.9 "trimmed").
  public var trimmed: String {
    let scalars = unicodeScalars
    guard let first = scalars.first, let last = scalars.last else { return "" }
    // Most values have nothing to trim: keep them without rebuilding.
    if !isSpace(first) && !isSpace(last) { return String(self) }
    guard let start = scalars.firstIndex(where: { !isSpace($0) }), let end = scalars.lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(self[start...end])
  }

  /// Whether the text is empty after trimming.
  public var isBlank: Bool { unicodeScalars.allSatisfy(isSpace) }
}

@inline(__always) private func isSpace(_ scalar: Unicode.Scalar) -> Bool {
  if scalar.isASCII { return scalar == " " || (0x09...0x0D).contains(scalar.value) }
  return scalar.properties.isWhitespace
}

/// Why an `album.md` could not be read at all.
public enum AlbumFileError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file does not start with a `---` line.
  case missingFrontMatter
  /// No `---` line closes the front matter.
  case unclosedFrontMatter
  /// The bytes are not UTF-8 text.
  case notUTF8
  /// The file holds NUL bytes, the first on `line`: binary data, not text.
  case nulBytes(line: Int)
  /// The front matter is not valid YAML.
  case yaml(line: Int, problem: String)
  /// The file holds git's conflict markers (`<<<<<<<`, `=======`,
  /// `>>>>>>>`) from a merge that was not finished; `line` is the first.
  case mergeConflict(line: Int)
  /// The front matter uses a YAML alias (`*name`), which `rk` does not expand.
  case alias(line: Int, name: String)
  /// `rk` cannot make the change without losing or reshuffling what is
  /// written at `line`; nothing was written.
  case notRewritable(line: Int, problem: String)

  /// The line the problem is on.
  public var line: Int {
    switch self {
    case .missingFrontMatter, .unclosedFrontMatter, .notUTF8: 1
    case .yaml(let line, _), .mergeConflict(let line), .alias(let line, _), .notRewritable(let line, _), .nulBytes(let line): line
    }
  }

  public var description: String {
    switch self {
    case .missingFrontMatter: "no front matter: the file must start with a line `---`, then `title:` and `artist:` lines, then `---`"
    case .unclosedFrontMatter: "the front matter is not closed: add a line `---` after the last `key: value` line"
    case .notUTF8: "the file is not UTF-8 text: save it as UTF-8"
    case .nulBytes:
      "the file holds NUL bytes (binary data, as a crash or a full disk leaves in a half-written file), so rk leaves it alone: "
        + "remove them in an editor, or bring back the last committed version with git restore"
    case .yaml(_, let problem): "YAML syntax: \(problem)"
    case .mergeConflict:
      "unresolved git merge conflict: edit the file to keep the lines you want and remove the `<<<<<<<`, `=======` and `>>>>>>>` marker lines, then `git add` the file and `git commit`"
    case .alias(_, let name):
      "YAML alias `*\(name)`: rk does not expand aliases (a few of them can make a small file enormous); write the value out in full instead of `*\(name)`"
    case .notRewritable(_, let problem): "\(problem); nothing was written"
    }
  }
}

/// Where git's merge-conflict markers are in a file: lines starting with
/// seven `<`, `|` or `>` then a space or the line's end, and lines that are
/// seven `=`.
private struct ConflictMarkers {
  /// The first `<<<<<<<`, `|||||||` or `>>>>>>>` line, or the first
  /// `=======` line when that comes before it.
  var first: Int?
  /// The first `=======` line.
  var divider: Int?

  init(_ bytes: ArraySlice<UInt8>) {
    var lines = LineScanner(bytes)
    var strong: Int?
    while let line = lines.next() {
      let content = bytes[line.content]
      guard content.count >= 7, let marker = content.first,
        [UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "|"), UInt8(ascii: "=")].contains(marker),
        content.prefix(7).allSatisfy({ $0 == marker })
      else { continue }
      let rest = content.dropFirst(7)
      if marker == UInt8(ascii: "=") {
        if divider == nil, rest.allSatisfy(isBlank) { divider = line.number }
      } else if rest.first.map(isBlank) ?? true {
        strong = line.number
        break
      }
    }
    if let strong { first = min(strong, divider ?? strong) }
  }
}
