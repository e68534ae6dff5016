/// Writing a changed track list back into the body, touching only the lines
/// of the items that changed (docs/album-format.md,
/// "What rk keeps byte for byte").
///
/// Each track item of the original body is a slot. The new track list is
/// matched to the old one by name and length (kept, renamed, moved, removed,
/// added); kept, renamed and moved tracks that stay on their side fill that
/// side's slots that remain, in order, each with its own lines (so a
/// per-track note moves with its track); a removed track's slot goes, with
/// the blank lines that separated it, and so does the slot of a track that
/// moves to another side; an added track, or one that came from another
/// side, gets a new line after the track before it on its side, written like
/// its neighbours (after the side's heading when the side has no track left;
/// under a new `###` heading at the end of the list for a new side). A
/// rename rewrites only the name, a new length only the `(m:ss)` after it.
/// Numbers follow the list's own scheme: a side numbered 1, 2, 3… stays so
/// (restarting after each `###` heading), a list numbered `1. 1. 1.` keeps
/// its numbers.
extension AlbumBody {
  /// The body text with `tracks` as its track list.
  func rendered(_ tracks: [Album.Track]) -> String {
    if tracks == trackList { return string(source[...]) }
    let headings = section?.sideHeadingLines.count ?? 0
    if trackItems.isEmpty, section == nil || !tracks.contains(where: { $0.sideIndex >= 1 && $0.sideIndex <= headings }) {
      return string(addingList(tracks)[...])
    }
    if tracks.isEmpty, let section, sectionHoldsOnlyTracks(section) { return string(droppingSection(section)[...]) }
    return string(TrackListEdit(body: self, tracks: tracks).output[...])
  }

  /// The body text with tracks of these names; each track whose name stays
  /// keeps its side and length (``Album/tracks``).
  func rendered(tracks: [String]) -> String {
    rendered(Album.trackList(tracks, replacing: trackList))
  }

  /// The line ending lines that `rk` adds use: the body's own.
  var lineEnding: [UInt8] { Array(LineEnding(of: source[...]).rawValue.utf8) }

  func bytes(ofLines range: Range<Int>) -> ArraySlice<UInt8> {
    guard !range.isEmpty else { return [] }
    return source[lines[range.lowerBound].start..<lines[range.upperBound - 1].end]
  }

  /// A canonical list: `1. Name (m:ss)` lines, numbered from 1 on each
  /// side; a track on a side the body has no heading for goes under a new
  /// `### side` heading.
  private func canonicalList(_ tracks: [Album.Track], knownSides: Int) -> [UInt8] {
    var list: [UInt8] = []
    var number = 0
    var side: Int?
    for track in tracks {
      if track.sideIndex != side {
        if track.sideIndex > knownSides, let heading = track.side {
          if !list.isEmpty { list += lineEnding }
          list += Array("### \(heading)".utf8) + lineEnding + lineEnding
        }
        side = track.sideIndex
        number = 0
      }
      number += 1
      list += Array("\(number). \(track.text)".utf8) + lineEnding
    }
    return list
  }

  /// A body without track items given its first tracks: a new list at the
  /// end of the `## Tracks` section, or a new section at the top.
  private func addingList(_ tracks: [Album.Track]) -> [UInt8] {
    let list = canonicalList(tracks, knownSides: section?.sideHeadingLines.count ?? 0)
    guard let section else {
      // A new section goes first, then the person's text after one blank line.
      var text = lineEnding + Array("## Tracks".utf8) + lineEnding + lineEnding + list
      let firstText = lines.indices.first { !isBlankLine($0) }
      if let firstText { text += lineEnding + bytes(ofLines: firstText..<lines.count) }
      return text
    }
    let last = (section.headingLine..<section.endLine).last { !isBlankLine($0) } ?? section.headingLine
    let atEnd = inserting(list, after: last)
    if last == section.headingLine || AlbumBody(parsing: atEnd).trackList.map(\.text) == tracks.map(\.text) { return atEnd }
    // The section ends in a block that is never closed (a code fence, an
    // HTML comment) and would swallow the list: put it under the heading.
    return inserting(list, after: section.headingLine)
  }

