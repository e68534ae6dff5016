/// Saving an album's editable fields all at once, as the web app's editor
/// does with Add and Save (seed §2.2.2): the fields of `rk set`, and the
/// whole track list and tag list as they are now on screen.
///
/// Every track and tag goes through the same rules as `rk track add` and
/// `rk tag` (``Album/addTrack(_:at:side:duration:)``, ``Album/addTag(_:)``),
/// so the app and the command line refuse the same things with the same
/// messages. An album saved as it is changes nothing, not a byte.
public struct AlbumSave: Hashable, Sendable {
  /// One track of ``trackList``: what the editor shows of it.
  public struct Track: Hashable, Sendable {
    /// The name; a length at its end (`Airbag (4:44)`) is the track's
    /// length unless ``duration`` gives one.
    public var name: String
    /// The length in seconds.
    public var duration: Int?
    /// The text of the `###` heading the track is under (`Side B`, or just
    /// `B`, as `rk track add --side` takes it); `nil` for a track before
    /// any heading. A side the album has no heading for yet is added after
    /// the last one.
    public var side: String?
    /// Whether it is a favourite (` ★`); `nil` keeps the star of the
    /// album's track of that name, so an editor that knows nothing of
    /// stars never takes one away.
    public var favourite: Bool?

    public init(name: String, duration: Int? = nil, side: String? = nil, favourite: Bool? = nil) {
      self.name = name
      self.duration = duration
      self.side = side
      self.favourite = favourite
    }
  }

  public var fields: AlbumFieldChanges
  /// The track names in order (each may end in its length); `nil` leaves
  /// the tracks alone. A track whose name stays keeps its side and length,
  /// as with ``Album/tracks``; a new one joins the side of the track
  /// before it.
  public var tracks: [String]?
  /// The tracks in order with their sides and lengths; `nil` leaves them
  /// alone. Takes the place of ``tracks`` when both are given.
  public var trackList: [Track]?
  /// The tags in order; `nil` leaves them alone. Blank tags and repeats are
  /// dropped, as the seed's Add Tag dialog does.
  public var tags: [String]?
  /// Single changes made after the rest (the app's favourite star), so that
  /// they too merge with what changed in the file since it was opened.
  public var edits: [AlbumEdit] = []

  public init(fields: AlbumFieldChanges = AlbumFieldChanges(), tracks: [String]? = nil, trackList: [Track]? = nil, tags: [String]? = nil) {
    self.fields = fields
    self.tracks = tracks
    self.trackList = trackList
    self.tags = tags
  }

  /// Applies the save; returns whether the album changed.
  @discardableResult
  public func apply(to album: inout Album) throws(AlbumEditError) -> Bool {
    try fields.check()
    let before = album
    fields.apply(to: &album)
    if let trackList {
      album.trackList = try Self.tracks(trackList, on: album)
    } else if let tracks {
      // Each name is checked as `rk track add` checks it; the names then
      // replace the old ones so that every kept track keeps its side.
      var checked = Album(id: album.id, title: album.title, artist: album.artist)
      for track in tracks { try checked.addTrack(track) }
      album.tracks = checked.trackList.map(\.text)
    }
    if let tags {
      album.tags = []
      for tag in tags { try album.addTag(tag) }
    }
    for edit in edits { try edit.apply(to: &album) }
    return album != before
  }

  /// The album's new track list: each track added as `rk track add --side`
  /// adds it, so sides are found (or made) by the same rule.
  ///
  /// The tracks must come side by side in the order of the album's
  /// headings (tracks without a side first), as the file lists them;
  /// anything else is refused rather than silently reordered.
  private static func tracks(_ list: [Track], on album: Album) throws(AlbumEditError) -> [Album.Track] {
    var built = album
    built.trackList = []
    // The stars of the album's tracks by name, in order, for tracks that do not say.
    var starred = Dictionary(grouping: album.trackList, by: \.name).mapValues { $0.map(\.favourite) }
    for (index, track) in list.enumerated() {
      let before = built.trackList
      let side = track.side.flatMap { $0.isBlank ? nil : $0 }
      if let side {
        try built.addTrack(track.name, side: side, duration: track.duration)
      } else {
        guard before.allSatisfy({ $0.sideIndex == 0 }) else {
          throw outOfOrder(index, track, "has no side but comes after tracks on a side")
        }
        try built.addTrack(track.name, duration: track.duration)
        // Before any heading, even when the album has headings.
        let last = built.trackList.count - 1
        if built.trackList[last].sideIndex != 0 { (built.trackList[last].sideIndex, built.trackList[last].side) = (0, nil) }
      }
      guard built.trackList.dropLast() == before[...] else {
        throw outOfOrder(index, track, "is on \(side ?? "no side") after tracks on a later side")
      }
      let last = built.trackList.count - 1
      let name = built.trackList[last].name
      let kept = starred[name]?.first ?? false
      if starred[name]?.isEmpty == false { starred[name]?.removeFirst() }
      built.trackList[last].favourite = track.favourite ?? (built.trackList[last].favourite || kept)
    }
    return built.trackList
  }

  private static func outOfOrder(_ index: Int, _ track: Track, _ what: String) -> AlbumEditError {
    .invalid([
      AlbumProblem(
        field: .track(index),
        message: "track \(index + 1) (\(track.name)) \(what); list the tracks side by side, in the order of the album's sides")
    ])
  }

  /// The first line of the commit message: `Change title, tracks and tags
  /// of Miles Davis – Kind of Blue`.
  public func summary(before: Album, after: Album) -> String {
    // One edit alone names itself: `Mark track 3 "Blue in Green" as a favourite in …`.
    if edits.count == 1, let edit = edits.first, fields.isEmpty, tracks == nil, trackList == nil, tags == nil {
      // The form numbered the tracks as it was opened; the message names the
      // starred track by its number now (a track may have been added since).
      if case .setFavourite(_, let favourite) = edit,
        let index = after.trackList.indices.first(where: { index in
          let track = after.trackList[index]
          return track.favourite == favourite && !before.trackList.contains { $0.name == track.name && $0.favourite == favourite }
        })
      {
        return AlbumEdit.setFavourite(index + 1, favourite).summary(before: after, after: after)
      }
      return edit.summary(before: before, after: after)
    }
    var names = AlbumEdit.changedFieldNames(in: [(before, after)])
    if before.trackList != after.trackList { names.append("tracks") }
    if before.tags != after.tags { names.append("tags") }
    let list = names.count > 1 ? names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "") : names.joined()
    return "Change \(list.isEmpty ? "nothing" : list) of \(VisibleText.text(ChangeMessage.name(of: after)))"
  }
}
