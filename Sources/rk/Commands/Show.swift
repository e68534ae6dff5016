import ArgumentParser
import RecordKeeper

extension RK {
  struct Show: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Show one album: the album details view.")

    @OptionGroup var collection: CollectionOptions

    @Argument(
      help: ArgumentHelp("An album id, folder name, or the start of a folder name.", valueName: "album"),
      completion: .custom(Completions.albums))
    var album: String

    @Flag(help: "Print the album as a JSON object.")
    var json = false

    func run() async throws {
      let loaded = try collection.load()
      let album = try loaded.album(self.album)
      if json {
        Terminal.write(album.json().serialized() + "\n")
      } else {
        Terminal.write(AlbumRenderer(terminal: .standardOutput()).render(album))
      }
    }
  }
}
