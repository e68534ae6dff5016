import Foundation
import TestSupport
import Testing

@testable import RecordKeeper

/// Issue 32, differentially: random pairs of edits to one ordered list
/// (entries added, moved, removed; hand-written lines added), merged. Every
/// entry and line either side added is in the result, or a conflict is
/// reported; no entry either side removed comes back unless the other moved
/// or changed it (a conflict); no entry is doubled; the numbers run 1…n.
@Suite("Ordered list merge, random pairs")
struct OrderedListMergePropertyTests {
  static let pairs = 400

  /// A small deterministic generator (SplitMix64), so a failure repeats.
  struct Random {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return Int((z ^ (z >> 31)) % UInt64(max(bound, 1)))
    }
  }

  /// What one side did, for the checks.
  struct Edits {
    var added: Set<String> = []
    var removed: Set<String> = []
    var moved: Set<String> = []
    var lines: [String] = []
  }

  static func edit(_ list: inout OrderedListFile, side: String, pair: Int, random: inout Random) -> Edits {
    var edits = Edits()
    for step in 0..<(1 + random.next(4)) {
      let count = list.items.count
      switch random.next(5) {
      case 0, 1:
        let album = "albums/\(side.lowercased())-\(pair)-\(step)"
        list.insert(OrderedListEntry(album: album, note: random.next(2) == 0 ? "note \(step)" : nil), at: random.next(count + 1))
        edits.added.insert(album)
      case 2 where count > 1:
        let from = random.next(count)
        let album = list.entries[from].album
        guard !edits.added.contains(album) else { continue }
        list.move(from: from, to: (from + 1 + random.next(count - 1)) % count)
        edits.moved.insert(album)
      case 3 where count > 0:
        let index = random.next(count)
        let album = list.entries[index].album
        guard !edits.added.contains(album), !edits.moved.contains(album) else { continue }
        list.remove(at: index)
        edits.removed.insert(album)
      default:
        let line = "<!-- \(side) \(pair) \(step) -->"
        var text = String(decoding: list.bytes, as: UTF8.self)
        if random.next(2) == 0 { text = line + "\n" + text } else { text += line + "\n" }
        list = OrderedListFile(name: list.name, bytes: Array(text.utf8))
        edits.lines.append(line)
      }
    }
    return edits
  }

  @Test func randomPairsOfListEditsLoseNothingQuietly() {
    var random = Random(state: 3232)
    var conflicted = 0
    for pair in 0..<Self.pairs {
      var base = OrderedListFile(newNamed: "set")
      for index in 0..<(random.next(6)) { base.insert(OrderedListEntry(album: "albums/base-\(index)"), at: index) }
      if random.next(2) == 0 { base = OrderedListFile(name: "set", bytes: base.bytes + Array("\nBring the sleeves.\n".utf8)) }
      var ours = base
      var theirs = base
      let ourEdits = Self.edit(&ours, side: "A", pair: pair, random: &random)
      let theirEdits = Self.edit(&theirs, side: "B", pair: pair, random: &random)
      let merged = OrderedListMerge(name: "set", base: base.bytes, ours: ours.bytes, theirs: theirs.bytes)
      let result = OrderedListFile(name: "set", bytes: merged.bytes)
      let text = String(decoding: merged.bytes, as: UTF8.self)
      let albums = result.entries.map(\.album)
      let context =
        "pair \(pair):\n\(String(decoding: base.bytes, as: UTF8.self))--\n\(String(decoding: ours.bytes, as: UTF8.self))--\n\(String(decoding: theirs.bytes, as: UTF8.self))--\n\(text)"
      if !merged.conflicts.isEmpty { conflicted += 1 }
      #expect(result.items.enumerated().allSatisfy { Int(string(merged.bytes[$1.numberRange])) == $0 + 1 }, "\(context)")
      #expect(Set(albums).count == albums.count, "an entry doubled, \(context)")
      for album in ourEdits.added { #expect(albums.contains(album), "\(album) lost, \(context)") }
      for album in theirEdits.added where merged.conflicts.isEmpty { #expect(albums.contains(album), "\(album) lost, \(context)") }
      for line in ourEdits.lines { #expect(text.contains(line), "\(line) lost, \(context)") }
      for line in theirEdits.lines where merged.conflicts.isEmpty { #expect(text.contains(line), "\(line) lost, \(context)") }
      for album in ourEdits.removed { #expect(!albums.contains(album), "\(album) came back, \(context)") }
      // Unless ours moved it: then a conflict keeps it where ours put it.
      // (Which of two swapped entries moved is the line merge's reading.)
      for album in theirEdits.removed {
        #expect(!albums.contains(album) || (!ourEdits.moved.isEmpty && !merged.conflicts.isEmpty), "\(album) came back, \(context)")
      }
    }
    #expect(conflicted > 0 && conflicted < Self.pairs / 2, "\(conflicted) of \(Self.pairs) pairs conflicted")
  }
}
