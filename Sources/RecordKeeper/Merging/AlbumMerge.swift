/// Merges three versions of an `album.md` by field (PRODUCT.md §6).
///
/// Each front-matter key merges three-way on its own; tags merge as sets
/// (both sides' additions kept, both sides' removals applied, our order kept
/// and their new tags appended); the track list merges track by track (a
/// reorder on one side and a rename on the other both apply); the notes
/// around the track list merge by lines. The result is OURS rewritten with
/// ``AlbumFile/rewrite(_:to:)``, so it differs from ours only where theirs
/// changed something, and comments, quoting and order stay as we wrote them.
///
/// A field both sides changed in different ways is a ``FieldConflict``: our
/// value stays in the file. The same new value on both sides is no conflict.
public enum AlbumMerge {
  /// What a merge gives: the merged file and the conflicts left in it.
  public struct Result: Sendable, Equatable {
    /// The merged `album.md`.
    public var bytes: [UInt8]
    /// Fields both sides changed in different ways, in file order; our
    /// value is in ``bytes``.
    public var conflicts: [FieldConflict]
  }

  /// Merges `ours` and `theirs`, both descended from `base` (`nil` when
  /// both sides added the album separately: then every field that differs
  /// is a conflict).
  ///
  /// `prefer` settles the conflicts of the named fields (`"*"` for every
  /// field) one way, so that re-merging with the current file as `ours`
  /// resolves them (`rk resolve --take`).
  ///
  /// Throws when a version cannot be read (conflict markers, broken YAML):
  /// such a file cannot be merged by field.
  public static func merge(
    base: [UInt8]?, ours: [UInt8], theirs: [UInt8], id: String, prefer: [String: MergeSide] = [:]
  ) throws(AlbumMergeError) -> Result {
    let oursRead = try read(ours, id: id, side: "ours")
    let theirsRead = try read(theirs, id: id, side: "theirs")
    let baseAlbum: Album
    if let base {
      baseAlbum = try read(base, id: id, side: "base").parsed.album
    } else {
      baseAlbum = Album(id: id, title: "", artist: "", body: AlbumBody())
    }
    var merger = Merger(id: id, base: baseAlbum, ours: oursRead.parsed.album, theirs: theirsRead.parsed.album, prefer: prefer)
    merger.mergeKeys()
    merger.mergeTags()
    merger.mergeExtra()
    merger.mergeBody()
    if merger.result == oursRead.parsed.album { return Result(bytes: ours, conflicts: merger.conflicts) }
    do throws(AlbumFileError) {
      return Result(bytes: try AlbumFile.rewrite(ours, to: merger.result), conflicts: merger.conflicts)
    } catch {
      throw .unwritable(id: id, error)
    }
  }

  private static func read(_ bytes: [UInt8], id: String, side: String) throws(AlbumMergeError) -> (parsed: AlbumFile.Parsed, layout: AlbumFile.Layout) {
    do throws(AlbumFileError) {
      return try AlbumFile.read(bytes, id: id, covers: CoverFiles())
    } catch {
      throw .unreadable(id: id, side: side, error)
    }
  }

  /// The front-matter keys that hold one text value, with how to reach them.
  static var textKeys: [(key: String, get: (Album) -> String?, set: (inout Album, String?) -> Void)] {
    [
      ("title", { $0.title.isEmpty ? nil : $0.title }, { $0.title = $1 ?? "" }),
      ("artist", { $0.artist.isEmpty ? nil : $0.artist }, { $0.artist = $1 ?? "" }),
      ("sort_artist", { $0.sortArtist }, { $0.sortArtist = $1 }),
      // Dates compare by what they mean: `1997-5-3` is `1997-05-03`.
      ("released", { album in album.released.map { album.releaseDate?.text ?? $0 } }, { $0.released = $1 }),
      ("wikipedia", { $0.wikipedia }, { $0.wikipedia = $1 }),
    ] + CollectorField.allCases.map { field in (field.key, { $0[keyPath: field.keyPath] }, { $0[keyPath: field.keyPath] = $1 }) }
  }
}