  /// The body with `list` after line `last`, blank lines around it.
  private func inserting(_ list: [UInt8], after last: Int) -> [UInt8] {
    var text = Array(bytes(ofLines: 0..<(last + 1)))
    if lines[last].end == lines[last].contentEnd { text += lineEnding }
    text += lineEnding + list
    let rest = bytes(ofLines: (last + 1)..<lines.count)
    if last + 1 < lines.count, !isBlankLine(last + 1) { text += lineEnding }
    if rest.isEmpty, lines[last].end == lines[last].contentEnd {
      // The body had no final line break; neither has it now.
      text.removeLast(lineEnding.count)
    }
    return text + rest
  }

  /// Whether the section holds nothing but its heading, blank lines and
  /// track items.
  private func sectionHoldsOnlyTracks(_ section: Section) -> Bool {
    var tracked = Set<Int>(section.headingStart...section.headingLine)
    for item in trackItems { tracked.formUnion(item.lines) }
    return (section.headingLine..<section.endLine).allSatisfy { tracked.contains($0) || isBlankLine($0) }
  }

  /// The body without its track section, the text around it joined by one
  /// blank line.
  private func droppingSection(_ section: Section) -> [UInt8] {
    let headEnd = (0..<section.headingStart).last { !isBlankLine($0) }.map { $0 + 1 } ?? 0
    let tailStart = (section.endLine..<lines.count).first { !isBlankLine($0) } ?? lines.count
    var head = Array(bytes(ofLines: 0..<headEnd))
    let tail = bytes(ofLines: tailStart..<lines.count)
    if headEnd > 0, lines[headEnd - 1].end == lines[headEnd - 1].contentEnd { head += lineEnding }
    if tail.isEmpty { return head }
    return head + lineEnding + tail
  }
}

/// One rewrite of a track list; see the extension above.
private struct TrackListEdit {
  let body: AlbumBody
  let items: [AlbumBody.TrackItem]
  /// The heading of each side the new tracks are on.
  var headings: [Int: String] = [:]
  var output: [UInt8] = []

  /// What fills a place in the list.
  enum Source {
    /// An item of the original body, renamed or given another length when
    /// `track` is set.
    case item(Int, track: Album.Track?)
    /// A new item.
    case new(Album.Track)
  }

  /// A track written at a slot (the slot's own item, or one next to it
  /// that takes its list and side), with its number when it is ordered.
  struct Entry {
    var source: Source
    var number: Int?
  }

  /// What tells tracks apart when matching the new list to the old.
  struct Key: Hashable {
    var name: String
    var duration: Int?
    var favourite: Bool
  }

  init(body: AlbumBody, tracks: [Album.Track]) {
    self.body = body
    items = body.trackItems
    for track in tracks { if let side = track.side { headings[track.sideIndex] = side } }
    var (sources, removed) = Self.match(
      old: items.map { Key(name: $0.name, duration: $0.duration, favourite: $0.favourite) },
      new: tracks.map { Key(name: $0.name, duration: $0.duration, favourite: $0.favourite) },
      tracks: tracks)
    // Kept, renamed and moved tracks fill the slots that remain on their
    // side, in order; a new track, or one more than its side has slots
    // for, goes right after the one before it on its side (or before the
    // side's first, or after its heading when the side has no slot left).
    let remaining = Dictionary(grouping: items.indices.filter { !removed.contains($0) }, by: { items[$0].sideIndex })
    var nextSlot: [Int: Int] = [:]
    var placed: [Int: [Entry]] = [:]  // slot → the entries written there, in order
    var anchored: [Int: [Entry]] = [:]  // side → entries for a side with no slot
    var leading: [Entry] = []
    var leadingSide = 0
    var previousSlot: Int?
    for (index, source) in sources.enumerated() {
      let side = tracks[index].sideIndex
      if !leading.isEmpty, leadingSide != side {
        anchored[leadingSide, default: []] += leading
        leading = []
      }
      if let slot = previousSlot, items[slot].sideIndex != side { previousSlot = nil }
      let position = nextSlot[side, default: 0]
      var isNew = false
      if case .new = source { isNew = true }
      guard !isNew, let slots = remaining[side], position < slots.count else {
        if let previousSlot {
          placed[previousSlot, default: []].append(Entry(source: source))
        } else {
          leading.append(Entry(source: source))
          leadingSide = side
        }
        continue
      }
      let slot = slots[position]
      nextSlot[side] = position + 1
      placed[slot] = leading + [Entry(source: source)]
      leading = []
      previousSlot = slot
    }
    // A side that lost tracks to another keeps its first slots.
    for (side, slots) in remaining { removed.formUnion(slots.dropFirst(nextSlot[side, default: 0])) }
    if !leading.isEmpty { anchored[leadingSide, default: []] += leading }
    number(&placed, &anchored)
    output = assemble(placed, anchored: anchored, removed: removed)
  }

