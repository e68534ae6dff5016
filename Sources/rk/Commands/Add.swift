import ArgumentParser
import Foundation
import RecordKeeper

extension RK {
  struct Add: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
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

    @Option(name: .customLong("track"), parsing: .unconditionalSingleValue, help: ArgumentHelp("A track, in order; repeat for each. A position first gives its side and a length last its length: \"A1. Airbag (4:44)\".", valueName: "name"))
    var tracks: [String] = []

    @Option(name: .customLong("tag"), parsing: .unconditionalSingleValue, help: ArgumentHelp("A tag; repeat for each.", valueName: "tag"))
    var tags: [String] = []

    @Option(parsing: .unconditional, help: ArgumentHelp("A photo of the sleeve: JPEG, PNG, WebP, HEIC, GIF or TIFF.", valueName: "image"), completion: .file())
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

    /// The release to fill the album from: `--musicbrainz` without both a
    /// title and an artist (with both, the id is only recorded).
    private var releaseToLookUp: String? {
      guard let id = fields.changes.collector[.musicbrainz], fields.changes.title == nil || fields.changes.artist == nil else { return nil }
      return id
    }

    func run() async throws {
      if let id = releaseToLookUp { return try addFromMusicBrainz(id) }
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
    private func addFromMusicBrainz(_ id: String) throws {
      let store = try collection.store()
      let contact = try collection.lookupContact()
      let images = try cover.map { (path) throws(StoreError) in
        do throws(CoverError) { return try CoverTool.make(fromFile: path) } catch { throw .cover(error) }
      }
      let release = try LookupTool.release(id, contact: contact)
      var album = release.album()
      fields.changes.apply(to: &album)
      if !duplicate {
        let collection = try RecordCollection.load(store.location, validating: false)
        let present = collection.albums(sameAs: release.id, artists: [release.artistText, album.artist], title: [release.title, album.title])
        if let first = present.min(by: { $0.id < $1.id }) {
          let sameID = first.musicbrainz?.lowercased() == release.id.lowercased()
          throw VisibleError(
            message: "the collection already has this release: \(first.id)\(sameID ? " (the same MusicBrainz id)" : " (the same artist and title)"). "
              + "Nothing was added; give --duplicate to add a second copy.")
        }
      }
      do {
        if !tracks.isEmpty { album.trackList = [] }
        for track in tracks { try album.addTrack(line: track) }
        for tag in tags { try album.addTag(tag) }
      } catch {
        throw ValidationError("\(error)")
      }
      let front = images ?? Self.frontCover(of: release, contact: contact)
      let files = front.map { [CoverFiles.coverName: $0.cover, CoverFiles.thumbnailName: $0.thumbnail] } ?? [:]
      let (added, _) = try store.add(album, files: files)
      print(Visible.text(added))
    }

    /// The Cover Art Archive's front cover, or `nil` with a note on stderr:
    /// a missing cover never keeps the album out.
    static func frontCover(of release: MusicBrainzRelease, contact: String) -> CoverImages? {
      do {
        if let (images, _) = try LookupTool.cover(of: release, contact: contact) { return images }
        FileHandle.standardError.write(Data("rk: the Cover Art Archive has no front cover for this release; the album has none.\n".utf8))
      } catch {
        FileHandle.standardError.write(Data("rk: no cover: \(Visible.lines(error.description))\n".utf8))
      }
      return nil
    }

    private func albumFromOptions() throws -> Album {
      var album = Album(id: "", title: "", artist: "")
      fields.changes.apply(to: &album)
      do {
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
