/// The text fields a change sets, as `rk set` and `rk add` take them: `nil`
/// leaves a field alone; an empty value clears an optional field.
public struct AlbumFieldChanges: Hashable, Sendable {
  public var title: String?
  public var artist: String?
  public var sortArtist: String?
  public var released: String?
  public var wikipedia: String?
  /// The collector's fields to set; an empty value clears one.
  public var collector: [CollectorField: String] = [:]

  public init(title: String? = nil, artist: String? = nil, sortArtist: String? = nil, released: String? = nil, wikipedia: String? = nil) {
    self.title = title
    self.artist = artist
    self.sortArtist = sortArtist
    self.released = released
    self.wikipedia = wikipedia
  }

  /// Whether no field is given.
  public var isEmpty: Bool { [title, artist, sortArtist, released, wikipedia].allSatisfy { $0 == nil } && collector.isEmpty }

  /// The MusicBrainz release a new album is made from (``ReleaseFill/add``):
  /// the `musicbrainz` id, when given without both a title and an artist
  /// (with both, the id is only recorded). The one rule for `rk add
  /// --musicbrainz ID` and the app's `POST /api/albums {"musicbrainz": ID}`.
  public var releaseToAddFrom: String? {
    guard let id = collector[.musicbrainz], !id.isBlank, title == nil || artist == nil else { return nil }
    return id.trimmed
  }

  /// Sets the given fields, trimmed. A blank title or artist is kept blank,
  /// for validation to refuse with its rule; a blank optional field is
  /// cleared.
  public func apply(to album: inout Album) {
    if let title { album.title = title.trimmed }
    if let artist { album.artist = artist.trimmed }
    if let sortArtist { album.sortArtist = Self.nonBlank(sortArtist) }
    if let released { album.released = Self.nonBlank(released) }
    if let wikipedia { album.wikipedia = Self.nonBlank(wikipedia) }
    for (field, value) in collector {
      // Discogs' long grade names are stored in their short Goldmine form.
      let isGrade = field == .mediaCondition || field == .sleeveCondition
      album[keyPath: field.keyPath] = Self.nonBlank(value).map { isGrade ? CollectorField.shortGrade($0) : $0 }
    }
  }

  /// Refuses a date given with a year of other than four digits (`97`,
  /// `23-2-1`), which would otherwise be kept as the year 0097 (docs/commands.md,
  /// "Exit status and errors"). A date already in a file is read as written; only new input is held to this.
  public func check() throws(AlbumEditError) {
    var problems: [AlbumProblem] = []
    let dates: [(String?, AlbumField, AlbumProblem.Rule)] = [
      (released, .released, .releaseDate), (collector[.purchased], .collector(.purchased), .collectorValue),
    ]
    for case (let value?, let field, let rule) in dates where !value.isBlank {
      // Only the year's length: every other rule of a date is validation's, reported with the rest.
      do throws(ReleaseDateError) {
        _ = try ReleaseDate(given: value.trimmed)
      } catch {
        if case .shortYear = error { problems.append(AlbumProblem(field: field, message: error.description, rule: rule)) }
      }
    }
    if !problems.isEmpty { throw .invalid(problems) }
  }

  private static func nonBlank(_ text: String) -> String? {
    let trimmed = text.trimmed
    return trimmed.isEmpty ? nil : trimmed
  }
}

/// One change to an album that `rk` and the web app both make: the fields
/// of `rk set`, tags, tracks. It applies the seed's rules, and names itself
/// for the commit message (docs/commands.md, "Changes and commits").
public enum AlbumEdit: Hashable, Sendable {
  case setFields(AlbumFieldChanges)
  /// Adds tags in this order; blank ones and those already there change nothing.
  case addTags([String])
  case removeTags([String])
  /// Adds a track at a 1-based position (across all sides), at the end of
  /// a side, else at the end; with a length in seconds (see
  /// ``Album/addTrack(_:at:side:duration:)``).
  case addTrack(String, at: Int? = nil, side: String? = nil, duration: Int? = nil)
  case removeTrack(Int)
  case moveTrackUp(Int)
  case moveTrackDown(Int)
  case renameTrack(Int, to: String)
  /// Marks track N (1-based, across all sides) as a favourite, or not (` ★`, docs/commands.md, "Favourite tracks").
  case setFavourite(Int, Bool)

