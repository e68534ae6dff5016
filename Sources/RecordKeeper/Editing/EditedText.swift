/// Text a person edited (`rk edit`, the web app's editor) and why it was
/// refused, located by line so the person can find each problem.
public enum EditedText {
  /// One reason the text was refused.
  public struct Problem: Hashable, Sendable, CustomStringConvertible {
    /// The line in the edited text; 0 when the problem has none.
    public var line: Int
    /// `field: message`.
    public var message: String

    /// `line 3: released: 1997-02 has no day 29`.
    public var description: String { line > 0 ? "line \(line): \(message)" : message }
  }

  /// The problems to show for `error`, refusing `text` as the album `id`;
  /// `nil` when the error is not about the text (git, files, …).
  ///
  /// The store validates the album, not the text, so its problems carry no
  /// line; each is found again in the parsed text by its field and rule.
  public static func problems(in error: StoreError, text: String, id: String) -> [Problem]? {
    switch error {
    case .invalid(_, let found):
      let located = (try? AlbumFile.parse(Array(text.utf8), id: id))?.problems ?? []
      var unused = located
      return found.map { problem in
        guard let index = unused.firstIndex(where: { $0.isSame(as: problem) }) else {
          return Problem(line: 0, message: problem.description)
        }
        let match = unused.remove(at: index)
        return Problem(line: match.line, message: match.description)
      }
    case .unreadable(_, let fileError): return [Problem(line: fileError.line, message: fileError.description)]
    default: return nil
    }
  }
}
