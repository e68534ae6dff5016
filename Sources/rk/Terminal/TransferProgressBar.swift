import Foundation
import RecordKeeper

/// The progress bar of a fetch or push, drawn through the one
/// ``ProgressLine`` at once (a transfer says how far it is from the start),
/// and only when standard error is a terminal: redirected output gets nothing.
final class TransferProgressBar: Sendable {
  private let line: ProgressLine

  private init(line: ProgressLine) { self.line = line }

  /// A bar when standard error is a terminal, else `nil`.
  static func onTerminal() -> TransferProgressBar? {
    ProgressLine.onTerminal(delay: 0).map(TransferProgressBar.init)
  }

  /// Redraws the bar for `progress`.
  func update(_ progress: TransferProgress) {
    guard progress.total > 0 else { return }
    line.show(Self.line(for: progress), always: progress.done == progress.total)
  }

  /// Ends the bar's line, if one was drawn, leaving the bar in place.
  func finish() {
    line.finish(keepingLine: true)
  }

  /// One line: what is being done, a 30-column bar, the counts and the bytes.
  static func line(for progress: TransferProgress) -> String {
    let fraction = min(1, Double(progress.done) / Double(max(progress.total, 1)))
    let width = 30
    let filled = Int(fraction * Double(width))
    // Padded to the longest name, so the bars of the stages line up.
    let stage = progress.stage.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)
    let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
    let bytes = progress.bytes > 0 ? "  " + ByteCountFormatter.string(fromByteCount: Int64(progress.bytes), countStyle: .binary) : ""
    return "\(stage) [\(bar)] \(Int(fraction * 100))% \(progress.done)/\(progress.total)\(bytes)"
  }
}
