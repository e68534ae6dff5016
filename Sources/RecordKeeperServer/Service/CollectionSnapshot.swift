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
  /// Each album's text folded for searching, made once per album.
  let texts: [String: SearchText]
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

  init(
    version: Int, location: CollectionLocation, albums: [String: Album], preferences: Preferences, texts: [String: SearchText]? = nil,
    orders: [OrderKey: [Album]] = [:]
  ) {
    self.version = version
    self.location = location
    self.albums = albums
    self.preferences = preferences
    self.texts = texts ?? Self.searchTexts(of: albums)
    self.orders = Mutex(orders)
  }

  /// Every album's ``SearchText``, made on every core.
  private static func searchTexts(of albums: [String: Album]) -> [String: SearchText] {
    let list = Array(albums.values)
    let chunks = System.coreCount * 4
    let size = (list.count + chunks - 1) / max(chunks, 1)
    let parts = System.concurrentMap(chunks) { chunk in
      list[min(chunk * size, list.count)..<min((chunk + 1) * size, list.count)].map { ($0.id, SearchText($0)) }
    }
    return Dictionary(parts.joined(), uniquingKeysWith: { first, _ in first })
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

  /// The albums `matcher` matches, in `order`; large collections are
  /// searched on every core, each album's text folded already.
  public func albums(matching matcher: SearchMatcher, order: AlbumOrder) -> [Album] {
    let albums = sorted(order)
    guard !matcher.query.isEmpty else { return albums }
    let chunks = albums.count < 2_000 ? 1 : System.coreCount * 4
    let size = (albums.count + chunks - 1) / chunks
    let texts = self.texts
    return System.concurrentMap(chunks) { chunk in
      var scratch: [UInt8] = []
      scratch.reserveCapacity(1024)
      return albums[min(chunk * size, albums.count)..<min((chunk + 1) * size, albums.count)].filter { album in
        guard let text = texts[album.id] else { return matcher.matches(album, scratch: &scratch) }
        return matcher.matches(text, scratch: &scratch)
      }
    }.flatMap { $0 }
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
    var texts = self.texts
    for (id, album) in changed {
      albums[id] = album
      texts[id] = album.map(SearchText.init)
    }
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
    return CollectionSnapshot(
      version: version + 1, location: location, albums: albums, preferences: preferences, texts: texts, orders: kept)
  }
}
