import Foundation

/// What one run of the `rk` binary (or another program) did.
public struct RKResult: Sendable {
  public var status: Int32
  public var stdout: String
  public var stderr: String
}

/// The built `rk` binary: `$RK_BINARY`, else beside the test bundle.
public let rkBinary: URL = {
  if let path = ProcessInfo.processInfo.environment["RK_BINARY"] { return URL(fileURLWithPath: path) }
  var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
  while folder.path != "/" {
    let candidate = folder.appendingPathComponent("rk")
    if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    folder = folder.deletingLastPathComponent()
  }
  return URL(fileURLWithPath: "rk")
}()

/// Runs `rk` with `arguments`, without a terminal, and collects its output.
///
/// The environment is ``hermeticEnvironment`` plus `environment`.
public func runRK(
  _ arguments: [String], environment: [String: String] = [:], in directory: String? = nil, input: String? = nil
) throws -> RKResult {
  try runProcess(rkBinary, arguments, environment: environment, in: directory, input: input)
}

/// Runs `executable` with `arguments` in ``hermeticEnvironment`` plus
/// `environment`, feeding it `input`, and collects both of its outputs.
public func runProcess(
  _ executable: URL, _ arguments: [String], environment: [String: String] = [:], in directory: String? = nil,
  input: String? = nil
) throws -> RKResult {
  let process = Process()
  process.executableURL = executable
  process.arguments = arguments
  var env = hermeticEnvironment
  for (key, value) in environment { env[key] = value }
  process.environment = env
  if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
  let out = Pipe()
  let err = Pipe()
  let inputPipe = Pipe()
  process.standardOutput = out
  process.standardError = err
  process.standardInput = inputPipe
  try process.run()
  return try process.bounded {
    if let input { inputPipe.fileHandleForWriting.write(Data(input.utf8)) }
    try inputPipe.fileHandleForWriting.close()
    // Read both pipes before waiting, so a full pipe never blocks the child.
    let group = DispatchGroup()
    nonisolated(unsafe) var outData = Data()
    group.enter()
    DispatchQueue.global().async {
      outData = out.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return RKResult(
      status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
  }
}

/// Starts `rk` with `arguments` in ``hermeticEnvironment`` plus
/// `environment`, its standard streams on /dev/null, and returns at once:
/// for tests that kill it part way or watch it run.
public func startRK(_ arguments: [String], environment: [String: String] = [:]) throws -> Process {
  let process = Process()
  process.executableURL = rkBinary
  process.arguments = arguments
  process.environment = hermeticEnvironment.merging(environment) { $1 }
  process.standardInput = FileHandle.nullDevice
  process.standardOutput = FileHandle.nullDevice
  process.standardError = FileHandle.nullDevice
  try process.run()
  return process
}

/// The repository's root folder, for tests of committed files.
public func repositoryRoot(file: String = #filePath) -> URL {
  URL(fileURLWithPath: file).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}

/// Runs `rk` with `arguments` on a pseudo-terminal (made by script(1)) with
/// ``hermeticEnvironment`` plus `environment`, and returns what the
/// terminal showed, standard error mixed in, with `\n` line ends.
public func runRKOnTerminal(_ arguments: [String], environment: [String: String]) throws -> String {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
  let command = ([rkBinary.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
  process.arguments = ["-qec", command, "/dev/null"]
  var env = hermeticEnvironment
  for (key, value) in environment { env[key] = value }
  process.environment = env
  let out = Pipe()
  process.standardOutput = out
  process.standardInput = FileHandle.nullDevice
  try process.run()
  let data = try process.bounded {
    defer { process.waitUntilExit() }
    return out.fileHandleForReading.readDataToEndOfFile()
  }
  return String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
}
