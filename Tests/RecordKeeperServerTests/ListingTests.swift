import RecordKeeper
import Testing

@testable import RecordKeeperServer

/// A ``Listing`` after changes is the listing made afresh: the albums in
/// order, each with its folded text, in runs that stay under twice their size.
@Suite struct ListingTests {
  static func album(_ number: Int, title: String? = nil) -> Album {
    Album(id: "albums/a\(number)", title: title ?? "Title \(number)", artist: "Artist \(number % 37)", released: "\(1950 + number % 60)")
  }

  @Test func changesKeepTheOrderTheTextsAndTheRunsSmall() {
    let order = AlbumOrder(mode: .default)
    var table = AlbumTable((0..<100).map { Self.album($0) })
    var listing = Listing(order.arrangement(of: table.values).positions, of: table.values)
    // Enough albums to split a run, some removed, one retitled.
    var changed = Set((100..<(100 + 2 * Listing.runSize)).map { "albums/a\($0)" })
    for number in 100..<(100 + 2 * Listing.runSize) { table.set(Self.album(number), for: "albums/a\(number)") }
    for number in [3, 50, 99] {
      table.set(nil, for: "albums/a\(number)")
      changed.insert("albums/a\(number)")
    }
    table.set(Self.album(7, title: "Zebra crossing"), for: "albums/a7")
    changed.insert("albums/a7")
    listing = listing.applying(changed, albums: table, order: order)

    let fresh = Listing(order.arrangement(of: table.values).positions, of: table.values)
    #expect(Array(listing.ids) == Array(fresh.ids))
    #expect(listing.count == table.count)
    #expect(listing.runs.allSatisfy { $0.count < 2 * Listing.runSize })
    #expect(listing.runs.count > 1)
    var texts: [String: [UInt8]] = [:]
    for run in listing.runs {
      run.folded.withUnsafeBufferPointer { folded in
        for index in run.ids.indices { texts[run.ids[index]] = Array(run.text(index, in: folded)) }
      }
    }
    #expect(texts["albums/a7"] == SearchText(Self.album(7, title: "Zebra crossing")).bytes)
    #expect(texts.count == table.count)
    #expect(table.values.allSatisfy { texts[$0.id] == SearchText($0).bytes })
  }
}
