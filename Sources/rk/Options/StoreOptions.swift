import ArgumentParser
import Foundation
import RecordKeeper

extension CollectionOptions {
  /// The collection opened for changes.
  func store() throws -> CollectionStore {
    try CollectionStore(location: try location())
  }
}

/// Reports the outcome of a change: the commit, or that nothing changed.
func report(_ commit: GitCommit?, unchanged: String) {
  if let commit {
    print("[\(commit.id.prefix(7))] \(Visible.text(commit.summary))")
  } else {
    FileHandle.standardError.write(Data("\(Visible.lines(unchanged))\n".utf8))
  }
}

/// The album argument shared by the commands that change one album.
struct AlbumArgument: ParsableArguments {
  @Argument(
    help: ArgumentHelp("An album id, folder name, the start of a folder name, or words of its artist and title.", valueName: "album"),
    completion: .custom(Completions.albums))
  var album: String
}

/// The text fields of an album, shared by `rk add` and `rk set`.
struct AlbumFieldOptions: ParsableArguments {
  @Option(help: "The album title.")
  var title: String?

  @Option(help: "The artist.", completion: .custom(Completions.artists))
  var artist: String?

  @Option(help: ArgumentHelp("The name to sort the artist by, such as \"Beatles, The\".", valueName: "name"), completion: .custom(Completions.artists))
  var sortArtist: String?

  @Option(help: ArgumentHelp("The release date: YYYY, YYYY-MM or YYYY-MM-DD.", valueName: "date"))
  var released: String?

  @Option(help: ArgumentHelp("The album's Wikipedia page (http or https).", valueName: "url"))
  var wikipedia: String?

  /// Whether any field was given.
  var isEmpty: Bool { [title, artist, sortArtist, released, wikipedia].allSatisfy { $0 == nil } }

  /// Applies the given fields; an empty value clears an optional field.
  func apply(to album: inout Album) {
    if let title { album.title = title.trimmed }
    if let artist { album.artist = artist.trimmed }
    if let sortArtist { album.sortArtist = nonBlank(sortArtist) }
    if let released { album.released = nonBlank(released) }
    if let wikipedia { album.wikipedia = nonBlank(wikipedia) }
  }
}

/// The trimmed text, or `nil` when it is blank.
func nonBlank(_ text: String) -> String? {
  let trimmed = text.trimmed
  return trimmed.isEmpty ? nil : trimmed
}