/// Why `album.md` versions could not be merged by field.
public enum AlbumMergeError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A version (`base`, `ours` or `theirs`) of the album cannot be read.
  case unreadable(id: String, side: String, AlbumFileError)
  /// The merged album could not be written over ours without disturbing it.
  case unwritable(id: String, AlbumFileError)

  public var description: String {
    switch self {
    case .unreadable(let id, let side, let error):
      "\(id)/album.md: \(side == "ours" ? "our" : side == "theirs" ? "their" : "the common") version cannot be read, so it cannot be merged by field (line \(error.line): \(error)); merge it by hand"
    case .unwritable(let id, let error):
      "\(id)/album.md: the merged album could not be written over ours (line \(error.line): \(error)); merge it by hand"
    }
  }
}

/// The merge of one album, field by field, into `result` (ours to begin with).
private struct Merger {
  let id: String
  let base: Album
  let ours: Album
  let theirs: Album
  let prefer: [String: MergeSide]
  var result: Album
  var conflicts: [FieldConflict] = []

  init(id: String, base: Album, ours: Album, theirs: Album, prefer: [String: MergeSide]) {
    self.id = id
    self.base = base
    self.ours = ours
    self.theirs = theirs
    self.prefer = prefer
    result = ours
  }

  func preference(_ field: String) -> MergeSide? { prefer[field] ?? prefer["*"] }

  /// Three-way choice for one value: theirs when only theirs changed it,
  /// ours otherwise; a conflict when both changed it differently (unless
  /// a preference settles it).
  mutating func choose<T: Equatable>(_ field: String, base: T, ours: T, theirs: T, text: (T) -> String?) -> T {
    if ours == theirs || theirs == base { return ours }
    if ours == base { return theirs }
    switch preference(field) {
    case .ours?: return ours
    case .theirs?: return theirs
    case nil:
      conflicts.append(FieldConflict(album: id, field: field, ours: text(ours), theirs: text(theirs)))
      return ours
    }
  }

  mutating func mergeKeys() {
    for key in AlbumMerge.textKeys {
      let value = choose(key.key, base: key.get(base), ours: key.get(ours), theirs: key.get(theirs)) { $0 }
      if value != key.get(ours) { key.set(&result, value) }
    }
  }

  /// Tags as sets: ours in our order less what theirs removed, then what
  /// theirs added, in their order. Never a conflict.
  mutating func mergeTags() {
    let baseTags = Set(base.tags)
    let theirTags = Set(theirs.tags)
    let ourTags = Set(ours.tags)
    var tags = ours.tags.filter { !(baseTags.contains($0) && !theirTags.contains($0)) }
    tags += theirs.tags.filter { !baseTags.contains($0) && !ourTags.contains($0) }
    if tags != ours.tags { result.tags = tags }
  }

