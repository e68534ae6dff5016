/// Steps 1, 2 and 4 of docs/merging.md, "album.md, step by step": the whole `album.md` merged by lines.
///
/// A stretch only one side changed is taken as that side wrote it. A
/// stretch both sides changed is merged part by part (``AlbumLines/Part``):
/// each key, comment block, track item or side heading only one side changed
/// is taken from that side; a key or track both changed keeps our lines,
/// whose value the field merge then settles (step 3). What is not made of
/// parts (the notes, a comment both sides rewrote) is a text conflict with
/// our lines in place, unless `prefer` settles it. A track one side moved
/// and the other changed in place ends up once, changed, where it moved.
struct AlbumTextMerge {
  /// The merged lines, each with its line break.
  var lines: [ArraySlice<UInt8>] = []
  /// Stretches of text both sides changed differently (ours is in `lines`).
  var conflicts: [LineMerge.Conflict] = []
  /// The lines the result must hold: every line both sides kept, and every
  /// line of a stretch either side changed (step 5).
  var required: [(side: MergeSide, line: Int)] = []

  var bytes: [UInt8] { lines.reduce(into: []) { $0 += $1 } }

  /// `prefer` settles text conflicts, `preferTracks` a track one side
  /// removed and the other changed.
  init(base: AlbumLines, ours: AlbumLines, theirs: AlbumLines, prefer: MergeSide?, preferTracks: MergeSide? = nil) {
    for hunk in LineMerge.hunks(base: base.lines, ours: ours.lines, theirs: theirs.lines) {
      switch hunk.kind {
      case .stable:
        lines.append(
          LineMerge.kept(base.lines[hunk.base.lowerBound], ours.lines[hunk.ours.lowerBound], theirs.lines[hunk.theirs.lowerBound]))
        required.append((.ours, hunk.ours.lowerBound))
      case .ours, .same:
        lines += ours.lines[hunk.ours]
        required += hunk.ours.map { (.ours, $0) }
      case .theirs:
        lines += theirs.lines[hunk.theirs]
        required += hunk.theirs.map { (.theirs, $0) }
      case .conflict:
        required += Self.required(hunk, base: base, ours: ours, theirs: theirs)
        if let merged = PartMerge(hunk: hunk, base: base, ours: ours, theirs: theirs, prefer: prefer, preferTracks: preferTracks) {
          lines += merged.lines
          conflicts += merged.conflicts
        } else {
          take(ours: ours.lines[hunk.ours], theirs: theirs.lines[hunk.theirs], prefer: prefer)
        }
      }
    }
    joinMovedTracks(base: base, ours: ours, theirs: theirs)
    dropRepeatedKeys()
  }

  /// A key both sides added, in different places, comes out twice, which
  /// YAML refuses (and rk would then merge our file again, bringing back
  /// what theirs deleted): the same lines twice are kept once, where they
  /// first are.
  private mutating func dropRepeatedKeys() {
    let merged = AlbumLines(lines: lines)
    var seen: [String: [ArraySlice<UInt8>]] = [:]
    var repeated: [Range<Int>] = []
    var index = 0
    while index < lines.count {
      guard case .key(let name)? = merged.parts[index] else {
        index += 1
        continue
      }
      var end = index + 1
      while end < lines.count, merged.parts[end] == .key(name) { end += 1 }
      let contents = lines[index..<end].map(LineMerge.content)
      if let first = seen[name] {
        if first == contents { repeated.append(index..<end) }
      } else {
        seen[name] = contents
      }
      index = end
    }
    for range in repeated.reversed() { lines.removeSubrange(range) }
  }