  /// Matches the new tracks to the old items: for each new track, the old
  /// item it continues (kept, renamed or moved) or `.new`; and the old items
  /// that are gone.
  static func match(old: [Key], new: [Key], tracks: [Album.Track]) -> ([Source], Set<Int>) {
    let difference = new.difference(from: old).inferringMoves()
    var removedAt: [Int: Int?] = [:]  // old offset → new offset it moved to
    var insertedAt: [Int: Int?] = [:]  // new offset → old offset it moved from
    for change in difference {
      switch change {
      case .remove(let offset, _, let associated): removedAt[offset] = associated
      case .insert(let offset, _, let associated): insertedAt[offset] = associated
      }
    }
    var sources: [Source?] = Array(repeating: nil, count: new.count)
    var removed = Set<Int>()
    var i = 0
    var j = 0
    while i < old.count || j < new.count {
      var oldGap: [Int] = []
      var newGap: [Int] = []
      while i < old.count, let associated = removedAt[i] {
        if associated == nil { oldGap.append(i) }
        i += 1
      }
      while j < new.count, let associated = insertedAt[j] {
        if let from = associated { sources[j] = .item(from, track: nil) } else { newGap.append(j) }
        j += 1
      }
      // A removal and an insertion at one place are a rename: the item
      // keeps its lines and its note.
      for (from, to) in zip(oldGap, newGap) { sources[to] = .item(from, track: tracks[to]) }
      removed.formUnion(oldGap.dropFirst(newGap.count))
      for to in newGap.dropFirst(oldGap.count) { sources[to] = .new(tracks[to]) }
      // What is left on both sides starts with a kept track (a difference
      // keeps as many on each side).
      guard i < old.count, j < new.count else { break }
      sources[j] = .item(i, track: nil)
      i += 1
      j += 1
    }
    return (sources.enumerated().map { $1 ?? .new(tracks[$0]) }, removed)
  }

  // MARK: Numbers

  /// How a side or list is numbered.
  enum Scheme {
    /// Consecutive numbers from `start` across the side.
    case side(start: Int)
    /// Consecutive numbers from `start` within each list.
    case list(start: Int)
    /// The person's own numbers, kept.
    case asWritten
  }

  /// Gives each entry of an ordered item its number; the entries of a side
  /// with no slot left are its only tracks, numbered from 1.
  func number(_ placed: inout [Int: [Entry]], _ anchored: inout [Int: [Entry]]) {
    for (side, entries) in anchored {
      anchored[side] = entries.enumerated().map { Entry(source: $1.source, number: $0 + 1) }
    }
    let sideSchemes = Dictionary(grouping: items.indices, by: { items[$0].sideIndex }).mapValues { scheme(of: $0) }
    let listSchemes = Dictionary(grouping: items.indices, by: { items[$0].list }).mapValues { scheme(of: $0) }
    var sidePositions: [Int: Int] = [:]
    var listPositions: [Int: Int] = [:]
    for slot in items.indices {
      guard var entries = placed[slot] else { continue }
      let item = items[slot]
      for index in entries.indices {
        let sidePosition = sidePositions[item.sideIndex, default: 0]
        let listPosition = listPositions[item.list, default: 0]
        sidePositions[item.sideIndex] = sidePosition + 1
        listPositions[item.list] = listPosition + 1
        switch (sideSchemes[item.sideIndex], listSchemes[item.list]) {
        case (.side(let start), _): entries[index].number = start + sidePosition
        case (_, .list(let start)): entries[index].number = start + listPosition
        default: entries[index].number = nil
        }
      }
      placed[slot] = entries
    }
  }

