/// An ordered list's file (`.recordkeeper/lists/NAME.md`, issue 32) merged
/// entry by entry, as a track list is:
///
/// 1. An album a side moved (`rk mv`, which renames it in every list) is
///    renamed on the other side and in the ancestor too, so the other
///    side's entries for it follow.
/// 2. The file merges by lines (``LineMerge``), each entry compared without
///    its number, since an insertion renumbers every entry after it. A
///    stretch both sides changed merges entry by entry: what both added at
///    one place is all kept, ours first; an entry one side removed goes.
///    A hand-written line both sides rewrote differently is a conflict.
/// 3. Then entry by entry over the whole file: an entry one side removed
///    and the other moved or changed, or one both sides moved or changed
///    differently, is a conflict, never a guess.
/// 4. The entries are numbered again; every other line stays as written.
///
/// Each conflict keeps our side's choice in ``bytes``; ``theirBytes`` is
/// the same merge with their side's choice, for `rk resolve --take theirs`.
struct OrderedListMerge {
  /// One conflict: what each side did, as `rk conflicts` shows it.
  struct Conflict: Equatable {
    var ours: String
    var theirs: String
  }

  /// The merged file, our choice in each conflict.
  private(set) var bytes: [UInt8] = []
  /// The merged file, their choice in each conflict.
  private(set) var theirBytes: [UInt8] = []
  private(set) var conflicts: [Conflict] = []

  /// Where a merged line came from: its line in ours, in theirs, or both.
  private struct Line {
    var bytes: ArraySlice<UInt8>
    var ours: Int?
    var theirs: Int?
  }

