import ArgumentParser
import RecordKeeper

extension RK {
  struct Show: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Show one album: the album details view.")

    @OptionGroup var collection: CollectionOptions

    @Argument(
      help: ArgumentHelp(
        "An album id, folder name, the start of a folder name, or words of its artist and title (rk show bjork homogenic).",
        valueName: "album"),
      completion: .custom(Completions.albums))
    var album: [String]

    @Flag(help: "Print the album as a JSON object.")
    var json = false

    @Flag(help: "Draw the cover thumbnail in the terminal (truecolor half blocks).")
    var cover = false

    func run() async throws {
      let loaded = try collection.load()
      // Several words are one reference: rk show kind of blue.
      let album = try loaded.album(self.album.joined(separator: " "))
      if json {
        Terminal.write(album.json())
      } else {
        let renderer = AlbumRenderer(terminal: .standardOutput())
        if cover { Terminal.write(try renderer.cover(of: album, in: loaded.location)) }
        Pager.write(renderer.render(album))
      }
    }
  }
}
