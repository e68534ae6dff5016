import TestSupport
import Testing

@testable import RecordKeeper

/// Generates hand-written looking bodies: notes before and after, a track
/// section with comments, side headings, several lists (bullet lists among
/// them, which are notes), every marker style,
/// loose and tight lists, per-track notes, CRLF, with or without a final
/// line break.
struct BodyGenerator {
  var random: SeededGenerator
  var trackCount = 0

  mutating func pick<T>(_ choices: [T]) -> T { choices.randomElement(using: &random)! }
  mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }

  mutating func name() -> String {
    trackCount += 1
    return pick(["Airbag", "Karma Police", "Étude", "A*B", "Lucky (4:19)", "So What", "1999", "Блюз"]) + " \(trackCount)"
  }

  mutating func body() -> String {
    trackCount = 0
    var lines: [String] = []
    if chance(50) { lines += [pick(["Bought in 1998.", "# My copy", "<!-- hand edited -->", "- a list that is not tracks"]), ""] }
    lines.append("## Tracks")
    if chance(80) { lines.append("") }
    if chance(25) { lines += [pick(["<!-- side A skips -->", "Side A", "    an indented block"]), ""] }
    let sides = pick([0, 0, 1, 2, 3])
    for side in 0..<max(sides, 1) {
      if sides > 0 { lines += ["### Side \(["A", "B", "C"][side])", ""] }
      var position = 1
      let listCount = pick([1, 1, 1, 2])
      for list in 0..<listCount {
        if list > 0 { lines += ["", pick(["<!-- the rest was added later -->", "Bonus tracks:", "* * *", "#### Disc 2"]), ""] }
        let style = pick(["1.", "1.", "1)", "same", "-", "*", "+"])
        let fixedIndent = pick(["", "", "", " ", "aligned"])
        let loose = chance(25)
        let count = pick([1, 2, 3, 4, 6, 10, 11])
        for item in 0..<count {
          // "aligned": numbers right-aligned (" 9." over "10.").
          let indent =
            fixedIndent != "aligned"
            ? fixedIndent : String(repeating: " ", count: String(position - item + count - 1).count - String(position).count)
          if item > 0 && loose { lines.append("") }
          let marker: String
          switch style {
          case "1.", "1)": marker = "\(position)\(style.dropFirst())"
          case "same": marker = "1."
          default: marker = style
          }
          position += 1
          let spacing = pick([" ", " ", " ", "  ", "\t"])
          lines.append(indent + marker + spacing + name())
          let width = spacing == "\t" ? 4 - (indent.count + marker.count) % 4 : spacing.count
          let column = String(repeating: " ", count: indent.count + marker.count + width)
          if chance(20) {
            lines += pick([
              [column + "Recorded live."],
              [column + "- a note", column + "- another note"],
              ["", column + "A paragraph after a blank line."],
              [column + "```", column + "1. not a track", column + "```"],
              ["a lazy line of the item"],
              ["\t- a note after a tab"],
            ])
          }
        }
      }
      if side < max(sides, 1) - 1 { lines.append("") }
    }
    // The players after the tracks: a bullet list, notes, never tracks.
    if chance(20) { lines += ["", "- Miles Davis, trumpet", "- Bill Evans, piano"] }
    if chance(60) { lines += ["", pick(["## Notes", "# Notes"]), "", "Great record.", "", "1. not a track"] }
    let ending = pick(["\n", "\n", "\r\n"])
    return lines.joined(separator: ending) + (chance(85) ? ending : "")
  }
}

/// A change to a track list, and which original track each new one is.
private enum Mutation: CustomStringConvertible {
  case add(at: Int)
  case remove(Int)
  case up(Int)
  case down(Int)
  case rename(Int)

  var description: String {
    switch self {
    case .add(let at): "add at \(at + 1)"
    case .remove(let index): "rm \(index + 1)"
    case .up(let index): "up \(index + 1)"
    case .down(let index): "down \(index + 1)"
    case .rename(let index): "rename \(index + 1)"
    }
  }

