import ArgumentParser
import RecordKeeper

extension RK {
  struct Sync: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Fetch a remote's changes, merge them, and push this collection's.",
      discussion: """
        REMOTE defaults to the branch's upstream, else origin, else the only remote. Nothing is \
        committed when both sides have the same changes. When the remote moves on between the fetch \
        and the push, rk sync fetches and merges again. Credentials are found as for rk clone.
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
        throw ExitCode.failure
      }
      switch outcome.sent {
      case nil: break
      case 0?: print("\(remote) has every change made here.")
      case let count?: print("Pushed \(Self.changes(count)) to \(remote).")
      }
    }

    static func changes(_ count: Int) -> String { "\(count) change\(count == 1 ? "" : "s")" }
  }
}
