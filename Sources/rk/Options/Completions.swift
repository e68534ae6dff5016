import Foundation
import RecordKeeper

/// Shell completion from the collection itself.
enum Completions {
  /// Album ids and folder names starting with what has been typed.
  @Sendable static func albums(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
    guard let collection = try? RecordCollection.load(location(from: words)) else { return [] }
    let names = collection.albums.flatMap { [$0.id, String($0.folderName)] }
    return Array(Set(names.filter { $0.hasPrefix(prefix) })).sorted()
  }

  /// Artists and sort artists starting with what has been typed.
  @Sendable static func artists(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
    guard let collection = try? RecordCollection.load(location(from: words)) else { return [] }
    return collection.artists(prefix: prefix)
  }

  /// The collection named by `-C DIR` among the words typed so far, if any.
  private static func location(from words: [String]) throws -> CollectionLocation {
    var explicit: String?
    for (index, word) in words.enumerated() where index + 1 < words.count {
      if word == "-C" || word == "--collection" { explicit = words[index + 1] }
    }
    return try CollectionLocation.find(explicit: explicit, environment: ProcessInfo.processInfo.environment)
  }
}