  /// The scheme of the original items `indices` (a side or a list).
  func scheme(of indices: [Int]) -> Scheme {
    let numbered = indices.enumerated().compactMap { position, index in items[index].marker.number.map { (position, $0) } }
    guard let first = numbered.first else { return .asWritten }
    let start = first.1 - first.0
    guard start >= 0, numbered.allSatisfy({ $0.1 == start + $0.0 }) else { return .asWritten }
    let isOneList = Set(indices.map { items[$0].list }).count == 1
    return isOneList ? .list(start: start) : .side(start: start)
  }

  // MARK: Lines

  /// The new body: the original lines, with each slot's lines replaced by
  /// the entries placed there.
  func assemble(_ placed: [Int: [Entry]], anchored: [Int: [Entry]], removed: Set<Int>) -> [UInt8] {
    // Lines of removed slots and the blank lines that separated them.
    var dropped = Set<Int>()
    var replaced: [Int: Int] = [:]  // first line of a slot → slot
    for slot in items.indices {
      replaced[items[slot].lines.lowerBound] = slot
      if removed.contains(slot) {
        dropped.formUnion(items[slot].lines)
        for range in separator(droppedWith: slot, removed: removed) { dropped.formUnion(range) }
      }
    }
    let insertions = self.insertions(anchored, dropped: dropped)
    var text: [UInt8] = []
    var line = 0
    while line < body.lines.count {
      var last = line
      if let slot = replaced[line] {
        if let entries = placed[slot] { text += render(entries, at: slot) }
        last = items[slot].lines.upperBound
      } else if !dropped.contains(line) {
        text += body.bytes(ofLines: line..<(line + 1))
      }
      if let block = insertions[last] {
        // Text with no line break at its end (the end of the body) gets one.
        if let end = text.last, end != UInt8(ascii: "\n") && end != UInt8(ascii: "\r") { text += body.lineEnding }
        text += block
      }
      line = last + 1
    }
    return text
  }

  /// The blocks to write after a line, for the tracks of sides that have no
  /// slot: where the side's last item was (after its heading, or the
  /// `## Tracks` heading for the tracks before any `###`, when it had none),
  /// or under a new heading after the last item or side heading of the
  /// list. Never after the text that follows the list, which stays after it.
  func insertions(_ anchored: [Int: [Entry]], dropped: Set<Int>) -> [Int: [UInt8]] {
    guard let section = body.section, !anchored.isEmpty else { return [:] }
    let headings = section.sideHeadingLines
    var blocks: [Int: [UInt8]] = [:]
    for (side, entries) in anchored.sorted(by: { $0.key < $1.key }) where side <= headings.count {
      let line = items.last { $0.sideIndex == side }?.lines.upperBound ?? (side == 0 ? section.headingLine : headings[side - 1])
      blocks[line, default: []] += entries.flatMap { newLines($0) + body.lineEnding }
    }
    let newSides = anchored.filter { $0.key > headings.count }.sorted { $0.key < $1.key }
    if !newSides.isEmpty {
      let last = max(items.last?.lines.upperBound ?? section.headingLine, headings.last ?? section.headingLine)
      var block: [UInt8] = []
      for (side, entries) in newSides {
        if let heading = self.headings[side] {
          if !block.isEmpty || blocks[last] != nil { block += body.lineEnding }
          block += Array("### \(heading)".utf8) + body.lineEnding + body.lineEnding
        }
        block += entries.flatMap { newLines($0) + body.lineEnding }
      }
      blocks[last, default: []] += block
    }
    // A blank line between a block and the text around it that remains.
    for (line, block) in blocks {
      let before = (0...line).last { !dropped.contains($0) }
      let after = ((line + 1)..<body.lines.count).first { !dropped.contains($0) }
      var separated = block
      if let before, !body.isBlankLine(before) { separated = body.lineEnding + separated }
      if let after, !body.isBlankLine(after) { separated += body.lineEnding }
      blocks[line] = separated
    }
    return blocks
  }

