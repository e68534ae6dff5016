import ArgumentParser
import RecordKeeper

extension RK {
  struct Favourites: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "favourites",
      abstract: "List every favourite track with its album.",
      discussion: """
        A favourite is a track whose line in album.md ends in ` ★` (rk track fav ALBUM N). \
        Albums come in the collection's sort order (rk sort), tracks in the album's order, \
        each with its number for rk track unfav.
        """)

    @OptionGroup var collection: CollectionOptions

    @Flag(
      help: "Print a JSON array of {\"album\", \"title\", \"artist\", \"number\", \"position\", \"name\", \"side\", \"duration\"} objects.")
    var json = false

    func run() async throws {
      let loaded = try collection.load()
      let favourites = loaded.favouriteTracks(order: try Preferences.load(loaded.location).order(overriddenBy: nil))
      if json {
        Terminal.write(JSONValue.array(favourites.map(\.json)))
        return
      }
      var output = ""
      var albumID: String?
      for favourite in favourites {
        if favourite.album.id != albumID {
          albumID = favourite.album.id
          output += Visible.text(ChangeMessage.name(of: favourite.album)) + "  (" + Visible.text(favourite.album.id) + ")\n"
        }
        let length = favourite.track.duration.map { "  " + TrackDuration.text($0) } ?? ""
        output += "  \(favourite.number). " + Visible.text(favourite.track.name) + length + "\n"
      }
      Terminal.write(output)
    }
  }
}
