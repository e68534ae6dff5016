import ArgumentParser
import RecordKeeper

extension RK {
  struct Status: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "status",
      abstract: "Show what is not yet shared: hand edits, changes to send or receive, conflicts.",
      discussion: """
        Lists the albums, plays files and smart lists changed, added or removed by hand and not yet \
        recorded, each with the rules it breaks (rk sync records the others and leaves these home); how \
        many changes wait to be sent to the remote or received from it, as of the last fetch (--fetch \
        asks the remote first); conflicts an unfinished merge left; and plays of albums the collection \
        does not have. Changes nothing.
        """)

    @OptionGroup var collection: CollectionOptions

    @Flag(help: "Ask the remote first, so the counts are current.")
    var fetch = false

    @Flag(
      help:
        "Print {branch, remote, fetched, hand_edits: [{path, kind, change, problems}], to_send, to_receive, merging, conflicts, stray_plays}."
    )
    var json = false

    func run() async throws {
      let store = try collection.store()
      let status = try store.status(fetch: fetch)
      if json {
        Terminal.write(status.json(in: store.location))
        return
      }
      Terminal.write(Self.describe(status, in: store.location).map { Visible.text($0) + "\n" }.joined())
    }

    /// The lines `rk status` prints.
    static func describe(_ status: CollectionStatus, in location: CollectionLocation) -> [String] {
      var lines: [String] = []
      let sync = status.sync
      let asOf = status.fetched ? "just now" : "as of the last fetch"
      if let branch = sync.branch {
        lines.append("On branch \(branch)" + (sync.remote.map { ", sharing with \($0) (\(asOf))." } ?? "."))
      }
      if !status.handEdits.isEmpty {
        lines.append("Changed by hand, not yet recorded (rk sync records them):")
        let width = status.handEdits.map { $0.change.rawValue.count }.max() ?? 0
        for edit in status.handEdits {
          let label = edit.change.rawValue + ":" + String(repeating: " ", count: width - edit.change.rawValue.count)
          let stays = edit.problems.isEmpty ? "" : " (stays home until fixed)"
          lines.append("  \(label) \(edit.path(in: location))\(stays)")
          lines += edit.problems.map { "    " + $0.formatted(in: location) }
        }
      }
      if let remote = sync.remote {
        if sync.outgoing > 0 { lines.append("\(RK.Sync.changes(sync.outgoing)) to send to \(remote) (rk sync sends them).") }
        if sync.incoming > 0 { lines.append("\(RK.Sync.changes(sync.incoming)) to receive from \(remote) (rk sync merges them).") }
      } else {
        lines.append("No remote to share with: rk remote add NAME URL names one.")
      }
      if status.merging {
        lines.append(
          status.conflicts.isEmpty
            ? "A merge is in progress with no conflict left: git commit finishes it, git merge --abort drops it."
            : "A merge is in progress; what it brought is not a hand edit.")
      }
      if !status.conflicts.isEmpty {
        lines.append("Unresolved conflicts (rk conflicts shows them, rk resolve settles each):")
        lines += status.conflicts.map { "  \($0.album): \($0.field)" }
      }
      if !status.strayPlays.isEmpty {
        lines.append("Plays of albums not in the collection:")
        lines += status.strayPlays.map { "  \($0.album): \($0.plays) play\($0.plays == 1 ? "" : "s")" }
      }
      if status.isClean, let remote = sync.remote {
        lines.append("Nothing to share: everything is recorded, and \(remote) has it.")
      }
      return lines
    }
  }
}
