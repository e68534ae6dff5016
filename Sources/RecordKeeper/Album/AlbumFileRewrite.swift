extension AlbumFile {
  /// The bytes of `original` changed to say what `album` says, rewriting only
  /// the lines of what changed (docs/album-format.md, "What rk keeps byte for byte": comments, blank lines, key
  /// order, quoting, list style and every other byte stay as the person wrote
  /// them).
  ///
  /// `album` is normally `parse(original).album` with some fields changed.
  /// A changed value is rewritten in place in its old style where the new
  /// value allows; a cleared optional field loses only its own lines; a new
  /// key goes after the known keys that precede it in canonical order
  /// (docs/album-format.md, "What rk keeps byte for byte").
  /// Lines written use the file's line ending. An unchanged album gives
  /// `original` back byte for byte.
  ///
  /// Throws when `original` cannot be read without losing something, or
  /// when the change cannot be made without disturbing other lines.
  public static func rewrite(_ original: [UInt8], to album: Album) throws(AlbumFileError) -> [UInt8] {
    let (parsed, layout) = try read(original, id: album.id, covers: album.covers)
    var editor = FrontMatterEditor(layout)
    try editor.change(from: parsed.album, to: album)
    var output = Array(original[..<layout.opening.end])
    output += editor.lines()
    output += original[layout.closing.start..<layout.closing.end]
    let body = original[layout.closing.end...]
    if album.trackList == parsed.album.trackList && album.body == parsed.album.body {
      output += body
    } else {
      var rendered = album.body.rendered(album.trackList)
      // A body with no line break of its own takes the file's, so that a
      // new `\n` after a closing `---\r` does not turn it into one CRLF.
      if !body.contains(where: { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }), editor.ending != "\n" {
        rendered = rendered.replacing("\n", with: editor.ending)
      }
      output += rendered.utf8
    }
    guard output != original else { return original }
    // What is written must read back as what was asked for; a file this
    // code cannot patch is refused rather than half-changed.
    let written: Album
    do {
      written = try parse(output, id: album.id, covers: album.covers).album
    } catch {
      throw .notRewritable(line: error.line, problem: "rk could not make this change without breaking the file (\(error))")
    }
    if let field = album.firstDifference(from: written) {
      throw .notRewritable(
        line: parsed.lines.keys[field] ?? 1,
        problem: "rk could not change `\(field)` without disturbing the lines around it; make the change by hand")
    }
    return output
  }
}

extension Album {
  /// The first front-matter key or `tracks` whose value differs, comparing
  /// release dates by what they mean.
  fileprivate func firstDifference(from other: Album) -> String? {
    if title != other.title { return Field.title.rawValue }
    if artist != other.artist { return Field.artist.rawValue }
    if sortArtist != other.sortArtist { return Field.sortArtist.rawValue }
    if (releaseDate?.text ?? released) != (other.releaseDate?.text ?? other.released) { return Field.released.rawValue }
    if wikipedia != other.wikipedia { return Field.wikipedia.rawValue }
    if tags != other.tags { return Field.tags.rawValue }
    for field in CollectorField.allCases where self[keyPath: field.keyPath] != other[keyPath: field.keyPath] { return field.key }
    if extra.map(\.key) != other.extra.map(\.key) || extra.map(\.value) != other.extra.map(\.value) { return "extra" }
    if trackList != other.trackList { return "tracks" }
    return nil
  }
}

/// Known front-matter keys in canonical order (docs/album-format.md,
/// "Canonical form"), which decides where a new key goes.
private let keyOrder = Field.frontMatterKeys

/// Line edits to a front matter: lines deleted, lines inserted before a line
/// (or at the end), and lines replaced.
private struct FrontMatterEditor {
  let text: ArraySlice<UInt8>
  let frontMatter: FrontMatter
  let firstLine: Int
  /// The file's line ending, for every line written.
  let ending: String
  /// The spaces before the keys, for new keys (a front matter may be
  /// indented as a whole).
  let indent: String
  private var deleted = Set<Int>()
  /// New lines to write before the line at the index (`lines.count`: at the
  /// end), each with its line ending.
  private var inserted: [Int: [String]] = [:]

