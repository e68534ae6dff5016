import ArgumentParser

/// Positional values that may begin with `-`: a track "-ism", a tag "-core"
/// (issue 20.6). Declared with `parsing: .allUnrecognized`, ArgumentParser
/// hands over every word no option claimed, the `--` that ends the options
/// included, instead of refusing `-ism` as an unknown option.
enum DashWords {
  /// `words` without the `--` that ends the options. A word before it that
  /// begins with `--` is a mistyped option, a usage error as anywhere else
  /// (docs/commands.md, "Exit status and errors").
  static func values(_ words: [String], of command: ParsableCommand.Type) throws(ValidationError) -> [String] {
    let end = words.firstIndex(of: "--") ?? words.endIndex
    if let option = words[..<end].first(where: { $0.hasPrefix("--") }) {
      throw ValidationError(UsageCheck.unknownOption(option, in: command))
    }
    var values = words
    if end < values.endIndex { values.remove(at: end) }
    return values
  }

  /// The one value of `words`, named `what` in the messages.
  static func single(_ words: [String], of command: ParsableCommand.Type, what: String) throws(ValidationError) -> String {
    let values = try values(words, of: command)
    guard values.count == 1, let value = values.first else {
      throw ValidationError(values.isEmpty ? "Give the \(what)." : "Give one \(what); quote it when it has spaces.")
    }
    return value
  }
}
