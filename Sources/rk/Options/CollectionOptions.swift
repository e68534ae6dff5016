import ArgumentParser
import Foundation
import RecordKeeper

/// `-C DIR`, accepted by every command.
struct CollectionOptions: ParsableArguments {
  @Option(
    name: [.customShort("C"), .customLong("collection")],
    parsing: .unconditional,
    help: ArgumentHelp("The collection folder (default: $RK_COLLECTION, else the nearest folder holding .recordkeeper/).", valueName: "dir"),
    completion: .directory)
  var collection: String?

  func location() throws -> CollectionLocation {
    try CollectionLocation.find(explicit: collection, environment: ProcessInfo.processInfo.environment)
  }

  /// Loads the collection, warning on stderr about files that could not be
  /// read, and summing up the rules broken by the rest.
  func load() throws -> RecordCollection {
    let collection = try RecordCollection.load(try location())
    for issue in collection.unreadable {
      Terminal.warn("\(issue.formatted(in: collection.location)) (this album is left out)")
    }
    if !collection.problems.isEmpty {
      let albums = Set(collection.problems.map(\.id)).count
      Terminal.warn("\(albums) album\(albums == 1 ? " breaks" : "s break") the rules; run rk check to see how")
    }
    return collection
  }
}
