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
  public let albums: AlbumTable
  public let preferences: Preferences
  /// Each album's text folded for searching, made once per album.
  let texts: [String: SearchText]
  /// What reading found wrong, by album id: only albums with a problem, an
  /// unreadable one (left out of `albums`) included, so that
  /// `/api/problems` is answered without reading the collection again.
  let issues: [String: AlbumIssues]
  /// The last check made of this snapshot, with what it depended on besides.
  private let checked = Mutex<(key: CheckKey, check: CollectionCheck)?>(nil)
  /// Listings kept, each with its albums' search texts in the same order.
  private let orders: Mutex<[OrderKey: Listing]>
  private let summaries = Mutex<Summaries>(Summaries())

  /// Lists made from every album, once per snapshot, for autocompletion.
  struct Summaries {
    var artists: [(name: String, folded: [UInt8])]?
    var tags: [(tag: String, count: Int)]?
  }

  /// The problems of one album as reading it found them.
  struct AlbumIssues: Equatable, Sendable {
    /// Rules the album breaks (it is listed all the same).
    var problems: [AlbumIssue] = []
    /// Why its file could not be read at all.
    var unreadable: AlbumIssue?

    var isEmpty: Bool { problems.isEmpty && unreadable == nil }
  }

  /// What a check depends on beyond the albums: smart list files and an
  /// unfinished merge, read again for each check (both are small).
  struct CheckKey: Equatable {
    var lists: [AlbumIssue]
    var conflicts: [FieldConflict]
  }

  struct OrderKey: Hashable {
    var mode: SortMode
    var seed: UInt64
  }

  /// The ids of the albums in one order, with their search texts in the
  /// same order. Ids, not copies of the albums: a second copy of every
  /// ``Album`` (some 400 bytes each) was tens of MB at 100k.
  struct Listing {
    let ids: [String]
    let texts: [SearchText]
    /// Every album's ``SearchText/bytes`` one after another, and where each
    /// album's begin (one more entry than albums, the last the end): a
    /// search reads them front to back without touching a reference count.
    let folded: [UInt8]
    let starts: [Int]

    init(ids: [String], texts: [SearchText]) {
      self.ids = ids
      self.texts = texts
      var folded: [UInt8] = []
      folded.reserveCapacity(texts.reduce(0) { $0 + $1.bytes.count })
      var starts = [0]
      starts.reserveCapacity(texts.count + 1)
      for text in texts {
        folded += text.bytes
        starts.append(folded.count)
      }
      self.folded = folded
      self.starts = starts
    }
  }

  init(
    version: Int, location: CollectionLocation, albums: AlbumTable, preferences: Preferences, texts: [String: SearchText]? = nil,
    issues: [String: AlbumIssues] = [:], orders: [OrderKey: Listing] = [:]
  ) {
    self.version = version
    self.location = location
    self.albums = albums
    self.preferences = preferences
    self.texts = texts ?? Self.searchTexts(of: albums)
    self.issues = issues
    self.orders = Mutex(orders)
  }

  /// The ids of the albums whose file could not be read, sorted.
  public var unreadable: [String] { issues.compactMap { $0.value.unreadable == nil ? nil : $0.key }.sorted() }

  /// What `rk check` reports for this snapshot's albums with `lists`: made
  /// once per snapshot (again only when the smart lists' problems or an
  /// unfinished merge's conflicts differ), never by reading the albums again.
  public func check(lists: SmartLists) -> CollectionCheck {
    let key = CheckKey(lists: lists.problems.map(\.albumIssue), conflicts: FieldConflict.unresolved(in: location))
    if let kept = checked.withLock({ $0 }), kept.key == key { return kept.check }
    let collection = RecordCollection(
      location: location, albums: albums.values,
      unreadable: issues.values.compactMap(\.unreadable), problems: issues.values.flatMap(\.problems))
    let check = CollectionCheck(collection, lists: lists)
    checked.withLock { $0 = (key, check) }
    return check
  }

  /// Every album's ``SearchText``, made on every core.
  private static func searchTexts(of albums: AlbumTable) -> [String: SearchText] {
    let list = albums.values
    let chunks = System.coreCount * 4
    let size = (list.count + chunks - 1) / max(chunks, 1)
    let parts = System.concurrentMap(chunks) { chunk in
      list[min(chunk * size, list.count)..<min((chunk + 1) * size, list.count)].map { ($0.id, SearchText($0)) }
    }
    return Dictionary(parts.joined(), uniquingKeysWith: { first, _ in first })
  }

  /// Every album in `order`.
  public func sorted(_ order: AlbumOrder) -> [Album] { listing(order).ids.compactMap { albums[$0] } }

  private func listing(_ order: AlbumOrder) -> Listing {
    let key = OrderKey(mode: order.mode, seed: order.seed)
    if let cached = orders.withLock({ $0[key] }) { return cached }
    // Positions, not a sorted copy of every album.
    let values = albums.values
    let positions = order.arrangement(of: values).positions
    let listing = Listing(ids: positions.map { values[$0].id }, texts: positions.map { texts[values[$0].id] ?? SearchText(values[$0]) })
    // A one-off shuffle (`?sort=random` while another mode is stored) is
    // not worth keeping.
    if order.mode != .random || order.seed == preferences.seed {
      orders.withLock { $0[key] = listing }
    }
    return listing
  }

  /// The albums `matcher` matches, in `order`.
  public func albums(matching matcher: SearchMatcher, order: AlbumOrder) -> [Album] {
    page(matching: matcher, order: order, offset: 0, limit: Int.max).albums
  }

  /// One page of the albums `matcher` matches, in `order`, and how many
  /// match in all: what a search-as-you-type request asks for.
  ///
  /// Large collections are searched on every core, each album's text folded
  /// already. The search notes only positions, and only as many per chunk
  /// as the page could take from it: copying out every matching ``Album``
  /// (two dozen strings to retain) cost more than matching them.
  public func page(matching matcher: SearchMatcher, order: AlbumOrder, offset: Int, limit: Int) -> (albums: [Album], count: Int) {
    if order.mode == .relevance {
      guard RelevanceOrder(query: matcher.query).isEmpty else { return relevancePage(matching: matcher, offset: offset, limit: limit) }
      return page(matching: matcher, order: AlbumOrder(mode: .default), offset: offset, limit: limit)
    }
    let listing = listing(order)
    let count = listing.ids.count
    let wanted = offset.addingReportingOverflow(limit).overflow ? Int.max : offset + limit
    guard !matcher.query.isEmpty else {
      return (listing.ids.dropFirst(offset).prefix(limit).compactMap { albums[$0] }, count)
    }
    let chunks = count < 2_000 ? 1 : System.coreCount * 4
    let size = (count + chunks - 1) / chunks
    let found = System.concurrentMap(chunks) { chunk in
      var scratch: [UInt8] = []
      scratch.reserveCapacity(1024)
      var positions: [Int] = []
      var matched = 0
      let range = min(chunk * size, count)..<min((chunk + 1) * size, count)
      if !matcher.hasClauses && matcher.searchesEveryField {
        // The common case, plain terms in every field: the folded bytes
        // alone. Handing the matcher each album (or its SearchText) copied
        // it, retaining its strings, which was most of a search's time.
        listing.folded.withUnsafeBufferPointer { folded in
          listing.starts.withUnsafeBufferPointer { starts in
            for index in range where matcher.matchesTerms(folded: UnsafeBufferPointer(rebasing: folded[starts[index]..<starts[index + 1]]))
            {
              if matched < wanted { positions.append(index) }
              matched += 1
            }
          }
        }
      } else {
        for index in range {
          guard let album = albums[listing.ids[index]], matcher.matches(listing.texts[index], of: album, scratch: &scratch) else {
            continue
          }
          if matched < wanted { positions.append(index) }
          matched += 1
        }
      }
      return (positions: positions, count: matched)
    }
    // A chunk noted at most `wanted` positions; when it held more, the
    // page is full by the end of it, so no match the page needs is missed.
    let page = found.lazy.flatMap(\.positions).dropFirst(offset).prefix(limit).compactMap { self.albums[listing.ids[$0]] }
    return (Array(page), found.reduce(0) { $0 + $1.count })
  }

  /// The distinct artists and sort artists starting with `prefix` (folded),
  /// as ``RecordCollection/artists(prefix:)`` lists them; the whole list is
  /// made once per snapshot, each keystroke only filters it.
  public func artists(prefix: String) -> [String] {
    let all = summaries.withLock { summaries in
      if let artists = summaries.artists { return artists }
      let names = RecordCollection(location: location, albums: albums.values).artists()
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
      let tags = RecordCollection(location: location, albums: albums.values).tagCounts()
      summaries.tags = tags
      return tags
    }
  }

  /// The next snapshot: `changed` albums replaced (those `nil` removed),
  /// the problems of the albums in `issues` replaced, and the kept orders
  /// updated by moving only the changed albums.
  func applying(
    _ changed: [String: Album?], issues changedIssues: [String: AlbumIssues] = [:], preferences newPreferences: Preferences? = nil
  ) -> CollectionSnapshot {
    var albums = self.albums
    var texts = self.texts
    var issues = self.issues
    for (id, found) in changedIssues { issues[id] = found.isEmpty ? nil : found }
    for (id, album) in changed {
      albums.set(album, for: id)
      texts[id] = album.map(SearchText.init)
    }
    let preferences = newPreferences ?? self.preferences
    var kept: [OrderKey: Listing] = [:]
    for (key, listing) in orders.withLock({ $0 }) {
      guard !changed.isEmpty else {
        kept[key] = listing
        continue
      }
      let order = AlbumOrder(mode: key.mode, seed: key.seed)
      var ids = listing.ids
      var listed = listing.texts
      let keep = ids.indices.filter { changed[ids[$0]] == nil }
      (ids, listed) = (keep.map { ids[$0] }, keep.map { listed[$0] })
      for case let album? in changed.values {
        var low = 0
        var high = ids.count
        while low < high {
          let middle = (low + high) / 2
          if let other = albums[ids[middle]], order.precedes(other, album) { low = middle + 1 } else { high = middle }
        }
        ids.insert(album.id, at: low)
        listed.insert(texts[album.id] ?? SearchText(album), at: low)
      }
      kept[key] = Listing(ids: ids, texts: listed)
    }
    return CollectionSnapshot(
      version: version + 1, location: location, albums: albums, preferences: preferences, texts: texts, issues: issues,
      orders: kept)
  }
}
