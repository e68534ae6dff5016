/// Which side of a merge: ours (the branch merged into, HEAD) or theirs (the
/// commit merged in).
public enum MergeSide: String, Sendable, Hashable, Codable, CaseIterable {
  case ours, theirs
}

/// One true conflict left by a merge (docs/merging.md, "What a conflict is"): a field of an album
/// that both sides changed in different ways. Our value stays in the file
/// until ``CollectionStore/resolve(_:take:field:)`` or
/// ``CollectionStore/resolve(_:setting:to:)`` settles it.
public struct FieldConflict: Sendable, Hashable, Codable {
  /// The album's id (`albums/radiohead-ok-computer`).
  public var album: String
  /// The front-matter key (`title`, `label`, an extra key), `tracks`,
  /// `notes` (lines outside any field that both sides changed: notes,
  /// comments, track notes; or lines the merge could not prove it kept,
  /// listed by side), `cover`, `album.md` when a version of the file cannot
  /// be merged by field (settled by taking one side's whole file), or
  /// `album` when one side deleted the album and the other changed it (the
  /// only conflict whose resolution may remove an album).
  public var field: String
  /// Our value, as `album.md` writes it; `nil` when our side has none
  /// (the key is absent, the track or album deleted).
  public var ours: String?
  /// Their value; `nil` when their side has none.
  public var theirs: String?

  public init(album: String, field: String, ours: String?, theirs: String?) {
    self.album = album
    self.field = field
    self.ours = ours
    self.theirs = theirs
  }
}
