import Foundation

/// What one run of the `rk` binary did.
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
  let result = try runCollecting(rkBinary, arguments, environment: environment, in: directory, input: input)
  return RKResult(status: result.status, stdout: result.out, stderr: result.err)
}

/// Runs `executable` with ``hermeticEnvironment`` plus `environment`, its
/// standard input `input` (else empty), and collects both outputs whatever
/// its exit status; throws only when it cannot start.
func runCollecting(
  _ executable: URL, _ arguments: [String], environment: [String: String], in directory: String?, input: String? = nil
) throws -> (status: Int32, out: String, err: String) {
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
  if let input { inputPipe.fileHandleForWriting.write(Data(input.utf8)) }
  try inputPipe.fileHandleForWriting.close()
  // Read both pipes before waiting, so a full pipe never blocks the child.
  let group = DispatchGroup()
  nonisolated(unsafe) var outData = Data()
  nonisolated(unsafe) var errData = Data()
  group.enter()
  DispatchQueue.global().async {
    outData = out.fileHandleForReading.readDataToEndOfFile()
    group.leave()
  }
  errData = err.fileHandleForReading.readDataToEndOfFile()
  group.wait()
  process.waitUntilExit()
  return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
}

/// The repository's root folder, for tests of committed files.
public func repositoryRoot(file: String = #filePath) -> URL {
  URL(fileURLWithPath: file).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}
