import Foundation
import RecordKeeper

/// Runs the person's editor on a file, as `git commit` does.
enum Editor {
  /// `$VISUAL`, else `$EDITOR`, else `vi` on a terminal.
  ///
  /// Without a setting and without a terminal there is no one to type into
  /// `vi`, which would wait for ever: that fails at once.
  static func command(
    environment: [String: String] = ProcessInfo.processInfo.environment, interactive: Bool = isInteractive
  ) throws(EditorError) -> String {
    for key in ["VISUAL", "EDITOR"] {
      if let value = environment[key], !value.trimmingCharacters(in: .whitespaces).isEmpty { return value }
    }
    guard interactive else { throw .noEditor }
    return "vi"
  }

  /// Lets the person edit `text` in a temporary file named after `name` and
  /// returns what they saved.
  ///
  /// The editor runs on this terminal, in its foreground process group, so
  /// it can read the keyboard. Ctrl-C while it runs goes to the editor
  /// alone; should it end the editor, nothing is changed. Either way the
  /// temporary file (in a folder of its own that only this user can read)
  /// is removed.
  static func edit(_ text: String, name: String) throws -> String {
    let command = try command()
    let folder = try FileSystem.makeTemporaryFolder(prefix: "rk-edit-")
    var keep = false
    defer { if !keep { FileSystem.removeTree(folder) } }
    let file = folder + "/" + fileName(name)
    try FileSystem.writeAtomically(Array(text.utf8), to: file)
    // Through the shell, so an editor given with arguments ("code --wait") works.
    switch try Subprocess.runInForeground("/bin/sh", ["-c", command + " \"$1\"", "sh", file]) {
    case .exited(0): break
    // The shell reports an editor a signal ended as 128 + the signal.
    case .exited(let status) where [SIGINT, SIGQUIT, SIGTERM, SIGHUP].contains(status - 128):
      throw EditorError.interrupted(command, status - 128)
    case .exited(let status): throw EditorError.failed(command, status)
    case .signalled(let signal): throw EditorError.interrupted(command, signal)
    }
    let bytes = try FileSystem.read(file)
    guard let edited = String(validating: bytes, as: UTF8.self) else {
      keep = true
      throw EditorError.notUTF8(file)
    }
    return edited
  }

  /// Keeps text the rules rejected, so nothing a person typed is lost, and
  /// returns where.
  static func keepRejected(_ text: String, name: String) -> String? {
    guard let folder = try? FileSystem.makeTemporaryFolder(prefix: "rk-rejected-") else { return nil }
    let file = folder + "/" + fileName(name)
    return (try? FileSystem.writeAtomically(Array(text.utf8), to: file)).map { file }
  }

  /// `name.md`, with anything but letters, digits, `-` and `_` made `-`.
  private static func fileName(_ name: String) -> String {
    String(name.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "-" }) + ".md"
  }

  /// Asks a yes/no question on the terminal; `defaultAnswer` when Enter alone.
  static func confirm(_ question: String, defaultAnswer: Bool) -> Bool {
    FileHandle.standardError.write(Data("\(question) [\(defaultAnswer ? "Y/n" : "y/N")] ".utf8))
    guard let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased() else { return false }
    return answer.isEmpty ? defaultAnswer : answer.hasPrefix("y")
  }

  /// Whether both standard input and standard output are a terminal.
  static var isInteractive: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }
}

enum EditorError: Error, CustomStringConvertible {
  /// Neither `$VISUAL` nor `$EDITOR` is set, and there is no terminal.
  case noEditor
  case failed(String, Int32)
  /// A signal (Ctrl-C) ended the editor.
  case interrupted(String, Int32)
  /// The saved file is not UTF-8; it is kept at this path.
  case notUTF8(String)

  var description: String {
    switch self {
    case .noEditor:
      "no editor to run: $VISUAL and $EDITOR are not set and this is not a terminal; set $EDITOR (export EDITOR=nano), or change fields with rk set"
    case .failed(let command, let status): "the editor (\(command)) exited with status \(status); nothing was changed"
    case .interrupted(let command, let signal):
      "the editor (\(command)) was stopped by \(signal == SIGINT ? "Ctrl-C" : "signal \(signal)"); nothing was changed"
    case .notUTF8(let file): "the saved text is not UTF-8, so nothing was changed; it is kept in \(file): save it as UTF-8 and copy it in"
    }
  }
}
