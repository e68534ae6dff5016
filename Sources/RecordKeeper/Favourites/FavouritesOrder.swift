/// Favourites in the order a person chooses (seed 004's Edit on the
/// Favourites screen; issue 32). The stars on track lines say what is a
/// favourite; the ordered list `favourites` (`.recordkeeper/lists/favourites.md`,
/// entries `albums/ID#TRACK`) says only in which order: a starred track not
/// in it comes last, and an entry whose track has no star is passed over.
public enum FavouritesOrder {
  /// The ordered list that holds the order.
  public static let listName = "favourites"

  /// `favourites` (every starred track, in the collection's order) in the
  /// list's order: the starred tracks its entries name, once each, then the
  /// others as they came.
  public static func arranged(_ favourites: [FavouriteTrack], by list: OrderedListFile?) -> [FavouriteTrack] {
    guard let list else { return favourites }
    var byAlbum: [String: [Int]] = [:]
    for (index, favourite) in favourites.enumerated() { byAlbum[favourite.album.id, default: []].append(index) }
    var taken = Set<Int>()
    var result: [FavouriteTrack] = []
    for entry in list.entries {
      guard let index = byAlbum[entry.album]?.first(where: { favourites[$0].isNamed(by: entry) }), taken.insert(index).inserted else {
        continue
      }
      result.append(favourites[index])
    }
    for (index, favourite) in favourites.enumerated() where !taken.contains(index) { result.append(favourite) }
    return result
  }

  /// The list's file as it is now, or `nil` when there is none (or it
  /// cannot be read: the collection's order then).
  public static func list(in location: CollectionLocation) -> OrderedListFile? {
    (try? OrderedLists.load(listName, in: location)) ?? nil
  }
}

extension FavouriteTrack {
  /// `albums/ID#A2`: the track by its side position when it has one, else
  /// by its number across all sides (a position alone repeats on each disc).
  public var reference: String { album.id + "#" + trackReference }

  /// `A2`, or the number.
  var trackReference: String {
    let position = track.position
    return Int(position) == nil && !position.isEmpty ? position : String(number)
  }

  /// Whether `entry` names this track: by number (`#3`) or by position (`#A2`).
  func isNamed(by entry: OrderedListEntry) -> Bool {
    guard entry.album == album.id, let track = entry.track else { return false }
    if let number = Int(track) { return number == self.number }
    return track.lowercased() == self.track.position.lowercased()
  }
}

extension RecordCollection {
  /// Every favourite track in the order of the list `favourites`, those it
  /// does not name after, with albums in the order of `order`.
  public func orderedFavouriteTracks(order: AlbumOrder = AlbumOrder(mode: .default)) -> [FavouriteTrack] {
    FavouritesOrder.arranged(favouriteTracks(order: order), by: FavouritesOrder.list(in: location))
  }
}

extension CollectionStore {
  /// Moves the favourite at place `from` to place `to` (both from 1), as
  /// one commit of the list `favourites`, made when missing. `favourites`
  /// are the starred tracks in the collection's order; the list is first
  /// brought in line with them (entries without a star taken out, stars
  /// without an entry added at the end), its other lines kept as written.
  @discardableResult
  public func moveFavourite(from: Int, to: Int, favourites: [FavouriteTrack]) throws(OrderedListError) -> GitCommit? {
    let name = FavouritesOrder.listName
    if FileSystem.exists(location.path(SmartListFile.path(of: name))) { throw .nameTaken(name: name, smart: true) }
    return try changeOrderedList(name, makingIfMissing: true) { (list: inout OrderedListFile) throws(OrderedListError) in
      let arranged = FavouritesOrder.arranged(favourites, by: list)
      for place in [from, to] where place < 1 || place > arranged.count {
        throw .outOfRange(name: name, place: place, count: arranged.count)
      }
      // Entries naming no starred track, or one named before, go.
      var named = Set<String>()
      for index in list.items.indices.reversed() {
        let entry = list.entries[index]
        if let favourite = favourites.first(where: { $0.isNamed(by: entry) }) {
          if list.entries[..<index].contains(where: { favourite.isNamed(by: $0) }) {
            list.remove(at: index)
          } else {
            named.insert(favourite.reference)
          }
        } else {
          list.remove(at: index)
        }
      }
      for favourite in arranged where !named.contains(favourite.reference) {
        list.insert(OrderedListEntry(album: favourite.album.id, track: favourite.trackReference), at: list.items.count)
      }
      list.move(from: from - 1, to: to - 1)
      return "Move favourite \(arranged[from - 1].reference) from \(from) to \(to)"
    }
  }
}
