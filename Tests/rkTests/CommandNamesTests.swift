import ArgumentParser
import Testing

@testable import rk

@Suite("Command names")
struct CommandNamesTests {
  /// A command without a `commandName` is named from its type by
  /// reflection at every start, a runtime protocol lookup that cost every
  /// `rk` run about 4 ms.
  @Test func everyCommandNamesItselfSoStartingNeedsNoReflection() {
    func check(_ command: any ParsableCommand.Type, path: String) {
      let name = command.configuration.commandName
      #expect(name != nil, "\(path) \(command): give its CommandConfiguration a commandName")
      for subcommand in command.configuration.subcommands { check(subcommand, path: path + " " + (name ?? "?")) }
    }
    check(RK.self, path: "")
  }
}
