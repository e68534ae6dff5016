import ArgumentParser
import Foundation
import RecordKeeper

extension CollectionOptions {
  /// The collection opened for changes.
  func store() throws -> CollectionStore {
    let store = try CollectionStore(location: try location())
    store.onInterruptedChange = { FileHandle.standardError.write(Data("rk: \($0)\n".utf8)) }
    store.onRemovedLock = { FileHandle.standardError.write(Data("rk: \($0)\n".utf8)) }
    let location = store.location
    store.onHandEditProblems = { problems in
      for problem in problems {
        Terminal.warn("\(problem.formatted(in: location)) (your edit was committed as you wrote it, before rk's change)")
      }
    }
    try store.finishInterruptedChange()
    // Not fatal: rk check goes on naming what could not be put back.
    if let (lines, commit) = try? store.restoreMergeAttributes(), !lines.isEmpty {
      let put = lines.map { "\"\($0)\"" }.joined(separator: " and ")
      Terminal.warn(
        ".gitattributes had lost \(put), which git needs to merge the collection as rk does: put back"
          + (commit.map { " [\($0.id.prefix(7))]" } ?? ""))
    }
    return store
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

/// The text fields of an album and the collector's fields, shared by `rk add`
/// and `rk set`.
struct AlbumFieldOptions: ParsableArguments {
  @Option(parsing: .unconditional, help: "The album title.")
  var title: String?

  @Option(parsing: .unconditional, help: "The artist.", completion: .custom(Completions.artists))
  var artist: String?

  @Option(
    parsing: .unconditional, help: ArgumentHelp("The name to sort the artist by, such as \"Beatles, The\".", valueName: "name"),
    completion: .custom(Completions.artists))
  var sortArtist: String?

  @Option(parsing: .unconditional, help: ArgumentHelp("The release date: YYYY, YYYY-MM or YYYY-MM-DD.", valueName: "date"))
  var released: String?

  @Option(parsing: .unconditional, help: ArgumentHelp("The album's Wikipedia page (http or https).", valueName: "url"))
  var wikipedia: String?

  @OptionGroup var collector: CollectorFieldOptions

  /// The fields given, the collector's included, as the library's change.
  var changes: AlbumFieldChanges {
    var changes = AlbumFieldChanges(title: title, artist: artist, sortArtist: sortArtist, released: released, wikipedia: wikipedia)
    changes.collector = collector.values
    return changes
  }
}

extension CollectionOptions {
  /// Makes `edit` to the album `reference` names, and reports it.
  func apply(_ edit: AlbumEdit, to reference: String) throws {
    report(try store().apply(edit, to: reference), unchanged: edit.unchanged)
  }
}