  /// A track one side moved and the other changed in place (a note added
  /// under it) comes out twice: the moved copy as the ancestor wrote it,
  /// the changed one where it was. The changed lines go where the track
  /// was moved to, once.
  private mutating func joinMovedTracks(base: AlbumLines, ours: AlbumLines, theirs: AlbumLines) {
    let merged = AlbumLines(lines: lines)
    func ranges(_ version: AlbumLines) -> [AlbumLines.Part: Range<Int>] {
      var ranges: [AlbumLines.Part: Range<Int>] = [:]
      for (index, part) in version.parts.enumerated() {
        guard let part, case .track = part, !LineMerge.content(version.lines[index]).allSatisfy(isBlank) else { continue }
        ranges[part] = (ranges[part]?.lowerBound ?? index)..<(index + 1)
      }
      return ranges
    }
    let mergedRanges = ranges(merged)
    let baseRanges = ranges(base)
    let sides = [Set(ranges(ours).keys), Set(ranges(theirs).keys)]
    var replacements: [(keep: Range<Int>, drop: Range<Int>)] = []
    for (part, second) in mergedRanges {
      guard case .track(let name) = part, let hash = name.lastIndex(of: "#"), name[name.index(after: hash)...] == "2" else { continue }
      let first = AlbumLines.Part.track(String(name[..<hash]))
      guard mergedRanges[.track(name[..<hash] + "#3")] == nil, baseRanges[part] == nil, !sides.contains(where: { $0.contains(part) }),
        let firstRange = mergedRanges[first], let baseRange = baseRanges[first], firstRange.upperBound <= second.lowerBound
      else { continue }
      let original = base.lines[baseRange]
      let (a, b) = (lines[firstRange], lines[second])
      if LineMerge.same(a, original), !LineMerge.same(b, original) {
        replacements.append((firstRange, second))
      } else if LineMerge.same(b, original), !LineMerge.same(a, original) {
        replacements.append((second, firstRange))
      }
    }
    // From the end, so that earlier ranges stay valid.
    for (keep, drop) in replacements.sorted(by: {
      max($0.keep.lowerBound, $0.drop.lowerBound) > max($1.keep.lowerBound, $1.drop.lowerBound)
    }) {
      let changed = Array(lines[drop])
      if keep.lowerBound > drop.lowerBound {
        lines.replaceSubrange(keep, with: changed)
        lines.removeSubrange(drop)
      } else {
        lines.removeSubrange(drop)
        lines.replaceSubrange(keep, with: changed)
      }
    }
  }

  /// The lines of a stretch both sides changed that the result must
  /// hold: what each side wrote there (a line both wrote, once), and the
  /// base lines both sides kept.
  private static func required(_ hunk: LineMerge.Hunk, base: AlbumLines, ours: AlbumLines, theirs: AlbumLines) -> [(
    side: MergeSide, line: Int
  )] {
    func counts(_ version: AlbumLines, _ range: Range<Int>) -> [ArraySlice<UInt8>: Int] {
      range.reduce(into: [:]) { $0[LineMerge.content(version.lines[$1]), default: 0] += 1 }
    }
    var baseLeft = counts(base, hunk.base)
    var theirBase = counts(base, hunk.base)
    var required: [(side: MergeSide, line: Int)] = []
    var ourAdded: [ArraySlice<UInt8>: Int] = [:]
    let theirCounts = counts(theirs, hunk.theirs)
    for line in hunk.ours {
      let content = LineMerge.content(ours.lines[line])
      if let left = baseLeft[content], left > 0 {
        // A base line ours kept: needed when theirs kept it too.
        baseLeft[content] = left - 1
        if (theirCounts[content] ?? 0) > 0 { required.append((.ours, line)) }
      } else {
        ourAdded[content, default: 0] += 1
        required.append((.ours, line))
      }
    }
    for line in hunk.theirs {
      let content = LineMerge.content(theirs.lines[line])
      if let left = theirBase[content], left > 0 {
        theirBase[content] = left - 1
      } else if let added = ourAdded[content], added > 0 {
        ourAdded[content] = added - 1
      } else {
        required.append((.theirs, line))
      }
    }
    return required
  }

  private mutating func take(ours: ArraySlice<ArraySlice<UInt8>>, theirs: ArraySlice<ArraySlice<UInt8>>, prefer: MergeSide?) {
    switch prefer {
    case .theirs?: lines += theirs
    case .ours?: lines += ours
    case nil:
      lines += ours
      conflicts.append(LineMerge.Conflict(ours: Array(ours), theirs: Array(theirs)))
    }
  }
}

/// One stretch both sides changed, merged part by part; `nil` when a line
/// of it belongs to no part or a part is split in two on one side.
private struct PartMerge {
  typealias Part = AlbumLines.Part
  var lines: [ArraySlice<UInt8>] = []
  var conflicts: [LineMerge.Conflict] = []

  /// The parts of `range` in order, each with its lines.
  private static func segments(_ version: AlbumLines, _ range: Range<Int>) -> [(part: Part, lines: Range<Int>)]? {
    var segments: [(part: Part, lines: Range<Int>)] = []
    for line in range {
      guard let part = version.parts[line] else { return nil }
      if let last = segments.last, last.part == part {
        segments[segments.count - 1].lines = last.lines.lowerBound..<(line + 1)
      } else {
        segments.append((part, line..<(line + 1)))
      }
    }
    guard Set(segments.map(\.part)).count == segments.count else { return nil }
    return segments
  }

