import TestSupport
import Testing

@testable import RecordKeeper

/// The load cache keeps what the parser made of each file, and is trusted
/// only under its own format number (``LoadCache/format``): a parser or
/// encoder that changes what it makes without a new number would serve the
/// old results for every file that did not change. These albums' records
/// are summed, and the sum is kept beside the number.
@Suite("The load cache's format number follows what it records")
struct LoadCacheFormatTests {
  /// Kind of Blue, OK Computer and files at the edges of what the parser reads.
  static let albums: [(id: String, text: String)] = [
    ("albums/kind-of-blue", ExampleAlbums.kindOfBlue),
    ("albums/ok-computer", ExampleAlbums.okComputer),
    ("albums/minimal", ExampleAlbums.kindOfBlue(keys: ["title", "artist"], body: "")),
    (
      "albums/collector",
      ExampleAlbums.kindOfBlue(
        keys: ["title", "artist", "label", "catalog_number"],
        body: "\n## Tracks\n\n1. So What ★\n2. Freddie Freeloader (1:02:03)\n")
    ),
    (
      "albums/every-key",
      """
      ---
      title: "Σίσυφος: live #1"  # quoted
      artist: >-
        Björk and
        Friends
      sort_artist: Björk
      released: 1997
      tags: [pop, "hip hop", Pop]
      format: 2×LP
      barcode: 0 74646 93522 6
      country: IS
      media_condition: VG+
      sleeve_condition: VG
      rating: 5
      location: Shelf A
      purchased: 2019-5-4
      price: 12.50 EUR
      status: owned
      discogs: "1234"
      musicbrainz: 8f2a5b0c-3d4e-4f5a-9b6c-7d8e9f0a1b2c
      mood: cool
      personnel:
        - Bill Evans  # piano
        - {name: Jimmy Cobb, on: drums}
      ---

      Before the tracks.

      ## Tracks

      1. Before Any Heading
      2) Ca\u{0301}fe (4:44) ★
         A note on the track.

      ### Disc 2

      1. Hidden

      ### Side AA

      - a bullet is notes
      1. Last (0:07)

      ## Notes

      Six-eye label.

      """
    ),
    ("albums/crlf", ExampleAlbums.okComputer.replacingOccurrences(of: "\n", with: "\r\n")),
  ]

  /// The sum of the records ``LoadCache`` writes for ``albums``, as loading makes them.
  static func digest() throws -> String {
    var bytes: [UInt8] = []
    for (id, text) in albums {
      var parsed = try AlbumFile.parse(Array(text.utf8), id: id, covers: CoverFiles(cover: true, thumbnail: false), validating: false)
      parsed.album.body = parsed.album.body.compacted
      bytes += Array(id.utf8) + [0] + LoadCache.record(of: parsed.album)
    }
    return String(LoadCache.checksum(bytes[...]), radix: 16)
  }

  @Test func theseAlbumsAreRecordedAsWhenTheFormatNumberWasLastChanged() throws {
    let digest = try Self.digest()
    let last = LoadCache.formatDigests.last
    #expect(last?.key == LoadCache.format, "the last line of LoadCache.formatDigests is for format \(LoadCache.format)")
    #expect(
      last?.value == digest,
      """
      What the load cache records for these albums changed (the parser, Album or the cache's encoder): \
      a cache written by the old code would be trusted by the new one. Set LoadCache.format to \(LoadCache.format + 1) \
      and add the line `\(LoadCache.format + 1): "\(digest)",` to LoadCache.formatDigests.
      """)
  }

  @Test func eachFormatNumberHasItsOwnDigest() {
    let numbers = LoadCache.formatDigests.map { $0.key }
    #expect(numbers == numbers.sorted() && Set(numbers).count == numbers.count)
    #expect(Set(LoadCache.formatDigests.map { $0.value }).count == numbers.count)
  }
}
