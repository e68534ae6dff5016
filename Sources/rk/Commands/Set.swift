import ArgumentParser
import RecordKeeper

extension RK {
  struct SetFields: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "set",
      abstract: "Change the fields of one album or several, without an editor.",
      discussion: """
        An empty value clears an optional field (sort artist, release date, Wikipedia page). \
        Several albums, or every album --where QUERY matches (the query language of rk list), \
        change in one commit; when any of them would break a rule, none is changed.
        """)

    @OptionGroup var collection: CollectionOptions

    @Argument(
      help: ArgumentHelp(
        "Albums: ids, folder names, the start of a folder name, or words of artist and title.", valueName: "album"),
      completion: .custom(Completions.albums))
    var albums: [String] = []

    @Option(
      name: .customLong("where"),
      help: ArgumentHelp("Change every album this search query matches, as rk list finds them.", valueName: "query"),
      completion: .custom(Completions.queryWords))
    var query: String?

    @OptionGroup var fields: AlbumFieldOptions

    func validate() throws {
      if albums.isEmpty && query == nil {
        throw ValidationError("Name the albums to change, or choose them with --where QUERY.")
      }
      if !albums.isEmpty && query != nil {
        throw ValidationError("Name albums or give --where QUERY, not both.")
      }
      if fields.changes.isEmpty {
        throw ValidationError("Name at least one field to change: --title, --artist, --sort-artist, --released, --wikipedia, --label, … (see rk set --help).")
      }
    }

    func run() async throws {
      let store = try collection.store()
      let edit = AlbumEdit.setFields(fields.changes)
      let references = try query.map { try store.albumIDs(matching: $0) } ?? albums
      report(try store.apply(edit, toAll: references), unchanged: references.count == 1 ? edit.unchanged : "No change: the albums already have those values.")
    }
  }
}
