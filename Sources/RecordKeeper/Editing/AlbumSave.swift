/// Saving an album's editable fields all at once, as the web app's editor
/// does with Add and Save (seed §2.2.2): the fields of `rk set`, and the
/// whole track list and tag list as they are now on screen.
///
/// Every track and tag goes through the same rules as `rk track add` and
/// `rk tag` (``Album/addTrack(_:at:)``, ``Album/addTag(_:)``), so the app
/// and the command line refuse the same things with the same messages.
public struct AlbumSave: Hashable, Sendable {
  public var fields: AlbumFieldChanges
  /// The tracks in order; `nil` leaves them alone.
  public var tracks: [String]?
  /// The tags in order; `nil` leaves them alone. Blank tags and repeats are
  /// dropped, as the seed's Add Tag dialog does.
  public var tags: [String]?

  public init(fields: AlbumFieldChanges = AlbumFieldChanges(), tracks: [String]? = nil, tags: [String]? = nil) {
    self.fields = fields
    self.tracks = tracks
    self.tags = tags
  }

  /// Applies the save; returns whether the album changed.
  @discardableResult
  public func apply(to album: inout Album) throws(AlbumEditError) -> Bool {
    let before = album
    fields.apply(to: &album)
    if let tracks {
      album.tracks = []
      for track in tracks { try album.addTrack(track) }
    }
    if let tags {
      album.tags = []
      for tag in tags { try album.addTag(tag) }
    }
    return album != before
  }

  /// The first line of the commit message: `Change title, tracks and tags
  /// of Miles Davis – Kind of Blue`.
  public func summary(before: Album, after: Album) -> String {
    var names = AlbumEdit.changedFieldNames(in: [(before, after)])
    if before.tracks != after.tracks { names.append("tracks") }
    if before.tags != after.tags { names.append("tags") }
    let list = names.count > 1 ? names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "") : names.joined()
    return "Change \(list.isEmpty ? "nothing" : list) of \(VisibleText.text(ChangeMessage.name(of: after)))"
  }
}

extension CollectionStore {
  /// Saves the album `reference` names as ``AlbumSave`` says, as one commit
  /// (action `edit`); `nil` when nothing changed.
  @discardableResult
  public func save(_ save: AlbumSave, to reference: String) throws(StoreError) -> GitCommit? {
    try update(reference, action: "edit", summary: { save.summary(before: $0, after: $1) }) { album throws(AlbumEditError) in
      try save.apply(to: &album)
    }
  }
}
