import Foundation
import Synchronization

/// "Loading albums 4,096/100,000" on standard error while a command reads
/// a large collection: only when standard error is a terminal, and only
/// once the load has taken a second, so quick commands and scripts see nothing.
final class LoadingProgress: Sendable {
  private struct State {
    var lastDrawn = 0.0
    var drawn = false
  }

  private let started = Date()
  private let state = Mutex(State())
  /// How long a command may run before it shows progress.
  static let delay = 1.0

  /// A progress line when standard error is a terminal, else `nil`.
  static func onTerminal() -> LoadingProgress? {
    isatty(STDERR_FILENO) == 1 ? LoadingProgress() : nil
  }

  /// Redraws the line, at most ten times a second; called from any thread.
  func update(done: Int, total: Int) {
    let elapsed = -started.timeIntervalSinceNow
    guard elapsed >= Self.delay else { return }
    state.withLock { state in
      guard elapsed - state.lastDrawn >= 0.1 else { return }
      state.lastDrawn = elapsed
      state.drawn = true
      FileHandle.standardError.write(Data("\rLoading albums \(done.formatted())/\(total.formatted())\u{1B}[K".utf8))
    }
  }

  /// Clears the line, if one was drawn, so that the command's output starts clean.
  func finish() {
    state.withLock { state in
      guard state.drawn else { return }
      FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
      state.drawn = false
    }
  }
}
