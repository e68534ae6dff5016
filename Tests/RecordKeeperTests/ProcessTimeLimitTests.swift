import Foundation
import TestSupport
import Testing

/// TestSupport's bound on the programs tests start: one that hangs is
/// killed and fails its test, instead of stopping the whole run.
@Suite("A program a test starts cannot hang the run")
struct ProcessTimeLimitTests {
  @Test func aProgramPastItsLimitIsKilledAndReported() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sleep")
    process.arguments = ["60"]
    try process.run()
    let error = try #require(throws: ProcessTimedOut.self) { try process.waitForExit(within: 0.5) }
    #expect(error.description == "/bin/sleep 60 ran for more than 0.5 s and was killed: it hangs")
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL)
  }

  @Test func aProgramWithinItsLimitIsLeftAlone() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "exit 3"]
    try process.run()
    try process.waitForExit(within: 60)
    #expect(process.terminationStatus == 3)
  }
}
