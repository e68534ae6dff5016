import Foundation
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

  /// `text` with one to three random hand edits or rk commands by `side`
  /// ("A", "B"); now and then saved with the other line ending.
  public mutating func edit(_ text: String, side: String) -> String {
    let ending = text.contains("\r\n") ? "\r\n" : "\n"
    var lines = text.components(separatedBy: ending)
    for _ in 0..<pick(1..<4) {
      if chance(15) {
        lines = command(lines.joined(separator: ending), side: side).components(separatedBy: ending)
      } else {
        editOnce(&lines, side: side)
      }
    }
    // An editor that saves every line with its own line ending.
    return lines.joined(separator: chance(4) ? (ending == "\n" ? "\r\n" : "\n") : ending)
  }

  /// `text` changed as an rk command changes it (the library's edit, then
  /// its minimal rewrite): a tag added, a track added, removed, renamed or
  /// starred, a key set.
  private mutating func command(_ text: String, side: String) -> String {
    guard var album = try? AlbumFile.parse(Array(text.utf8), id: "a").album else { return text }
    let n = next()
    let count = album.trackList.count
    switch pick(0..<6) {
    case 0: _ = try? album.addTag("\(side.lowercased())cmdtag\(n)")
    case 1: try? album.addTrack("\(side) cmd track \(n)", at: count > 0 ? pick(1..<(count + 1)) : nil)
    case 2: if count > 1 { try? album.removeTrack(pick(1..<(count + 1))) }
    case 3:
      if count > 0 {
        let number = pick(1..<(count + 1))
        _ = try? album.renameTrack(number, to: album.trackList[number - 1].name + " - \(side) take \(n)")
      }
    case 4: if count > 0 { _ = try? album.setFavourite(pick(1..<(count + 1)), true) }
    default: album.label = "\(side) label \(n)"
    }
    guard let bytes = try? AlbumFile.rewrite(Array(text.utf8), to: album) else { return text }
    return String(decoding: bytes, as: UTF8.self)
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
    switch pick(0..<22) {
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
    case 14:  // a side heading renamed
      if let index = headings.randomElement(using: &generator) { lines[index] += " \(side)\(n)" }
    case 15:  // a track starred
      if let index = tracks.filter({ !lines[$0].hasSuffix(" ★") }).randomElement(using: &generator) { lines[index] += " ★" }
    case 16:  // a track given its length
      if let index = tracks.filter({ !lines[$0].hasSuffix(" ★") && !lines[$0].hasSuffix(")") }).randomElement(using: &generator) {
        lines[index] += " (\(pick(1..<10)):\(pick(10..<60)))"
      }
    case 17:  // a track removed, with its note
      if tracks.count > 1, let index = tracks.randomElement(using: &generator) { lines.removeSubrange(index..<itemEnd(lines, index)) }
    case 18:  // a track removed and another added elsewhere (the end of the list, or another side)
      guard tracks.count > 2, let index = tracks.dropLast().randomElement(using: &generator), let last = tracks.last else { return }
      lines.insert("9. \(side) Track \(n)", at: itemEnd(lines, last))
      lines.removeSubrange(index..<itemEnd(lines, index))
    case 19:  // a key both sides may add, somewhere, and a line deleted
      guard !lines.contains("format: LP") else { return }
      let at = (keys + [close]).randomElement(using: &generator) ?? close
      let deletable = frontMatter.filter { lines[$0].hasPrefix("#") || lines[$0].hasPrefix("- ") || lines[$0].hasPrefix("country:") }
      if let index = deletable.randomElement(using: &generator) {
        lines.remove(at: index)
        lines.insert("format: LP", at: index < at ? at - 1 : at)
      } else {
        lines.insert("format: LP", at: at)
      }
    case 20:  // tags reordered
      guard let index = keys.first(where: { lines[$0].hasPrefix("tags:") }) else { return }
      if lines[index].hasSuffix("]") {
        let items = lines[index].dropFirst("tags: [".count).dropLast().components(separatedBy: ", ")
        lines[index] = "tags: [" + items.shuffled(using: &generator).joined(separator: ", ") + "]"
      } else {
        var end = index + 1
        while end < close, lines[end].hasPrefix("- ") { end += 1 }
        lines.replaceSubrange((index + 1)..<end, with: lines[(index + 1)..<end].shuffled(using: &generator))
      }
    default:  // a track moved to the other side
      guard headings.count > 1, let index = tracks.first(where: { $0 < headings[1] }), let last = tracks.last, last > headings[1] else {
        return
      }
      let item = Array(lines[index..<itemEnd(lines, index)])
      lines.insert(contentsOf: item, at: itemEnd(lines, last))
      lines.removeSubrange(index..<(index + item.count))
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

  /// What a clean merge must not do beyond losing a line (issue 29): put a
  /// line twice where neither side has it twice, bring back a line one side
  /// deleted and the other kept as it was, or put a note or star a side
  /// wrote on another track than the one it wrote it on. Tracks are told
  /// apart by their stem: their text before ` - ` (a rename appends to it),
  /// without number, length and star.
  public static func misplacedLines(base: String, ours: String, theirs: String, result: String) -> [String] {
    let split = { (text: String) in text.replacingOccurrences(of: "\r\n", with: "\n").components(separatedBy: "\n") }
    let (b, o, t, r) = (split(base), split(ours), split(theirs), split(result))
    func counts(_ lines: [String]) -> [String: Int] {
      lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.reduce(into: [:]) { $0[withoutNumber($1), default: 0] += 1 }
    }
    let (bc, oc, tc, rc) = (counts(b), counts(o), counts(t), counts(r))
    var found: [String] = []
    // A line neither side has is a merged value (a key rewritten, a track with both sides' changes).
    for (line, count) in rc where max(oc[line] ?? 0, tc[line] ?? 0) > 0 && count > max(oc[line] ?? 0, tc[line] ?? 0) {
      found.append("duplicated: \(line)")
    }
    for (line, count) in bc where count == 1 && line != "---" {
      let (inOurs, inTheirs) = (oc[line] ?? 0, tc[line] ?? 0)
      if (inOurs == 0) != (inTheirs == 0), rc[line] != nil { found.append("deleted line back: \(line)") }
    }
    // Notes and stars: on the track (stem) their side wrote them on.
    let resultPlaces = places(r)
    for (version, other) in [(o, t), (t, o)] {
      let basePlaces = places(b)
      for (line, stem) in places(version) where basePlaces[line] == nil && line.hasPrefix(" ") {
        guard let placed = resultPlaces[line], placed != stem else { continue }
        // A track the other side removed and one it added in its place read as a rename.
        let otherStems = stems(other)
        if !otherStems.contains(stem), !stems(b).contains(placed), let at = otherStems.firstIndex(of: placed),
          let was = stems(b).firstIndex(of: stem), (at == 0 ? nil : otherStems[at - 1]) == (was == 0 ? nil : stems(b)[was - 1])
        {
          continue
        }
        found.append("note moved from \(stem) to \(placed): \(line)")
      }
    }
    let starred = Set((o + t).filter { isTrackLine($0) && $0.hasSuffix(" ★") }.map(stem))
    for line in r where isTrackLine(line) && line.hasSuffix(" ★") && !starred.contains(stem(line)) {
      found.append("star moved: \(line)")
    }
    return found
  }

  /// Each indented line with the stem of the track it is under.
  static func places(_ lines: [String]) -> [String: String] {
    var track: String?
    var result: [String: String] = [:]
    for line in lines {
      if isTrackLine(line) {
        track = stem(line)
      } else if line.hasPrefix("#") {
        track = nil
      } else if line.hasPrefix(" "), let track {
        result[line] = track
      }
    }
    return result
  }

  public static func isTrackLine(_ line: String) -> Bool { withoutNumber(line) != line }

  /// The stems of the track lines, in order.
  public static func stems(_ lines: [String]) -> [String] { lines.filter(isTrackLine).map(stem) }

  /// A track line's stem, name, length and star.
  public struct TrackParts: Equatable {
    public var stem: String
    public var name: String
    public var length: String?
    public var star: Bool
  }

  public static func parts(_ line: String) -> TrackParts {
    var text = withoutNumber(line)
    let star = text.hasSuffix(" ★")
    if star { text = String(text.dropLast(2)) }
    var length: String?
    if text.hasSuffix(")"), let open = text.range(of: " (", options: .backwards) {
      length = String(text[open.upperBound...])
      text = String(text[..<open.lowerBound])
    }
    return TrackParts(stem: text.components(separatedBy: " - ").first ?? text, name: text, length: length, star: star)
  }

  /// `2. Track 5-2 - B take 7 (4:10) ★` → `Track 5-2`.
  public static func stem(_ line: String) -> String { parts(line).stem }

  /// `3. Airbag` → `Airbag`.
  public static func withoutNumber(_ line: String) -> String {
    guard let dot = line.firstIndex(of: "."), dot > line.startIndex, line[..<dot].allSatisfy(\.isNumber) else { return line }
    return String(line[dot...].dropFirst().drop { $0 == " " })
  }

  static func replaced(_ line: String, side: Album, base: Album, merged: Album, result: String) -> Bool {
    if isTrackLine(line) {
      // A track this side left as it was may be renumbered, changed or
      // removed by the other; what this side changed of it (name, length,
      // star) is in the result's track of that stem.
      let mine = parts(line)
      guard let old = base.trackList.map({ parts($0.text) }).first(where: { $0.stem == mine.stem }) else { return false }
      if mine == old { return true }
      guard let now = merged.trackList.map({ parts($0.text) }).first(where: { $0.stem == mine.stem }) else { return false }
      return (mine.name == old.name || now.name == mine.name) && (mine.length == old.length || now.length == mine.length)
        && (mine.star == old.star || now.star == mine.star)
    }
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
