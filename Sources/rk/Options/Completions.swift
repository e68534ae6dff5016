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
    let rules = (try? CreditRules.load(from: collection.location)) ?? CreditRules()
    return collection.artists(prefix: prefix, credits: ArtistCredits(rules, albums: collection.albums))
  }

  /// Query words: after `#`, the collection's tags; after `@`, the fields
  /// and the smart lists; after `c` or `count(#`, `count(#PREFIX:)` for the
  /// prefixes of the collection's tags; each keeping what was typed before
  /// (`-#`, `+(#dance,#`). Other plain words complete to nothing.
  @Sendable static func queryWords(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
    let lead: Substring
    if let last = prefix.lastIndex(where: { $0 == "(" || $0 == "," }) {
      lead = prefix[...last]
    } else {
      lead = prefix.prefix { $0 == "+" || $0 == "-" }
    }
    let typed = prefix[lead.endIndex...]
    let countOpening = "count("
    // `count(#` typed so far, or the start of the word `count(`.
    let inCount = lead.lowercased().hasSuffix(countOpening) && (typed.isEmpty || typed.first == "#")
    let startsCount = !typed.isEmpty && countOpening.hasPrefix(typed.lowercased())
    guard let marker = inCount || startsCount ? "#" : typed.first, marker == "#" || marker == "@", let location = try? location(from: words)
    else { return [] }
    let candidates: [String]
    if marker == "#" {
      guard let collection = try? RecordCollection.load(location, validating: false) else { return [] }
      let tags = collection.tagCounts().map(\.tag)
      if inCount || startsCount {
        // The rule as written, without its comparison: `count(#instruments:)`.
        let rules = tagPrefixes(tags).map { String(SearchRule.tagCount(prefix: $0, .less, 0).description.dropLast(" < 0".count)) }
        candidates = inCount ? rules.map { String($0.dropFirst(countOpening.count)) } : rules
      } else {
        candidates = tags.map { SearchRule.tag($0).description }
      }
    } else {
      candidates = (RuleField.allCases.map(\.name) + SmartLists.load(from: location).names).map { "@" + $0 }
    }
    return candidates.filter { $0.hasPrefix(typed) }.map { lead + $0 }
  }

  /// Every part of `tags` up to a colon, sorted: `instruments:` and
  /// `instruments:keys:` from `instruments:keys:piano`.
  private static func tagPrefixes(_ tags: [String]) -> [String] {
    var prefixes = Set<String>()
    for tag in tags {
      for colon in tag.indices where tag[colon] == ":" && colon > tag.startIndex { prefixes.insert(String(tag[...colon])) }
    }
    return prefixes.sorted()
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

  /// The names of every list, smart and ordered, starting with what has been typed.
  @Sendable static func anyLists(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
    (lists(words, index, prefix) + orderedLists(words, index, prefix)).sorted()
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
