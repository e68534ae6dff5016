import Foundation

#if canImport(Glibc)
  import Glibc
  private let writeBytes = Glibc.write
#elseif canImport(Darwin)
  import Darwin
  private let writeBytes = Darwin.write
#endif

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

  /// Runs `command` with `/bin/sh` and feeds it `input`; `false` when it
  /// could not be started.
  ///
  /// posix_spawn rather than Foundation's Process: the pager must stay in
  /// rk's process group, the terminal's foreground group, or the terminal
  /// stops it the moment it reads a key.
  private static func run(_ command: String, input: String) -> Bool {
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { return false }
    let (readEnd, writeEnd) = (fds[0], fds[1])
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, readEnd, STDIN_FILENO)
    posix_spawn_file_actions_addclose(&actions, readEnd)
    posix_spawn_file_actions_addclose(&actions, writeEnd)
    var pid: pid_t = 0
    let arguments = ["/bin/sh", "-c", command]
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    let spawned = posix_spawn(&pid, "/bin/sh", &actions, nil, &argv, environ)
    close(readEnd)
    guard spawned == 0 else {
      close(writeEnd)
      return false
    }
    // A person who quits the pager early closes the pipe: that is not an error.
    signal(SIGPIPE, SIG_IGN)
    let bytes = Array(input.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { writeBytes(writeEnd, $0.baseAddress, $0.count) }
      if written < 0 {
        if errno == EINTR { continue }
        break
      }
      offset += written
    }
    close(writeEnd)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return true
  }
}