  /// Merges the list `name`'s versions; `base` is `nil` when both sides
  /// made the list (their common lines stand in for the ancestor).
  /// `renames` are the albums either side moved, old id → new id.
  init(name: String, base: [UInt8]?, ours: [UInt8], theirs: [UInt8], renames: [String: String] = [:]) {
    var ourFile = OrderedListFile(name: name, bytes: ours)
    var theirFile = OrderedListFile(name: name, bytes: theirs)
    let ancestor = base ?? AlbumMerge.commonLines(LineMerge.split(ours[...]), LineMerge.split(theirs[...])).reduce(into: []) { $0 += $1 }
    var baseFile = OrderedListFile(name: name, bytes: ancestor)
    // 1. Renames.
    for (old, new) in renames.sorted(by: { $0.key < $1.key }) {
      _ = baseFile.renameAlbum(old, to: new)
      _ = ourFile.renameAlbum(old, to: new)
      _ = theirFile.renameAlbum(old, to: new)
    }
    // 2. Lines.
    let b = baseFile.mergeLines
    let o = ourFile.mergeLines
    let t = theirFile.mergeLines
    var ourLines: [Line] = []
    var theirLines: [Line] = []
    for hunk in LineMerge.hunks(base: b.map(\.key), ours: o.map(\.key), theirs: t.map(\.key)) {
      switch hunk.kind {
      case .stable:
        let line = Line(
          bytes: LineMerge.kept(b[hunk.base.lowerBound].line, o[hunk.ours.lowerBound].line, t[hunk.theirs.lowerBound].line),
          ours: hunk.ours.lowerBound, theirs: hunk.theirs.lowerBound)
        ourLines.append(line)
        theirLines.append(line)
      case .ours, .same:
        let lines = hunk.ours.map { Line(bytes: o[$0].line, ours: $0, theirs: nil) }
        ourLines += lines
        theirLines += lines
      case .theirs:
        let lines = hunk.theirs.map { Line(bytes: t[$0].line, ours: nil, theirs: $0) }
        ourLines += lines
        theirLines += lines
      case .conflict:
        if let merged = Self.mergeEntries(hunk, base: b, ours: o, theirs: t) {
          ourLines += merged
          theirLines += merged
        } else {
          ourLines += hunk.ours.map { Line(bytes: o[$0].line, ours: $0, theirs: nil) }
          theirLines += hunk.theirs.map { Line(bytes: t[$0].line, ours: nil, theirs: $0) }
          conflicts.append(
            Conflict(ours: Self.describe(hunk.ours.map { o[$0].key }), theirs: Self.describe(hunk.theirs.map { t[$0].key })))
        }
      }
    }
    // 3. Entries.
    var ourDrops: Set<Int> = []
    var theirDrops: Set<Int> = []
    let ourResult = OrderedListFile(name: name, bytes: ourLines.reduce(into: []) { $0 += $1.bytes })
    let theirResult = OrderedListFile(name: name, bytes: theirLines.reduce(into: []) { $0 += $1.bytes })
    let baseIDs = baseFile.identities
    let ourIDs = ourFile.identities
    let theirIDs = theirFile.identities
    let (baseTexts, ourTexts, theirTexts) = (Self.entryTexts(baseFile, b), Self.entryTexts(ourFile, o), Self.entryTexts(theirFile, t))
    let ourMoved = Self.moved(baseFile, b, to: ourFile, o)
    let theirMoved = Self.moved(baseFile, b, to: theirFile, t)
    for (index, id) in baseIDs.enumerated() {
      let ourIndex = ourIDs.firstIndex(of: id)
      let theirIndex = theirIDs.firstIndex(of: id)
      func change(_ side: OrderedListFile, _ texts: [[ArraySlice<UInt8>]], _ at: Int?, moved: Set<String>) -> String? {
        guard let at else { return "removes \(baseFile.entries[index].reference)" }
        let changed = texts[at] != baseTexts[index]
        switch (moved.contains(id), changed) {
        case (true, true): return "moves \(side.entries[at].reference) to \(at + 1) and changes it to \(side.entries[at].text)"
        case (true, false): return "moves \(side.entries[at].reference) to \(at + 1)"
        case (false, true): return "changes \(side.entries[at].reference) to \(side.entries[at].text)"
        case (false, false): return nil
        }
      }
      let ourChange = change(ourFile, ourTexts, ourIndex, moved: ourMoved)
      let theirChange = change(theirFile, theirTexts, theirIndex, moved: theirMoved)
      if ourChange == nil && theirChange == nil { continue }
      let ourFirst = ourIndex.map { ourFile.items[$0].lines.lowerBound }
      let theirFirst = theirIndex.map { theirFile.items[$0].lines.lowerBound }
      // Each side's copy of the entry in each result.
      let ourCopies = Self.copies(of: ourFirst, ours: true, in: ourLines, result: ourResult)
      let theirCopies = Self.copies(of: theirFirst, ours: false, in: ourLines, result: ourResult)
      let oursInTheirs = Self.copies(of: ourFirst, ours: true, in: theirLines, result: theirResult)
      let theirsInTheirs = Self.copies(of: theirFirst, ours: false, in: theirLines, result: theirResult)
      guard let ourChange, let theirChange else {
        // One side left it as it was: the other's change stands, once
        // (a stretch kept as one side wrote it may hold the old copy too).
        if ourChange == nil {
          ourDrops.formUnion(ourCopies.subtracting(theirCopies))
          theirDrops.formUnion(oursInTheirs.subtracting(theirsInTheirs))
        } else {
          ourDrops.formUnion(theirCopies.subtracting(ourCopies))
          theirDrops.formUnion(theirsInTheirs.subtracting(oursInTheirs))
        }
        continue
      }
      // Both removed it, or both put it in one place the same way.
      if ourIndex == nil && theirIndex == nil { continue }
      if let ourIndex, let theirIndex, ourCopies.union(theirCopies).count == 1, ourTexts[ourIndex] == theirTexts[theirIndex] {
        continue
      }
      conflicts.append(Conflict(ours: ourChange, theirs: theirChange))
      ourDrops.formUnion(theirCopies.subtracting(ourCopies))
      theirDrops.formUnion(oursInTheirs.subtracting(theirsInTheirs))
    }
    // 4. Numbers.
    bytes = Self.numbered(ourResult, dropping: ourDrops)
    theirBytes = Self.numbered(theirResult, dropping: theirDrops)
  }