  init(_ layout: AlbumFile.Layout) {
    text = layout.text
    frontMatter = layout.frontMatter
    firstLine = layout.firstLine
    ending = LineEnding(of: layout.text).rawValue
    let firstKey = layout.frontMatter.entries.first.flatMap { entry in
      layout.frontMatter.lines.indices.contains(entry.lines.lowerBound) ? layout.frontMatter.lines[entry.lines.lowerBound] : nil
    }
    indent = firstKey.map { String(repeating: " ", count: layout.text[$0.content].prefix { $0 == UInt8(ascii: " ") }.count) } ?? ""
  }

  /// The front-matter lines after the edits.
  func lines() -> [UInt8] {
    var output: [UInt8] = []
    for (index, line) in frontMatter.lines.enumerated() {
      for new in inserted[index] ?? [] { output += new.utf8 }
      if !deleted.contains(index) { output += text[line.start..<line.end] }
    }
    for new in inserted[frontMatter.lines.count] ?? [] { output += new.utf8 }
    return output
  }

  mutating func change(from old: Album, to new: Album) throws(AlbumFileError) {
    let released = new.released.map { new.releaseDate?.text ?? $0 }
    let changes: [(key: String, old: String?, new: String?)] =
      [
        (Field.title.rawValue, old.title, new.title), (Field.artist.rawValue, old.artist, new.artist),
        (Field.sortArtist.rawValue, old.sortArtist, new.sortArtist), (Field.released.rawValue, old.released, released),
        (Field.wikipedia.rawValue, old.wikipedia, new.wikipedia),
      ] + CollectorField.allCases.map { ($0.key, old[keyPath: $0.keyPath], new[keyPath: $0.keyPath]) }
    // `released: 1997-5-3` and the same date padded are no change.
    let changed = changes.filter { change in
      change.old != change.new && !(change.key == Field.released.rawValue && old.released != nil && change.new == old.releaseDate?.text)
    }
    guard !changed.isEmpty || old.tags != new.tags || old.extra != new.extra else { return }
    if frontMatter.isFlowMapping {
      throw .notRewritable(
        line: firstLine,
        problem: "the front matter is one `{…}` mapping; write one `key: value` line per key so rk can change it")
    }
    for change in changed { try setScalar(change.key, to: change.new) }
    if old.tags != new.tags { try setTags(from: old.tags, to: new.tags) }
    if old.extra != new.extra { setExtra(from: old.extra, to: new.extra) }
  }

  // MARK: Entries

  private func entry(_ key: String) -> FrontMatter.Entry? {
    frontMatter.entries.first { $0.key == key }
  }

  /// Where a new `key` goes: after the last of the known keys that precede it,
  /// else after the last key.
  private func position(for key: String) -> Int {
    let preceding = Set(keyOrder.prefix { $0 != key })
    let ends = frontMatter.entries.filter { preceding.contains($0.key) }.map(\.lines.upperBound)
    return ends.max() ?? frontMatter.entries.map(\.lines.upperBound).max() ?? frontMatter.lines.count
  }

  private mutating func delete(_ lines: Range<Int>) {
    for index in lines { deleted.insert(index) }
  }

  private mutating func insert(_ lines: [String], at index: Int) {
    inserted[index, default: []] += lines.map { $0 + ending }
  }

  private mutating func replace(_ lines: Range<Int>, with new: [String]) {
    delete(lines)
    insert(new, at: lines.lowerBound)
  }

  /// Replaces one line with `content`, keeping that line's own line break.
  private mutating func replaceLine(_ index: Int, with content: [UInt8]) {
    let line = frontMatter.lines[index]
    deleted.insert(index)
    inserted[index, default: []].append(string(content[...] + text[line.lineBreak]))
  }

  private func content(_ index: Int) -> ArraySlice<UInt8> {
    text[frontMatter.lines[index].content]
  }

  // MARK: Text values

