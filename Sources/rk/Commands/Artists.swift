import ArgumentParser
import RecordKeeper

extension RK {
  struct Artists: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "List distinct artists and sort artists, alphabetically.",
      discussion: """
        Case-insensitive, like the seed's artist autocomplete; PREFIX ignores case and diacritics. \
        --json adds how many albums name each artist or sort artist.
        """)

    @OptionGroup var collection: CollectionOptions

    @Argument(help: "Only names starting with this text.")
    var prefix: String = ""

    @Flag(help: "Print a JSON array of {\"name\", \"albums\"} objects: each name with its number of albums.")
    var json = false

    func run() async throws {
      let loaded = try collection.load()
      if json {
        let objects = loaded.artistCounts(prefix: prefix).map { JSONValue.object([("name", .string($0.name)), ("albums", .number($0.albums))]) }
        Terminal.write(JSONValue.array(objects))
        return
      }
      Terminal.write(loaded.artists(prefix: prefix).map { Visible.text($0) + "\n" }.joined())
    }
  }
}
