import RecordKeeper

/// The app's changes to ordered lists (issue 32): the library's own calls,
/// one commit each, made one after another like every change of the server.
extension CollectionService {
  /// Makes the empty ordered list `name`.
  public func makeOrderedList(named name: String) throws(OrderedListError) {
    _ = try store.makeOrderedList(named: name)
  }

  /// Puts `album` (one of its tracks, with `track`) into the list at `place`, or at its end.
  public func addToOrderedList(
    _ name: String, album: String, track: String? = nil, note: String? = nil, at place: Int? = nil
  ) throws(OrderedListError) {
    _ = try store.addToOrderedList(name, album: album, track: track, note: note, at: place)
  }

  /// Moves the entry at `from` to `to`, while the list is still `version`.
  public func moveInOrderedList(_ name: String, from: Int, to: Int, version: String) throws(OrderedListError) {
    _ = try store.moveInOrderedList(name, from: from, to: to, version: version)
  }

  /// Takes the entry at `place` out, while the list is still `version`.
  public func dropFromOrderedList(_ name: String, at place: Int, version: String) throws(OrderedListError) {
    _ = try store.dropFromOrderedList(name, at: place, version: version)
  }
}
