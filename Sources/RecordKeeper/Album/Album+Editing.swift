/// Changes to an album's tags and tracks, with the seed's rules (§3.7, §3.9).
///
/// Each returns whether the album changed: an operation the seed says "has no
/// effect" returns `false` rather than failing.
extension Album {
  /// Adds a tag: blank text, or a tag already there with exactly this text
  /// (case-sensitive), changes nothing (seed §3.7).
  @discardableResult
  public mutating func addTag(_ text: String) throws(AlbumEditError) -> Bool {
    let tag = text.trimmed
    guard !tag.isEmpty, !tags.contains(tag) else { return false }
    try Album.check(tag, field: .tag(tags.count))
    tags.append(tag)
    return true
  }

  /// Removes the tag with exactly this text.
  @discardableResult
  public mutating func removeTag(_ text: String) -> Bool {
    let tag = text.trimmed
    let before = tags.count
    tags.removeAll { $0 == tag }
    return tags.count != before
  }

  /// Adds a track: at `number` (1-based, counting across all sides; it
  /// takes the side of the track that had that number), at the end of
  /// `side`, or at the end of the list. The name is trimmed and must be
  /// 1–255 characters (seed §3.9); a length at its end (`Airbag (4:44)`)
  /// is the track's length unless `duration` (seconds) gives one.
  ///
  /// `side` names a `###` heading of the track list: its text (`Side B`),
  /// or the text after `Side ` (`B`), compared case-insensitively. A side
  /// that does not exist yet is made as a new heading at the end of the
  /// list: `### Side B` for `B`, the text as given for several words.
  public mutating func addTrack(_ text: String, at number: Int? = nil, side: String? = nil, duration: Int? = nil) throws(AlbumEditError) {
    var track = try Album.track(text, field: .track(tracks.count))
    if let duration {
      guard duration >= 0 else { throw .negativeDuration(duration) }
      track.duration = duration
    }
    if let side {
      guard number == nil else { throw .positionAndSide }
      let (index, heading) = try self.side(named: side)
      (track.sideIndex, track.side) = (index, heading)
      let after = trackList.lastIndex { $0.sideIndex <= index }.map { $0 + 1 } ?? 0
      trackList.insert(track, at: after)
      return
    }
    // Check the position before subtracting, so no number can overflow.
    if let number, !(1...tracks.count + 1).contains(number) { throw .noSuchPosition(number, count: tracks.count) }
    let index = number.map { $0 - 1 } ?? tracks.count
    if let neighbour = index < trackList.count ? trackList[index] : trackList.last {
      (track.sideIndex, track.side) = (neighbour.sideIndex, neighbour.side)
    } else if let first = body.sideHeadings.first {
      // The first track of a list that has only headings goes under the first.
      (track.sideIndex, track.side) = (1, first)
    }
    trackList.insert(track, at: index)
  }

  /// Removes track `number` (1-based, across all sides).
  public mutating func removeTrack(_ number: Int) throws(AlbumEditError) {
    let index = try trackIndex(number)
    trackList.remove(at: index)
  }

  /// Moves track `number` up: it swaps with the one before it on its side;
  /// the first track of a side becomes the last of the side before. On the
  /// first track this does nothing (seed §3.9).
  @discardableResult
  public mutating func moveTrackUp(_ number: Int) throws(AlbumEditError) -> Bool {
    let index = try trackIndex(number)
    guard index > 0 else { return false }
    if trackList[index - 1].sideIndex == trackList[index].sideIndex {
      trackList.swapAt(index, index - 1)
    } else {
      let side = trackList[index].sideIndex - 1
      (trackList[index].sideIndex, trackList[index].side) = (side, sideText(side))
    }
    return true
  }

  /// Moves track `number` down: it swaps with the one after it on its side;
  /// the last track of a side becomes the first of the side after. On the
  /// last track this does nothing (seed §3.9).
  @discardableResult
  public mutating func moveTrackDown(_ number: Int) throws(AlbumEditError) -> Bool {
    let index = try trackIndex(number)
    guard index < tracks.count - 1 else { return false }
    if trackList[index + 1].sideIndex == trackList[index].sideIndex {
      trackList.swapAt(index, index + 1)
    } else {
      let side = trackList[index].sideIndex + 1
      (trackList[index].sideIndex, trackList[index].side) = (side, sideText(side))
    }
    return true
  }

  /// Renames track `number`; the new name follows the same rules as a new
  /// track. The track keeps its length unless the new name ends in one.
  @discardableResult
  public mutating func renameTrack(_ number: Int, to text: String) throws(AlbumEditError) -> Bool {
    let index = try trackIndex(number)
    let renamed = try Album.track(text, field: .track(index))
    var track = trackList[index]
    track.name = renamed.name
    track.duration = renamed.duration ?? track.duration
    track.favourite = track.favourite || renamed.favourite
    guard trackList[index] != track else { return false }
    trackList[index] = track
    return true
  }

