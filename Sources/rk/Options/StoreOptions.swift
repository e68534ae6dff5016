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
    print("[\(commit.id.prefix(7))] \(commit.summary)")
  } else {
    FileHandle.standardError.write(Data("\(unchanged)\n".utf8))
  }
}

/// The album argument shared by the commands that change one album.
struct AlbumArgument: ParsableArguments {
  @Argument(
    help: ArgumentHelp("An album id, folder name, or the start of a folder name.", valueName: "album"),
    completion: .custom(Completions.albums))
  var album: String
}
