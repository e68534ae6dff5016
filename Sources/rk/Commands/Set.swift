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
      if fields.changes.isEmpty {
        throw ValidationError("Name at least one field to change: --title, --artist, --sort-artist, --released or --wikipedia.")
      }
    }

    func run() async throws {
      try collection.apply(.setFields(fields.changes), to: target.album)
    }
  }
}
