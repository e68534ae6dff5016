/// The albums of each credited artist, so that "More by" (seed 003, PRODUCT.md
/// §1.4 "Credits") needs no pass over the whole collection: at 100,000
/// albums that pass, splitting every artist, took half a second a view.
///
/// An album is filed under its ``ArtistNames``; ``others(of:)`` gives the
/// ids of the albums ``Album/otherAlbumsByArtist(in:credits:)`` keeps, and
/// that same function orders them. Built for one ``CreditRules``: when the
/// rules change, build a new one.
public struct ArtistIndex: Sendable {
  public let credits: CreditRules
  /// Album ids by their artist folded whole.
  private var byArtist: [[UInt8]: [String]] = [:]
  /// Album ids by each name their artist credits, folded.
  private var byCredit: [[UInt8]: [String]] = [:]

  public init(_ albums: some Sequence<Album>, credits: CreditRules) {
    self.credits = credits
    for album in albums { add(album) }
  }

  /// Files `album` under its names.
  public mutating func add(_ album: Album) {
    let names = ArtistNames(album.artist, credits: credits)
    if !names.whole.isEmpty { byArtist[names.whole, default: []].append(album.id) }
    for name in names.credited { byCredit[name, default: []].append(album.id) }
  }

  /// Takes `album` (as it was filed) out of the index.
  public mutating func remove(_ album: Album) {
    let names = ArtistNames(album.artist, credits: credits)
    Self.remove(album.id, under: names.whole, from: &byArtist)
    for name in names.credited { Self.remove(album.id, under: name, from: &byCredit) }
  }

  private static func remove(_ id: String, under name: [UInt8], from table: inout [[UInt8]: [String]]) {
    guard var ids = table.removeValue(forKey: name) else { return }
    ids.removeAll { $0 == id }
    if !ids.isEmpty { table[name] = ids }
  }

  /// The ids of the other albums by the artist of `album`, unordered: those
  /// ``ArtistNames/includes(_:)`` accepts.
  public func others(of album: Album) -> Set<String> {
    let names = ArtistNames(album.artist, credits: credits)
    guard !names.whole.isEmpty else { return [] }
    var ids = Set(byArtist[names.whole] ?? [])
    for name in names.all { ids.formUnion(byCredit[name] ?? []) }
    ids.remove(album.id)
    return ids
  }
}

/// The names "More by" knows an artist by: the whole artist folded (case
/// and diacritics ignored, so "Prince" is not "Prince and the Revolution"),
/// and each name it credits (``CreditRules/credits(of:)``), folded.
public struct ArtistNames: Equatable, Sendable {
  public var whole: [UInt8]
  public var credited: [[UInt8]]

  public init(_ artist: String, credits: CreditRules) {
    let whole = TextFolding.foldedBytes(artist)
    self.whole = whole
    // An artist that credits only itself shares the bytes of its whole name.
    credited = credits.credits(of: artist).map { name in
      let folded = TextFolding.foldedBytes(name)
      return folded == whole ? whole : folded
    }
  }

  /// The whole artist and the names it credits.
  public var all: Set<[UInt8]> { Set(credited + [whole]) }

  /// Whether an album by `other` is by this artist too: the same whole
  /// artist, or one of the names this artist goes by among those `other`
  /// credits (`A feat. B` is by A and by B). `all` is this artist's
  /// ``all``, made once for the many albums compared.
  public func includes(_ other: ArtistNames, among all: Set<[UInt8]>) -> Bool {
    !whole.isEmpty && (other.whole == whole || other.credited.contains { all.contains($0) })
  }
}
