import ArgumentParser
import Foundation
import RecordKeeper

extension RK {
  struct Init: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "init",
      abstract: "Make a new collection, or adopt a folder of albums.",
      discussion: """
        Writes .recordkeeper/ (config.yaml, and a .gitignore for this clone's preferences), \
        makes a git repository if there is none, and commits what is there (files git \
        ignores are left out).

        The folder is DIR, taken relative to -C DIR when both are given, else the working \
        directory ($RK_COLLECTION is not used: it names a collection that exists).

        A new or empty folder, or a folder that holds only albums (folders with an album.md), \
        is adopted at once. A folder holding other files is refused, with the number and \
        size of the files rk would commit and the largest of them; --adopt commits them all \
        the same. Files that look private (.ssh/, .gnupg/, .aws/, .env, *.pem, *.key, \
        id_rsa, id_ed25519, .netrc, virtualenvs, node_modules…) are never committed, not \
        even with --adopt: move them out of the folder or list them in its .gitignore.
        """)

    @OptionGroup var collection: CollectionOptions

    @Argument(help: ArgumentHelp("The folder (default: the working directory, or -C DIR).", valueName: "dir"), completion: .directory)
    var directory: String?

    @Flag(help: "Commit the folder's files even when they are not albums (files that look private never are).")
    var adopt = false

    /// DIR, relative to -C DIR when both are given, as `git -C A init B` does.
    var folder: String {
      switch (collection.collection, directory) {
      case (let base?, let directory?): directory.hasPrefix("/") ? directory : base + "/" + directory
      case (let base?, nil): base
      case (nil, let directory?): directory
      case (nil, nil): "."
      }
    }

    func run() async throws {
      let driver = Bundle.main.executablePath.map(MergeDriver.command(forExecutable:))
      let line = ProgressLine.onTerminal()
      defer { line?.finish() }
      var progress: (@Sendable (String) -> Void)?
      if let line { progress = { line.showWhileWorking($0) } }
      let (store, commit, albums) = try CollectionStore.initialize(at: folder, adopt: adopt, mergeDriver: driver, progress: progress)
      line?.finish()
      print("Record Keeper collection in \(store.location.root) with \(albums) album\(albums == 1 ? "" : "s").")
      report(commit, unchanged: "Nothing to commit.")
    }
  }
}
