/// The merge of one album, field by field (front-matter keys, tags, the
/// track list), into `result` (ours to begin with). The text around the
/// fields is merged by lines (``AlbumTextMerge``); this merge says what
/// each field's value must be.
struct FieldMerge {
  let id: String
  let base: Album
  let ours: Album
  let theirs: Album
  /// Whether `base` is a real ancestor (not the empty album of two sides
  /// that added the album separately).
  let hasBase: Bool
  let prefer: [String: MergeSide]
  var result: Album
  var conflicts: [FieldConflict] = []

  /// Merges every field of the three versions.
  init(id: String, base: Album?, ours: Album, theirs: Album, prefer: [String: MergeSide]) {
    self.id = id
    self.base = base ?? Album(id: id, title: "", artist: "", body: AlbumBody())
    hasBase = base != nil
    self.ours = ours
    self.theirs = theirs
    self.prefer = prefer
    result = ours
    mergeKeys()
    mergeTags()
    mergeExtra()
    mergeTracks()
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

  /// Tags as sets: a side that left the tags as they were takes the
  /// other's list as written, order included; else the order of the side
  /// that reordered (ours when neither or both did), less what the other
  /// removed, then what the other added, in its order. Never a conflict.
  mutating func mergeTags() {
    if theirs.tags == base.tags { return }
    if ours.tags == base.tags {
      result.tags = theirs.tags
      return
    }
    let baseTags = Set(base.tags)
    func reordered(_ tags: [String]) -> Bool {
      let kept = Set(tags)
      return tags.filter(baseTags.contains) != base.tags.filter(kept.contains)
    }
    let followTheirs = reordered(theirs.tags) && !reordered(ours.tags)
    let (frame, other) = followTheirs ? (theirs.tags, ours.tags) : (ours.tags, theirs.tags)
    let frameTags = Set(frame)
    let otherTags = Set(other)
    var tags = frame.filter { !(baseTags.contains($0) && !otherTags.contains($0)) }
    tags += other.filter { !baseTags.contains($0) && !frameTags.contains($0) }
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

  /// What identifies a track across versions: its text and side. Not its
  /// favourite star, which is merged on its own, so that a star added on one
  /// side and a rename on the other give the renamed track, starred.
  struct TrackKey: Hashable {
    var text: String
    var side: String?
    init(_ track: Album.Track) {
      text = track.nameAndLength
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
    let ourStars = ours.trackList.map(\.favourite)
    let theirStars = theirs.trackList.map(\.favourite)
    guard ourKeys != theirKeys || ourStars != theirStars, theirKeys != baseKeys || theirStars != base.trackList.map(\.favourite) else {
      return
    }
    // Two lists written separately have no tracks in common to merge by:
    // which one is right is the collector's call.
    if !hasBase, !ourKeys.isEmpty {
      switch preference("tracks") {
      case .ours?: return
      case .theirs?: result.trackList = theirs.trackList
      case nil:
        conflicts.append(
          FieldConflict(album: id, field: "tracks", ours: Self.describe(ours.trackList), theirs: Self.describe(theirs.trackList)))
      }
      return
    }
    let toOurs = Self.match(baseKeys, ourKeys)
    let toTheirs = Self.match(baseKeys, theirKeys)
    let prefer = preference("tracks")
    func describe(_ track: Album.Track?) -> String? { track.map { ($0.side.map { "\($0): " } ?? "") + $0.text } }

    // Each base track's value: nil when removed.
    var merged: [Album.Track?] = []
    let notes = (base: Self.notes(base), ours: Self.notes(ours), theirs: Self.notes(theirs))
    for index in baseKeys.indices {
      let ourTrack = toOurs[index].map { ours.trackList[$0] }
      let theirTrack = toTheirs[index].map { theirs.trackList[$0] }
      let baseTrack: Album.Track? = base.trackList[index]
      // Against a removal, any change counts (its star, its note): the
      // track is kept or removed whole, never half.
      let whole = (ourTrack == nil) != (theirTrack == nil)
      func key(_ track: Album.Track?, _ notes: [[String]], _ at: Int?) -> WholeTrack? {
        track.map {
          WholeTrack(
            key: TrackKey($0), favourite: whole && $0.favourite, notes: whole ? at.flatMap { $0 < notes.count ? notes[$0] : nil } ?? [] : []
          )
        }
      }
      let ourKey = key(ourTrack, notes.ours, toOurs[index])
      let theirKey = key(theirTrack, notes.theirs, toTheirs[index])
      let chosenKey = choose("tracks", base: key(baseTrack, notes.base, index), ours: ourKey, theirs: theirKey) { _ in nil }
      if let last = conflicts.last, last.field == "tracks", last.ours == nil, last.theirs == nil {
        conflicts[conflicts.count - 1].ours = describe(ourTrack) ?? "(removed)"
        conflicts[conflicts.count - 1].theirs = describe(theirTrack) ?? "(removed)"
      }
      var chosen = chosenKey == ourKey ? ourTrack : theirTrack
      // A star either side added or took away, whatever the other did to the track.
      if let ourTrack, let theirTrack, let baseTrack {
        chosen?.favourite = ourTrack.favourite != baseTrack.favourite ? ourTrack.favourite : theirTrack.favourite
      }
      merged.append(chosen)
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
            FieldConflict(album: id, field: "tracks", ours: Self.describe(ours.trackList), theirs: Self.describe(theirs.trackList)))
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
    if list.map(TrackKey.init) != ourKeys || list.map(\.favourite) != ourStars { result.trackList = list }
  }

  /// A track as a removal on the other side weighs it: its text and side,
  /// its star and its note lines.
  struct WholeTrack: Equatable {
    var key: TrackKey
    var favourite: Bool
    var notes: [String]
  }

  /// Each track's note lines (the lines under its name), by its place in
  /// the track list.
  static func notes(_ album: Album) -> [[String]] {
    album.body.trackItems.map(album.body.noteText)
  }

  /// A track list as a conflict shows it, a track a line.
  static func describe(_ list: [Album.Track]) -> String {
    list.map { ($0.side.map { "\($0): " } ?? "") + $0.text }.joined(separator: "\n")
  }

  /// For each track of `base`, the track of `other` it became: the same
  /// text and side first (so a moved track is found), then the same text
  /// under another heading (a renamed side), then a rename: among the rest,
  /// the ones at the same place (after the same kept track, on the same
  /// side), in order, when the place lost as many as it gained. A track
  /// removed here and one added elsewhere are two changes, not a rename.
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
    var unusedByText = Dictionary(grouping: other.indices.filter { !used.contains($0) }, by: { other[$0].text })
    for (index, key) in base.enumerated() where result[index] == nil {
      if let match = unusedByText[key.text]?.first {
        unusedByText[key.text]?.removeFirst()
        result[index] = match
        used.insert(match)
      }
    }
    // A heading renamed on the other side renames the side of its tracks.
    var sides: [String?: String?] = [:]
    for (index, match) in result.enumerated() { if let match { sides[base[index].side] = other[match].side } }
    struct Place: Hashable {
      var after: Int
      var side: String?
    }
    var baseAt: [Place: [Int]] = [:]
    var after = -1
    for index in base.indices {
      if let match = result[index] {
        after = match
      } else {
        baseAt[Place(after: after, side: sides[base[index].side] ?? base[index].side), default: []].append(index)
      }
    }
    var otherAt: [Place: [Int]] = [:]
    after = -1
    for index in other.indices {
      if used.contains(index) {
        after = index
      } else {
        otherAt[Place(after: after, side: other[index].side), default: []].append(index)
      }
    }
    for (place, lost) in baseAt {
      for (baseIndex, otherIndex) in renamed(lost, otherAt[place] ?? [], base: { base[$0].text }, other: { other[$0].text }) {
        result[baseIndex] = otherIndex
      }
    }
    return result
  }

  /// Which of the items one place lost became which of those it gained:
  /// first a text that grew or shrank at its end (`Airbag` → `Airbag
  /// (4:44)`), then the rest in order when as many are left.
  static func renamed<Lost, Gained>(
    _ lost: [Lost], _ gained: [Gained], base: (Lost) -> String, other: (Gained) -> String
  ) -> [(Lost, Gained)] {
    var pairs: [(Lost, Gained)] = []
    var lostLeft: [Lost] = []
    var gainedLeft = gained
    for item in lost {
      let text = base(item)
      if let index = gainedLeft.firstIndex(where: { other($0).hasPrefix(text) || text.hasPrefix(other($0)) }) {
        pairs.append((item, gainedLeft.remove(at: index)))
      } else {
        lostLeft.append(item)
      }
    }
    if lostLeft.count == gainedLeft.count { pairs += zip(lostLeft, gainedLeft).map { ($0, $1) } }
    return pairs
  }
}