  /// An entry written on its own, like the body's first track item (or as
  /// `N. name` when there is none), without its final line break.
  func newLines(_ entry: Entry) -> [UInt8] {
    guard let template = items.first else {
      let text: String =
        switch entry.source {
        case .new(let track): track.text
        case .item(let index, let track):
          track?.text ?? Album.Track(name: items[index].name, duration: items[index].duration, favourite: items[index].favourite).text
        }
      return Array("\(entry.number ?? 1). \(text)".utf8)
    }
    switch entry.source {
    case .new(let track): return newItemLine(track.text, number: entry.number, like: template)
    case .item(let index, let track): return itemLines(items[index], retitledTo: track, writtenLike: template, number: entry.number)
    }
  }

  /// The blank lines that go with a removed slot: those before it when a
  /// track that stays comes before it in its list, else those after it.
  /// When its whole list goes, the blank lines between its items go, and
  /// those after the list (or before it, at the end of the body).
  func separator(droppedWith slot: Int, removed: Set<Int>) -> [Range<Int>] {
    let list = items.indices.filter { items[$0].list == items[slot].list }
    let position = list.firstIndex(of: slot) ?? 0
    let staysBefore = list[..<position].contains { !removed.contains($0) }
    let staysAfter = list[(position + 1)...].contains { !removed.contains($0) }
    let before = position > 0 ? blankLines(between: items[list[position - 1]].lines.upperBound, and: items[slot].lines.lowerBound) : 0..<0
    let after =
      position + 1 < list.count ? blankLines(between: items[slot].lines.upperBound, and: items[list[position + 1]].lines.lowerBound) : 0..<0
    if staysBefore { return [before] }
    if staysAfter { return [after] }
    guard position == list.count - 1 else { return [before] }
    // The last item of a list that goes entirely.
    let end = items[slot].lines.upperBound
    if let next = ((end + 1)..<body.lines.count).first(where: { !body.isBlankLine($0) }) { return [before, (end + 1)..<next] }
    let start = items[list[0]].lines.lowerBound
    let previous = (0..<start).last { !body.isBlankLine($0) } ?? -1
    return [before, (previous + 1)..<start]
  }

  /// The lines strictly between two lines when all are blank, else none.
  func blankLines(between first: Int, and last: Int) -> Range<Int> {
    let range = (first + 1)..<max(first + 1, last)
    return range.allSatisfy(body.isBlankLine) ? range : range.lowerBound..<range.lowerBound
  }

  /// The lines for the entries placed at `slot`, ending with the line break
  /// the slot's last line had.
  func render(_ entries: [Entry], at slot: Int) -> [UInt8] {
    let slotItem = items[slot]
    let last = body.lines[slotItem.lines.upperBound]
    var text: [UInt8] = []
    for (offset, entry) in entries.enumerated() {
      if offset > 0 { text += body.lineEnding + spacing(for: slot) }
      switch entry.source {
      case .item(let index, let track):
        let item = items[index]
        let marker = item.marker
        if marker.character == slotItem.marker.character && (marker.number == nil) == (slotItem.marker.number == nil)
          && marker.indent == slotItem.marker.indent
        {
          text += itemLines(item, retitledTo: track, number: entry.number)
        } else {
          text += itemLines(item, retitledTo: track, writtenLike: slotItem, number: entry.number)
        }
      case .new(let track): text += newItemLine(track.text, number: entry.number, like: slotItem)
      }
    }
    return text + body.source[last.contentEnd..<last.end]
  }

  /// The blank lines between a slot's item and its neighbour in the list,
  /// copied for a new item placed next to it.
  func spacing(for slot: Int) -> ArraySlice<UInt8> {
    let list = items.indices.filter { items[$0].list == items[slot].list }
    guard let position = list.firstIndex(of: slot) else { return [] }
    let gap: Range<Int>
    if position > 0 {
      gap = blankLines(between: items[list[position - 1]].lines.upperBound, and: items[slot].lines.lowerBound)
    } else if position + 1 < list.count {
      gap = blankLines(between: items[slot].lines.upperBound, and: items[list[position + 1]].lines.lowerBound)
    } else {
      return []
    }
    return body.bytes(ofLines: gap)
  }

