import ArgumentParser
import RecordKeeper

extension RK {
  struct Artists: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "artists",
      abstract: "List distinct artists, sort artists and credited artists, alphabetically.",
      discussion: """
        Case-insensitive, like the seed's artist autocomplete; PREFIX ignores case and diacritics. \
        An artist written A feat. B (featuring, ft., with) credits B as well; A, B & C is split \
        with credits: aggressive in .recordkeeper/config.yaml, and then only into names that each \
        have albums of their own (Simon & Garfunkel stays one act otherwise), or when listed under \
        credits: {always: [...]}; artists listed under never: are not split. \
        --json adds how many albums name or credit each artist.
        """)

    @OptionGroup var collection: CollectionOptions

    @Argument(help: "Only names starting with this text.")
    var prefix: String = ""

    @Flag(help: "Print a JSON array of {\"name\", \"albums\"} objects: each name with its number of albums.")
    var json = false

    func run() async throws {
      let loaded = try collection.load()
      let credits = ArtistCredits(try CreditRules.load(from: loaded.location), albums: loaded.albums)
      if json {
        let objects = loaded.artistCounts(prefix: prefix, credits: credits).map {
          JSONValue.object([("name", .string($0.name)), ("albums", .number($0.albums))])
        }
        Terminal.write(JSONValue.array(objects))
        return
      }
      Terminal.write(loaded.artists(prefix: prefix, credits: credits).map { Visible.text($0) + "\n" }.joined())
    }
  }
}
