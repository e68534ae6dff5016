import Foundation
import TestSupport
import Testing

@testable import RecordKeeper

/// tmux, when installed (`make deps` installs it).
private let tmux: String? = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].first { FileManager.default.isExecutableFile(atPath: $0) }

/// How the editor runs: on the terminal, in the foreground, and tidied up
/// after.
@Suite("rk edit and rk add run the editor")
struct EditorTests {
  let collection: TemporaryCollection
  let temporary: String

  init() throws {
    collection = try TemporaryCollection(albums: [
      "albums/miles-davis-kind-of-blue": albumText(title: "Kind of Blue", artist: "Miles Davis")
    ])
    try collection.initializeGit()
    temporary = collection.path + "/.tmp"
    try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
  }

  /// An executable script in the collection's hidden folder.
  func script(_ name: String, _ body: String) throws -> String {
    let path = temporary + "/" + name
    try ("#!/bin/sh\n" + body).write(toFile: path, atomically: false, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    return path
  }

  func leftovers() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: temporary).filter { $0.hasPrefix("rk-edit-") }
  }

  @Test func withoutAnEditorOrATerminalItFailsAtOnce() throws {
    let result = try runRK(["-C", collection.path, "edit", "miles"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("$VISUAL and $EDITOR are not set and this is not a terminal; set $EDITOR"), "\(result.stderr)")
    #expect(result.stderr.contains("rk set"))
  }

  @Test func theTemporaryFileIsPrivateAndRemoved() throws {
    let editor = try script(
      "editor.sh", "stat -c %a \"$(dirname \"$1\")\" > \"\(temporary)/mode\"\nprintf '\\nBought in Soho.\\n' >> \"$1\"\n")
    let result = try runRK(["-C", collection.path, "edit", "miles"], environment: ["EDITOR": editor, "TMPDIR": temporary])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try collection.read("albums/miles-davis-kind-of-blue/album.md").hasSuffix("Bought in Soho.\n"))
    #expect(try String(contentsOfFile: temporary + "/mode", encoding: .utf8) == "700\n")
    #expect(try leftovers().isEmpty)
  }

  @Test func anEditorEndedBySignalChangesNothingAndLeavesNothing() throws {
    let editor = try script("editor.sh", "echo changed >> \"$1\"\nkill -INT $$\n")
    let result = try runRK(["-C", collection.path, "edit", "miles"], environment: ["EDITOR": editor, "TMPDIR": temporary])
    #expect(result.status == 1)
    #expect(result.stderr.contains("was stopped by Ctrl-C; nothing was changed"), "\(result.stderr)")
    #expect(try collection.commitSubjects().count == 1)
    #expect(try leftovers().isEmpty)
  }

  /// On a real terminal (tmux): an editor that reads the keyboard works (it
  /// used to be put in a background process group and stopped by the
  /// terminal, a blank screen for ever), and Ctrl-C reaches the editor
  /// while rk lives on to remove its file.
  @Test(.enabled(if: tmux != nil, "tmux is not installed (make deps installs it)"))
  func onATerminalTheEditorReadsTheKeyboardAndCtrlCCleansUp() throws {
    guard let tmux else { return }
    let editor = try script("editor.sh", "printf 'note> '\nread line\nprintf '\\n%s\\n' \"$line\" >> \"$1\"\n")
    let socket = "rk-test-\(UUID().uuidString.prefix(8))"
    defer { _ = try? run(tmux, ["-L", socket, "kill-server"], capture: false) }

    func session(_ name: String, _ arguments: [String]) throws {
      var environment = hermeticEnvironment
      environment["EDITOR"] = editor
      environment["TMPDIR"] = temporary
      let exports = environment.map { "export \($0.key)='\($0.value.replacingOccurrences(of: "'", with: "'\\''"))'" }.joined(
        separator: "\n")
      let command = ([rkBinary.path, "-C", collection.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
      // The wrapper outlives Ctrl-C (a trap, unlike an ignored signal, is
      // not passed on to rk) to print rk's exit status.
      let wrapper = try script("\(name).sh", exports + "\ntrap 'true' INT\n" + command + "\necho \"RK-EXIT=$?\"\nsleep 60\n")
      try run(tmux, ["-L", socket, "new-session", "-d", "-s", name, "-x", "100", "-y", "20", wrapper], capture: false)
    }
    func screen(_ name: String, shows text: String) throws -> Bool {
      // Up to 20 s: a bound so a hang fails the test instead of stalling it.
      for _ in 0..<200 {
        if try run(tmux, ["-L", socket, "capture-pane", "-p", "-J", "-t", name]).contains(text) { return true }
        usleep(100_000)
      }
      return false
    }

    try session("typed", ["edit", "miles"])
    #expect(try screen("typed", shows: "note>"))
    try run(tmux, ["-L", socket, "send-keys", "-t", "typed", "Six-eye label", "Enter"])
    let finished = try screen("typed", shows: "RK-EXIT=0")
    #expect(finished, "\((try? run(tmux, ["-L", socket, "capture-pane", "-p", "-t", "typed"])) ?? "")")
    #expect(try collection.read("albums/miles-davis-kind-of-blue/album.md").hasSuffix("\nSix-eye label\n"))

    try session("interrupted", ["edit", "miles"])
    #expect(try screen("interrupted", shows: "note>"))
    #expect(try leftovers().count == 1)
    try run(tmux, ["-L", socket, "send-keys", "-t", "interrupted", "C-c"])
    #expect(try screen("interrupted", shows: "RK-EXIT=1"))
    #expect(try screen("interrupted", shows: "stopped by Ctrl-C; nothing was changed"))
    #expect(try leftovers().isEmpty)
    #expect(try collection.commitSubjects().count == 2)
  }

  /// Runs a program through the library's runner (clean signal mask, no
  /// inherited pipes left open): a tmux server started by new-session
  /// would otherwise hold the output pipe open for ever.
  @discardableResult
  private func run(_ program: String, _ arguments: [String], capture: Bool = true) throws -> String {
    if capture {
      return String(decoding: try Subprocess.run(program, arguments, environment: hermeticEnvironment).output, as: UTF8.self)
    }
    let quoted = ([program] + arguments).map { "'\($0)'" }.joined(separator: " ")
    _ = try Subprocess.run("/bin/sh", ["-c", quoted + " </dev/null >/dev/null 2>&1"], environment: hermeticEnvironment)
    return ""
  }
}
