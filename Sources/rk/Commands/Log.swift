import ArgumentParser
import Foundation
import RecordKeeper

extension RK {
  struct Log: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "log",
      abstract: "Show the history of changes, of one album or of the whole collection.")

    @OptionGroup var collection: CollectionOptions

    @Argument(
      help: ArgumentHelp("Only changes to this album.", valueName: "album"), completion: .custom(Completions.albums))
    var album: String?

    @Option(
      name: [.customShort("n"), .customLong("max-count")], parsing: .unconditional,
      help: ArgumentHelp("Show at most N changes.", valueName: "n"))
    var limit: Int?

    @Option(
      parsing: .unconditional,
      help: ArgumentHelp(
        "Only changes made since WHEN: a date (2026-11-01), a date and time (\"2026-11-01 14:30\"), today, yesterday, or \"3 days ago\".",
        valueName: "when"))
    var since: String?

    @Flag(help: "Print a JSON array of changes: id, summary, message, author, email, time, action, and changes (album, field, old, new).")
    var json = false

    func validate() throws {
      if let since {
        do { _ = try HistoryStart(parsing: since) } catch { throw ValidationError("--since: \(error)") }
      }
    }

    func run() async throws {
      let start = try since.map { (text) throws(HistoryStartError) in try HistoryStart(parsing: text) }
      let store = try collection.store()
      let id = try album.map { (reference) throws(StoreError) in try store.resolve(reference) }
      var commits = try store.history(of: id, limit: start == nil ? limit : nil)
      if let start {
        // Filtered rather than cut at the first older change: rebased or
        // amended commits need not be in date order.
        commits = Array(commits.filter { $0.date >= start.date }.prefix(limit ?? .max))
      }
      let changes = try commits.map { (commit) throws(StoreError) in try store.changes(in: commit, album: id) }
      if let note = store.shallowHistoryNote { Terminal.warn(note) }
      if json {
        Terminal.write(JSONValue.array(zip(commits, changes).map { $0.json(changes: $1) }))
        return
      }
      let formatter = DateFormatter()
      formatter.locale = Locale(identifier: "en_US_POSIX")
      formatter.dateFormat = "yyyy-MM-dd HH:mm"
      let style = Style(enabled: Terminal.standardOutput().usesColor)
      let lines = zip(commits, changes).map { commit, changes in
        let mark = ChangeMessage.action(of: commit.message) == nil ? " (by git)" : ""
        return
          "\(style.apply(String(commit.id.prefix(7)), "33"))  \(formatter.string(from: commit.date))  \(Visible.text(commit.summary))\(style.dim("  — \(Visible.text(commit.authorName))\(mark)"))\n"
          + changes.map { "    \(Self.describe($0))\n" }.joined()
      }
      Pager.write(lines.joined())
    }

    /// One line for one change to one album: `albums/x  released: 1959 → 1960`.
    static func describe(_ change: AlbumChange) -> String {
      let old = Visible.text(change.old ?? "")
      let new = Visible.text(change.new ?? "")
      let what: String
      switch (change.field, change.old, change.new) {
      case ("album", nil, _): what = "album added"
      case ("album", _, nil): what = "album removed"
      case ("album", _, _): what = "album moved from \(old)"
      case ("cover", nil, _): what = "cover set"
      case ("cover", _, nil): what = "cover removed"
      case ("cover", _, _): what = "cover replaced"
      case ("tags", nil, _): what = "tag added: \(new)"
      case ("tags", _, nil): what = "tag removed: \(old)"
      case ("tracks", nil, _): what = "track added: \(new)"
      case ("tracks", _, nil): what = "track removed: \(old)"
      case ("tracks", _, _): what = "track: \(old) → \(new)"
      case (_, nil, _): what = "\(Visible.text(change.field)) set: \(new)"
      case (_, _, nil): what = "\(Visible.text(change.field)) cleared (was \(old))"
      default: what = "\(Visible.text(change.field)): \(old) → \(new)"
      }
      return "\(Visible.text(change.album))  \(what)"
    }
  }
}
