/// Commit messages for changes `rk` makes (PRODUCT.md §4): the action and the
/// album, plus a trailer that marks the commit as one of `rk`'s for `rk undo`.
public enum ChangeMessage {
  /// The trailer key that marks `rk`'s commits.
  public static let trailerKey = "Record-Keeper"

  /// `summary`, a blank line and the trailer naming `action`.
  public static func make(_ summary: String, action: String) -> String {
    "\(summary)\n\n\(trailerKey): \(action)\n"
  }

  /// The action of a commit `rk` made, or `nil` for anyone else's.
  public static func action(of message: String) -> String? {
    for line in message.split(separator: "\n").reversed() where line.hasPrefix(trailerKey + ": ") {
      return String(line.dropFirst(trailerKey.count + 2))
    }
    return nil
  }

  /// `Miles Davis – Kind of Blue`.
  public static func name(of album: Album) -> String { "\(album.artist) – \(album.title)" }

  /// `"jazz"`, or `"jazz", "modal"` for several.
  public static func quoted(_ items: [String]) -> String { items.map { "\"\($0)\"" }.joined(separator: ", ") }
}
