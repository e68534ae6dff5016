import ArgumentParser
import RecordKeeper

extension RK {
  struct Sort: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "sort",
      abstract: "Print or set this clone's sort mode.",
      discussion: """
        Modes: artist-year (default: sort artist, then release date, then title), \
        artist-title, title, year, random. The mode is kept in .recordkeeper/local.yaml, \
        which git ignores. Choosing random draws a new shuffle that stays until random is \
        chosen again.
        """)

    @OptionGroup var collection: CollectionOptions

    @Argument(help: ArgumentHelp("The mode to keep.", valueName: "mode"))
    var mode: SortMode?

    func run() async throws {
      let location = try collection.location()
      var preferences = try Preferences.load(location)
      guard let mode else {
        print(preferences.sortMode.rawValue)
        return
      }
      preferences.choose(mode)
      try preferences.save(to: location)
    }
  }
}