  /// The new tracks, and for each the index of the original track it is
  /// (nil for a new one).
  func apply(to tracks: [String], newName: String) -> (tracks: [String], origin: [Int?], named: Set<Int>) {
    var origin: [Int?] = Array(tracks.indices)
    var tracks = tracks
    switch self {
    case .add(let at):
      tracks.insert(newName, at: at)
      origin.insert(nil, at: at)
      return (tracks, origin, [])
    case .remove(let index):
      tracks.remove(at: index)
      origin.remove(at: index)
      return (tracks, origin, [index])
    case .up(let index):
      tracks.swapAt(index, index - 1)
      origin.swapAt(index, index - 1)
      return (tracks, origin, [index, index - 1])
    case .down(let index):
      tracks.swapAt(index, index + 1)
      origin.swapAt(index, index + 1)
      return (tracks, origin, [index, index + 1])
    case .rename(let index):
      tracks[index] = newName
      return (tracks, origin, [index])
    }
  }
}

/// The lines of a text with their breaks.
private func lines(of text: String) -> [String] {
  var result: [String] = []
  var current = ""
  for character in text {
    current.append(character)
    if character == "\n" || character == "\r\n" || character == "\r" {
      result.append(current)
      current = ""
    }
  }
  if !current.isEmpty { result.append(current) }
  return result
}

/// A marker line with its number and the spaces after the marker left out.
private func withoutNumber(_ line: String) -> String {
  let indent = line.prefix { $0 == " " }
  var rest = line.dropFirst(indent.count)
  let digits = rest.prefix { $0.isASCII && $0.isNumber }
  guard !digits.isEmpty else { return line }
  rest = rest.dropFirst(digits.count)
  guard let delimiter = rest.first else { return line }
  return indent + "#" + String(delimiter) + " " + rest.dropFirst().drop { $0 == " " || $0 == "\t" }
}

/// A marker line's text without its indent, marker and the spaces after it.
private func withoutMarker(_ line: String) -> String {
  line.drop { $0 == " " }.drop { $0 != " " && $0 != "\t" }.drop { $0 == " " || $0 == "\t" }.trimmingSuffix()
}

@Suite struct AlbumBodyPropertyTests {
  @Test func changesTouchOnlyTheNamedItems() {
    var generator = BodyGenerator(random: SeededGenerator(seed: 2026))
    var runs = 0
    var failures = 0
    func fail(_ message: String, _ body: String, _ mutation: Mutation, _ output: String) {
      failures += 1
      if failures <= 8 { Issue.record("\(message) after \(mutation) of:\n\(body.debugDescription)\ngave:\n\(output.debugDescription)") }
    }
    for _ in 0..<800 {
      let body = generator.body()
      let original = AlbumBody.parse(ArraySlice(Array(body.utf8)))
      let items = original.body.trackItems
      guard !items.isEmpty else { continue }
      var mutations: [Mutation] = [.add(at: items.count), .add(at: Int.random(in: 0...items.count, using: &generator.random))]
      let index = Int.random(in: 0..<items.count, using: &generator.random)
      mutations += [.remove(index), .rename(index)]
      if index > 0 { mutations.append(.up(index)) }
      if index < items.count - 1 { mutations.append(.down(index)) }
      for mutation in mutations {
        runs += 1
        let (tracks, origin, named) = mutation.apply(to: original.tracks, newName: "New \(runs)")
        let output = original.body.rendered(tracks: tracks)
        let reread = AlbumBody.parse(ArraySlice(Array(output.utf8))).body
        guard reread.trackItems.map(\.name) == tracks else {
          fail("reads back \(reread.trackItems.map(\.name)), not \(tracks)", body, mutation, output)
          continue
        }
        if tracks.isEmpty, !reread.hasTrackSection {
          // The last track went with a section that held nothing else: the
          // text around it stays.
          let section = original.body.section!
          let outside = lines(of: body).enumerated().filter { !(section.headingLine..<section.endLine).contains($0.offset) }.map(\.element)
          let kept = { (lines: [String]) in lines.map { $0.trimmingSuffix() }.filter { !$0.allSatisfy { $0 == " " } } }
          if kept(outside) != kept(lines(of: output)) { fail("the text around the section changed", body, mutation, output) }
          continue
        }
        if let problem = check(original: original.body, output: reread, origin: origin, named: named, mutation: mutation) {
          fail(problem, body, mutation, output)
        }
      }
    }
    #expect(failures == 0, "\(failures) of \(runs) changes went wrong")
    #expect(runs > 3000)
  }

