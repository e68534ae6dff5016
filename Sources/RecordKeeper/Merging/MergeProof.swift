/// Step 5 of docs/merging.md, "album.md, step by step": whether a merged `album.md` still holds every line
/// it must.
///
/// A line both sides kept, and every line of a stretch either side changed,
/// must be in the result (as often as required), unless
/// - it is named in a reported text conflict, or
/// - it holds a field's value (a key line, a tag item, a track's name line,
///   a side heading) and the merge replaced that value rightly: the result
///   has this side's value, or this side kept the ancestor's value (the
///   other side changed it), or the field is a reported conflict or was
///   settled by a preference. Its trailing comment must still be there.
///
/// Comments on their own lines, notes and track notes are never replaced
/// by a value: they are in the result, or named in a conflict.
struct MergeProof {
  /// Required lines neither in the result nor accounted for, by side.
  private(set) var missingOurs: [ArraySlice<UInt8>] = []
  private(set) var missingTheirs: [ArraySlice<UInt8>] = []

  var isComplete: Bool { missingOurs.isEmpty && missingTheirs.isEmpty }

  /// `settled`: the fields whose value a conflict or a preference decides
  /// (`nil`: every field).
  init(
    required: [(side: MergeSide, line: Int)], ours: AlbumLines, theirs: AlbumLines, result: [UInt8], named: [ArraySlice<UInt8>],
    base: Album, ourAlbum: Album, theirAlbum: Album, merged: Album?, settled: Set<String>?
  ) {
    var available: [ArraySlice<UInt8>: Int] = [:]
    for line in LineMerge.split(result[...]) { available[LineMerge.content(line), default: 0] += 1 }
    for line in named { available[LineMerge.content(line), default: 0] += 1 }
    // Text lines first, so that a value line that may be replaced never
    // takes the copy a comment or note needs.
    let ordered =
      required.filter { lines($0.side, ours, theirs).fields[$0.line] == nil }
      + required.filter { lines($0.side, ours, theirs).fields[$0.line] != nil }
    var replaced: [String: Bool] = [:]
    for (side, index) in ordered {
      let version = lines(side, ours, theirs)
      let content = LineMerge.content(version.lines[index])
      if let count = available[content], count > 0 {
        available[content] = count - 1
        continue
      }
      if let field = version.fields[index] {
        let sideAlbum = side == .ours ? ourAlbum : theirAlbum
        let key = field + (side == .ours ? "/ours" : "/theirs")
        let isReplaced = replaced[key] ?? Self.isReplaced(field, sideAlbum, base: base, merged: merged, settled: settled)
        replaced[key] = isReplaced
        let comment = field == "tracks" ? nil : AlbumLines.trailingComment(content)
        if isReplaced, comment.map({ Self.contains(result, $0) }) ?? true { continue }
      }
      if side == .ours { missingOurs.append(version.lines[index]) } else { missingTheirs.append(version.lines[index]) }
    }
  }

  private func lines(_ side: MergeSide, _ ours: AlbumLines, _ theirs: AlbumLines) -> AlbumLines { side == .ours ? ours : theirs }

  /// Whether the merge rightly replaced `side`'s value of `field`.
  private static func isReplaced(_ field: String, _ side: Album, base: Album, merged: Album?, settled: Set<String>?) -> Bool {
    if settled?.contains(field) ?? true { return true }
    guard let merged else { return false }
    switch field {
    case "tracks":
      // Each of this side's tracks and headings is in the result, or is
      // the ancestor's (the other side renamed or removed it).
      // Without the star, which merges on its own (a star added on one side
      // and a rename on the other give the renamed track, starred).
      let texts = Set(merged.trackList.map(\.nameAndLength) + base.trackList.map(\.nameAndLength))
      let headings = Set(merged.body.sideHeadings + base.body.sideHeadings)
      return side.trackList.allSatisfy { texts.contains($0.nameAndLength) } && side.body.sideHeadings.allSatisfy { headings.contains($0) }
    case "tags":
      let tags = Set(merged.tags + base.tags)
      return side.tags.allSatisfy { tags.contains($0) }
    default:
      if let key = AlbumMerge.textKeys.first(where: { $0.key == field }) {
        return key.get(merged) == key.get(side) || key.get(side) == key.get(base)
      }
      func value(_ album: Album) -> JSONValue? { album.extra.first { $0.key == field }?.value }
      return value(merged) == value(side) || value(side) == value(base)
    }
  }

  private static func contains(_ text: [UInt8], _ part: ArraySlice<UInt8>) -> Bool {
    guard let first = part.first, part.count <= text.count else { return part.isEmpty }
    var index = text.startIndex
    while let start = text[index...].firstIndex(of: first) {
      if text[start...].starts(with: part) { return true }
      index = start + 1
    }
    return false
  }
}
