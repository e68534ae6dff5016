/// The `## Context` section an album added from a scan gets in its notes
/// (docs/commands.md, "Identifying a sleeve from a photo"): the summary, the bullets, `Rating: 8/10`, the
/// recommendation with its badge, and the key tracks.
///
/// ```markdown
/// ## Context
///
/// The summary, as one paragraph.
///
/// - A point of evidence.
///
/// Rating: 10/10
///
/// Recommendation: 💎 ESSENTIAL
///
/// Key tracks: So What, Blue in Green
/// ```
///
/// Every text of the answer is put on one line (the model's line breaks
/// become spaces), and a line that would begin with `#` gets Markdown's `\`
/// before it, so nothing the model wrote can start a heading and end the
/// section or reach the track list.
public enum ContextNotes {
  /// The heading's text.
  public static let heading = "Context"

  /// The section, heading included, with `\n` line breaks and a final one.
  public static func section(for answer: VisionAnswer) -> String {
    var blocks = [oneLine(answer.contextSummary)]
    if !answer.contextBullets.isEmpty {
      blocks.append(answer.contextBullets.map { "- " + oneLine($0, escapingHeading: false) }.joined(separator: "\n"))
    }
    blocks.append("Rating: \(answer.ratingText)/10")
    blocks.append("Recommendation: \(answer.recommendation.label)")
    if !answer.keyTracks.isEmpty {
      blocks.append("Key tracks: " + answer.keyTracks.map { oneLine($0, escapingHeading: false) }.joined(separator: ", "))
    }
    return "## \(heading)\n\n" + blocks.filter { !$0.isEmpty }.joined(separator: "\n\n") + "\n"
  }

  /// `text` on one line, blanks collapsed; a leading `#` escaped.
  static func oneLine(_ text: String, escapingHeading: Bool = true) -> String {
    let line = text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    return escapingHeading && line.hasPrefix("#") ? "\\" + line : line
  }
}
