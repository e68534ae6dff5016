import ArgumentParser
import RecordKeeper

extension RK {
  struct Plays: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "plays",
      abstract: "List plays, newest first: of every album, or of one.",
      discussion: """
        Reads plays/*.md. --json prints an array of {"time", "album", "sides", "who", "note"} objects, \
        time as "YYYY-MM-DD HH:MM" (or YYYY-MM-DD when the line gives no time).
        """)

    @OptionGroup var collection: CollectionOptions

    @Argument(
      help: ArgumentHelp("Only this album's plays.", valueName: "album"),
      completion: .custom(Completions.albums))
    var album: String?

    @Option(help: ArgumentHelp("Only plays on or after this day (YYYY, YYYY-MM or YYYY-MM-DD).", valueName: "date"))
    var since: String?

    @Flag(help: "Print a JSON array of play objects.")
    var json = false

    func validate() throws {
      if let since { _ = try day(since) }
    }

    func run() async throws {
      let location = try collection.location()
      var id: String?
      if let album { id = try collection.store().resolve(album) }
      let since = try since.map(day)
      let history = PlayHistory.load(location)
      let plays = history.plays(since: since, of: id).reversed()
      if json {
        Terminal.write(JSONValue.array(plays.map(\.json)))
        return
      }
      Terminal.write(plays.map { Visible.text(String($0.line.dropFirst(2))) + "\n" }.joined())
    }

    private func day(_ text: String) throws -> ReleaseDate {
      do {
        return try ReleaseDate(given: text)
      } catch {
        throw ValidationError("--since: \(error)")
      }
    }
  }
}
