import RecordKeeper

/// A smart list's own order and the favourites' order (issue 32), each
/// change one commit of the list's file.
extension CollectionService {
  /// Gives a smart list its own order (`nil`: the collection's); `matches`
  /// are its albums in the order shown until now.
  public func sortSmartList(_ name: String, by sort: SmartListSort?, matches: [String]) throws(SmartListError) {
    _ = try store.sortSmartList(name, by: sort, matches: matches)
  }

  /// Moves an album of a custom-ordered smart list from place `from` to `to`.
  public func moveInSmartList(_ name: String, from: Int, to: Int, matches: [String]) throws(SmartListError) {
    _ = try store.moveInSmartList(name, from: from, to: to, matches: matches)
  }

  /// Moves the favourite at place `from` to place `to`; `favourites` are
  /// the starred tracks in the collection's order.
  public func moveFavourite(from: Int, to: Int, favourites: [FavouriteTrack]) throws(OrderedListError) {
    _ = try store.moveFavourite(from: from, to: to, favourites: favourites)
  }
}