  /// What is wrong with `output`, if anything: a line outside the named
  /// items that changed, a note that left its track, a number that changed
  /// without need or did not change with need.
  private func check(original: AlbumBody, output: AlbumBody, origin: [Int?], named: Set<Int>, mutation: Mutation) -> String? {
    let before = lines(of: string(original.source[...]))
    let after = lines(of: string(output.source[...]))
    // Every line outside the items, in order, with the items that were not
    // named where they were.
    func skeleton(_ body: AlbumBody, _ lines: [String], ids: [Int?]) -> [String] {
      var starts: [Int: Int?] = [:]
      var inItem = Set<Int>()
      for (index, item) in body.trackItems.enumerated() {
        starts[item.lines.lowerBound] = ids[index]
        inItem.formUnion(item.lines)
      }
      var result: [String] = []
      for (index, line) in lines.enumerated() {
        if let id = starts[index] {
          if let id, !named.contains(id) { result.append("<item \(id)>") }
        } else if !inItem.contains(index) {
          result.append(line)
        }
      }
      return result
    }
    var old = skeleton(original, before, ids: Array(original.trackItems.indices))
    var new = skeleton(output, after, ids: origin)
    let isBlank = { (line: String) in line.allSatisfy { $0 == " " || $0 == "\t" || $0.isNewline } }
    switch mutation {
    case .add, .remove:
      // Blank lines that separated the item may come or go with it.
      let oldBlanks = old.filter(isBlank).count
      let newBlanks = new.filter(isBlank).count
      if case .add = mutation, newBlanks < oldBlanks { return "blank lines were lost" }
      if case .remove = mutation, newBlanks > oldBlanks { return "blank lines were added" }
      old.removeAll(where: isBlank)
      new.removeAll(where: isBlank)
    default: break
    }
    // The last line may have lost or gained its break with a change at the end.
    func trimmedLast(_ lines: [String]) -> [String] {
      guard let last = lines.last else { return lines }
      return lines.dropLast() + [last.trimmingSuffix()]
    }
    if trimmedLast(old) != trimmedLast(new) { return "lines outside the named items changed" }

    // Each item keeps its lines; only its number (and the spaces after it,
    // and a note's indentation that follows them) may change.
    for (index, item) in output.trackItems.enumerated() {
      guard let from = origin[index] else { continue }
      let was = original.trackItems[from]
      var oldLines = Array(before[was.lines])
      let newLines = Array(after[item.lines])
      if case .rename = mutation, named.contains(from) {
        oldLines[was.nameLine - was.lines.lowerBound] = oldLines[was.nameLine - was.lines.lowerBound]
          .replacingOccurrences(of: was.name, with: item.name)
      }
      let strip = { (lines: [String]) in lines.map { $0.trimmingSuffix() } }
      let notes = { (lines: [String]) in strip(Array(lines.dropFirst())).map { $0.drop { $0 == " " || $0 == "\t" } } }
      if named.contains(from) {
        // A moved item is written like the list it joins; its text and note go with it.
        if withoutMarker(oldLines[0]) != withoutMarker(newLines[0]) || notes(oldLines) != notes(newLines) {
          return "item \(from + 1) lost text on its way"
        }
      } else if item.marker.number == was.marker.number {
        if strip(oldLines) != strip(newLines) { return "item \(from + 1) changed although its number did not" }
      } else {
        if withoutNumber(oldLines[0]).trimmingSuffix() != withoutNumber(newLines[0]).trimmingSuffix()
          || notes(oldLines) != notes(newLines)
        {
          return "item \(from + 1) changed more than its number"
        }
      }
    }

    // A side numbered 1, 2, 3… stays so.
    for side in Set(original.trackItems.map(\.sideIndex)) {
      let numbers = { (body: AlbumBody) in body.trackItems.filter { $0.sideIndex == side }.map(\.marker.number) }
      let was = numbers(original)
      guard !was.isEmpty, was == (1...was.count).map({ Optional($0) }) else { continue }
      let now = numbers(output)
      if now != (0..<now.count).map({ Optional($0 + 1) }) { return "side \(side) is no longer numbered 1…\(now.count): \(now)" }
    }
    return nil
  }
}

extension StringProtocol {
  /// The text without its line break.
  fileprivate func trimmingSuffix() -> String {
    var text = Substring(self)
    while let last = text.last, last.isNewline { text = text.dropLast() }
    return String(text)
  }
}