  private mutating func setScalar(_ key: String, to value: String?) throws(AlbumFileError) {
    guard let entry = entry(key) else {
      if let value { insert(["\(indent)\(key): \(YAMLScalar.quoted(value))"], at: position(for: key)) }
      return
    }
    guard let value else {
      delete(entry.lines)
      return
    }
    if entry.lines.count == 1, let patched = patchedScalar(content(entry.lines.lowerBound), value) {
      replaceLine(entry.lines.lowerBound, with: patched)
    } else if let block = blockScalar(entry, value) {
      replace(entry.lines, with: block)
    } else {
      replaceKeepingComments(entry, with: ["\(indent)\(key): \(YAMLScalar.quoted(value))"])
    }
  }

  /// A `>-` or `|-` block scalar's lines with `value` as its one line of
  /// text: the header line (and its comment) as written, the text at the
  /// old text's indentation; `nil` for another value or style.
  private func blockScalar(_ entry: FrontMatter.Entry, _ value: String) -> [String]? {
    let header = content(entry.lines.lowerBound)
    guard entry.lines.count > 1, let start = YAMLLine.valueStart(ofKeyLine: header) else { return nil }
    let value = value.trimmed == value && !value.isEmpty && !value.contains(where: \.isNewline) ? value : nil
    let indicator = header[YAMLLine.afterProperties(in: header, from: start)...].prefix { !isBlank($0) }
    guard let value, [">-", "|-"].contains(string(indicator)) else { return nil }
    let first = content(entry.lines.lowerBound + 1)
    let textIndent = first.prefix { $0 == UInt8(ascii: " ") }.count
    let keyIndent = header.prefix { $0 == UInt8(ascii: " ") }.count
    guard textIndent > keyIndent, textIndent < first.count else { return nil }
    return [string(header), String(repeating: " ", count: textIndent) + value]
  }

  /// Replaces an entry's lines by `lines`, keeping every comment written
  /// among the old ones (docs/album-format.md, "What rk keeps byte for byte": nothing a person wrote is lost):
  /// the last comment at the end of a line goes at the end of the first new
  /// line, as in `tags: [a, b, x]  # two`; every other comment goes on a
  /// line of its own above the key.
  private mutating func replaceKeepingComments(_ entry: FrontMatter.Entry, with lines: [String]) {
    let comments = YAMLLine.comments(in: entry.lines.map { content($0) })
    var lines = lines
    var above: [String] = []
    let trailing = comments.lastIndex { !$0.isOwnLine }
    for (index, comment) in comments.enumerated() {
      if index == trailing, !lines.isEmpty {
        lines[0] += string(comment.spacing) + string(comment.text)
      } else {
        above.append(indent + string(comment.text))
      }
    }
    replace(entry.lines, with: above + lines)
  }

  /// A `key: value` line with its value replaced by `value` in the same
  /// quoting style, keeping the key, spacing and a trailing comment; `nil`
  /// when the value is not one plain or quoted scalar on this line.
  private func patchedScalar(_ line: ArraySlice<UInt8>, _ value: String) -> [UInt8]? {
    guard let keyEnd = YAMLLine.valueStart(ofKeyLine: line),
      let token = YAMLLine.scalar(in: line, from: YAMLLine.afterProperties(in: line, from: keyEnd))
    else { return nil }
    var output = Array(line[..<token.range.lowerBound])
    if token.range.isEmpty, let last = output.last, !isBlank(last) { output.append(UInt8(ascii: " ")) }
    output += YAMLScalar.styled(value, like: token.style).utf8
    let rest = line[token.range.upperBound...]
    if token.range.isEmpty, rest.first == UInt8(ascii: "#") { output.append(UInt8(ascii: " ")) }
    return output + rest
  }

  // MARK: Tags

