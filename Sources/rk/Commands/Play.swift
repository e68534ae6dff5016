import ArgumentParser
import RecordKeeper

extension RK {
  struct Play: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "play",
      abstract: "Record that you played an album.",
      discussion: """
        Appends one line to plays/YYYY.md of the play's year, in one commit that rk undo undoes: \
        "- 2026-11-26 20:15 · albums/kind-of-blue · sides A, B · Ada · late night" (date and time, album id, \
        sides, who played it (the git author), note). The first play registers "plays/*.md merge=union" in \
        .gitattributes, so two collectors' plays never conflict when they sync.
        """)

    @OptionGroup var collection: CollectionOptions
    @OptionGroup var target: AlbumArgument

    @Option(
      name: .customLong("side"),
      help: ArgumentHelp("A side played (A, B…); repeat for several. Default: the whole album.", valueName: "side"))
    var sides: [String] = []

    @Option(help: ArgumentHelp("When it was played, \"YYYY-MM-DD HH:MM\" or YYYY-MM-DD (default: now).", valueName: "time"))
    var at: String?

    @Option(help: "A note to keep with the play.")
    var note: String = ""

    func validate() throws {
      if let at { _ = try time(at) }
    }

    func run() async throws {
      do {
        let result = try collection.store().play(target.album, sides: sides, at: try at.map(time), note: note)
        report(result.commit, unchanged: "Nothing was recorded.")
      } catch StoreError.playRefused(let album, let refusal) {
        let option = if case .noSuchSide = refusal { "--side" } else { "--at" }
        throw ValidationError("\(option): \(StoreError.playRefused(album: album, refusal))")
      }
    }

    private func time(_ text: String) throws -> PlayTime {
      do {
        return try PlayTime(given: text)
      } catch {
        throw ValidationError("--at: \(error)")
      }
    }
  }
}
