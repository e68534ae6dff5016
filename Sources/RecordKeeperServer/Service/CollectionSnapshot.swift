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
  /// How artists credit others (`.recordkeeper/config.yaml`), read when the
  /// snapshot's predecessor saw the file change, not once per album served.
  public let credits: CreditRules
  /// Every play of `plays/*.md` as last read: the plays routes, `/api/stats`
  /// and suggestions answer from it without reading the files.
  public let plays: PlayHistory
  /// What reading found wrong, by album id: only albums with a problem, an
  /// unreadable one (left out of `albums`) included, so that
  /// `/api/problems` is answered without reading the collection again.
  let issues: [String: AlbumIssues]
  /// The albums changed since earlier snapshots (`GET /api/changes`).
  let changes: ChangeLog
  /// The last check made of this snapshot, with what it depended on besides.
  private let checked = Mutex<(key: CheckKey, check: CollectionCheck)?>(nil)
  /// Listings kept, with their albums' folded texts.
  private let orders: Mutex<[OrderKey: Listing]>
  private let summaries = Mutex<Summaries>(Summaries())
  /// Albums by credited artist for "More by": made when first asked for,
  /// then kept up to date by the next snapshots while the credit rules stay.
  private let artistIndex: Mutex<ArtistIndex?>
  /// The credit rules with the names the albums go by (aggressive mode
  /// splits only into those): made when first asked for, then kept up to
  /// date like the artist index.
  private let appliedCredits: Mutex<ArtistCredits?>

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

  init(
    version: Int, location: CollectionLocation, albums: AlbumTable, preferences: Preferences, credits: CreditRules,
    plays: PlayHistory, issues: [String: AlbumIssues] = [:], orders: [OrderKey: Listing] = [:], artistIndex: ArtistIndex? = nil,
    artistCredits: ArtistCredits? = nil, changes: ChangeLog? = nil
  ) {
    self.version = version
    self.changes = changes ?? ChangeLog(base: version)
    self.location = location
    self.albums = albums
    self.preferences = preferences
    self.credits = credits
    self.plays = plays
    self.issues = issues
    self.orders = Mutex(orders)
    self.artistIndex = Mutex(artistIndex)
    self.appliedCredits = Mutex(artistCredits)
  }

  /// ``credits`` applied to this snapshot's albums: how every answer splits
  /// an artist.
  public var artistCredits: ArtistCredits {
    appliedCredits.withLock { applied in
      if let applied, applied.rules == credits { return applied }
      let made = ArtistCredits(credits, albums: albums.values)
      applied = made
      return made
    }
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

  /// Every album in `order`.
  public func sorted(_ order: AlbumOrder) -> [Album] { listing(order).ids.compactMap { albums[$0] } }

  /// Makes the listing of `order` and keeps it (``sorted(_:)`` would also
  /// copy every album out: 40 MB at 100k, only to be dropped).
  func prepare(_ order: AlbumOrder) { _ = listing(order) }

  func listing(_ order: AlbumOrder) -> Listing {
    let key = OrderKey(mode: order.mode, seed: order.seed)
    if let cached = orders.withLock({ $0[key] }) { return cached }
    // Positions, not a sorted copy of every album.
    let values = albums.values
    let listing = Listing(order.arrangement(of: values).positions, of: values)
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
  public func page(matching matcher: SearchMatcher, order: AlbumOrder, offset: Int, limit: Int) -> (albums: [Album], count: Int) {
    if order.mode == .relevance {
      guard RelevanceOrder(query: matcher.query).isEmpty else { return relevancePage(matching: matcher, offset: offset, limit: limit) }
      return page(matching: matcher, order: AlbumOrder(mode: .default), offset: offset, limit: limit)
    }
    let listing = listing(order)
    guard !matcher.query.isEmpty else {
      return (listing.ids(from: offset, limit: limit).compactMap { albums[$0] }, listing.count)
    }
    let wanted = offset.addingReportingOverflow(limit).overflow ? Int.max : offset + limit
    let (ids, count) = matches(of: matcher, in: listing, atMost: wanted)
    return (ids.dropFirst(offset).prefix(limit).compactMap { albums[$0] }, count)
  }

  /// The ids of the first `wanted` albums of `listing` that `matcher`
  /// matches, and how many match in all.
  ///
  /// The runs are searched on every core, each album's text folded already;
  /// only ids are noted, and only as many per run as a page could take:
  /// copying out every matching ``Album`` (two dozen strings to retain)
  /// cost more than matching them. Plain terms in every field (the common
  /// case) need the folded bytes alone; the album itself is read only for
  /// clauses or other fields, and then only for an album whose text has
  /// every term (when every field is searched, a match needs that).
  func matches(of matcher: SearchMatcher, in listing: Listing, atMost wanted: Int) -> (ids: [String], count: Int) {
    let runs = listing.runs
    let prefilter = matcher.searchesEveryField
    let readsAlbum = matcher.hasClauses || !matcher.searchesEveryField
    let found = System.concurrentMap(runs.count) { number in
      let run = runs[number]
      var scratch: [UInt8] = []
      var ids: [String] = []
      var matched = 0
      run.folded.withUnsafeBufferPointer { folded in
        for index in run.ids.indices {
          if prefilter && !matcher.matchesTerms(folded: run.text(index, in: folded)) { continue }
          if readsAlbum {
            guard let album = albums[run.ids[index]], matcher.matches(album, scratch: &scratch) else { continue }
          }
          if matched < wanted { ids.append(run.ids[index]) }
          matched += 1
        }
      }
      return (ids: ids, count: matched)
    }
    // A run noted at most `wanted` ids; when it held more, the page is full
    // by the end of it, so no match the page needs is missed.
    var ids: [String] = []
    for run in found where ids.count < wanted { ids += run.ids.prefix(wanted - ids.count) }
    return (ids, found.reduce(0) { $0 + $1.count })
  }

  /// The distinct artists and sort artists starting with `prefix` (folded),
  /// as ``RecordCollection/artists(prefix:)`` lists them; the whole list is
  /// made once per snapshot, each keystroke only filters it.
  public func artists(prefix: String) -> [String] {
    let all = summaries.withLock { summaries in
      if let artists = summaries.artists { return artists }
      let names = RecordCollection(location: location, albums: albums.values).artists(credits: artistCredits)
      let artists = names.map { (name: $0, folded: TextFolding.foldedBytes($0)) }
      summaries.artists = artists
      return artists
    }
    let folded = Array(TextFolding.fold(prefix).utf8)
    return all.filter { folded.isEmpty || $0.folded.starts(with: folded) }.map(\.name)
  }

  /// ``Album/otherAlbumsByArtist(in:credits:)`` among this snapshot's
  /// albums, looked up in the artist index instead of reading every album.
  public func otherAlbums(byArtistOf album: Album) -> [Album] {
    let ids = artistIndex.withLock { index in
      if index?.credits != credits { index = ArtistIndex(albums.values, credits: credits) }
      return index?.candidates(for: album) ?? []
    }
    // In table order, as the scan meets them, so that ties stay as it leaves them.
    let places = ids.compactMap { albums.place(of: $0) }.sorted()
    return album.otherAlbumsByArtist(in: places.map { albums.values[$0] }, credits: artistCredits)
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
    _ changed: [String: Album?], issues changedIssues: [String: AlbumIssues] = [:], preferences newPreferences: Preferences? = nil,
    credits newCredits: CreditRules? = nil, plays newPlays: PlayHistory? = nil
  ) -> CollectionSnapshot {
    let credits = newCredits ?? self.credits
    // Kept only under the same rules; otherwise made again when asked for.
    var index = artistIndex.withLock { $0 }.flatMap { $0.credits == credits ? $0 : nil }
    var applied = appliedCredits.withLock { $0 }.flatMap { $0.rules == credits ? $0 : nil }
    for (id, album) in changed {
      if let old = self.albums[id] {
        index?.remove(old)
        applied?.remove(artist: old.artist)
      }
      if let album {
        index?.add(album)
        applied?.add(artist: album.artist)
      }
    }
    var albums = self.albums
    var issues = self.issues
    for (id, found) in changedIssues { issues[id] = found.isEmpty ? nil : found }
    for (id, album) in changed { albums.set(album, for: id) }
    let ids = Set(changed.keys)
    var kept: [OrderKey: Listing] = [:]
    for (key, listing) in orders.withLock({ $0 }) {
      kept[key] = ids.isEmpty ? listing : listing.applying(ids, albums: albums, order: AlbumOrder(mode: key.mode, seed: key.seed))
    }
    // New preferences or credit rules may change every album's entry: copies start again.
    let changes =
      newPreferences != nil || newCredits != nil ? self.changes.restarting(at: version + 1) : self.changes.recording(ids, at: version + 1)
    return CollectionSnapshot(
      version: version + 1, location: location, albums: albums, preferences: newPreferences ?? preferences,
      credits: credits, plays: newPlays ?? plays, issues: issues, orders: kept, artistIndex: index, artistCredits: applied,
      changes: changes)
  }
}
