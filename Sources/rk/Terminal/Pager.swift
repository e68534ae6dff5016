import Foundation
import RecordKeeper

/// Long output on a terminal goes through a pager: `$PAGER`, else `less -FRX`
/// (quit at once if it fits, keep colours, leave the text on the screen).
enum Pager {
  /// Writes `text` to standard output, through the pager when standard
  /// output is a terminal and `text` has more lines than it shows.
  static func write(_ text: String, environment: [String: String] = ProcessInfo.processInfo.environment) {
    let terminal = Terminal.standardOutput(environment: environment)
    guard terminal.isInteractive, let height = terminal.height, lineCount(text, over: height) else {
      Terminal.write(text)
      return
    }
    let command = environment["PAGER"].flatMap { $0.trimmed.isEmpty ? nil : $0 } ?? "less -FRX"
    if !run(command, input: text) { Terminal.write(text) }
  }

  /// Whether `text` has more than `height` lines.
  private static func lineCount(_ text: String, over height: Int) -> Bool {
    var lines = 0
    for byte in text.utf8 where byte == UInt8(ascii: "\n") {
      lines += 1
      if lines > height { return true }
    }
    return false
  }

  /// Runs `command` with `/bin/sh` and feeds it `input` (``Subprocess``
  /// keeps it in the terminal's foreground group); `false` when it could
  /// not be started.
  private static func run(_ command: String, input: String) -> Bool {
    do {
      _ = try Subprocess.runFeeding("/bin/sh", ["-c", command], input: Array(input.utf8))
    } catch {
      if case .cannotStart = error { return false }
    }
    return true
  }
}
