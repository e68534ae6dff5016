import Foundation

/// Runs the git command line in `directory` and returns its standard output.
///
/// Identity and configuration come only from the arguments and the
/// repository, so tests behave the same on every machine.
@discardableResult
public func git(_ arguments: [String], in directory: String, environment: [String: String] = [:]) throws -> String {
  let result = try runGit(arguments, in: directory, environment: environment)
  guard result.status == 0 else { throw GitCommandFailed(arguments: arguments, status: result.status, errors: result.err) }
  return result.out
}

/// Runs the git command line in `directory` with ``hermeticEnvironment``
/// plus `environment`, whatever its exit status; throws only when it cannot start.
public func runGit(
  _ arguments: [String], in directory: String, environment: [String: String] = [:]
) throws -> (status: Int32, out: String, err: String) {
  let result = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["git"] + arguments, environment: environment, in: directory)
  return (result.status, result.stdout, result.stderr)
}

public struct GitCommandFailed: Error, CustomStringConvertible {
  public var arguments: [String]
  public var status: Int32
  /// What git printed on standard error.
  public var errors: String
  public var description: String { "git \(arguments.joined(separator: " ")) exited with \(status): \(errors)" }
}

extension TemporaryCollection {
  /// Makes the collection a git repository with a test identity and commits it.
  public func initializeGit() throws {
    try git(["init", "-q", "-b", "main"], in: path)
    try git(["config", "user.name", "Test Collector"], in: path)
    try git(["config", "user.email", "collector@example.com"], in: path)
    try git(["add", "-A"], in: path)
    try git(["commit", "-q", "-m", "Start"], in: path)
  }

  /// The subjects of every commit, newest first.
  public func commitSubjects() throws -> [String] {
    try git(["log", "--format=%s"], in: path).split(separator: "\n").map(String.init)
  }

  /// `git status --porcelain`, one line per changed path.
  public func status() throws -> [String] {
    try git(["status", "--porcelain"], in: path).split(separator: "\n").map(String.init)
  }
}
