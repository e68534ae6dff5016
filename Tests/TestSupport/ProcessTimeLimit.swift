import Foundation
import Synchronization

/// How long a test lets a program it started run: far longer than any run
/// takes, even on a loaded machine, so that only a hang reaches it.
public let processTimeLimit: Double = 300

/// A program a test started ran past its time limit and was killed.
public struct ProcessTimedOut: Error, CustomStringConvertible {
  public var command: String
  public var seconds: Double
  public var description: String { "\(command) ran for more than \(String(format: "%g", seconds)) s and was killed: it hangs" }
}

extension Process {
  /// Runs `body` (reading the process's output, waiting for it to end) with
  /// a time limit: past `limit` seconds the process is killed with SIGKILL,
  /// which ends every read of its pipes and every wait for it, and this
  /// throws ``ProcessTimedOut``. A program that hangs fails its test loudly
  /// instead of stopping the whole run. Call it once the process has started.
  public func bounded<T>(within limit: Double = processTimeLimit, _ body: () throws -> T) throws -> T {
    let watch = Watch(pid: processIdentifier)
    DispatchQueue.global().asyncAfter(deadline: .now() + limit) { watch.expire() }
    let result = Result { try body() }
    guard !watch.end() else {
      let command = ([executableURL?.path ?? "?"] + (arguments ?? [])).joined(separator: " ")
      throw ProcessTimedOut(command: command, seconds: limit)
    }
    return try result.get()
  }

  /// Waits for the process to end, at most `limit` seconds (see ``bounded(within:_:)``).
  public func waitForExit(within limit: Double = processTimeLimit) throws {
    try bounded(within: limit) { waitUntilExit() }
  }
}

/// Whether a bounded process ended in time; kills it when the time is up
/// first. Never after ``end()`` (checked under the lock): the pid of a
/// process that has ended may belong to another one by then.
private final class Watch: Sendable {
  private let pid: pid_t
  private let state = Mutex((ended: false, expired: false))

  init(pid: pid_t) { self.pid = pid }

  func expire() {
    state.withLock { state in
      guard !state.ended else { return }
      state.expired = true
      kill(pid, SIGKILL)
    }
  }

  /// Marks the body done; whether the time ran out first.
  func end() -> Bool {
    state.withLock { state in
      state.ended = true
      return state.expired
    }
  }
}
