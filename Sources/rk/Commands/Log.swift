import ArgumentParser
import Foundation
import RecordKeeper

extension RK {
  struct Log: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Show the history of changes, of one album or of the whole collection.")

    @OptionGroup var collection: CollectionOptions

    @Argument(
      help: ArgumentHelp("Only changes to this album.", valueName: "album"), completion: .custom(Completions.albums))
    var album: String?

    @Option(name: [.customShort("n"), .customLong("max-count")], help: ArgumentHelp("Show at most N changes.", valueName: "n"))
    var limit: Int?

    @Option(
      help: ArgumentHelp(
        "Only changes made since WHEN: a date (2026-11-01), a date and time (\"2026-11-01 14:30\"), today, yesterday, or \"3 days ago\".",
        valueName: "when"))
    var since: String?

    @Flag(help: "Print a JSON array of changes: id, summary, message, author, email, time, action.")
    var json = false

    func validate() throws {
      if let since {
        do { _ = try HistoryStart(parsing: since) } catch { throw ValidationError("--since: \(error)") }
      }
    }

    func run() async throws {
      let start = try since.map { (text) throws(HistoryStartError) in try HistoryStart(parsing: text) }
      var commits = try collection.store().history(of: album, limit: start == nil ? limit : nil)
      if let start {
        // Filtered rather than cut at the first older change: rebased or
        // amended commits need not be in date order.
        commits = Array(commits.filter { $0.date >= start.date }.prefix(limit ?? .max))
      }
      if json {
        Terminal.write(JSONValue.array(commits.map(\.json)).serialized() + "\n")
        return
      }
      let formatter = DateFormatter()
      formatter.locale = Locale(identifier: "en_US_POSIX")
      formatter.dateFormat = "yyyy-MM-dd HH:mm"
      let style = Style(enabled: Terminal.standardOutput().usesColor)
      let lines = commits.map { commit in
        let mark = ChangeMessage.action(of: commit.message) == nil ? " (by git)" : ""
        return "\(style.apply(String(commit.id.prefix(7)), "33"))  \(formatter.string(from: commit.date))  \(Visible.text(commit.summary))\(style.dim("  — \(Visible.text(commit.authorName))\(mark)"))\n"
      }
      Pager.write(lines.joined())
    }
  }
}
