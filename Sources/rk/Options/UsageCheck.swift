import ArgumentParser
import Foundation
import RecordKeeper

/// A mistyped command or option, found before ArgumentParser's own message,
/// which would otherwise blame something else ("Name at least one field")
/// or not say what was meant (docs/commands.md, "Exit status and errors").
struct UsageMistake: Error {
  /// The command whose usage to show.
  var command: ParsableCommand.Type
  var message: String

  /// Prints the mistake and the command's usage on stderr and exits 64, as
  /// ArgumentParser does for its own usage errors.
  func exit() -> Never {
    let path = ([RK._commandName] + UsageCheck.path(to: command)).joined(separator: " ")
    let text = "Error: \(message)\nUsage: \(RK.usageString(for: command))\n  See '\(path) --help' for more information.\n"
    FileHandle.standardError.write(Data(text.utf8))
    Foundation.exit(ExitCode.validationFailure.rawValue)
  }
}

/// Reads the command line the way `RK` does, looking only for words that
/// name no command or option.
enum UsageCheck {
  /// Options ArgumentParser adds to every command by itself.
  private static let builtIn = ["help", "version", "generate-completion-script", "experimental-dump-help"]

  /// The first unknown subcommand or `--option` in `arguments`, or `nil`.
  static func mistake(in arguments: [String]) -> UsageMistake? {
    // `---completion` is ArgumentParser's own protocol for shell completion.
    if arguments.contains(where: { $0.hasPrefix("---") }) { return nil }
    var command: ParsableCommand.Type = RK.self
    var options = Options(of: command)
    var index = 0
    while index < arguments.count {
      let word = arguments[index]
      index += 1
      if word == "--" { return nil }
      if word.hasPrefix("--") {
        let name = String(word.dropFirst(2).prefix { $0 != "=" })
        if builtIn.contains(name) {
          if name == "generate-completion-script", !word.contains("=") { index += 1 }
          continue
        }
        guard let takesValue = options.long[name] else {
          return UsageMistake(
            command: command,
            message: unknownOption(word, among: options, takesQuery: ObjectIdentifier(command) == ObjectIdentifier(RK.List.self)))
        }
        if takesValue, !word.contains("=") { index += 1 }
      } else if word.hasPrefix("-"), word.count > 1 {
        if word.count == 2, let letter = word.last, options.short[letter] == true { index += 1 }
      } else if let next = command.configuration.subcommands.first(where: { $0._commandName == word }) {
        command = next
        options = Options(of: command)
      } else if !command.configuration.subcommands.isEmpty, !options.hasPositionals {
        if word == "help" { return nil }
        let names = command.configuration.subcommands.map { $0._commandName }
        let here = ([RK._commandName] + path(to: command)).joined(separator: " ")
        let hint =
          Suggestion.closest(to: word, among: names).map { " Did you mean '\($0)'?" }
          ?? " The commands of \(here) are: \(names.joined(separator: ", "))."
        return UsageMistake(command: command, message: "Unknown command '\(word)'.\(hint)")
      }
    }
    return nil
  }

  /// "Unknown option '--cuont'. Did you mean '--count'?", for a word that
  /// `command` has no option for.
  static func unknownOption(_ word: String, in command: ParsableCommand.Type) -> String {
    unknownOption(word, among: Options(of: command), takesQuery: ObjectIdentifier(command) == ObjectIdentifier(RK.List.self))
  }

  /// `takesQuery`: the command reads search terms, which may begin with `--`
  /// after the `--` that ends the options.
  private static func unknownOption(_ word: String, among options: Options, takesQuery: Bool) -> String {
    let name = String(word.dropFirst(2).prefix { $0 != "=" })
    let known = options.long.keys.sorted() + builtIn.prefix(2)
    if let suggestion = Suggestion.closest(to: name, among: known) {
      return "Unknown option '--\(name)'. Did you mean '--\(suggestion)'?"
    }
    // A search for text that begins with `--` quotes it after `--`, since an
    // unquoted term beginning with `-` is one that must not appear.
    return "Unknown option '--\(name)'." + (takesQuery ? " To search for the text \(word), write rk list -- '\"\(word)\"'." : "")
  }

  /// The subcommand names from `RK` down to `command`.
  static func path(to command: ParsableCommand.Type) -> [String] {
    func search(_ node: ParsableCommand.Type, _ trail: [String]) -> [String]? {
      if ObjectIdentifier(node) == ObjectIdentifier(command) { return trail }
      for child in node.configuration.subcommands {
        if let found = search(child, trail + [child._commandName]) { return found }
      }
      return nil
    }
    return search(RK.self, []) ?? []
  }

  /// A command's options, read from ArgumentParser's description of it.
  private struct Options {
    /// Long names, and whether each takes a value.
    var long: [String: Bool] = [:]
    /// Short names, and whether each takes a value.
    var short: [Character: Bool] = [:]
    var hasPositionals = false

    init(of command: ParsableCommand.Type) {
      guard let info = try? JSONDecoder().decode(ToolInfo.self, from: Data(command._dumpHelp().utf8)) else { return }
      for argument in info.command.arguments ?? [] {
        if argument.kind == "positional" { hasPositionals = true }
        for name in argument.names ?? [] {
          if name.kind == "short", let letter = name.name.first {
            short[letter] = argument.kind == "option"
          } else {
            long[name.name] = argument.kind == "option"
          }
        }
      }
    }
  }

  /// The part of `--experimental-dump-help`'s JSON this check reads.
  private struct ToolInfo: Decodable {
    struct Command: Decodable { var arguments: [Argument]? }
    struct Argument: Decodable {
      var kind: String
      var names: [Name]?
    }
    struct Name: Decodable {
      var kind: String
      var name: String
    }
    var command: Command
  }
}
