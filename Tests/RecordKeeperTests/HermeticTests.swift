import Foundation
import TestSupport
import Testing

@testable import RecordKeeper

/// No suite's in-process libgit2, and no git program the library starts,
/// reads the person's `~/.gitconfig`: the test support points both at the
/// hermetic home before any repository is opened, whichever suite runs
/// first and whether or not it asks.
@Suite("Tests keep out of the person's git configuration")
struct HermeticTests {
  /// Set in the test process this suite starts: the hostile home.
  static let hostileHomeKey = "RK_TEST_HOSTILE_HOME"

  /// A test process of its own, whose `HOME` holds a `.gitconfig` that
  /// libgit2 and git cannot read (every repository would fail to open), runs
  /// only ``inAHostileHome()``, a test that asks for nothing but a
  /// ``TemporaryCollection``, as most suites do.
  @Test(.timeLimit(.minutes(2))) func aHostileGitconfigDoesNotReachLibgit2() throws {
    guard ProcessInfo.processInfo.environment[Self.hostileHomeKey] == nil else { return }
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("rk-hostile-home-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: home) }
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    try "[user\n\tname = Hostile Person\n[core\n\tbare = true\n".write(
      to: home.appendingPathComponent(".gitconfig"), atomically: true, encoding: .utf8)

    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = ["--testing-library", "swift-testing", "--filter", "HermeticTests/inAHostileHome"]
    var environment = ProcessInfo.processInfo.environment
    environment["HOME"] = home.path
    environment["XDG_CONFIG_HOME"] = nil
    environment[Self.hostileHomeKey] = home.path
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = try process.bounded {
      defer { process.waitUntilExit() }
      return String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }
    #expect(process.terminationStatus == 0, "\(text)")
    // The child ran the test, not nothing.
    #expect(text.contains("inAHostileHome"), "\(text)")
  }

  /// Does its part only in the process ``aHostileGitconfigDoesNotReachLibgit2()`` starts.
  @Test func inAHostileHome() throws {
    guard let hostile = ProcessInfo.processInfo.environment[Self.hostileHomeKey] else { return }
    let collection = try TemporaryCollection(albums: ["albums/a": albumText(title: "A", artist: "B")])
    try collection.initializeGit()
    let paths = try LibGit2.configurationSearchPaths()
    #expect(paths.allSatisfy { !$0.hasPrefix(hostile) }, "libgit2 searches \(paths)")
    // Through the library as rk uses it: the hostile `core.bare` would make
    // the collection a bare repository with no work tree.
    let repository = try GitRepository.open(containing: collection.path)
    #expect(repository.workingDirectory == collection.path)
    // A git program started as the library starts one (git maintenance
    // after a change, git push), in this process's own environment.
    let status = try Subprocess.run("git", ["-C", collection.path, "status", "--porcelain"])
    #expect(status.termination == .exited(0), "\(String(decoding: status.errors, as: UTF8.self))")
  }
}
