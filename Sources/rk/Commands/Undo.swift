import ArgumentParser
import RecordKeeper

extension RK {
  struct Undo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Undo the last change made by rk, as a new commit.",
      discussion: "Refuses when the last commit was not made by rk, or when undoing would overwrite uncommitted edits.")

    @OptionGroup var collection: CollectionOptions

    func run() async throws {
      report(try collection.store().undo(), unchanged: "Nothing to undo.")
    }
  }
}
