import ArgumentParser
import RecordKeeper

extension RK {
  struct Init: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Make a new collection, or adopt a folder of albums.",
      discussion: """
        Writes .recordkeeper/ (config.yaml, and a .gitignore for this clone's preferences), \
        makes a git repository if there is none, and commits what is there.
        """)

    @Argument(help: ArgumentHelp("The folder (default: the working directory).", valueName: "dir"), completion: .directory)
    var directory: String = "."

    func run() async throws {
      let (store, commit, albums) = try CollectionStore.initialize(at: directory)
      print("Record Keeper collection in \(store.location.root) with \(albums) album\(albums == 1 ? "" : "s").")
      report(commit, unchanged: "Nothing to commit.")
    }
  }
}