  /// Keys rk does not know, each three-way by its YAML value; new ones
  /// from theirs go after ours.
  mutating func mergeExtra() {
    func byKey(_ album: Album) -> [String: ExtraField] {
      Dictionary(album.extra.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
    }
    let baseFields = byKey(base)
    let theirFields = byKey(theirs)
    let ourFields = byKey(ours)
    var extra: [ExtraField] = []
    for key in ours.extra.map(\.key) + theirs.extra.map(\.key).filter({ ourFields[$0] == nil }) {
      let chosen = choose(
        key, base: baseFields[key]?.value, ours: ourFields[key]?.value, theirs: theirFields[key]?.value, text: { $0.map { "\($0)" } })
      // The field as the side whose value was chosen wrote it.
      let field = chosen == ourFields[key]?.value ? ourFields[key] : theirFields[key]
      if chosen != nil, let field { extra.append(field) }
    }
    if extra != ours.extra { result.extra = extra }
  }

  /// The notes around the track list by lines, then the track list track
  /// by track.
  mutating func mergeBody() {
    let (basePrefix, _, baseSuffix) = Self.split(base.body)
    let (ourPrefix, ourMiddle, ourSuffix) = Self.split(ours.body)
    let (theirPrefix, _, theirSuffix) = Self.split(theirs.body)
    let prefix = LineMerge(base: basePrefix, ours: ourPrefix, theirs: theirPrefix, prefer: preference("notes"))
    let suffix = LineMerge(base: baseSuffix, ours: ourSuffix, theirs: theirSuffix, prefer: preference("notes"))
    for conflict in prefix.conflicts + suffix.conflicts {
      conflicts.append(
        FieldConflict(album: id, field: "notes", ours: Self.text(conflict.ours), theirs: Self.text(conflict.theirs)))
    }
    if !prefix.bytes.elementsEqual(ourPrefix) || !suffix.bytes.elementsEqual(ourSuffix) {
      result.body = AlbumBody(parsing: prefix.bytes + ourMiddle + suffix.bytes)
    }
    mergeTracks()
  }

  /// A body's bytes before its first track item, its track items (with the
  /// side headings between them), and after its last.
  static func split(_ body: AlbumBody) -> (ArraySlice<UInt8>, ArraySlice<UInt8>, ArraySlice<UInt8>) {
    let source = body.source[...]
    let before = body.beforeTracks.utf8.count
    let after = body.afterTracks.utf8.count
    guard before + after <= source.count else { return (source, [], []) }
    return (source.prefix(before), source[before..<(source.count - after)], source.suffix(after))
  }

  static func text(_ lines: [ArraySlice<UInt8>]) -> String? {
    lines.isEmpty ? nil : string(lines.reduce(into: []) { $0 += $1 }[...])
  }

  /// What identifies a track across versions: its text and side.
  struct TrackKey: Hashable {
    var text: String
    var side: String?
    init(_ track: Album.Track) {
      text = track.text
      side = track.side
    }
  }

  /// Track by track: each base track's new text three-way (a track removed
  /// on one side and changed on the other is a conflict); the order of the
  /// side that reordered (a conflict when both did, differently); both
  /// sides' new tracks, each after the track it follows on its side.
  mutating func mergeTracks() {
    let baseKeys = base.trackList.map(TrackKey.init)
    let ourKeys = ours.trackList.map(TrackKey.init)
    let theirKeys = theirs.trackList.map(TrackKey.init)
    guard ourKeys != theirKeys, theirKeys != baseKeys else { return }
    let toOurs = Self.match(baseKeys, ourKeys)
    let toTheirs = Self.match(baseKeys, theirKeys)
    let prefer = preference("tracks")
    func describe(_ track: Album.Track?) -> String? { track.map { ($0.side.map { "\($0): " } ?? "") + $0.text } }

    // Each base track's value: nil when removed.
    var merged: [Album.Track?] = []
    for index in baseKeys.indices {
      let ourTrack = toOurs[index].map { ours.trackList[$0] }
      let theirTrack = toTheirs[index].map { theirs.trackList[$0] }
      let baseTrack: Album.Track? = base.trackList[index]
      let key = { (track: Album.Track?) in track.map(TrackKey.init) }
      let chosenKey = choose("tracks", base: key(baseTrack), ours: key(ourTrack), theirs: key(theirTrack)) { _ in nil }
      if let last = conflicts.last, last.field == "tracks", last.ours == nil, last.theirs == nil {
        conflicts[conflicts.count - 1].ours = describe(ourTrack) ?? "(removed)"
        conflicts[conflicts.count - 1].theirs = describe(theirTrack) ?? "(removed)"
      }
      merged.append(chosenKey == key(ourTrack) ? ourTrack : theirTrack)
    }

    // Which side's order to follow.
    func reordered(_ map: [Int?]) -> Bool {
      let order = map.enumerated().compactMap { base, other in other.map { (base, $0) } }.sorted { $0.1 < $1.1 }.map(\.0)
      return order != order.sorted()
    }
    let oursReordered = reordered(toOurs)
    let theirsReordered = reordered(toTheirs)
    var followTheirs = theirsReordered && !oursReordered
    if oursReordered && theirsReordered {
      let common = baseKeys.indices.filter { toOurs[$0] != nil && toTheirs[$0] != nil }
      // `common` holds only base tracks both sides kept.
      let ourOrder = common.sorted { (toOurs[$0] ?? 0) < (toOurs[$1] ?? 0) }
      let theirOrder = common.sorted { (toTheirs[$0] ?? 0) < (toTheirs[$1] ?? 0) }
      if ourOrder != theirOrder {
        switch prefer {
        case .theirs?: followTheirs = true
        case .ours?: break
        case nil:
          conflicts.append(
            FieldConflict(
              album: id, field: "tracks", ours: ours.trackList.compactMap(describe).joined(separator: "\n"),
              theirs: theirs.trackList.compactMap(describe).joined(separator: "\n")))
        }
      }
    }
    let frame = followTheirs ? theirs.trackList : ours.trackList
    let frameMap = followTheirs ? toTheirs : toOurs
    let other = followTheirs ? ours.trackList : theirs.trackList
    let otherMap = followTheirs ? toOurs : toTheirs
    var frameBase = [Int: Int]()  // frame index → base index
    for (baseIndex, frameIndex) in frameMap.enumerated() { if let frameIndex { frameBase[frameIndex] = baseIndex } }
    var otherBase = [Int: Int]()
    for (baseIndex, otherIndex) in otherMap.enumerated() { if let otherIndex { otherBase[otherIndex] = baseIndex } }
    let inFrame = Set(frameBase.values)

    // The other side's new tracks, by the base track they follow there
    // (-1: at the start).
    var insertions: [Int: [Album.Track]] = [:]
    var anchor = -1
    let frameNew = Set(frame.indices.filter { frameBase[$0] == nil }.map { TrackKey(frame[$0]) })
    for (index, track) in other.enumerated() {
      if let baseIndex = otherBase[index] {
        if inFrame.contains(baseIndex) { anchor = baseIndex }
      } else if !frameNew.contains(TrackKey(track)) {
        insertions[anchor, default: []].append(track)
      }
    }

    var list: [Album.Track] = insertions[-1] ?? []
    for (index, track) in frame.enumerated() {
      guard let baseIndex = frameBase[index] else {
        list.append(track)
        continue
      }
      if let value = merged[baseIndex] { list.append(value) }
      list += insertions[baseIndex] ?? []
    }
    // Sides follow ours: a track from theirs goes under our heading of the
    // same text.
    let headings = result.body.sideHeadings
    for index in list.indices {
      if let side = list[index].side, let heading = headings.firstIndex(of: side) { list[index].sideIndex = heading + 1 }
    }
    if list.map(TrackKey.init) != ourKeys { result.trackList = list }
  }

  /// For each track of `base`, the track of `other` it became: the same
  /// text and side first (so a moved track is found), then, among the rest,
  /// the one at the same place (a rename).
  static func match(_ base: [TrackKey], _ other: [TrackKey]) -> [Int?] {
    var result = [Int?](repeating: nil, count: base.count)
    var used = Set<Int>()
    var unusedByKey = Dictionary(grouping: other.indices, by: { other[$0] })
    for (index, key) in base.enumerated() {
      if let match = unusedByKey[key]?.first {
        unusedByKey[key]?.removeFirst()
        result[index] = match
        used.insert(match)
      }
    }
    let restBase = base.indices.filter { result[$0] == nil }
    let restOther = other.indices.filter { !used.contains($0) }
    if restBase.count == restOther.count {
      for (baseIndex, otherIndex) in zip(restBase, restOther) { result[baseIndex] = otherIndex }
    } else {
      for baseIndex in restBase where restOther.contains(baseIndex) { result[baseIndex] = baseIndex }
    }
    return result
  }
}
