import RecordKeeper

/// Random `album.md` files and random hand edits of them, the kind a person
/// makes in an editor (comments, trailing comments, notes, track notes, tags
/// in flow and block style, values, quoting, tracks added, renamed and
/// moved, side headings renamed; LF or CRLF), for merge property tests
/// (issue 17). Every line an edit writes is unique, so a lost one shows.
public struct HandEdits {
  public var generator: SeededGenerator
  private var counter = 0

  public init(seed: UInt64) { generator = SeededGenerator(seed: seed) }

  private mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &generator) < percent }
  private mutating func pick(_ range: Range<Int>) -> Int { Int.random(in: range, using: &generator) }
  private mutating func next() -> Int {
    counter += 1
    return counter
  }

  /// A random album file.
  public mutating func album(number: Int) -> String {
    var lines = ["---"]
    if chance(50) { lines.append("# bought at fair \(number)") }
    lines.append("title: Album \(number)")
    lines.append(chance(30) ? "artist: \"Artist \(number)\"  # the band" : "artist: Artist \(number)")
    lines.append(chance(50) ? "released: \"1997\"" : "released: 1997-05-21")
    let tags = ["jazz", "rock \(number)", "mono"].prefix(pick(1..<4))
    if chance(50) {
      lines.append("tags: [\(tags.joined(separator: ", "))]")
    } else {
      lines.append("tags:")
      lines += tags.map { "- \($0)" }
    }
    if chance(30) { lines.append("# about the label") }
    lines.append(chance(30) ? "label: 'Label \(number)'" : "label: Label \(number)")
    lines.append("country: UK")
    lines += ["---", "", "Intro paragraph \(number).", "", "## Tracks", ""]
    let sides = chance(50)
    var track = 0
    for side in sides ? ["A", "B"] : [""] {
      if !side.isEmpty { lines += ["### Side \(side)", ""] }
      for position in 1...pick(2..<5) {
        track += 1
        lines.append("\(position). Track \(number)-\(track)")
        if chance(20) { lines.append("   old note on track \(track)") }
      }
      lines.append("")
    }
    lines += ["## Notes", "", "Note line one of \(number).", "Note line two of \(number).", ""]
    let ending = chance(20) ? "\r\n" : "\n"
    return lines.joined(separator: ending)
  }

  /// `text` with one to three random hand edits by `side` ("A", "B").
  public mutating func edit(_ text: String, side: String) -> String {
    let ending = text.contains("\r\n") ? "\r\n" : "\n"
    var lines = text.components(separatedBy: ending)
    for _ in 0..<pick(1..<4) { editOnce(&lines, side: side) }
    return lines.joined(separator: ending)
  }

  private func closing(_ lines: [String]) -> Int { lines.indices.dropFirst().first { lines[$0] == "---" } ?? 0 }
  private func isKey(_ line: String) -> Bool {
    guard let first = line.first, first != "#", first != " ", first != "-" else { return false }
    return line.contains(":")
  }
  private func isTrack(_ line: String) -> Bool {
    guard let dot = line.firstIndex(of: "."), dot > line.startIndex else { return false }
    return line[..<dot].allSatisfy(\.isNumber) && line[dot...].hasPrefix(". ")
  }
  /// The lines of the track item starting at `index`: its marker line and
  /// the indented lines under it.
  private func itemEnd(_ lines: [String], _ index: Int) -> Int {
    var end = index + 1
    while end < lines.count, lines[end].hasPrefix("   ") { end += 1 }
    return end
  }

  private mutating func editOnce(_ lines: inout [String], side: String) {
    let close = closing(lines)
    let n = next()
    let frontMatter = Array(1..<close)
    let keys = frontMatter.filter { isKey(lines[$0]) }
    let comments = frontMatter.filter { lines[$0].hasPrefix("#") }
    let notesStart = (lines.firstIndex(of: "## Notes") ?? lines.count - 1) + 1
    let notes = (notesStart..<lines.count).filter { !lines[$0].isEmpty }
    let tracks = lines.indices.filter { $0 > close && isTrack(lines[$0]) }
    let headings = lines.indices.filter { lines[$0].hasPrefix("### ") }
    switch pick(0..<15) {
    case 0:  // a new comment line in the front matter
      let at = (keys + [close]).randomElement(using: &generator) ?? close
      lines.insert("# \(side) comment \(n)", at: at)
    case 1:  // an edited comment
      if let index = comments.randomElement(using: &generator) { lines[index] += " (\(side) \(n))" }
    case 2:  // a removed comment
      if let index = comments.randomElement(using: &generator) { lines.remove(at: index) }
    case 3:  // a trailing comment on a key
      let plain = keys.filter { !lines[$0].contains("#") && !lines[$0].hasSuffix(":") }
      if let index = plain.randomElement(using: &generator) { lines[index] += "  # \(side) says \(n)" }
    case 4:  // a value changed
      let fields = keys.filter { ["title:", "label:", "country:"].contains(where: lines[$0].hasPrefix) }
      if let index = fields.randomElement(using: &generator) {
        let key = lines[index].prefix { $0 != ":" }
        lines[index] = "\(key): \(side) value \(n)"
      }
    case 5:  // quoting changed
      if let index = keys.first(where: { lines[$0].hasPrefix("label: ") && !lines[$0].contains("#") }) {
        let value = lines[index].dropFirst("label: ".count)
        if value.hasPrefix("'") || value.hasPrefix("\"") {
          lines[index] = "label: " + value.dropFirst().dropLast()
        } else {
          lines[index] = "label: \"\(value)\""
        }
      }
    case 6:  // a tag added
      guard let index = keys.first(where: { lines[$0].hasPrefix("tags:") }) else { return }
      if let close = lines[index].lastIndex(of: "]") {
        lines[index].insert(contentsOf: ", \(side.lowercased())tag\(n)", at: close)
      } else {
        var end = index + 1
        while end < close, lines[end].hasPrefix("- ") { end += 1 }
        lines.insert("- \(side.lowercased())tag\(n)", at: pick((index + 1)..<(end + 1)))
      }
    case 7:  // a tag removed
      guard let index = keys.first(where: { lines[$0].hasPrefix("tags:") }) else { return }
      if lines[index].contains("#") { return }
      if lines[index].hasSuffix("]") {
        var items = lines[index].dropFirst("tags: [".count).dropLast().components(separatedBy: ", ")
        guard items.count > 1 else { return }
        items.remove(at: pick(0..<items.count))
        lines[index] = "tags: [" + items.joined(separator: ", ") + "]"
      } else {
        let items = ((index + 1)..<close).filter { lines[$0].hasPrefix("- ") }
        if items.count > 1, let item = items.randomElement(using: &generator) { lines.remove(at: item) }
      }
    case 8:  // a notes line added
      lines.insert("\(side) wrote note \(n).", at: pick(notesStart..<(lines.count)))
    case 9:  // a notes line edited
      if let index = notes.randomElement(using: &generator) { lines[index] += " \(side) adds \(n)." }
    case 10:  // a track note
      if let index = tracks.randomElement(using: &generator) {
        lines.insert(chance(50) ? "   \(side) note on this track \(n)" : "   - \(side) note \(n)", at: index + 1)
      }
    case 11:  // a track added after another
      if let index = tracks.randomElement(using: &generator) {
        lines.insert("9. \(side) Track \(n)", at: itemEnd(lines, index))
      }
    case 12:  // a track renamed
      if let index = tracks.randomElement(using: &generator) { lines[index] += " - \(side) take \(n)" }
    case 13:  // a track moved down past the next one in the same list
      if let index = tracks.randomElement(using: &generator) {
        let end = itemEnd(lines, index)
        guard end < lines.count, isTrack(lines[end]) else { return }
        let nextEnd = itemEnd(lines, end)
        let item = Array(lines[index..<end])
        lines.removeSubrange(index..<end)
        lines.insert(contentsOf: item, at: nextEnd - item.count)
      }
    default:  // a side heading renamed
      if let index = headings.randomElement(using: &generator) { lines[index] += " \(side)\(n)" }
    }
  }
}

