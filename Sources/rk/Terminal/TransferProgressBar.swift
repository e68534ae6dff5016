import Foundation
import RecordKeeper

/// The progress bar of a fetch or push, drawn on standard error, and only
/// when standard error is a terminal: redirected output gets nothing.
final class TransferProgressBar {
  private var lastLine = ""
  private var drawn = false

  /// A bar when standard error is a terminal, else `nil`.
  static func onTerminal() -> TransferProgressBar? {
    isatty(STDERR_FILENO) == 1 ? TransferProgressBar() : nil
  }

  /// Redraws the bar for `progress`, when what it shows has changed.
  func update(_ progress: TransferProgress) {
    guard progress.total > 0 else { return }
    let line = Self.line(for: progress)
    guard line != lastLine else { return }
    lastLine = line
    drawn = true
    FileHandle.standardError.write(Data(("\r" + line + "\u{1B}[K").utf8))
  }

  /// Ends the bar's line, if one was drawn.
  func finish() {
    guard drawn else { return }
    FileHandle.standardError.write(Data("\n".utf8))
    drawn = false
    lastLine = ""
  }

  /// One line: what is being done, a 30-column bar, the counts and the bytes.
  static func line(for progress: TransferProgress) -> String {
    let fraction = min(1, Double(progress.done) / Double(max(progress.total, 1)))
    let width = 30
    let filled = Int(fraction * Double(width))
    let stage =
      switch progress.stage {
      case .receiving: "Receiving"
      case .resolving: "Resolving"
      case .sending: "Sending  "
      }
    let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
    let bytes = progress.bytes > 0 ? "  " + ByteCountFormatter.string(fromByteCount: Int64(progress.bytes), countStyle: .binary) : ""
    return "\(stage) [\(bar)] \(Int(fraction * 100))% \(progress.done)/\(progress.total)\(bytes)"
  }
}
