/// How a heading or a person names a side of a record: `Side B`, `side b`
/// or `B`. The one reading of the word `Side`, for track lists, edits and plays.
enum SideName {
  /// What follows the word `Side` and a space (any case), trimmed: `B` for
  /// `Side B`; `nil` when `text` does not start with the word.
  static func afterWord(_ text: some StringProtocol) -> String? {
    guard text.count > 5, text.prefix(5).lowercased() == "side " else { return nil }
    return text.dropFirst(5).trimmed
  }

  /// `text` trimmed, without the word `Side` when it starts with it: `B`
  /// for `Side B`, ` side B ` and `B`. Two names of one side have the same
  /// bare name, in any case.
  static func bare(_ text: some StringProtocol) -> String {
    let trimmed = text.trimmed
    return afterWord(trimmed) ?? trimmed
  }
}
