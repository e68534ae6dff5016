import RecordKeeper
import Testing

/// The rules that turn a MusicBrainz release into an album (docs/commands.md, "MusicBrainz and the Cover Art Archive").
@Suite("A MusicBrainz release as an album")
struct MusicBrainzReleaseTests {
  static func release(_ json: String) throws -> MusicBrainzRelease { try MusicBrainzRelease.decode(Array(json.utf8)) }

  static let twoDiscs = """
    {"id": "3E4F5A6B-7C8D-4E9F-8A1B-2C3D4E5F6A7B", "title": " Live in Paris ", "date": "2002", "country": "XE",
     "barcode": "0602498658467",
     "artist-credit": [{"name": "Diana Krall", "joinphrase": " & ", "artist": {"sort-name": "Krall, Diana"}},
                       {"name": "Orchestra", "joinphrase": "", "artist": {"sort-name": "Orchestra"}}],
     "label-info": [{"catalog-number": null, "label": {"name": "[no label]"}},
                    {"catalog-number": "065 109-2", "label": {"name": "Verve"}}],
     "media": [
       {"position": 1, "format": "CD", "tracks": [
         {"number": "1", "position": 1, "title": "I Love Being Here With You", "length": 340400},
         {"number": "2", "position": 2, "title": "Let's Fall in Love", "length": null, "recording": {"length": 401000}}]},
       {"position": 2, "format": "CD", "tracks": [{"number": "1", "position": 1, "title": "A Case of You", "length": null}]},
       {"position": 3, "format": "DVD-Video", "tracks": []}]}
    """

  @Test func severalDiscsNumberedByDiscGetDiscHeadings() throws {
    let album = try Self.release(Self.twoDiscs).album()
    #expect(album.title == "Live in Paris")
    #expect(album.artist == "Diana Krall & Orchestra")
    // Several artists sort as credited.
    #expect(album.sortArtist == nil)
    #expect(album.released == "2002")
    #expect(album.country == "XE")
    #expect(album.barcode == "0602498658467")
    #expect(album.label == "Verve")
    #expect(album.catalogNumber == "065 109-2")
    #expect(album.format == "2×CD + DVD-Video")
    #expect(album.musicbrainz == "3e4f5a6b-7c8d-4e9f-8a1b-2c3d4e5f6a7b")
    #expect(album.trackList.map(\.side) == ["Disc 1", "Disc 1", "Disc 2"])
    #expect(album.trackList.map(\.position) == ["1", "2", "1"])
    // The track's length, else its recording's; rounded to the second.
    #expect(album.trackList.map(\.duration) == [340, 401, nil])
    #expect(album.duration == nil)
    #expect(album.problems().isEmpty)
  }

  @Test func oneVinylRecordHasSidesAndNoDiscHeadings() throws {
    let album = try Self.release(
      """
      {"id": "5b1a7e8c-0f6d-4c4e-9a57-1d2a3b4c5d6e", "title": "Kind of Blue", "date": "1959-8-17", "barcode": "",
       "artist-credit": [{"name": "Miles Davis", "artist": {"sort-name": "Davis, Miles"}}],
       "media": [{"format": "12\\" Vinyl", "tracks": [
         {"number": "A1", "title": "So What", "length": 562000}, {"number": "B1", "title": "All Blues", "length": 693000}]}]}
      """
    ).album()
    #expect(album.sortArtist == "Davis, Miles")
    #expect(album.released == "1959-08-17")
    #expect(album.barcode == nil)
    #expect(album.format == "LP")
    #expect(album.trackList.map(\.position) == ["A1", "B1"])
    #expect(album.trackList.map(\.side) == ["Side A", "Side B"])
    #expect(album.duration == 562 + 693)
  }

  @Test func plainNumbersOnOneMediumGetNoHeading() throws {
    let album = try Self.release(
      """
      {"id": "5b1a7e8c-0f6d-4c4e-9a57-1d2a3b4c5d6e", "title": "T", "date": "1997-02-29",
       "artist-credit": [{"name": "A"}], "media": [{"format": "CD", "tracks": [{"number": "1", "title": "One"}]}]}
      """
    ).album()
    #expect(album.trackList.map(\.side) == [nil])
    // Not a real date: left out rather than refused.
    #expect(album.released == nil)
  }

