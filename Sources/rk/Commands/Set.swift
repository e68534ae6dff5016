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

    @OptionGroup var fields: AlbumFieldOptions

    func validate() throws {
      if fields.isEmpty {
        throw ValidationError("Name at least one field to change: --title, --artist, --sort-artist, --released or --wikipedia.")
      }
    }

    func run() async throws {
      let store = try collection.store()
      let commit = try store.update(target.album, action: "set", summary: Self.summary) { album in
        let before = album
        fields.apply(to: &album)
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
