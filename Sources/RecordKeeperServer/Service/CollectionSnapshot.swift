import RecordKeeper
import Synchronization

/// The collection as the server holds it in memory at one moment: every
/// album by id, and this clone's preferences. Immutable, so any request may
/// read it while the next change is being made.
///
/// Sorted listings are computed once per order and kept; the next snapshot
/// takes them over, moving only the albums that changed into place.
public final class CollectionSnapshot: Sendable {
  /// Counts the snapshots of one service, to tell a newer one.
  public let version: Int
  public let location: CollectionLocation
  public let albums: [String: Album]
  public let preferences: Preferences
  private let orders: Mutex<[OrderKey: [Album]]>
  private let summaries = Mutex<Summaries>(Summaries())

  /// Lists made from every album, once per snapshot, for autocompletion.
  struct Summaries {
    var artists: [(name: String, folded: [UInt8])]?
    var tags: [(tag: String, count: Int)]?
  }

  struct OrderKey: Hashable {
    var mode: SortMode
    var seed: UInt64
  }

  init(version: Int, location: CollectionLocation, albums: [String: Album], preferences: Preferences, orders: [OrderKey: [Album]] = [:]) {
    self.version = version
    self.location = location
    self.albums = albums
    self.preferences = preferences
    self.orders = Mutex(orders)
  }

  /// Every album in `order`.
  public func sorted(_ order: AlbumOrder) -> [Album] {
    let key = OrderKey(mode: order.mode, seed: order.seed)
    if let cached = orders.withLock({ $0[key] }) { return cached }
    let sorted = order.sorted(Array(albums.values))
    // A one-off shuffle (`?sort=random` while another mode is stored) is
    // not worth keeping.
    if order.mode != .random || order.seed == preferences.seed {
      orders.withLock { $0[key] = sorted }
    }
    return sorted
  }

  /// The albums `matcher` matches, in `order`.
  public func albums(matching matcher: SearchMatcher, order: AlbumOrder) -> [Album] {
    RecordCollection(location: location, albums: sorted(order)).albums(matching: matcher)
  }

  /// The distinct artists and sort artists starting with `prefix` (folded),
  /// as ``RecordCollection/artists(prefix:)`` lists them; the whole list is
  /// made once per snapshot, each keystroke only filters it.
  public func artists(prefix: String) -> [String] {
    let all = summaries.withLock { summaries in
      if let artists = summaries.artists { return artists }
      let names = RecordCollection(location: location, albums: Array(albums.values)).artists()
      let artists = names.map { (name: $0, folded: TextFolding.foldedBytes($0)) }
      summaries.artists = artists
      return artists
    }
    let folded = Array(TextFolding.fold(prefix).utf8)
    return all.filter { folded.isEmpty || $0.folded.starts(with: folded) }.map(\.name)
  }

  /// Every tag with its count, alphabetically, made once per snapshot.
  public func tagCounts() -> [(tag: String, count: Int)] {
    summaries.withLock { summaries in
      if let tags = summaries.tags { return tags }
      let tags = RecordCollection(location: location, albums: Array(albums.values)).tagCounts()
      summaries.tags = tags
      return tags
    }
  }

  /// The next snapshot: `changed` albums replaced (those `nil` removed), and
  /// the kept orders updated by moving only those albums.
  func applying(_ changed: [String: Album?], preferences newPreferences: Preferences? = nil) -> CollectionSnapshot {
    var albums = self.albums
    for (id, album) in changed { albums[id] = album }
    let preferences = newPreferences ?? self.preferences
    var kept: [OrderKey: [Album]] = [:]
    for (key, list) in orders.withLock({ $0 }) {
      let order = AlbumOrder(mode: key.mode, seed: key.seed)
      var list = changed.isEmpty ? list : list.filter { changed[$0.id] == nil }
      for case let album? in changed.values {
        var low = 0
        var high = list.count
        while low < high {
          let middle = (low + high) / 2
          if order.precedes(list[middle], album) { low = middle + 1 } else { high = middle }
        }
        list.insert(album, at: low)
      }
      kept[key] = list
    }
    return CollectionSnapshot(version: version + 1, location: location, albums: albums, preferences: preferences, orders: kept)
  }
}