/// What a merge of two hand-edited versions must keep (issue 17): every
/// line either side added and every line both kept is in the result, or
/// belongs to a field whose merged value replaced it (a value the other side
/// changed; a track renumbered), or a conflict is reported. The result
/// must parse.
public enum MergeCheck {
  /// Lines that are neither in `result` nor accounted for; empty when the
  /// merge kept everything.
  public static func lostLines(base: String, ours: String, theirs: String, result: String) -> [String] {
    let split = { (text: String) in text.replacingOccurrences(of: "\r\n", with: "\n").components(separatedBy: "\n") }
    let (b, o, t, r) = (split(base), split(ours), split(theirs), split(result))
    func parse(_ text: String) -> Album? { try? AlbumFile.parse(Array(text.utf8), id: "a").album }
    guard let merged = parse(result) else { return ["(the result does not parse)"] }
    let albums = (base: parse(base), ours: parse(ours), theirs: parse(theirs))
    var available: [String: Int] = [:]
    for line in r { available[line, default: 0] += 1 }
    var unnumbered: [String: Int] = [:]
    for line in r { unnumbered[withoutNumber(line), default: 0] += 1 }
    let inBase = Set(b)
    let keptByBoth = Set(b).intersection(o).intersection(t)
    var lost: [String] = []
    for (version, album) in [(o, albums.ours), (t, albums.theirs)] {
      for line in version where !inBase.contains(line) || keptByBoth.contains(line) {
        if let count = available[line], count > 0 { continue }
        if let count = unnumbered[withoutNumber(line)], count > 0, withoutNumber(line) != line { continue }
        if let album, let base = albums.base, replaced(line, side: album, base: base, merged: merged, result: result) { continue }
        lost.append(line)
      }
    }
    return lost
  }

  /// `3. Airbag` → `Airbag`.
  static func withoutNumber(_ line: String) -> String {
    guard let dot = line.firstIndex(of: "."), dot > line.startIndex, line[..<dot].allSatisfy(\.isNumber) else { return line }
    return String(line[dot...].dropFirst().drop { $0 == " " })
  }

  static func replaced(_ line: String, side: Album, base: Album, merged: Album, result: String) -> Bool {
    if let hash = line.range(of: "  # ") ?? line.range(of: " # "), !line.hasPrefix("#"), !result.contains(line[hash.upperBound...]) {
      return false
    }
    if line.hasPrefix("### ") {
      return merged.body.sideHeadings.contains(String(line.dropFirst(4))) || base.body.sideHeadings.contains(String(line.dropFirst(4)))
    }
    if line.hasPrefix("- "), !line.hasPrefix("- - ") {
      let tag = String(line.dropFirst(2))
      return merged.tags.contains(tag) || (base.tags.contains(tag) && !side.tags.isEmpty)
    }
    guard let colon = line.firstIndex(of: ":"), !line.hasPrefix(" "), !line.hasPrefix("#") else { return false }
    let key = String(line[..<colon])
    func value(_ album: Album) -> String? {
      switch key {
      case "title": album.title
      case "artist": album.artist
      case "released": album.releaseDate?.text ?? album.released
      case "label": album.label
      case "country": album.country
      case "tags": album.tags.sorted().joined(separator: ",")
      default: nil
      }
    }
    if key == "tags" { return Set(side.tags).isSubset(of: Set(merged.tags + base.tags)) }
    return value(merged) == value(side) || value(side) == value(base)
  }
}