  private mutating func setTags(from old: [String], to new: [String]) throws(AlbumFileError) {
    guard let entry = entry("tags") else {
      insert(blockList(new), at: position(for: "tags"))
      return
    }
    if new.isEmpty {
      delete(entry.lines)
      return
    }
    guard !entry.lines.isEmpty else { return }
    let keyLine = content(entry.lines.lowerBound)
    let valueStart = YAMLLine.valueStart(ofKeyLine: keyLine).map { YAMLLine.afterProperties(in: keyLine, from: $0) }
    let isFlow = valueStart.map { keyLine[$0...].first == UInt8(ascii: "[") } ?? false
    switch entry.value {
    case .other:
      throw .notRewritable(
        line: entry.line, problem: "`tags` holds more than a list of text; make it one `- tag` line per tag so rk can change it")
    case .list where isFlow:
      if entry.lines.count == 1, let start = valueStart, let patched = YAMLLine.flowList(in: keyLine, from: start, replacedBy: new) {
        replaceLine(entry.lines.lowerBound, with: patched)
      } else {
        replaceKeepingComments(
          entry, with: ["\(indent)tags: [\(new.map { YAMLScalar.styled($0, like: .plain, inFlow: true) }.joined(separator: ", "))]"])
      }
    case .list(let items) where !items.isEmpty:
      editBlockList(entry, items: items, from: old, to: new)
    case .list, .text(""):
      // `tags:` with nothing under it yet.
      insert(Array(blockList(new).dropFirst()), at: entry.lines.upperBound)
    case .text:
      // One tag written as text (`tags: rock`), already read as a tag.
      replaceKeepingComments(entry, with: blockList(new))
    }
  }

  /// `tags:` and one `- tag` line per tag, in canonical form.
  private func blockList(_ tags: [String]) -> [String] {
    ["\(indent)tags:"] + tags.map { "\(indent)- \(YAMLScalar.quoted($0))" }
  }

  /// Deletes the items of removed tags and inserts lines for new ones, each
  /// next to its neighbours, in the dash style and quoting of the item
  /// before it.
  private mutating func editBlockList(_ entry: FrontMatter.Entry, items: [String], from old: [String], to new: [String]) {
    let starts = entry.itemLines.map { $0 - firstLine }
    let present = items.indices.filter { !items[$0].trimmed.isEmpty }
    guard starts.count == items.count, starts.allSatisfy(entry.lines.dropFirst().contains),
      present.map({ items[$0].trimmed }) == old
    else {
      replaceKeepingComments(entry, with: blockList(new))
      return
    }
    // Each item's lines run to the next item, less trailing blank and
    // comment lines, which stay where they are.
    let spans = starts.indices.map { index -> Range<Int> in
      let start = starts[index]
      var end = index + 1 < starts.count ? max(start + 1, starts[index + 1]) : entry.lines.upperBound
      while end > start + 1, content(end - 1).allSatisfy(isBlank) || content(end - 1).first(where: { !isBlank($0) }) == UInt8(ascii: "#") {
        end -= 1
      }
      return start..<end
    }
    let common = LongestCommonSubsequence(old, new)
    // Before the first tag, or after the last item when all are blank.
    var position = present.first.map { spans[$0].lowerBound } ?? spans[spans.count - 1].upperBound
    var template = starts[0]
    var oldIndex = 0
    var newIndex = 0
    while oldIndex < old.count || newIndex < new.count {
      if common.keeps(oldIndex, newIndex) {
        let span = spans[present[oldIndex]]
        position = span.upperBound
        template = span.lowerBound
        oldIndex += 1
        newIndex += 1
      } else if common.deletes(oldIndex, newIndex) {
        let span = spans[present[oldIndex]]
        delete(span)
        position = span.upperBound
        template = span.lowerBound
        oldIndex += 1
      } else {
        insert([itemLine(like: template, new[newIndex])], at: position)
        newIndex += 1
      }
    }
  }

  /// A list item for `value` with the indentation, dash spacing and quoting
  /// of the item on line `template`.
  private func itemLine(like template: Int, _ value: String) -> String {
    let line = content(template)
    let indent = line.prefix { $0 == UInt8(ascii: " ") }
    let afterDash = line[indent.endIndex...].dropFirst()
    let gap = afterDash.prefix(while: isBlank)
    let prefix = string(indent) + "-" + (gap.isEmpty ? " " : string(gap))
    let style = YAMLLine.scalar(in: line, from: gap.endIndex)?.style ?? .plain
    return prefix + YAMLScalar.styled(value, like: style)
  }