  init?(
    hunk: LineMerge.Hunk, base: AlbumLines, ours: AlbumLines, theirs: AlbumLines, prefer: MergeSide?, preferTracks: MergeSide?
  ) {
    guard let baseSegments = Self.segments(base, hunk.base), var ourSegments = Self.segments(ours, hunk.ours),
      var theirSegments = Self.segments(theirs, hunk.theirs)
    else { return nil }
    let baseParts = Dictionary(uniqueKeysWithValues: baseSegments.map { ($0.part, $0.lines) })
    // A track renamed on one side is the same part: pair the base tracks a
    // side lost with the tracks it gained at the same place (after the same
    // kept part), in order, when as many. A track removed and another
    // added elsewhere are no rename.
    func pairRenamed(_ segments: inout [(part: Part, lines: Range<Int>)]) {
      let parts = Set(segments.map(\.part))
      func isTrack(_ part: Part) -> Bool { if case .track = part { true } else { false } }
      var lost: [Part?: [Part]] = [:]
      var anchor: Part?
      for segment in baseSegments {
        if parts.contains(segment.part) {
          anchor = segment.part
        } else if isTrack(segment.part) {
          lost[anchor, default: []].append(segment.part)
        }
      }
      var gained: [Part?: [Int]] = [:]
      anchor = nil
      for index in segments.indices {
        let part = segments[index].part
        if baseParts[part] != nil {
          anchor = part
        } else if isTrack(part) {
          gained[anchor, default: []].append(index)
        }
      }
      func text(_ part: Part) -> String { if case .track(let text) = part { text } else { "" } }
      for (place, lostParts) in lost {
        let pairs = FieldMerge.renamed(lostParts, gained[place] ?? [], base: text, other: { text(segments[$0].part) })
        for (part, index) in pairs { segments[index].part = part }
      }
    }
    // A comment block a side left as it was is the same part when a key
    // added after it makes it the block before another key.
    func pairComments(_ segments: inout [(part: Part, lines: Range<Int>)], _ version: AlbumLines) {
      let parts = Set(segments.map(\.part))
      for index in segments.indices where baseParts[segments[index].part] == nil {
        guard case .before = segments[index].part else { continue }
        let match = baseSegments.first { segment in
          guard case .before = segment.part, !parts.contains(segment.part) else { return false }
          return LineMerge.same(version.lines[segments[index].lines], base.lines[segment.lines])
        }
        if let match { segments[index].part = match.part }
      }
    }
    pairComments(&ourSegments, ours)
    pairComments(&theirSegments, theirs)
    pairRenamed(&ourSegments)
    pairRenamed(&theirSegments)
    let ourParts = Dictionary(uniqueKeysWithValues: ourSegments.map { ($0.part, $0.lines) })
    let theirParts = Dictionary(uniqueKeysWithValues: theirSegments.map { ($0.part, $0.lines) })

    // Parts only theirs added, after the part that precedes them there.
    var insertions: [Part?: [Range<Int>]] = [:]
    var anchor: Part?
    for segment in theirSegments {
      if ourParts[segment.part] != nil {
        anchor = segment.part
      } else if let baseRange = baseParts[segment.part] {
        // A track ours removed and theirs changed: kept or removed whole.
        if case .track = segment.part, !Self.same(theirs.lines[segment.lines], base.lines[baseRange], part: segment.part),
          removedAgainstChanged(removed: .ours, changed: theirs.lines[segment.lines], preferTracks: preferTracks)
        {
          insertions[anchor, default: []].append(segment.lines)
        }
      } else {
        insertions[anchor, default: []].append(segment.lines)
      }
    }
    func insert(after part: Part?) {
      for range in insertions[part] ?? [] { lines += theirs.lines[range] }
    }
    // Our part that goes on from the line before the stretch stays first;
    // what theirs added with nothing of ours before it comes next.
    let before = hunk.ours.lowerBound > 0 ? ours.parts[hunk.ours.lowerBound - 1] : nil
    let leading = ourSegments.first.map { $0.part == before } == true ? 1 : 0
    if leading == 0 { insert(after: nil) }
    for (index, segment) in ourSegments.enumerated() {
      if index == leading, leading > 0 { insert(after: nil) }
      let o = ours.lines[segment.lines]
      let b = baseParts[segment.part].map { base.lines[$0] } ?? []
      if let theirRange = theirParts[segment.part] {
        let t = theirs.lines[theirRange]
        if LineMerge.same(o, b) {
          lines += t
        } else if LineMerge.same(t, b) || LineMerge.same(o, t) {
          lines += o
        } else {
          // Its first line holds the value (a key line, a track's name) on
          // every side, or the stretch starts inside the part.
          let whole = ours.fields[segment.lines.lowerBound] != nil && theirs.fields[theirRange.lowerBound] != nil
          let heads = whole && baseParts[segment.part].map { base.fields[$0.lowerBound] != nil } ?? false
          merge(part: segment.part, base: b, ours: o, theirs: t, heads: heads, whole: whole, prefer: prefer)
        }
      } else if baseParts[segment.part] == nil {
        lines += o
      } else if !Self.same(o, b, part: segment.part) {
        // Ours changed what theirs removed: a track is kept or removed
        // whole; any other part stays.
        if case .track = segment.part {
          if removedAgainstChanged(removed: .theirs, changed: o, preferTracks: preferTracks) { lines += o }
        } else {
          lines += o
        }
      }
      insert(after: segment.part)
    }
    if leading > 0, ourSegments.count == leading { insert(after: nil) }
  }

