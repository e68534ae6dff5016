/// How a person settled the fields a save met changed both ways (docs/merging.md,
/// "The app's save is the same merge"): sent with the form and
/// the version it was opened at, so the save merges as any other and only
/// these fields are decided by the choice. A track renamed or a tag added
/// in the file meanwhile is merged in whichever side is chosen.
public struct SaveChoices: Hashable, Sendable {
  /// Fields (as ``FieldConflict/field`` names them: `title`, `tracks`,
  /// `notes`, an extra key) settled by one side: ours is the form's, theirs
  /// the file's now. What only one side changed still merges as usual.
  public var sides: [String: MergeSide]
  /// Fields settled by a value given then, set after the merge and checked
  /// as every write is.
  public var values: AlbumFieldChanges

  public init(sides: [String: MergeSide] = [:], values: AlbumFieldChanges = AlbumFieldChanges()) {
    self.sides = sides
    self.values = values
  }

  /// The merge's preferences: each side chosen, and ours for a field given
  /// a value, which the value then replaces. `*` (every field) is no field.
  var preferences: [String: MergeSide] {
    var prefer = sides.filter { $0.key != "*" }
    for key in values.keys { prefer[key] = .ours }
    return prefer
  }

  /// `merged` with the values set, written in place.
  func settle(_ merged: [UInt8], id: String, covers: CoverFiles) throws(AlbumFileError) -> [UInt8] {
    guard !values.isEmpty else { return merged }
    var album = try AlbumFile.parse(merged, id: id, covers: covers).album
    values.apply(to: &album)
    return try AlbumFile.rewrite(merged, to: album)
  }
}

extension AlbumFieldChanges {
  /// The front-matter keys given.
  var keys: [String] {
    let named: [(Field, String?)] = [
      (.title, title), (.artist, artist), (.sortArtist, sortArtist), (.released, released), (.wikipedia, wikipedia),
    ]
    return named.compactMap { $1 == nil ? nil : $0.rawValue } + collector.keys.map(\.key)
  }
}
