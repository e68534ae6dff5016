/// Albums of the collection to play next (seed 004's recommendations,
/// offline; docs/commands.md, "Suggestions"): those that share tags, artist and decade with
/// the collector's favourites (albums with favourite tracks) and most played
/// albums, the ones not played for longest first.
///
/// Scoring, in whole numbers so that the order is the same everywhere:
/// - the **anchors** are the albums with favourite tracks and the most
///   played albums, each weighing 2 a favourite track plus 1 a play; the
///   ``maximumAnchors`` heaviest count (ties in the seed's default order);
/// - an album's **affinity** is, over the anchors other than itself, the
///   anchor's weight times (3 a shared tag + 4 for the same artist + 1 for
///   the same decade);
/// - its **score** is its affinity times (12 + the months since it was last
///   played, at most 120; 132 when never played), so a record untouched for
///   years climbs above one played last week;
/// - albums with no affinity follow, the longest unplayed first; ties go in
///   the seed's default order (artist, then year).
///
/// Wanted albums are never suggested, nor used as anchors.
public struct Suggestions: Sendable {
  /// This month in the local time zone, as `year * 12 + month`: what the
  /// months since a play count up to.
  public static var thisMonth: Int {
    let today = PlayTime.now.date
    return today.year * 12 + (today.month ?? 1)
  }

  /// One suggestion: the album and why.
  public struct Suggestion: Hashable, Sendable {
    public var album: Album
    /// `shares #modal with Kind of Blue; not played since 2025-03`.
    public var reason: String
    public var score: Int
  }

  /// How many anchors count at most, so that scoring stays linear in the collection.
  public static let maximumAnchors = 50
  /// The months a never played album counts as unplayed.
  static let neverPlayedMonths = 120

  /// The suggestions, best first.
  public let suggestions: [Suggestion]

  /// The `count` best suggestions among `albums`, with plays from `plays`
  /// and the months counted up to `today`.
  public init(albums: [Album], plays: PlayHistory, today: ReleaseDate, count: Int) {
    self.init(albums: albums, plays: plays, month: today.year * 12 + (today.month ?? 1), count: count)
  }

  /// The same, with the months counted up to `month` (`year * 12 + month`, as ``thisMonth``).
  public init(albums: [Album], plays: PlayHistory, month todayMonth: Int, count: Int) {
    // Indices, not a copy of every album: a collection may hold 100,000.
    let owned = albums.indices.filter { !albums[$0].isWanted }
    let order = AlbumOrder(mode: .default)
    let anchors = Self.anchors(of: albums, among: owned, plays: plays, order: order)
    let profile = Profile(anchors)
    // Scores only, by index: the reasons are told for the few suggested.
    var scored: [Scored] = []
    scored.reserveCapacity(owned.count)
    for index in owned {
      let album = albums[index]
      let months = plays.lastPlayed(of: album.id).map {
        min(Self.neverPlayedMonths, max(0, todayMonth - ($0.date.year * 12 + ($0.date.month ?? 1))))
      }
      let staleness = 12 + (months ?? Self.neverPlayedMonths + 12)
      // Without affinity, only how long it went unplayed orders it, below every album with some.
      let score = (profile.match(album)?.affinity ?? 0) * staleness
      scored.append((index, score * 1_000 + staleness))
    }
    suggestions = Self.best(count, of: scored, in: albums, order: order).map { entry in
      let album = albums[entry.index]
      let played = plays.lastPlayed(of: album.id).map { "not played since " + String($0.date.text.prefix(7)) } ?? "never played"
      let reason = (profile.match(album).map { $0.reason + "; " } ?? "") + played
      return Suggestion(album: album, reason: reason, score: entry.score / 1_000)
    }
  }

  /// An anchor: an album the collector loves, and how much.
  struct Anchor {
    var album: Album
    var weight: Int
  }

  /// The heaviest anchors among the albums at `indices`, heaviest first,
  /// ties in the seed's order; only those kept are copied out.
  static func anchors(of albums: [Album], among indices: [Int], plays: PlayHistory, order: AlbumOrder) -> [Anchor] {
    let weighed = indices.compactMap { index -> Scored? in
      let weight = 2 * albums[index].trackList.lazy.filter(\.favourite).count + plays.count(of: albums[index].id)
      return weight > 0 ? (index, weight) : nil
    }
    return best(maximumAnchors, of: weighed, in: albums, order: order).map { Anchor(album: albums[$0.index], weight: $0.score) }
  }

