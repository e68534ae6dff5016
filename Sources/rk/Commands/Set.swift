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

        --fill fills one album from its MusicBrainz release (--musicbrainz ID, else the album's own \
        musicbrainz id): every field that is \
        empty (sort artist, released, label, catalog number, barcode, country, format, the MusicBrainz \
        id), the track list with sides and lengths when it has none, and the cover from the Cover Art \
        Archive when it has none, in one commit. With --overwrite, what MusicBrainz has replaces what \
        is there, title and artist included. Tags, notes and your own fields (grades, rating, location, \
        price, status) are never touched.
        """)

    @OptionGroup var collection: CollectionOptions

    @Argument(
      help: ArgumentHelp(
        "Albums: ids, folder names, the start of a folder name, or words of artist and title.", valueName: "album"),
      completion: .custom(Completions.albums))
    var albums: [String] = []

    @Option(
      name: .customLong("where"),
      parsing: .unconditional,
      help: ArgumentHelp("Change every album this search query matches, as rk list finds them.", valueName: "query"),
      completion: .custom(Completions.queryWords))
    var query: String?

    @OptionGroup var fields: AlbumFieldOptions

    @Flag(help: "Fill the album's empty fields, tracks and cover from the MusicBrainz release --musicbrainz names, else from its own.")
    var fill = false

    @Flag(help: "With --fill: replace fields, tracks and cover that are already there.")
    var overwrite = false

    func validate() throws {
      if overwrite && !fill { throw ValidationError("--overwrite goes with --fill.") }
      if fill {
        guard albums.count == 1, query == nil else { throw ValidationError("--fill fills one album: name exactly one.") }
        var others = fields.changes
        others.collector[.musicbrainz] = nil
        guard others.isEmpty else {
          throw ValidationError("--fill takes no other fields: fill first, then rk set the fields you want otherwise.")
        }
      }
      if albums.isEmpty && query == nil {
        throw ValidationError("Name the albums to change, or choose them with --where QUERY.")
      }
      if !albums.isEmpty && query != nil {
        throw ValidationError("Name albums or give --where QUERY, not both.")
      }
      if fields.changes.isEmpty && !fill {
        throw ValidationError(
          "Name at least one field to change: --title, --artist, --sort-artist, --released, --wikipedia, --label, … (see rk set --help).")
      }
    }

    func run() async throws {
      if fill, let album = albums.first { return try await fillFromMusicBrainz(album, id: fields.changes.collector[.musicbrainz]) }
      let store = try collection.store()
      let edit = AlbumEdit.setFields(fields.changes)
      let references = try query.map { try store.albumIDs(matching: $0) } ?? albums
      report(
        try store.apply(edit, toAll: references),
        unchanged: references.count == 1 ? edit.unchanged : "No change: the albums already have those values.")
    }

    /// `rk set ALBUM [--musicbrainz ID] --fill [--overwrite]`: from the
    /// release given, else the album's own.
    private func fillFromMusicBrainz(_ reference: String, id given: String?) async throws {
      let store = try collection.store()
      let source = LookupTool.helperSource(contact: try collection.lookupContact())
      let filled = try await ReleaseFill.fill(reference, release: given, from: source, in: store, replacing: overwrite)
      for note in filled.notes { Terminal.warn(note) }
      report(filled.commit, unchanged: "No change: the album already has what MusicBrainz has.")
    }
  }
}