  func trackIndex(_ number: Int) throws(AlbumEditError) -> Int {
    guard (1...max(1, tracks.count)).contains(number), number <= tracks.count else {
      throw .noSuchTrack(number, count: tracks.count)
    }
    return number - 1
  }

  /// A track from the text a person typed: its name, and its length when
  /// the name ends in one.
  private static func track(_ text: String, field: AlbumField) throws(AlbumEditError) -> Track {
    let (name, seconds, favourite) = FavouriteStar.splitTrack(text)
    guard !name.isEmpty else { throw .blankTrack }
    try check(name, field: field)
    if let problem = trackProblems(name, field).first { throw .invalid([problem]) }
    return Track(name: name, duration: seconds, favourite: favourite)
  }

  /// The side a person named (`B`, `Side B`, `side b`): its index and
  /// heading text; a new side after the last when there is none.
  private func side(named text: String) throws(AlbumEditError) -> (index: Int, heading: String) {
    let wanted = text.trimmed
    guard !wanted.isEmpty else { throw .blankSide }
    for problem in Album.textProblems(wanted, .track(tracks.count), required: true) {
      throw problem.rule == .tooLong ? .tooLong(.track(tracks.count), count: wanted.count) : .multipleLines(.track(tracks.count))
    }
    func key(_ side: String) -> String { SideName.bare(side).lowercased() }
    let headings = body.sideHeadings
    var known = headings.enumerated().map { ($0.offset + 1, $0.element) }
    known += trackList.filter { $0.sideIndex > headings.count }.compactMap { track in track.side.map { (track.sideIndex, $0) } }
    if let (index, heading) = known.first(where: { key($0.1) == key(wanted) }) { return (index, heading) }
    let index = max(headings.count, trackList.map(\.sideIndex).max() ?? 0) + 1
    // `B` names `Side B`; a name of several words (`Disc 2`) is the heading.
    return (index, wanted.contains(where: \.isWhitespace) ? wanted : "Side \(wanted)")
  }

  /// The heading text of side `index`: `nil` before the first heading.
  private func sideText(_ index: Int) -> String? {
    let headings = body.sideHeadings
    if index >= 1, index <= headings.count { return headings[index - 1] }
    return trackList.first { $0.sideIndex == index }?.side
  }

  /// Refuses text that breaks a rule of validation (``textProblems``), so an
  /// edit never makes an album that validation would then refuse.
  private static func check(_ text: String, field: AlbumField) throws(AlbumEditError) {
    for problem in textProblems(text, field, required: false) {
      switch problem.rule {
      case .tooLong: throw .tooLong(field, count: text.count)
      case .singleLine: throw .multipleLines(field)
      default: throw .invalid([problem])
      }
    }
  }
}

/// Why a change to an album was refused; nothing was written.
public enum AlbumEditError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A track name that is blank after trimming.
  case blankTrack
  /// Text over 255 characters.
  case tooLong(AlbumField, count: Int)
  /// Text with a line break where one line is expected.
  case multipleLines(AlbumField)
  /// No track with this number.
  case noSuchTrack(Int, count: Int)
  /// No such position to insert at.
  case noSuchPosition(Int, count: Int)
  /// A side name that is blank after trimming.
  case blankSide
  /// Both a position and a side for a new track.
  case positionAndSide
  /// A length below zero seconds.
  case negativeDuration(Int)
  /// The album would break these rules.
  case invalid([AlbumProblem])

  public var description: String {
    switch self {
    case .blankTrack: "a track name must not be blank"
    case .tooLong(let field, let count):
      "\(field.key): \(field.itemLabel)is \(count) characters long; at most \(maximumFieldLength) are allowed"
    case .multipleLines(let field): "\(field.key): \(field.itemLabel)must be a single line"
    case .noSuchTrack(let number, let count):
      count == 0
        ? "there is no track \(number): the album has no tracks" : "there is no track \(number): the tracks are numbered 1 to \(count)"
    case .noSuchPosition(let number, let count): "cannot add a track at \(number): use a position from 1 to \(count + 1)"
    case .blankSide: "a side must not be blank: name it like its heading (`B` or `Side B`)"
    case .positionAndSide: "give a track either a position or a side, not both"
    case .negativeDuration(let seconds): "a track cannot last \(seconds) seconds: give a length of 0 or more"
    case .invalid(let problems): problems.map(\.description).joined(separator: "\n")
    }
  }
}

extension AlbumField {
  /// "track 3 " or "tag 2 ", to begin a message about one item.
  var itemLabel: String {
    switch self {
    case .track(let index): "track \(index + 1) "
    case .tag(let index): "tag \(index + 1) "
    default: ""
    }
  }
}
