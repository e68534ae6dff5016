import Foundation

/// Runs the person's editor on a file, as `git commit` does.
enum Editor {
  /// `$VISUAL`, else `$EDITOR`, else `vi`.
  static func command(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
    for key in ["VISUAL", "EDITOR"] {
      if let value = environment[key], !value.trimmingCharacters(in: .whitespaces).isEmpty { return value }
    }
    return "vi"
  }

  /// Lets the person edit `text` in a temporary file named after `name` and
  /// returns what they saved.
  static func edit(_ text: String, name: String) throws -> String {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("rk-\(getpid())-\(name).md")
    try Data(text.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    // Through the shell, so an editor given with arguments ("code --wait") works.
    process.arguments = ["-c", command() + " \"$1\"", "sh", file.path]
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw EditorError.failed(command(), process.terminationStatus) }
    return try String(contentsOf: file, encoding: .utf8)
  }

  /// Keeps text the rules rejected, so nothing a person typed is lost, and
  /// returns where.
  static func keepRejected(_ text: String, name: String) -> String? {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("rk-rejected-\(name)-\(Int(Date().timeIntervalSince1970)).md")
    return (try? Data(text.utf8).write(to: file)).map { file.path }
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
  case failed(String, Int32)

  var description: String {
    switch self {
    case .failed(let command, let status): "the editor (\(command)) exited with status \(status); nothing was changed"
    }
  }
}