  /// An item's line with the name, length and star of `track` where they
  /// differ from the item's: only the name, only the `(m:ss)` after it, or
  /// only the ` ★` at the end, changes.
  func retitle(_ content: inout [UInt8], lineStart: Int, _ item: AlbumBody.TrackItem, to track: Album.Track?) {
    guard let track else { return }
    // From the end of the line, so that the earlier ranges stay where they were.
    if track.favourite != item.favourite {
      let star = track.favourite ? FavouriteStar.suffix : ""
      content.replaceSubrange((item.textEnd - lineStart)..<(item.starEnd - lineStart), with: Array(star.utf8))
    }
    if track.duration != item.duration {
      let length = track.duration.map { " (\(TrackDuration.text($0)))" } ?? ""
      content.replaceSubrange((item.nameRange.upperBound - lineStart)..<(item.textEnd - lineStart), with: Array(length.utf8))
    }
    if track.name != item.name {
      content.replaceSubrange(
        (item.nameRange.lowerBound - lineStart)..<(item.nameRange.upperBound - lineStart), with: Array(track.name.utf8))
    }
  }

  /// An item's lines without the final line break, renamed and renumbered;
  /// its original bytes when neither changes.
  func itemLines(_ item: AlbumBody.TrackItem, retitledTo track: Album.Track?, number: Int?) -> [UInt8] {
    var result: [UInt8] = []
    var shift = 0
    for index in item.lines {
      let line = body.lines[index]
      var content = Array(body.source[line.start..<line.contentEnd])
      if index == item.nameLine { retitle(&content, lineStart: line.start, item, to: track) }
      if index == item.lines.lowerBound, let number, let old = item.marker.number, number != old {
        shift = renumber(&content, to: number, hasNote: item.lines.count > 1)
      } else if index != item.lines.lowerBound, shift != 0, !body.isBlankLine(index),
        indentColumns(content) >= item.marker.indent + item.marker.padding
      {
        // The text's column moved with the number: the note moves with it.
        content = shifted(content, by: shift)
      }
      result += content
      if index != item.lines.upperBound { result += body.source[line.contentEnd..<line.end] }
    }
    return result
  }

  /// An item moved into a list written differently (another bullet, a
  /// number instead of a bullet, another indent): its marker is written
  /// like the list's, and its note moves with the text's column so that it
  /// stays in the item.
  func itemLines(
    _ item: AlbumBody.TrackItem, retitledTo track: Album.Track?, writtenLike template: AlbumBody.TrackItem, number: Int?
  ) -> [UInt8] {
    var result: [UInt8] = []
    var delta = 0
    let oldColumn = item.marker.indent + item.marker.padding
    for index in item.lines {
      let line = body.lines[index]
      var content = Array(body.source[line.start..<line.contentEnd])
      if index == item.nameLine { retitle(&content, lineStart: line.start, item, to: track) }
      if index == item.lines.lowerBound {
        let markerStart = content.firstIndex { $0 != UInt8(ascii: " ") } ?? content.count
        let markerEnd = content[markerStart...].firstIndex(where: isBlank) ?? content.count
        let text = content[markerEnd...].drop(while: isBlank)
        var spacing = Array(content[markerEnd..<text.startIndex])
        if !(1...4).contains(spacing.count) || spacing.contains(where: { $0 != UInt8(ascii: " ") }) { spacing = [UInt8(ascii: " ")] }
        var line = markerPrefix(like: template, number: number)
        if text.isEmpty {
          delta = line.count + 1 - oldColumn
        } else {
          line += spacing + text
          delta = line.count - text.count - oldColumn
        }
        content = line
      } else if delta != 0, !body.isBlankLine(index), indentColumns(content) >= oldColumn {
        content = shifted(content, by: delta)
      }
      result += content
      if index != item.lines.upperBound { result += body.source[line.contentEnd..<line.end] }
    }
    return result
  }

