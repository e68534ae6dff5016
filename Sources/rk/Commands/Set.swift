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

    @Option(help: "The format, such as LP or 2xLP.") var format: String?
    @Option(help: "The record label.") var label: String?
    @Option(help: "The label's catalog number.") var catalogNumber: String?
    @Option(help: "The barcode: 8 to 14 digits.") var barcode: String?
    @Option(help: "The country of release.") var country: String?
    @Option(help: ArgumentHelp("The record's Goldmine grade: M, NM, VG+, VG, G+, G, F or P.", valueName: "grade")) var mediaCondition: String?
    @Option(help: ArgumentHelp("The sleeve's Goldmine grade: M, NM, VG+, VG, G+, G, F or P.", valueName: "grade")) var sleeveCondition: String?
    @Option(help: "Your rating, 1 to 5.") var rating: String?
    @Option(help: "Where the record is kept.") var location: String?
    @Option(help: ArgumentHelp("When you bought it: YYYY, YYYY-MM or YYYY-MM-DD.", valueName: "date")) var purchased: String?
    @Option(help: "What you paid.") var price: String?
    @Option(help: "owned or wanted.") var status: String?
    @Option(help: ArgumentHelp("The Discogs release id.", valueName: "id")) var discogs: String?
    @Option(help: ArgumentHelp("The MusicBrainz release id (a UUID).", valueName: "id")) var musicbrainz: String?

    /// Every field given, the collector's included.
    var changes: AlbumFieldChanges {
      var changes = fields.changes
      let given: [(CollectorField, String?)] = [
        (.format, format), (.label, label), (.catalogNumber, catalogNumber), (.barcode, barcode), (.country, country),
        (.mediaCondition, mediaCondition), (.sleeveCondition, sleeveCondition), (.rating, rating), (.location, location),
        (.purchased, purchased), (.price, price), (.status, status), (.discogs, discogs), (.musicbrainz, musicbrainz),
      ]
      for case (let field, let value?) in given { changes.collector[field] = value }
      return changes
    }

    func validate() throws {
      if albums.isEmpty && query == nil {
        throw ValidationError("Name the albums to change, or choose them with --where QUERY.")
      }
      if !albums.isEmpty && query != nil {
        throw ValidationError("Name albums or give --where QUERY, not both.")
      }
      if changes.isEmpty {
        throw ValidationError("Name at least one field to change: --title, --artist, --sort-artist, --released, --wikipedia, --label, … (see rk set --help).")
      }
    }

    func run() async throws {
      let store = try collection.store()
      let edit = AlbumEdit.setFields(changes)
      let references = try query.map { try store.albumIDs(matching: $0) } ?? albums
      report(try store.apply(edit, toAll: references), unchanged: references.count == 1 ? edit.unchanged : "No change: the albums already have those values.")
    }
  }
}