  @Test(arguments: [("A1", "A"), ("b12", "B"), ("AA", "AA"), ("1", nil), ("A-1", nil), ("", nil), (nil, nil)] as [(String?, String?)])
  func sideLetters(number: String?, side: String?) {
    #expect(MusicBrainzRelease.side(ofTrackNumbered: number) == side)
  }

  @Test func aReleaseWithoutAnIDOrTitleIsMalformedNamingMusicBrainz() {
    #expect(throws: LookupError.malformed(service: .musicBrainz, "the release has no \"title\"")) {
      try Self.release(#"{"id": "5b1a7e8c-0f6d-4c4e-9a57-1d2a3b4c5d6e"}"#)
    }
    #expect(
      throws: LookupError.malformed(service: .musicBrainz, "\"media[0].tracks\" in the release is not what the web service documents")
    ) {
      try Self.release(#"{"id": "x", "title": "t", "media": [{"tracks": 3}]}"#)
    }
    // The error names MusicBrainz's own (kebab-case) keys.
    #expect(
      throws: LookupError.malformed(
        service: .musicBrainz, "\"label-info[0].catalog-number\" in the release is not what the web service documents")
    ) {
      try Self.release(#"{"id": "x", "title": "t", "label-info": [{"catalog-number": 7}]}"#)
    }
  }

  @Test func fillFillsOnlyWhatIsEmptyUnlessReplacing() throws {
    let release = try Self.release(Self.twoDiscs).album()
    var album = Album(id: "albums/x", title: "Live", artist: "Diana Krall", released: "2001", tags: ["jazz"])
    album.label = "My label"
    album.rating = "5"
    var filled = album
    #expect(try filled.fill(from: release, replacing: false))
    #expect(filled.title == "Live" && filled.released == "2001" && filled.label == "My label")
    #expect(filled.catalogNumber == "065 109-2" && filled.format == "2×CD + DVD-Video" && filled.country == "XE")
    #expect(filled.trackList.count == 3)
    #expect(filled.tags == ["jazz"] && filled.rating == "5")
    #expect(try !filled.fill(from: release, replacing: false))

    var withTracks = album
    try withTracks.addTrack("Mine")
    try withTracks.fill(from: release, replacing: false)
    #expect(withTracks.tracks == ["Mine"])

    var replaced = withTracks
    #expect(try replaced.fill(from: release, replacing: true))
    #expect(replaced.title == "Live in Paris" && replaced.released == "2002" && replaced.label == "Verve")
    #expect(replaced.tracks == ["I Love Being Here With You", "Let's Fall in Love", "A Case of You"])
    #expect(replaced.trackList.map(\.side) == ["Disc 1", "Disc 1", "Disc 2"])
    #expect(replaced.tags == ["jazz"] && replaced.rating == "5")
  }

  @Test func candidatesCarryWhatTellsPressingsApart() throws {
    let search = try MusicBrainzReleaseSearch.decode(
      Array(
        """
        {"created": "2026-11-23T12:00:00.000Z", "count": 1, "offset": 0, "releases": [\(Self.twoDiscs.dropLast())
         , "score": 97}]}
        """.utf8))
    let candidate = try #require(LookupCandidate.all(in: search).first)
    #expect(candidate.score == 97)
    #expect(
      candidate.json.serialized() == """
        {
          "musicbrainz": "3e4f5a6b-7c8d-4e9f-8a1b-2c3d4e5f6a7b",
          "title": "Live in Paris",
          "artist": "Diana Krall & Orchestra",
          "date": "2002",
          "country": "XE",
          "format": "2×CD + DVD-Video",
          "label": "Verve",
          "catalog_number": "065 109-2",
          "barcode": "0602498658467",
          "score": 97
        }
        """)
  }
}
