import ArgumentParser
import RecordKeeper

extension RK {
  struct SetFields: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "set",
      abstract: "Change an album's fields without an editor.",
      discussion: "An empty value clears an optional field (sort artist, release date, Wikipedia page).")

    @OptionGroup var collection: CollectionOptions
    @OptionGroup var target: AlbumArgument

    @Option(help: "The album title.")
    var title: String?

    @Option(help: "The artist.", completion: .custom(Completions.artists))
    var artist: String?

    @Option(help: ArgumentHelp("The name to sort the artist by.", valueName: "name"), completion: .custom(Completions.artists))
    var sortArtist: String?

    @Option(help: ArgumentHelp("The release date: YYYY, YYYY-MM or YYYY-MM-DD.", valueName: "date"))
    var released: String?

    @Option(help: ArgumentHelp("The album's Wikipedia page.", valueName: "url"))
    var wikipedia: String?

    func validate() throws {
      if [title, artist, sortArtist, released, wikipedia].allSatisfy({ $0 == nil }) {
        throw ValidationError("Name at least one field to change: --title, --artist, --sort-artist, --released or --wikipedia.")
      }
    }

    func run() async throws {
      let store = try collection.store()
      let commit = try store.update(target.album, action: "set", summary: Self.summary) { album in
        let before = album
        if let title { album.title = title.trimmed }
        if let artist { album.artist = artist.trimmed }
        if let sortArtist { album.sortArtist = nonBlank(sortArtist) }
        if let released { album.released = nonBlank(released) }
        if let wikipedia { album.wikipedia = nonBlank(wikipedia) }
        return album != before
      }
      report(commit, unchanged: "No change: the album already has those values.")
    }

    /// `Change title and release date of Miles Davis – Kind of Blue`.
    static func summary(_ before: Album, _ after: Album) -> String {
      var fields: [String] = []
      if before.title != after.title { fields.append("title") }
      if before.artist != after.artist { fields.append("artist") }
      if before.sortArtist != after.sortArtist { fields.append("sort artist") }
      if before.released != after.released { fields.append("release date") }
      if before.wikipedia != after.wikipedia { fields.append("Wikipedia page") }
      let list = fields.count > 1 ? fields.dropLast().joined(separator: ", ") + " and " + (fields.last ?? "") : fields.joined()
      return "Change \(list) of \(ChangeMessage.name(of: after))"
    }
  }
}
