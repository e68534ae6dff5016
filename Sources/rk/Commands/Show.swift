import ArgumentParser
import RecordKeeper

extension RK {
  struct Show: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "show",
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
      // Album objects carry plays (docs/commands.md, "Plays and statistics"); the text view does not show them.
      let loaded = json ? try collection.load().withPlays() : try collection.load()
      // Several words are one reference: rk show kind of blue.
      let album = try loaded.album(self.album.joined(separator: " "))
      let credits = ArtistCredits(try CreditRules.load(from: loaded.location), albums: loaded.albums)
      if json {
        Terminal.write(loaded.detailsJSON(of: album, credits: credits))
      } else {
        let renderer = AlbumRenderer(terminal: .standardOutput())
        if cover { Terminal.write(try renderer.cover(of: album, in: loaded.location)) }
        let others = Self.otherAlbums(
          loaded.otherAlbums(byArtistOf: album, credits: credits), by: credits.credits(of: album.artist),
          style: Style(enabled: renderer.terminal.usesColor))
        Pager.write(renderer.render(album) + others)
      }
    }
  }
}

// Linked navigation (seed 003): the artist's other albums, after the details.
extension RK.Show {
  /// "Other albums by ARTIST" (each artist credited, `A feat. B` by A and
  /// B), one line each: title - year, then the id to show it with; nothing
  /// when there are none.
  static func otherAlbums(_ others: [Album], by artists: [String], style: Style) -> String {
    guard !others.isEmpty else { return "" }
    let names =
      artists.count < 3 ? artists.joined(separator: " and ") : artists.dropLast().joined(separator: ", ") + " and " + (artists.last ?? "")
    let titles = others.map { other in Visible.text(other.title) + (other.releaseDate.map { " - \($0.year)" } ?? "") }
    let width = titles.map(DisplayWidth.of).max() ?? 0
    let lines = zip(titles, others).map { title, other in
      "    " + title + String(repeating: " ", count: width - DisplayWidth.of(title) + 2) + style.dim(Visible.text(other.id)) + "\n"
    }
    return "\n  " + style.dim("Other albums by " + Visible.text(names)) + "\n" + lines.joined()
  }
}