  /// A stretch both sides changed, merged entry by entry; `nil` when both
  /// rewrote a hand-written line in it, differently.
  private static func mergeEntries(
    _ hunk: LineMerge.Hunk, base: [OrderedListFile.MergeLine], ours: [OrderedListFile.MergeLine], theirs: [OrderedListFile.MergeLine]
  ) -> [Line]? {
    let b = units(base, hunk.base)
    let o = units(ours, hunk.ours)
    let t = units(theirs, hunk.theirs)
    let baseKeys = Set(b.map(\.key))
    let ourKeys = Set(o.map(\.key))
    let theirKeys = Set(t.map(\.key))
    // A hand-written line both sides rewrote, each its own way.
    func free(_ units: [Unit]) -> Set<String> { Set(units.filter { !$0.isEntry }.map(\.key)) }
    let bothRemoved = free(b).subtracting(ourKeys).subtracting(theirKeys)
    let ourAdded = free(o).subtracting(baseKeys)
    let theirAdded = free(t).subtracting(baseKeys)
    if !bothRemoved.isEmpty, !ourAdded.isEmpty, !theirAdded.isEmpty, ourAdded != theirAdded { return nil }
    func lines(_ unit: Unit, ours side: Bool) -> [Line] {
      unit.lines.map { side ? Line(bytes: ours[$0].line, ours: $0, theirs: nil) : Line(bytes: theirs[$0].line, ours: nil, theirs: $0) }
    }
    if hunk.base.isEmpty {
      // Both added lines at one place: ours, then theirs, an entry both added once.
      return o.flatMap { lines($0, ours: true) } + t.filter { !($0.isEntry && ourKeys.contains($0.key)) }.flatMap { lines($0, ours: false) }
    }
    // What only theirs added goes after what precedes it on their side.
    var insertions: [String?: [Unit]] = [:]
    var anchor: String?
    for unit in t {
      if ourKeys.contains(unit.key) {
        anchor = unit.key
      } else if !baseKeys.contains(unit.key) {
        insertions[anchor, default: []].append(unit)
      }
    }
    var merged = (insertions[nil] ?? []).flatMap { lines($0, ours: false) }
    for unit in o {
      // A base unit theirs removed and ours kept as it was.
      if !(baseKeys.contains(unit.key) && !theirKeys.contains(unit.key)) { merged += lines(unit, ours: true) }
      merged += (insertions[unit.key] ?? []).flatMap { lines($0, ours: false) }
    }
    return merged
  }

  /// An entry's lines, or one hand-written line, within a stretch; the key
  /// numbers repeats (`#2`) so that each unit has its own.
  private struct Unit {
    var key: String
    var lines: Range<Int>
    var isEntry: Bool
  }

  private static func units(_ version: [OrderedListFile.MergeLine], _ range: Range<Int>) -> [Unit] {
    var units: [Unit] = []
    for line in range {
      if let item = version[line].item, let last = units.last, last.isEntry, line > range.lowerBound, version[line - 1].item == item {
        units[units.count - 1].lines = last.lines.lowerBound..<(line + 1)
      } else {
        units.append(Unit(key: "", lines: line..<(line + 1), isEntry: version[line].item != nil))
      }
    }
    var seen: [String: Int] = [:]
    for index in units.indices {
      let text = units[index].lines.map { string(version[$0].key) }.joined(separator: "\n")
      seen[text, default: 0] += 1
      units[index].key = text + "\u{0}" + String(seen[text] ?? 1)
    }
    return units
  }

  /// The entries (identities) a side moved: those whose first line the
  /// line merge does not match to the same entry's on that side, as it
  /// takes them out at one place and puts them in at another.
  private static func moved(
    _ base: OrderedListFile, _ baseLines: [OrderedListFile.MergeLine], to side: OrderedListFile,
    _ sideLines: [OrderedListFile.MergeLine]
  ) -> Set<String> {
    let matches = LineMerge.matches(baseLines.map(\.key), sideLines.map(\.key))
    let sideIDs = side.identities
    var moved = Set<String>()
    for (index, id) in base.identities.enumerated() {
      guard let at = sideIDs.firstIndex(of: id) else { continue }
      if matches[base.items[index].lines.lowerBound] != side.items[at].lines.lowerBound { moved.insert(id) }
    }
    return moved
  }

  /// Each entry's lines as the merge compares them (its number aside).
  private static func entryTexts(_ file: OrderedListFile, _ lines: [OrderedListFile.MergeLine]) -> [[ArraySlice<UInt8>]] {
    file.items.map { item in item.lines.filter { $0 < lines.count }.map { lines[$0].key } }
  }

  /// The entries (indices) of `result` whose first line is the side's line
  /// `first`.
  private static func copies(of first: Int?, ours: Bool, in lines: [Line], result: OrderedListFile) -> Set<Int> {
    guard let first else { return [] }
    var found: Set<Int> = []
    for (index, item) in result.items.enumerated() where item.lines.lowerBound < lines.count {
      let line = lines[item.lines.lowerBound]
      if (ours ? line.ours : line.theirs) == first { found.insert(index) }
    }
    return found
  }

  /// The file without the entries `drops`, numbered 1…n.
  private static func numbered(_ file: OrderedListFile, dropping drops: Set<Int>) -> [UInt8] {
    var file = file
    for index in drops.sorted(by: >) { file.remove(at: index) }
    file.renumber()
    return file.bytes
  }

  private static func describe(_ lines: [ArraySlice<UInt8>]) -> String {
    lines.isEmpty ? "(no lines)" : lines.map(string).joined(separator: "\n")
  }
}
