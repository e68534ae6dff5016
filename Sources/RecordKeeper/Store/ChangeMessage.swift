/// Commit messages for changes `rk` makes (docs/commands.md, "Changes and commits"): the action and the
/// album, plus a trailer that marks the commit as one of `rk`'s for `rk undo`.
public enum ChangeMessage {
  /// The trailer key that marks `rk`'s commits.
  public static let trailerKey = "Record-Keeper"
  /// The trailer of an undo commit naming the full id of the commit it undid,
  /// so that `rk undo` can walk back exactly one change at a time.
  public static let undoesKey = "Record-Keeper-Undoes"

  /// `summary` (control characters made visible), a blank line and the
  /// trailer naming `action`; for an undo, also the trailer naming the
  /// commit `undoing`.
  public static func make(_ summary: String, action: String, undoing: String? = nil) -> String {
    "\(VisibleText.text(summary))\n\n\(trailerKey): \(action)\n" + (undoing.map { "\(undoesKey): \($0)\n" } ?? "")
  }

  /// The message of the commit that records a person's uncommitted edits to
  /// an album before `rk` changes it: `Edit Miles Davis – Kind of Blue by
  /// hand`. It has no trailer, so `rk undo` treats it as the person's own.
  public static func handEdit(of album: Album) -> String {
    "\(VisibleText.text("Edit \(name(of: album)) by hand"))\n"
  }

  /// The action of a commit `rk` made, or `nil` for anyone else's.
  public static func action(of message: String) -> String? {
    trailer(trailerKey, in: message)
  }

  /// The id of the commit an undo commit undid, if its message says.
  public static func undone(by message: String) -> String? {
    trailer(undoesKey, in: message)
  }

  /// The value of the trailer `key` in the message's last paragraph.
  private static func trailer(_ key: String, in message: String) -> String? {
    let lines = message.split(separator: "\n", omittingEmptySubsequences: false).reversed().drop { $0.isEmpty }
    for line in lines.prefix(while: { !$0.isEmpty }) where line.hasPrefix(key + ": ") {
      return String(line.dropFirst(key.count + 2))
    }
    return nil
  }

  /// `Miles Davis – Kind of Blue`; the parts that are blank left out, and
  /// the album's id when both are (a hand-edited album may hold a mapping
  /// where its title should be), so a message always names the album.
  public static func name(of album: Album) -> String {
    let parts = [album.artist, album.title].filter { !$0.isBlank }
    return parts.isEmpty ? album.id : parts.joined(separator: " – ")
  }

  /// `"jazz"`, or `"jazz", "modal"` for several.
  public static func quoted(_ items: [String]) -> String { items.map { "\"\($0)\"" }.joined(separator: ", ") }
}
