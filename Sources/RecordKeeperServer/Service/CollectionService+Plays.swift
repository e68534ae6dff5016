import RecordKeeper

extension CollectionService {
  /// Records a play of the album `id` (``CollectionStore/play(_:sides:at:note:)``):
  /// one line in `plays/YYYY.md`, one commit. The snapshot holds the play
  /// before this returns, so a request made after the answer sees it
  /// without waiting for the watcher.
  public func play(_ id: String, sides: [String], at time: PlayTime? = nil, note: String) throws(StoreError) -> Play {
    defer { followPlays() }
    return try store.play(id, sides: sides, at: time, note: note).play
  }
}
