import ArgumentParser
import Foundation
import RecordKeeper

/// `-C DIR`, accepted by every command.
struct CollectionOptions: ParsableArguments {
  @Option(
    name: [.customShort("C"), .customLong("collection")],
    parsing: .unconditional,
    help: ArgumentHelp(
      "The collection folder (default: $RK_COLLECTION, else the nearest folder holding .recordkeeper/).", valueName: "dir"),
    completion: .directory)
  var collection: String?

  func location() throws -> CollectionLocation {
    try CollectionLocation.find(explicit: collection, environment: ProcessInfo.processInfo.environment)
  }

  /// Loads the collection for a command that only reads it, warning on
  /// stderr about files that could not be read. The rules are `rk check`'s
  /// business: checking them on every query made loading a seventh slower.
  /// `keeping` picks the albums kept (see ``RecordCollection/load(_:beforeListing:validating:progress:keeping:)``).
  func load(keeping: AlbumSelection = .all) throws -> RecordCollection {
    let progress = ProgressLine.onTerminal()
    var report: (@Sendable (Int, Int) -> Void)?
    if let progress { report = { done, total in progress.count("Loading albums", done: done, total: total) } }
    let collection = try RecordCollection.load(try location(), validating: false, progress: report, keeping: keeping)
    progress?.finish()
    for issue in collection.unreadable {
      Terminal.warn("\(issue.formatted(in: collection.location)) (this album is left out)")
    }
    return collection
  }
}