  /// The action recorded in the commit's trailer.
  public var action: String {
    switch self {
    case .setFields: "set"
    case .addTags: "tag-add"
    case .removeTags: "tag-rm"
    case .addTrack: "track-add"
    case .removeTrack: "track-rm"
    case .moveTrackUp: "track-up"
    case .moveTrackDown: "track-down"
    case .renameTrack: "track-rename"
    case .setFavourite(_, let favourite): favourite ? "track-fav" : "track-unfav"
    }
  }

  /// Applies the change; returns whether the album changed. Changes the seed
  /// says have no effect (a tag already there, the first track up) return
  /// `false`; impossible ones (no such track) throw.
  @discardableResult
  public func apply(to album: inout Album) throws(AlbumEditError) -> Bool {
    switch self {
    case .setFields(let changes):
      try changes.check()
      let before = album
      changes.apply(to: &album)
      return album != before
    case .addTags(let tags):
      var changed = false
      for tag in tags where try album.addTag(tag) { changed = true }
      return changed
    case .removeTags(let tags):
      var changed = false
      for tag in tags where album.removeTag(tag) { changed = true }
      return changed
    case .addTrack(let name, let position, let side, let duration):
      try album.addTrack(name, at: position, side: side, duration: duration)
      return true
    case .removeTrack(let number):
      try album.removeTrack(number)
      return true
    case .moveTrackUp(let number): return try album.moveTrackUp(number)
    case .moveTrackDown(let number): return try album.moveTrackDown(number)
    case .renameTrack(let number, let name): return try album.renameTrack(number, to: name)
    case .setFavourite(let number, let favourite): return try album.setFavourite(number, favourite)
    }
  }

  /// The first line of the commit message for this change, from the album
  /// before and after it: `Add tag "jazz" to Miles Davis – Kind of Blue`.
  /// Control characters in the album's text are shown visibly, so they never
  /// reach a terminal through `git log`.
  public func summary(before: Album, after: Album) -> String {
    let album = VisibleText.text(ChangeMessage.name(of: after))
    func quoted(_ items: [String]) -> String { VisibleText.text(ChangeMessage.quoted(items)) }
    func track(_ number: Int) -> String {
      before.tracks.indices.contains(number - 1) ? " " + quoted([before.tracks[number - 1]]) : ""
    }
    switch self {
    case .setFields:
      return "Change \(Self.changedFields(in: [(before, after)])) of \(album)"
    case .addTags:
      // Sets: an album may hold 60,000 tags, and a list's `contains` in a
      // filter is quadratic.
      let old = Set(before.tags)
      let added = after.tags.filter { !old.contains($0) }
      return "Add tag\(added.count == 1 ? "" : "s") \(quoted(added)) to \(album)"
    case .removeTags:
      let new = Set(after.tags)
      let removed = before.tags.filter { !new.contains($0) }
      return "Remove tag\(removed.count == 1 ? "" : "s") \(quoted(removed)) from \(album)"
    case .addTrack(let name, _, _, _): return "Add track \(quoted([TrackDuration.split(name).name])) to \(album)"
    case .removeTrack(let number): return "Remove track \(number)\(track(number)) from \(album)"
    case .moveTrackUp(let number): return "Move track \(number)\(track(number)) up in \(album)"
    case .moveTrackDown(let number): return "Move track \(number)\(track(number)) down in \(album)"
    case .renameTrack(let number, let name):
      return "Rename track \(number)\(track(number)) to \(quoted([TrackDuration.split(name).name])) in \(album)"
    case .setFavourite(let number, let favourite):
      return "\(favourite ? "Mark" : "Unmark") track \(number)\(track(number)) as a favourite in \(album)"
    }
  }

  /// What to tell a person when the change left the album as it was.
  public var unchanged: String {
    switch self {
    case .setFields: "No change: the album already has those values."
    case .addTags(let tags): "No change: the album already has \(tags.count == 1 ? "that tag" : "those tags")."
    case .removeTags: "No change: the album has no such tag."
    case .moveTrackUp(let number): "No change: track \(number) is already the first."
    case .moveTrackDown(let number): "No change: track \(number) is already the last."
    case .renameTrack: "No change: the track already has that name."
    case .setFavourite(let number, let favourite): "No change: track \(number) is \(favourite ? "already" : "not") a favourite."
    case .addTrack, .removeTrack: "No change."
    }
  }
}