  /// Whether the changed lines of a track the other side removed stay:
  /// as the tracks preference says, else they stay as ours wrote them
  /// (theirs do not), and it is a `tracks` conflict.
  private mutating func removedAgainstChanged(removed: MergeSide, changed: ArraySlice<ArraySlice<UInt8>>, preferTracks: MergeSide?)
    -> Bool
  {
    if let preferTracks { return preferTracks != removed }
    let lines = Array(changed)
    conflicts.append(
      removed == .ours
        ? LineMerge.Conflict(ours: [], theirs: lines, field: "tracks") : LineMerge.Conflict(ours: lines, theirs: [], field: "tracks"))
    return removed == .theirs
  }

  /// Whether a part's lines are the same, line breaks aside and, for a
  /// track, its number aside (a number is written again on every change).
  static func same(_ a: ArraySlice<ArraySlice<UInt8>>, _ b: ArraySlice<ArraySlice<UInt8>>, part: Part) -> Bool {
    guard case .track = part, let first = a.first, let other = b.first else { return LineMerge.same(a, b) }
    func unnumbered(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
      let content = LineMerge.content(line).drop(while: isBlank)
      let digits = content.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
      return digits.isEmpty ? content : content.dropFirst(digits.count)
    }
    return unnumbered(first).elementsEqual(unnumbered(other)) && LineMerge.same(a.dropFirst(), b.dropFirst())
  }

  /// A part both sides changed: its first line (a key line, a track's
  /// name, a heading) three-way, the rest by lines. A first line changed
  /// both ways keeps ours (the field merge settles its value), or theirs
  /// when only theirs has a trailing comment there; the rest conflicts
  /// as text, except a key's items (tags), which the field merge settles.
  private mutating func merge(
    part: Part, base: ArraySlice<ArraySlice<UInt8>>, ours: ArraySlice<ArraySlice<UInt8>>, theirs: ArraySlice<ArraySlice<UInt8>>,
    heads: Bool, whole: Bool, prefer: MergeSide?
  ) {
    let bytes = { (lines: ArraySlice<ArraySlice<UInt8>>) in lines.reduce(into: [UInt8]()) { $0 += $1 }[...] }
    func rest(_ prefer: MergeSide?) {
      let merged = LineMerge(
        base: bytes(base.dropFirst()), ours: bytes(ours.dropFirst()), theirs: bytes(theirs.dropFirst()), prefer: prefer)
      lines += merged.lines
      conflicts += merged.conflicts
    }
    switch part {
    case .before:
      let merged = LineMerge(base: bytes(base), ours: bytes(ours), theirs: bytes(theirs), prefer: prefer)
      lines += merged.lines
      conflicts += merged.conflicts
      return
    case .key, .track, .heading:
      guard heads, let o = ours.first, let t = theirs.first, let b = base.first else {
        // The items of a key, or a track both sides wrote whole: the field
        // merge settles them. Notes under a track are text.
        let isKey = if case .key = part { true } else { false }
        let merged = LineMerge(base: bytes(base), ours: bytes(ours), theirs: bytes(theirs), prefer: isKey || whole ? .ours : prefer)
        lines += merged.lines
        conflicts += merged.conflicts
        return
      }
      let (oc, tc, bc) = (LineMerge.content(o), LineMerge.content(t), LineMerge.content(b))
      if oc.elementsEqual(bc) {
        lines.append(t)
      } else if tc.elementsEqual(bc) || oc.elementsEqual(tc) {
        lines.append(o)
      } else if case .key = part, AlbumLines.trailingComment(oc) == nil, AlbumLines.trailingComment(tc) != nil {
        lines.append(t)
      } else {
        lines.append(o)
      }
      if case .key = part { rest(.ours) } else { rest(prefer) }
    }
  }
}
