import ArgumentParser
import Foundation
import RecordKeeper

extension RK {
  struct Add: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "add",
      abstract: "Add an album and print its id.",
      discussion: """
        --title and --artist are required; the collector's fields (--label, --catalog-number, \
        --format, --rating, --status …) are optional and follow the rules of rk set. The album goes \
        in albums/<slug>/, named from the artist and title. With no fields on a terminal, opens $VISUAL or $EDITOR on a blank album (the seed's Add Album view).

        With --musicbrainz ID and without both --title and --artist, the album is filled from that \
        MusicBrainz release (rk lookup finds ids): title, artist, sort artist, released, label, catalog \
        number, barcode, country, format, the tracks with their sides and lengths, and the front cover \
        from the Cover Art Archive (the release's, else its release group's; without one the album is \
        added all the same). Any field, --track, --tag or --cover given as well replaces MusicBrainz's. \
        A release the collection already has (the same MusicBrainz id, or the same artist and title) \
        is not added again unless --duplicate is given.
        """)

    @OptionGroup var collection: CollectionOptions

    @OptionGroup var fields: AlbumFieldOptions

    @Option(
      name: .customLong("track"), parsing: .unconditionalSingleValue,
      help: ArgumentHelp(
        "A track, in order; repeat for each. A position first gives its side and a length last its length: \"A1. Airbag (4:44)\".",
        valueName: "name"))
    var tracks: [String] = []

    @Option(name: .customLong("tag"), parsing: .unconditionalSingleValue, help: ArgumentHelp("A tag; repeat for each.", valueName: "tag"))
    var tags: [String] = []

    @Option(
      parsing: .unconditional, help: ArgumentHelp("A photo of the sleeve: JPEG, PNG, WebP, HEIC, GIF or TIFF.", valueName: "image"),
      completion: .file())
    var cover: String?

    @Flag(help: "With --musicbrainz: add the release even when the collection already has it (a second copy).")
    var duplicate = false

    private var hasFields: Bool {
      !fields.changes.isEmpty || cover != nil || !tracks.isEmpty || !tags.isEmpty
    }

    func validate() throws {
      if !hasFields && !Editor.isInteractive {
        throw ValidationError("Give at least --title and --artist (the editor opens only on a terminal).")
      }
    }

    func run() async throws {
      if let id = fields.changes.releaseToAddFrom { return try await addFromMusicBrainz(id) }
      let store = try collection.store()
      // The photo is read first, so a bad image refuses the whole album.
      let images = try cover.map { (path) throws(StoreError) in
        do throws(CoverError) { return try CoverTool.make(fromFile: path) } catch { throw .cover(error) }
      }
      let album = hasFields ? try albumFromOptions() : try albumFromEditor()
      let files = images.map { [CoverFiles.coverName: $0.cover, CoverFiles.thumbnailName: $0.thumbnail] } ?? [:]
      let (id, _) = try store.add(album, files: files)
      print(Visible.text(id))
    }

    /// `rk add --musicbrainz ID`: the release as an album, with what the
    /// options give on top, and its cover; one commit.
    private func addFromMusicBrainz(_ id: String) async throws {
      let store = try collection.store()
      let source = LookupTool.helperSource(contact: try collection.lookupContact())
      let images = try cover.map { (path) throws(StoreError) in
        do throws(CoverError) { return try CoverTool.make(fromFile: path) } catch { throw .cover(error) }
      }
      let added = try await ReleaseFill.add(id, from: source, into: store, cover: images, duplicate: duplicate) {
        (album) throws(AlbumEditError) in
        try fields.changes.check()
        fields.changes.apply(to: &album)
        if !tracks.isEmpty { album.trackList = [] }
        for track in tracks { try album.addTrack(line: track) }
        for tag in tags { try album.addTag(tag) }
      }
      for note in added.notes { Terminal.warn(note) }
      print(Visible.text(added.id))
    }

    private func albumFromOptions() throws -> Album {
      var album = Album(id: "", title: "", artist: "")
      fields.changes.apply(to: &album)
      do {
        try fields.changes.check()
        for track in tracks { try album.addTrack(line: track) }
        for tag in tags { try album.addTag(tag) }
      } catch {
        throw ValidationError("\(error)")
      }
      return album
    }

    private func albumFromEditor() throws -> Album {
      var text = AlbumTemplate.blank
      while true {
        text = try Editor.edit(text, name: "new-album")
        guard text != AlbumTemplate.blank else { throw CleanExit.message("No album added.") }
        do {
          let parsed = try AlbumFile.parse(Array(text.utf8), id: "")
          if parsed.problems.isEmpty { return parsed.album }
          try AlbumTemplate.reject(text, name: "new-album", problems: parsed.problems.map { "line \($0.line): \($0)" })
        } catch let error as AlbumFileError {
          try AlbumTemplate.reject(text, name: "new-album", problems: ["line \(error.line): \(error)"])
        }
      }
    }
  }
}

/// The blank album the editor opens on, and what happens to text it refuses.
enum AlbumTemplate {
  static let blank = """
    ---
    title: 
    artist: 
    sort_artist: 
    released: 
    wikipedia: 
    tags:
    ---

    ## Tracks


    """

  /// Shows the problems; on a terminal offers to edit again (returns), else
  /// keeps the text in a file and fails.
  static func reject(_ text: String, name: String, problems: [String]) throws {
    let list = Visible.lines(problems.map { "  " + $0 }.joined(separator: "\n"))
    if Editor.isInteractive {
      FileHandle.standardError.write(Data("The album breaks these rules:\n\(list)\n".utf8))
      if Editor.confirm("Edit again?", defaultAnswer: true) { return }
    }
    let kept = Editor.keepRejected(text, name: name).map { "\nWhat you typed is kept in \($0)." } ?? ""
    throw EditRejected(message: "Nothing was changed; the album breaks these rules:\n\(list)\(kept)")
  }
}

struct EditRejected: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}
