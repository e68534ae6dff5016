/// The albums of each credited artist, so that "More by" (seed 003, docs/commands.md,
/// "Credited artists") needs no pass over the whole collection: at 100,000
/// albums that pass, splitting every artist, took 0.4 s a details view.
///
/// An album is filed under each name its artist could go by under the rules
/// (``CreditRules/possibleNames(of:)``), whichever albums the collection
/// holds, since aggressive splitting depends on them; ``candidates(for:)``
/// gives every album
/// ``Album/otherAlbumsByArtist(in:credits:)`` keeps, and maybe a few more,
/// which that same function, given only these, turns away and orders.
/// Built for one ``CreditRules``: when the rules change, build a new one.
public struct ArtistIndex: Sendable {
  public let credits: CreditRules
  /// Album ids by the hash of a name they go by. Names whose hashes collide
  /// share a list: that adds candidates only, and keeps no name's bytes
  /// (3 MB held at 100k albums; keyed by the bytes, 8 MB).
  private var ids: [Int: [String]] = [:]

  public init(_ albums: some Sequence<Album>, credits: CreditRules) {
    self.credits = credits
    for album in albums { add(album) }
  }

  private func keys(_ artist: String) -> Set<Int> {
    Set(credits.possibleNames(of: artist).map(\.hashValue))
  }

  /// Files `album` under its names.
  public mutating func add(_ album: Album) {
    for key in keys(album.artist) { ids[key, default: []].append(album.id) }
  }

  /// Takes `album` (as it was filed) out of the index.
  public mutating func remove(_ album: Album) {
    for key in keys(album.artist) {
      guard var list = ids.removeValue(forKey: key) else { continue }
      list.removeAll { $0 == album.id }
      if !list.isEmpty { ids[key] = list }
    }
  }

  /// The ids of the albums filed under a name the artist of `album` goes by,
  /// `album` left out: every other album by its artist, and maybe a few more.
  public func candidates(for album: Album) -> Set<String> {
    var found = Set<String>()
    for key in keys(album.artist) { found.formUnion(ids[key] ?? []) }
    found.remove(album.id)
    return found
  }
}

/// The names "More by" knows an artist by: the whole artist folded (case
/// and diacritics ignored, so "Prince" is not "Prince and the Revolution"),
/// and each name it credits (``ArtistCredits/credits(of:)``), folded.
struct ArtistNames {
  var whole: [UInt8]
  var credited: [[UInt8]]

  init(_ artist: String, credits: ArtistCredits) {
    whole = TextFolding.foldedBytes(artist)
    credited = credits.credits(of: artist).map(TextFolding.foldedBytes)
  }

  /// The whole artist and the names it credits.
  var all: Set<[UInt8]> { Set(credited + [whole]) }

  /// Whether an album by `other` is by this artist too: the same whole
  /// artist, or one of the names this artist goes by among those `other`
  /// credits (`A feat. B` is by A and by B). `all` is this artist's
  /// ``all``, made once for the many albums compared.
  func includes(_ other: ArtistNames, among all: Set<[UInt8]>) -> Bool {
    !whole.isEmpty && (other.whole == whole || other.credited.contains { all.contains($0) })
  }
}
