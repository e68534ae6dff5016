import ArgumentParser
import RecordKeeper

extension RK {
  struct Suggest: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "suggest",
      abstract: "Suggest albums of your collection to play next, each with its reason.",
      discussion: """
        Offline: albums that share tags, artist and decade with your favourites (albums with \
        favourite tracks, rk track fav) and your most played albums (rk play), those not played \
        for longest first. Wanted albums are never suggested. Equal scores go in artist, then \
        year order.
        """)

    @OptionGroup var collection: CollectionOptions

    @Option(help: ArgumentHelp("How many albums to suggest.", valueName: "n")) var count = 10

    @Flag(help: "Print a JSON array of album objects, each with its \"reason\".")
    var json = false

    func validate() throws {
      guard count >= 1 else { throw ValidationError("--count must be 1 or more.") }
    }

    func run() async throws {
      let loaded = try collection.load()
      let suggestions = Suggestions(
        albums: loaded.albums, plays: PlayHistory.load(loaded.location), month: Suggestions.thisMonth, count: count
      ).suggestions
      if json {
        Terminal.write(JSONValue.array(suggestions.map(\.json)))
        return
      }
      Terminal.write(
        suggestions.map { suggestion in
          Visible.text(ChangeMessage.name(of: suggestion.album)) + "  (" + Visible.text(suggestion.album.id) + ")\n    "
            + Visible.text(suggestion.reason) + "\n"
        }.joined())
    }
  }
}
