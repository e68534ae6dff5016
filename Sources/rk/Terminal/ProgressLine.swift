import Foundation
import Synchronization

/// rk's one progress line, on standard error: drawn only when standard
/// error is a terminal, and only once the work has taken ``delay`` seconds,
/// so quick commands and scripts see nothing. Loading, `rk init`, `rk import`
/// and the transfer bar of `rk clone` and `rk sync` all draw through it.
final class ProgressLine: Sendable {
  private struct State {
    var text = ""
    var lastDrawn = -1.0
    var drawn = false
    var finished = false
    /// Whether a ticker thread redraws the elapsed seconds.
    var ticking = false
  }

  private let started = Date()
  private let delay: Double
  private let state = Mutex(State())

  /// How long a command may run before it shows progress: a second, or
  /// `RK_PROGRESS_AFTER` seconds (tests set 0 to see the line at once).
  static var standardDelay: Double {
    ProcessInfo.processInfo.environment["RK_PROGRESS_AFTER"].flatMap(Double.init) ?? 1
  }

  private init(delay: Double) { self.delay = delay }

  /// A progress line when standard error is a terminal, else `nil`.
  static func onTerminal(delay: Double = standardDelay) -> ProgressLine? {
    isatty(STDERR_FILENO) == 1 ? ProgressLine(delay: delay) : nil
  }

  /// Shows `text`, at most ten times a second unless `always` (a stage's
  /// end, which the next stage's line must not hide); called from any thread.
  func show(_ text: String, always: Bool = false) {
    let elapsed = -started.timeIntervalSinceNow
    state.withLock { state in
      state.text = text
      guard elapsed >= delay, !state.finished, always || elapsed - state.lastDrawn >= 0.1 else { return }
      draw(&state, elapsed: elapsed)
    }
  }

  /// "Loading albums 4,096/100,000".
  func count(_ what: String, done: Int, total: Int) {
    show("\(what) \(done.formatted())/\(total.formatted())")
  }

  /// Shows `text` followed by the seconds taken so far, redrawn every
  /// second until ``finish(keepingLine:)``: for work that cannot say how far it is.
  func showWhileWorking(_ text: String) {
    let elapsed = -started.timeIntervalSinceNow
    let startTicker = state.withLock { state in
      state.text = text
      defer { state.ticking = true }
      if elapsed >= delay && !state.finished { draw(&state, elapsed: elapsed) }
      return !state.ticking
    }
    guard startTicker else { return }
    Thread.detachNewThread { [self] in
      while true {
        Thread.sleep(forTimeInterval: 0.25)
        let elapsed = -started.timeIntervalSinceNow
        let finished = state.withLock { state in
          if !state.finished && elapsed >= delay && elapsed - state.lastDrawn >= 1 { draw(&state, elapsed: elapsed) }
          return state.finished
        }
        if finished { return }
      }
    }
  }

  /// Ends the line, if one was drawn: cleared, so that the command's output
  /// starts clean, or kept (a transfer's last state).
  func finish(keepingLine: Bool = false) {
    state.withLock { state in
      state.finished = true
      guard state.drawn else { return }
      // A kept line shows its last state, which the ten-a-second limit may have skipped.
      FileHandle.standardError.write(Data((keepingLine ? "\r\(state.text)\u{1B}[K\n" : "\r\u{1B}[K").utf8))
      state.drawn = false
    }
  }

  private func draw(_ state: inout State, elapsed: Double) {
    state.lastDrawn = elapsed
    state.drawn = true
    let seconds = state.ticking ? " (\(Int(elapsed)) s)" : ""
    FileHandle.standardError.write(Data("\r\(state.text)\(seconds)\u{1B}[K".utf8))
  }
}