  /// The indent and marker of `template`'s first line, numbered `number`
  /// (or as the template is) when it is an ordered item.
  func markerPrefix(like template: AlbumBody.TrackItem, number: Int?) -> [UInt8] {
    let line = body.lines[template.lines.lowerBound]
    let text = body.source[line.start..<line.contentEnd]
    let markerStart = text.firstIndex { $0 != UInt8(ascii: " ") } ?? text.startIndex
    let markerEnd = text[markerStart...].firstIndex(where: isBlank) ?? text.endIndex
    var result = Array(text[text.startIndex..<markerStart])
    if let templateNumber = template.marker.number {
      result += Array("\(number ?? templateNumber)".utf8) + [template.marker.character]
    } else {
      result += text[markerStart..<markerEnd]
    }
    return result
  }

  /// Rewrites the number of the marker at the start of `line`. When the
  /// item has a note under it and the number's width changes, the text
  /// keeps its column where 1 to 4 spaces after the marker allow it; returns
  /// how many columns the note must then move (so that it stays in the item
  /// with the same meaning).
  func renumber(_ line: inout [UInt8], to number: Int, hasNote: Bool) -> Int {
    let markerStart = line.firstIndex { $0 != UInt8(ascii: " ") } ?? 0
    let digitsEnd = line[markerStart...].firstIndex { $0 < UInt8(ascii: "0") || $0 > UInt8(ascii: "9") } ?? line.count
    let newDigits = Array(String(number).utf8)
    let growth = newDigits.count - (digitsEnd - markerStart)
    let markerEnd = min(digitsEnd + 1, line.count)
    let textStart = line[markerEnd...].firstIndex { !isBlank($0) } ?? line.count
    let textColumn = columns(line[..<textStart])
    line.replaceSubrange(markerStart..<digitsEnd, with: newDigits)
    guard hasNote, growth != 0 else { return 0 }
    // No text after the marker: the note's column follows the marker.
    guard textStart < line.count - growth else { return growth }
    let newMarkerEnd = markerEnd + growth
    let spaces = min(4, max(1, textColumn - newMarkerEnd))
    line.replaceSubrange(newMarkerEnd..<(textStart + growth), with: Array(repeating: UInt8(ascii: " "), count: spaces))
    return newMarkerEnd + spaces - textColumn
  }

  /// A note line moved `delta` columns (its indentation rewritten as spaces).
  func shifted(_ line: [UInt8], by delta: Int) -> [UInt8] {
    let indent = line.prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    let width = max(0, columns(indent) + delta)
    return Array(repeating: UInt8(ascii: " "), count: width) + line[indent.count...]
  }

  /// A new item's line, written like `template`: its indent, its bullet or
  /// delimiter, the spaces after its marker.
  func newItemLine(_ name: String, number: Int?, like template: AlbumBody.TrackItem) -> [UInt8] {
    let line = body.lines[template.lines.lowerBound]
    let text = body.source[line.start..<line.contentEnd]
    let markerStart = text.firstIndex { $0 != UInt8(ascii: " ") } ?? text.startIndex
    let markerEnd = text[markerStart...].firstIndex(where: isBlank) ?? text.endIndex
    let spaces = text[markerEnd...].prefix { $0 == UInt8(ascii: " ") }.count
    return markerPrefix(like: template, number: number) + Array(repeating: UInt8(ascii: " "), count: (1...4).contains(spaces) ? spaces : 1)
      + Array(name.utf8)
  }

  /// The column after `bytes` (tabs to the next multiple of 4).
  func columns(_ bytes: ArraySlice<UInt8>) -> Int {
    bytes.reduce(0) { column, byte in byte == UInt8(ascii: "\t") ? column + 4 - column % 4 : column + 1 }
  }

  /// The columns of indentation of a line (`Int.max` for a blank one).
  func indentColumns(_ line: [UInt8]) -> Int {
    var column = 0
    for byte in line {
      if byte == UInt8(ascii: " ") {
        column += 1
      } else if byte == UInt8(ascii: "\t") {
        column += 4 - column % 4
      } else {
        return column
      }
    }
    return Int.max
  }
}
