import Foundation
import RecordKeeper

/// Shell completion from the collection itself.
enum Completions {
  /// Album ids and folder names starting with what has been typed.
  @Sendable static func albums(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
    guard let collection = try? RecordCollection.load(location(from: words), validating: false) else { return [] }
    let names = collection.albums.flatMap { [$0.id, String($0.folderName)] }
    return Array(Set(names.filter { $0.hasPrefix(prefix) })).sorted()
  }

  /// Artists, sort artists and credited artists starting with what has been typed.
  @Sendable static func artists(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
    guard let collection = try? RecordCollection.load(location(from: words), validating: false) else { return [] }
    return collection.artists(prefix: prefix, credits: (try? CreditRules.load(from: collection.location)) ?? CreditRules())
  }

  /// Query words: after `#`, the collection's tags; after `@`, the fields
  /// and the smart lists; each keeping what was typed before the `#` or `@`
  /// (`-#`, `+(#dance,#`). Plain words complete to nothing.
  @Sendable static func queryWords(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
    let lead: Substring
    if let last = prefix.lastIndex(where: { $0 == "(" || $0 == "," }) {
      lead = prefix[...last]
    } else {
      lead = prefix.prefix { $0 == "+" || $0 == "-" }
    }
    let typed = prefix[lead.endIndex...]
    guard let marker = typed.first, marker == "#" || marker == "@", let location = try? location(from: words) else { return [] }
    let candidates: [String]
    if marker == "#" {
      guard let collection = try? RecordCollection.load(location, validating: false) else { return [] }
      candidates = collection.tagCounts().map { SearchRule.tag($0.tag).description }
    } else {
      candidates = (RuleField.allCases.map(\.name) + SmartLists.load(from: location).names).map { "@" + $0 }
    }
    return candidates.filter { $0.hasPrefix(typed) }.map { lead + $0 }
  }

  /// The names of the collection's smart lists starting with what has been typed.
  @Sendable static func lists(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
    guard let location = try? location(from: words) else { return [] }
    return SmartLists.load(from: location).names.filter { $0.hasPrefix(prefix) }
  }

  /// The names of the collection's ordered lists starting with what has been typed.
  @Sendable static func orderedLists(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
    guard let location = try? location(from: words) else { return [] }
    return OrderedLists.names(in: location).filter { $0.hasPrefix(prefix) }
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
