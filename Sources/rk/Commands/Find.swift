import ArgumentParser
import RecordKeeper

extension RK {
  struct Find: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "find",
      abstract: "Search every field, notes included, best match first.",
      discussion: """
        rk find WORDS is rk list --sort relevance --in \(SearchField.allCases.map(\.rawValue).joined(separator: ",")) WORDS: \
        a phrase or a whole field matching above separate words; title and artist above tags, \
        label and date, above tracks, above notes; rarer words weigh more; ties in the default \
        order. The query is written as for rk list (+WORD, -WORD, "a phrase", #tag, @field rules).
        """)

    @OptionGroup var collection: CollectionOptions

    @OptionGroup var output: AlbumListOptions

    @Argument(
      parsing: .allUnrecognized,
      help: ArgumentHelp("The words to find (a query as rk list takes).", valueName: "words"),
      completion: .custom(Completions.queryWords))
    var words: [String] = []

    /// The `rk list` this search is.
    private func list() throws -> List {
      var arguments = ["--sort", SortMode.relevance.rawValue, "--in", SearchField.allCases.map(\.rawValue).joined(separator: ",")]
      if let path = collection.collection { arguments += ["-C", path] }
      arguments += output.arguments
      // The words after `--`, so a `-word` stays a term.
      return try List.parse(arguments + ["--"] + words.filter { $0 != "--" })
    }

    func validate() throws {
      if let word = words.prefix(while: { $0 != "--" }).first(where: { $0.hasPrefix("--") }) {
        throw ValidationError(UsageCheck.unknownOption(word, in: Self.self))
      }
      _ = try list()
    }

    func run() async throws {
      try await list().run()
    }
  }
}
