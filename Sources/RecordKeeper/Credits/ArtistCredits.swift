/// ``CreditRules`` applied to one collection (docs/commands.md, "Credited artists"):
/// aggressive mode splits `A, B & C` only into names that are each the
/// artist of some album in the collection, so it needs to know them.
///
/// An album is by the names its artist credits without aggressive
/// splitting (`A feat. B` is by A and by B). Those names are counted only
/// in aggressive mode; in basic mode this is the rules alone.
public struct ArtistCredits: Sendable {
  public let rules: CreditRules
  /// How many albums are by each name, folded (aggressive mode only).
  private var albums: [[UInt8]: Int] = [:]

  /// The rules applied to a collection holding `albums`.
  public init(_ rules: CreditRules = CreditRules(), albums: some Sequence<Album> = [Album]()) {
    self.init(rules, artists: albums.lazy.map(\.artist))
  }

  /// The rules applied to a collection whose albums are by `artists`.
  public init(_ rules: CreditRules, artists: some Sequence<String>) {
    self.rules = rules
    guard rules.mode == .aggressive else { return }
    for artist in artists { add(artist: artist) }
  }

  /// Counts an album by `artist` in.
  public mutating func add(artist: String) {
    guard rules.mode == .aggressive else { return }
    for name in ownNames(of: artist) { albums[name, default: 0] += 1 }
  }

  /// Takes an album by `artist` (as it was counted) out.
  public mutating func remove(artist: String) {
    guard rules.mode == .aggressive else { return }
    for name in ownNames(of: artist) {
      guard let count = albums[name] else { continue }
      albums[name] = count > 1 ? count - 1 : nil
    }
  }

  /// The names an album by `artist` is by, folded, before aggressive
  /// splitting (which they decide).
  private func ownNames(of artist: String) -> Set<[UInt8]> {
    Set(rules.credits(of: artist) { _ in false }.map(TextFolding.foldedBytes))
  }

  /// The names `artist` credits, in the order written, each once (folded
  /// alike counts as once): the artist itself when nothing splits it.
  public func credits(of artist: String) -> [String] {
    rules.credits(of: artist) { albums[$0] != nil }
  }

  /// The names credited besides the artist as written (empty when nothing
  /// splits it): what `credits` in an album object holds.
  public func otherCredits(of artist: String) -> [String] {
    let names = credits(of: artist)
    return names == [artist.trimmed] ? [] : names
  }
}
