import ArgumentParser
import RecordKeeper

extension RK {
  struct Favourites: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "favourites",
      abstract: "List every favourite track with its album, in your order; move or drop one.",
      discussion: """
        A favourite is a track whose line in album.md ends in ` ★` (rk track fav ALBUM N). \
        Their order is the ordered list favourites (.recordkeeper/lists/favourites.md, entries \
        albums/ID#TRACK), written by rk favourites move: a starred track it does not name comes \
        last (albums in the collection's sort order, tracks in the album's). A star taken off by \
        rk takes the track's entry out in the same commit, so a star put back goes last; an entry \
        whose star was taken off by hand is passed over.
        """,
      subcommands: [Print.self, Move.self, Drop.self],
      defaultSubcommand: Print.self)

    struct Print: AsyncParsableCommand {
      static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Print the favourite tracks in order: each with its place, and its number for rk track unfav.")

      @OptionGroup var collection: CollectionOptions

      @Flag(
        help:
          "Print a JSON array of {\"album\", \"title\", \"artist\", \"number\", \"position\", \"name\", \"side\", \"duration\"} objects, in order."
      )
      var json = false

      func run() async throws {
        let loaded = try collection.load()
        let favourites = loaded.orderedFavouriteTracks(order: try Preferences.load(loaded.location).order(overriddenBy: nil))
        if json {
          Terminal.write(JSONValue.array(favourites.map(\.json)))
          return
        }
        var output = ""
        var albumID: String?
        for (index, favourite) in favourites.enumerated() {
          if favourite.album.id != albumID {
            albumID = favourite.album.id
            output += Visible.text(ChangeMessage.name(of: favourite.album)) + "  (" + Visible.text(favourite.album.id) + ")\n"
          }
          let length = favourite.track.duration.map { "  " + TrackDuration.text($0) } ?? ""
          output += "  \(index + 1). " + Visible.text(favourite.track.name) + length + "  (track \(favourite.number))\n"
        }
        Terminal.write(output)
      }
    }

    struct Move: AsyncParsableCommand {
      static let configuration = CommandConfiguration(
        commandName: "move",
        abstract: "Move the favourite at one place to another (places from 1, as rk favourites numbers them), as one commit.")

      @OptionGroup var collection: CollectionOptions

      @Argument(help: ArgumentHelp("The favourite's place now.", valueName: "from"))
      var from: Int

      @Argument(help: ArgumentHelp("Its new place.", valueName: "to"))
      var to: Int

      func run() async throws {
        let loaded = try collection.load()
        let favourites = loaded.favouriteTracks(order: try Preferences.load(loaded.location).order(overriddenBy: nil))
        report(
          try collection.store().moveFavourite(from: from, to: to, favourites: favourites),
          unchanged: "No change: the favourite is at \(to) already.")
      }
    }

    struct Drop: AsyncParsableCommand {
      static let configuration = CommandConfiguration(
        commandName: "drop",
        abstract: "Take the star off the favourite at a place (from 1) after \"Are you sure?\", as one commit.",
        discussion: "Without a terminal, --yes is required. rk undo puts the star back, and the track back in its place.")

      @OptionGroup var collection: CollectionOptions

      @Argument(help: ArgumentHelp("The favourite's place, as rk favourites numbers them.", valueName: "n"))
      var place: Int

      @Flag(name: [.short, .long], help: "Do not ask; required when not on a terminal.")
      var yes = false

      func validate() throws {
        if !yes && !Editor.isInteractive { throw ValidationError("Not on a terminal: add --yes to take the star off without asking.") }
      }

      func run() async throws {
        let loaded = try collection.load()
        let favourites = loaded.orderedFavouriteTracks(order: try Preferences.load(loaded.location).order(overriddenBy: nil))
        guard place >= 1, place <= favourites.count else {
          throw RK.VisibleError(
            message: favourites.isEmpty
              ? "There are no favourite tracks: rk track fav ALBUM N marks one."
              : "There is no favourite \(place): give a number from 1 to \(favourites.count) (rk favourites lists them).")
        }
        let favourite = favourites[place - 1]
        if !yes {
          print(
            "Confirm\nTake the star off \(Visible.text(favourite.track.name)) (\(Visible.text(ChangeMessage.name(of: favourite.album))))?")
          guard Editor.confirm("Are you sure?", defaultAnswer: false) else {
            print("Nothing was changed.")
            return
          }
        }
        try collection.apply(.setFavourite(favourite.number, false), to: favourite.album.id)
      }
    }
  }
}
