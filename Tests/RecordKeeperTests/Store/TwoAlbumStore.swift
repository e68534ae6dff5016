import TestSupport

@testable import RecordKeeper

/// Where the journal and concurrency tests start: two committed albums, and a
/// store over them that keeps each change cut short it reports.
enum TwoAlbumStore {
  static let id = "albums/miles-davis-kind-of-blue"
  static let otherID = "albums/bill-evans-sunday-at-the-village-vanguard"

  /// The changes cut short that the store reported.
  final class Reports {
    var changes: [InterruptedChange] = []
  }

  /// Kind of Blue written as `kindOfBlue`, and Sunday at the Village Vanguard.
  static func make(kindOfBlue: String) throws -> (TemporaryCollection, CollectionStore, Reports) {
    let collection = try TemporaryCollection()
    try collection.write(id, kindOfBlue)
    try collection.write(otherID, albumText(title: "Sunday at the Village Vanguard", artist: "Bill Evans"))
    try collection.initializeGit()
    let store = try CollectionStore(location: CollectionLocation(root: collection.path))
    let reports = Reports()
    store.onInterruptedChange = { [reports] in reports.changes.append($0) }
    return (collection, store, reports)
  }
}
