import RecordKeeper

extension CollectionService {
  /// Records a play of the album `id` (``CollectionStore/play(_:sides:at:note:)``):
  /// one line in `plays/YYYY.md`, one commit.
  public func play(_ id: String, sides: [String], note: String) throws(StoreError) -> Play {
    try store.play(id, sides: sides, note: note).play
  }
}