  /// An album, by its index, and its score.
  typealias Scored = (index: Int, score: Int)

  /// The `count` highest scores of `scored` (albums by index), highest
  /// first, equal scores in `order`. Only the albums tied at the lowest
  /// score kept are ordered among themselves, and only as many as are
  /// kept (``AlbumOrder/first(_:of:among:)``): a collection nobody played
  /// yet ties everywhere.
  static func best(_ count: Int, of scored: [Scored], in albums: [Album], order: AlbumOrder) -> [Scored] {
    // The lowest score kept: the `count`th highest, or the lowest of fewer.
    guard let threshold = scored.map(\.score).sorted(by: >).prefix(max(0, count)).last else { return [] }
    let above = scored.filter { $0.score > threshold }
    let tied = order.first(count - above.count, of: albums, among: scored.filter { $0.score == threshold }.map(\.index))
    let kept = above + tied.map { (index: $0, score: threshold) }
    var rank: [Int: Int] = [:]
    for (offset, index) in order.positions(of: albums, among: kept.map(\.index)).enumerated() { rank[index] = offset }
    return kept.sorted { a, b in a.score != b.score ? a.score > b.score : (rank[a.index] ?? 0) < (rank[b.index] ?? 0) }
  }

  /// What an album has in common with the anchors: its affinity, and the
  /// reason told for it (the strongest single link).
  struct Match {
    var affinity: Int
    var reason: String
  }

  /// The anchors by tag, artist and decade, each list heaviest first.
  struct Profile {
    var anchors: [Anchor]
    var byTag: [String: [Int]] = [:]
    var byArtist: [String: [Int]] = [:]
    var byDecade: [Int: [Int]] = [:]

    init(_ anchors: [Anchor]) {
      self.anchors = anchors
      for (index, anchor) in anchors.enumerated() {
        for tag in Set(anchor.album.tags) { byTag[tag, default: []].append(index) }
        byArtist[Self.artistKey(anchor.album), default: []].append(index)
        if let decade = Self.decade(anchor.album) { byDecade[decade, default: []].append(index) }
      }
    }

    static func artistKey(_ album: Album) -> String { TextFolding.fold(album.artist) }
    static func decade(_ album: Album) -> Int? { album.releaseDate.map { $0.year / 10 * 10 } }

    /// The album's affinity with the anchors other than itself; `nil` when none.
    func match(_ album: Album) -> Match? {
      guard !anchors.isEmpty else { return nil }
      var affinity = 0
      // The strongest link: (its weight, which kind ranks first, the text).
      var best: (strength: Int, rank: Int, text: String)?
      func link(_ strength: Int, _ rank: Int, _ text: @autoclosure () -> String) {
        guard let current = best else {
          best = (strength, rank, text())
          return
        }
        if strength > current.strength || (strength == current.strength && rank < current.rank) { best = (strength, rank, text()) }
      }
      var seenTags = Set<String>()
      for tag in album.tags where seenTags.insert(tag).inserted {
        for index in byTag[tag] ?? [] where anchors[index].album.id != album.id {
          affinity += 3 * anchors[index].weight
          link(3 * anchors[index].weight, 0, "shares #\(tag) with \(anchors[index].album.title)")
        }
      }
      for index in byArtist[Self.artistKey(album)] ?? [] where anchors[index].album.id != album.id {
        affinity += 4 * anchors[index].weight
        link(4 * anchors[index].weight, 1, "also by \(album.artist), like \(anchors[index].album.title)")
      }
      if let decade = Self.decade(album) {
        for index in byDecade[decade] ?? [] where anchors[index].album.id != album.id {
          affinity += anchors[index].weight
          link(anchors[index].weight, 2, "from the \(decade)s, like \(anchors[index].album.title)")
        }
      }
      guard affinity > 0, let best else { return nil }
      return Match(affinity: affinity, reason: best.text)
    }
  }
}

extension Suggestions.Suggestion {
  /// The album object (docs/commands.md, "Output: JSON, --format and the terminal") with its `reason`.
  public var json: JSONValue {
    guard case .object(var fields) = album.json() else { return album.json() }
    fields.append(("reason", .string(reason)))
    return .object(fields)
  }
}