  // MARK: Extra keys

  private mutating func setExtra(from old: [ExtraField], to new: [ExtraField]) {
    let newKeys = Set(new.map(\.key))
    for field in old where !newKeys.contains(field.key) {
      if let entry = entry(field.key) { delete(entry.lines) }
    }
    let end = frontMatter.entries.map(\.lines.upperBound).max() ?? frontMatter.lines.count
    for field in new where !old.contains(field) {
      let lines = field.yaml.split(separator: "\n", omittingEmptySubsequences: false).dropLast(field.yaml.hasSuffix("\n") ? 1 : 0).map(
        String.init)
      if let entry = entry(field.key) {
        replace(entry.lines, with: lines)
      } else {
        insert(lines, at: end)
      }
    }
  }
}

/// Which items of an old list a new one keeps: a longest common subsequence,
/// in time linear in the lists plus the product of the parts between their
/// common start and end (one line for `rk tag add`, so 60,000 tags cost
/// 60,000 comparisons, not 3.6 billion). When that middle is too large for
/// a table (a list rewritten wholesale), its old items all go and the new
/// ones come: still every value right, only not the fewest lines.
struct LongestCommonSubsequence {
  private let old: [String]
  private let new: [String]
  /// The length of the common start and of the common end.
  private let prefix: Int
  private let suffix: Int
  /// `lengths[i][j]`: the length for the middle's `old[(prefix + i)...]` and
  /// `new[(prefix + j)...]`; empty when the middle is too large.
  private let lengths: [[Int]]
  /// The most cells the table of the middle may have.
  static let tableLimit = 1 << 20
  /// Comparisons and cells computed, for the test that holds this linear.
  let work: Int

  init(_ old: [String], _ new: [String]) {
    self.old = old
    self.new = new
    var prefix = 0
    while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < old.count - prefix, suffix < new.count - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] {
      suffix += 1
    }
    self.prefix = prefix
    self.suffix = suffix
    let rows = old.count - prefix - suffix
    let columns = new.count - prefix - suffix
    var work = prefix + suffix + 2
    var lengths: [[Int]] = []
    if (rows + 1).multipliedReportingOverflow(by: columns + 1).partialValue <= Self.tableLimit, rows >= 0, columns >= 0 {
      lengths = Array(repeating: Array(repeating: 0, count: columns + 1), count: rows + 1)
      for i in (0..<rows).reversed() {
        for j in (0..<columns).reversed() {
          lengths[i][j] = old[prefix + i] == new[prefix + j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
        }
      }
      work += rows * columns
    }
    self.lengths = lengths
    self.work = work
  }

  /// Whether `old[i]` and `new[j]` are kept as one.
  func keeps(_ i: Int, _ j: Int) -> Bool {
    guard i < old.count, j < new.count, old[i] == new[j] else { return false }
    if i < prefix && j < prefix { return i == j }
    if i >= old.count - suffix && j >= new.count - suffix { return old.count - i == new.count - j }
    guard let (row, column) = middle(i, j), !lengths.isEmpty else { return false }
    return lengths[row][column] == lengths[row + 1][column + 1] + 1
  }

  /// Whether `old[i]` goes (before `new[j]` is inserted, so that a renamed
  /// tag takes the old one's place).
  func deletes(_ i: Int, _ j: Int) -> Bool {
    guard i < old.count else { return false }
    if j == new.count { return true }
    guard let (row, column) = middle(i, j) else { return i < old.count - suffix }
    guard !lengths.isEmpty else { return true }
    return lengths[row + 1][column] >= lengths[row][column + 1]
  }

  /// The cell of the middle's table for `old[i]`, `new[j]`, when both are in the middle.
  private func middle(_ i: Int, _ j: Int) -> (Int, Int)? {
    let (row, column) = (i - prefix, j - prefix)
    guard row >= 0, column >= 0, i < old.count - suffix, j < new.count - suffix else { return nil }
    return (row, column)
  }
}
