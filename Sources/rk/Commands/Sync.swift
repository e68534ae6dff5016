import ArgumentParser
import Foundation
import RecordKeeper

extension RK {
  struct Sync: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "sync",
      abstract: "Fetch a remote's changes, merge them, and push this collection's.",
      discussion: """
        REMOTE defaults to the branch's upstream, else origin, else the only remote. Nothing is \
        committed when both sides have the same changes. When the remote moves on between the fetch \
        and the push, rk sync fetches and merges again. Credentials are found as for rk clone.

        First it records every album, plays file and smart list changed, added or removed by hand since \
        the last commit, one commit each ("Edit Miles Davis – Kind of Blue by hand"), after the rules of \
        rk check. A file that breaks them or cannot be read stays home: it is neither committed nor sent, \
        its problems are printed as PATH:LINE: field: message, the rest is synced, the last line names \
        what stayed home, and the exit status is 1. rk status shows what is not yet shared.
        """)

    @OptionGroup var collection: CollectionOptions

    @Argument(help: ArgumentHelp("The remote (see rk remote).", valueName: "remote"))
    var remote: String?

    @Flag(name: .customLong("no-push"), help: "Fetch and merge only; push nothing.")
    var noPush = false

    func run() async throws {
      let store = try collection.store()
      let bar = TransferProgressBar.onTerminal()
      defer { bar?.finish() }
      let outcome = try store.synchronize(remote: remote, push: !noPush, progress: bar.map { bar in { bar.update($0) } })
      bar?.finish()
      for commit in outcome.handEdits.recorded { report(commit, unchanged: "") }
      let stayedHome = outcome.handEdits.stayedHome
      let location = store.location
      Self.tell(stayedHome.flatMap(\.problems).map { $0.formatted(in: location) })
      /// The last line when something stayed home; the exit status is then 1.
      func reportStayedHome() throws {
        guard !stayedHome.isEmpty else { return }
        let files = stayedHome.map { $0.path(in: location) }
        Self.tell([
          "\(files.count) file\(files.count == 1 ? "" : "s") stayed home (not recorded, not sent): \(files.joined(separator: ", ")); "
            + "rk sync records \(files.count == 1 ? "it" : "them") once what is named above is fixed"
        ])
        throw ExitCode.failure
      }
      let remote = Visible.text(outcome.remote)
      switch outcome.merge {
      case .upToDate:
        print("Nothing new from \(remote).")
      case .fastForwarded(let commit):
        print("Fetched \(Self.changes(outcome.received)) from \(remote); \(outcome.branch) is now at \(commit.prefix(7)).")
      case .merged(let commit):
        print("Fetched \(Self.changes(outcome.received)) from \(remote) and merged them by field (\(commit.prefix(7))).")
      case .conflicts(let conflicts):
        let albums = Set(conflicts.map(\.album)).count
        print(
          "Fetched \(Self.changes(outcome.received)) from \(remote); \(conflicts.count) field\(conflicts.count == 1 ? "" : "s") of \(albums) album\(albums == 1 ? "" : "s") changed both ways."
        )
        print("Nothing was pushed: see them with rk conflicts, settle each with rk resolve, then run rk sync again.")
        try reportStayedHome()
        throw ExitCode.failure
      }
      switch outcome.sent {
      case nil: break
      case 0? where !stayedHome.isEmpty: print("\(remote) has every change recorded here.")
      case 0?: print("\(remote) has every change made here.")
      case let count?: print("Pushed \(Self.changes(count)) to \(remote).")
      }
      try reportStayedHome()
    }

    /// Writes lines on standard error, control characters made visible.
    static func tell(_ lines: [String]) {
      FileHandle.standardError.write(Data(lines.map { Visible.text($0) + "\n" }.joined().utf8))
    }

    static func changes(_ count: Int) -> String { "\(count) change\(count == 1 ? "" : "s")" }
  }
}
