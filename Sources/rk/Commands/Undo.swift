import ArgumentParser
import RecordKeeper

extension RK {
  struct Undo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "undo",
      abstract: "Undo the most recent rk change not yet undone, as a new commit.",
      discussion: """
        Run it again to go one change further back: undo commits, and the changes they undid, are passed over. \
        rk undo stops, changing nothing, at the first commit it did not make: your own commits, merges, and the \
        "Edit … by hand" commits rk makes of your uncommitted edits before changing an album. Undo those with \
        git revert. It never undoes the collection's first commit, and refuses when undoing would overwrite \
        uncommitted edits.
        """)

    @OptionGroup var collection: CollectionOptions

    func run() async throws {
      report(try collection.store().undo(), unchanged: "Nothing to undo.")
    }
  }
}
