import ArgumentParser
import RecordKeeper

extension RK {
  struct Artists: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "List distinct artists and sort artists, alphabetically.",
      discussion: "Case-insensitive, like the seed's artist autocomplete; PREFIX ignores case and diacritics.")

    @OptionGroup var collection: CollectionOptions

    @Argument(help: "Only names starting with this text.")
    var prefix: String = ""

    func run() async throws {
      let loaded = try collection.load()
      Terminal.write(loaded.artists(prefix: prefix).map { Visible.text($0) + "\n" }.joined())
    }
  }
}
